import { Form, useNavigation } from "@remix-run/react";
import { FormError, TextareaField } from "~/components/forms";
import { DialogCloseLink, RouteDialog } from "~/components/route-dialog";
import { Button, Flex, Heading, Text } from "~/components/ui";
import { REVIEW_REASON_MAX } from "~contract/document-labels";
import type { ReviewDialog, ReviewFailure } from "~/models/documents";

/**
 * Approve or Reject one provider's documents, opened by the URL (?dialog=approve|reject&id=…): a
 * native <dialog open> from the server, modal with JavaScript. Reject asks for the reason the
 * provider is told. It posts to the URL that shows it, so a refusal comes back in its place.
 */
export function DocumentsReviewDialog({
  dialog,
  failure,
  closeTo,
  action,
}: {
  dialog: ReviewDialog;
  failure?: ReviewFailure;
  closeTo: string;
  action: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === dialog.kind;
  const rejecting = dialog.kind === "reject";
  const refused = failure?.intent === dialog.kind ? failure : undefined;
  return (
    <RouteDialog
      labelledBy="review-dialog-title"
      describedBy="review-dialog-text"
      closeTo={closeTo}
      openKey={`${dialog.kind}-${dialog.id}`}
    >
      <Form method="post" action={action} preventScrollReset>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="5" id="review-dialog-title">
            {rejecting ? "Reject these documents?" : "Approve these documents?"}
          </Heading>
          <Text as="p" size="2" id="review-dialog-text" style={{ margin: 0 }}>
            {rejecting ? "Reject" : "Approve"} the documents of <strong>{dialog.username}</strong>? Their review is now{" "}
            {dialog.review.status}
            {dialog.review.status === "Rejected" && dialog.review.reason ? ` (${dialog.review.reason})` : ""}.
          </Text>
          <input type="hidden" name="intent" value={dialog.kind} />
          <input type="hidden" name="id" value={dialog.id} />
          {rejecting ? (
            <TextareaField
              id="review-reason"
              name="reason"
              label="Reason"
              hint={`What is wrong, as the provider will read it (at most ${REVIEW_REASON_MAX} characters)`}
              rows={3}
              maxLength={REVIEW_REASON_MAX}
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
              {busy ? "Working…" : rejecting ? "Reject" : "Approve"}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </RouteDialog>
  );
}
