import type { ReactNode } from "react";
import { Form, useNavigation } from "@remix-run/react";
import { FormError, TextareaField } from "~/components/forms";
import { SubmissionKey } from "~/components/submission-key";
import { DialogCloseLink, RouteDialog } from "~/components/route-dialog";
import { Button, Flex, Heading, Text } from "~/components/ui";
import type { ReasonFailure } from "~/models/form-result";

/**
 * Approve or Reject one record, opened by the URL (?dialog=<intent>&id=…): a native <dialog open>
 * from the server, modal with JavaScript. Rejecting asks for the reason. It posts to the URL that
 * shows it, so a refusal comes back in its place with the reason typed; a double click is one
 * decision (the API replays the first answer to the form's one-time key). Documents' review and
 * release requests use it.
 */
export function ReasonDecisionDialog({
  intent,
  id,
  rejecting,
  title,
  children,
  confirmLabel,
  reason,
  failure,
  closeTo,
  action,
}: {
  /** the intent posted, and the URL's dialog name */
  intent: string;
  /** the record's id, posted as `id` */
  id: number;
  /** a rejection: a red button and the reason field */
  rejecting: boolean;
  title: string;
  /** what is decided, in words */
  children: ReactNode;
  confirmLabel: string;
  /** the reason field's hint and length limit */
  reason: { hint: string; max: number };
  failure?: ReasonFailure;
  closeTo: string;
  action: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const refused = failure?.intent === intent ? failure : undefined;
  return (
    <RouteDialog labelledBy="decision-dialog-title" describedBy="decision-dialog-text" closeTo={closeTo} openKey={`${intent}-${id}`}>
      <Form method="post" action={action} preventScrollReset>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="5" id="decision-dialog-title">
            {title}
          </Heading>
          <Text as="p" size="2" id="decision-dialog-text" style={{ margin: 0 }}>
            {children}
          </Text>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="id" value={id} />
          <SubmissionKey />
          {rejecting ? (
            <TextareaField
              id="decision-reason"
              name="reason"
              label="Reason"
              hint={reason.hint}
              rows={3}
              maxLength={reason.max}
              required
              defaultValue={refused?.repopulateFields.reason ?? ""}
              error={refused?.fieldErrors.reason}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the one field of the dialog: typing starts there
              autoFocus
            />
          ) : null}
          <FormError error={refused?.formError} />
          <Flex gap="3" justify="end" mt="2">
            {rejecting ? (
              <DialogCloseLink to={closeTo} label="Cancel" />
            ) : (
              // Cancel takes the focus: Enter on a dialog opened by its URL must not confirm
              // eslint-disable-next-line jsx-a11y/no-autofocus -- see above
              <DialogCloseLink to={closeTo} label="Cancel" autoFocus />
            )}
            <Button type="submit" color={rejecting ? "red" : undefined} disabled={busy}>
              {busy ? "Working…" : confirmLabel}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </RouteDialog>
  );
}
