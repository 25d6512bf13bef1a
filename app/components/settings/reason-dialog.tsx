import { Form, useNavigation } from "@remix-run/react";
import { Field, FormError, SelectField, TextareaField } from "~/components/forms";
import { DialogCloseLink, RouteDialog } from "~/components/route-dialog";
import { Button, Flex, Grid, Heading, Text } from "~/components/ui";
import type { FormFailure } from "~/models/form-result";
import { PARTIES, REASON_MAX_LENGTH, REASON_STATUSES, REPERCUSSION_MAX_LENGTH, SERVICE_TYPES } from "~contract/order-values";
import {
  CANCELLATION_TAB_URL,
  PARTY_LABELS,
  REASON_SERVICE_TYPE_LABELS,
  REASON_STATUS_LABELS,
  type ReasonDialog,
  type ReasonFormValues,
} from "~/models/settings-tabs";
import { UNSAVED_WARNING } from "~/components/unsaved-changes";
import { SubmissionKey } from "~/components/submission-key";

const STATUS_CHOICES = [
  { value: "", label: "Select stage" },
  ...REASON_STATUSES.map((s) => ({ value: s, label: REASON_STATUS_LABELS[s] })),
];
const SERVICE_CHOICES = [
  { value: "", label: "Select service type" },
  ...SERVICE_TYPES.map((s) => ({ value: s, label: REASON_SERVICE_TYPE_LABELS[s] })),
];
const PARTY_CHOICES = [{ value: "", label: "Select party" }, ...PARTIES.map((p) => ({ value: p, label: PARTY_LABELS[p] }))];

/**
 * Add / Edit Cancellation Reason, opened by the URL (?tab=cancellation&dialog=add&party=…,
 * &dialog=edit&id=…): a native <dialog open> from the server (modal with JS) posting a plain form.
 * A refused save keeps what was typed (the version too: a stale edit stays stale until reloaded).
 */
export function ReasonEditorDialog({
  dialog,
  action,
  failure,
}: {
  dialog: Extract<ReasonDialog, { kind: "add" | "edit" }>;
  action: string;
  failure?: FormFailure<ReasonFormValues>;
}) {
  const edit = dialog.kind === "edit";
  const intent = edit ? "save" : "create";
  const mine = failure && failure.intent === intent ? failure : undefined;
  const values = mine?.repopulateFields ?? dialog.values;
  const errors = mine?.fieldErrors ?? {};
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const title = edit ? "Edit Cancellation Reason" : "Add Cancellation Reason";

  return (
    <RouteDialog
      labelledBy="reason-dialog-title"
      closeTo={CANCELLATION_TAB_URL}
      openKey={edit ? dialog.id : "add"}
      style={{ width: "min(640px, calc(100vw - 32px))" }}
    >
      <Flex direction="column" gap="3">
        <Heading as="h2" size="5" id="reason-dialog-title">
          {title}
        </Heading>
        {edit ? (
          <Text size="1" color="gray">
            Last updated {dialog.updatedText}
          </Text>
        ) : null}
        <Form {...UNSAVED_WARNING} method="post" action={action} preventScrollReset noValidate>
          <input type="hidden" name="intent" value={intent} />
          <SubmissionKey />
          {edit ? (
            <>
              <input type="hidden" name="id" value={dialog.id} />
              <input type="hidden" name="updated_at" value={values.updated_at ?? ""} />
            </>
          ) : null}
          <Flex direction="column" gap="3">
            <Field
              id="reason"
              name="reason"
              label="Reason"
              defaultValue={values.reason}
              required
              maxLength={REASON_MAX_LENGTH}
              autoComplete="off"
              error={errors.reason}
            />
            <TextareaField
              id="repercussion"
              name="repercussion"
              label="Repercussion"
              defaultValue={values.repercussion}
              maxLength={REPERCUSSION_MAX_LENGTH}
              rows={3}
              error={errors.repercussion}
            />
            <Grid columns={{ initial: "1", sm: "3" }} gap="3">
              <SelectField
                id="user_type"
                name="user_type"
                label="Party"
                defaultValue={values.user_type}
                options={PARTY_CHOICES}
                required
                error={errors.user_type}
              />
              <SelectField
                id="status"
                name="status"
                label="Stage"
                defaultValue={values.status}
                options={STATUS_CHOICES}
                required
                error={errors.status}
              />
              <SelectField
                id="service_type"
                name="service_type"
                label="Service Type"
                defaultValue={values.service_type}
                options={SERVICE_CHOICES}
                required
                error={errors.service_type}
              />
            </Grid>
            <FormError error={mine?.formError} />
            {mine?.conflict ? (
              <Text size="2">
                Saved by {mine.conflict.updatedBy} at {mine.conflict.updatedAt}. <a href={action}>Reload</a> to see their values; yours are
                kept here to re-apply.
              </Text>
            ) : null}
            <Flex gap="3" justify="end">
              <DialogCloseLink to={CANCELLATION_TAB_URL} label="Cancel" />
              <Button type="submit" disabled={busy}>
                {busy ? "Saving…" : edit ? "Save Changes" : "Add Reason"}
              </Button>
            </Flex>
          </Flex>
        </Form>
      </Flex>
    </RouteDialog>
  );
}
