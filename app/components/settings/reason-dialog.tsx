import { EditorDialog } from "~/components/editor-dialog";
import { Field, SelectField, TextareaField } from "~/components/forms";
import { Grid } from "~/components/ui";
import type { FormFailure } from "~/models/form-result";
import { PARTIES, REASON_MAX_LENGTH, REASON_STATUSES, REPERCUSSION_MAX_LENGTH, SERVICE_TYPES } from "~/models/order-values";
import {
  CANCELLATION_TAB_URL,
  PARTY_LABELS,
  REASON_SERVICE_TYPE_LABELS,
  REASON_STATUS_LABELS,
  type ReasonDialog,
  type ReasonFormValues,
} from "~/models/settings-tabs";

const STATUS_CHOICES = [{ value: "", label: "Select stage" }, ...REASON_STATUSES.map((s) => ({ value: s, label: REASON_STATUS_LABELS[s] }))];
const SERVICE_CHOICES = [{ value: "", label: "Select service type" }, ...SERVICE_TYPES.map((s) => ({ value: s, label: REASON_SERVICE_TYPE_LABELS[s] }))];
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
  const title = edit ? "Edit Cancellation Reason" : "Add Cancellation Reason";

  return (
    <EditorDialog
      titleId="reason-dialog-title"
      title={title}
      updatedText={edit ? dialog.updatedText : undefined}
      closeTo={CANCELLATION_TAB_URL}
      openKey={edit ? dialog.id : "add"}
      width={640}
      action={action}
      intent={intent}
      hidden={edit ? { id: dialog.id, updated_at: values.updated_at ?? "" } : {}}
      failure={mine}
      submitLabel={edit ? "Save Changes" : "Add Reason"}
    >
      <Field id="reason" name="reason" label="Reason" defaultValue={values.reason} required maxLength={REASON_MAX_LENGTH} autoComplete="off" error={errors.reason} />
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
        <SelectField id="user_type" name="user_type" label="Party" defaultValue={values.user_type} options={PARTY_CHOICES} required error={errors.user_type} />
        <SelectField id="status" name="status" label="Stage" defaultValue={values.status} options={STATUS_CHOICES} required error={errors.status} />
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
    </EditorDialog>
  );
}
