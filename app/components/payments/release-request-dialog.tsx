import { Form, useNavigation } from "@remix-run/react";
import { FormError, TextareaField } from "~/components/forms";
import { SubmissionKey } from "~/components/submission-key";
import { DialogCloseLink, RouteDialog } from "~/components/route-dialog";
import { Button, Flex, Heading, Text } from "~/components/ui";
import { REASON_MAX_LENGTH } from "~contract/payouts";
import type { RequestDialog, RequestFailure } from "~/models/payments";

/**
 * Approve or Reject a release request (?dialog=approve-release|reject-release&id=<payment id>): a
 * native <dialog open> from the server, modal with JavaScript. Reject asks for the reason. It posts
 * to the URL that shows it, so a refusal (already decided, own request) comes back in its place.
 */
export function ReleaseRequestDialog({
  dialog,
  failure,
  closeTo,
  action,
}: {
  dialog: RequestDialog;
  failure?: RequestFailure;
  closeTo: string;
  action: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === dialog.kind;
  const rejecting = dialog.kind === "reject-release";
  const refused = failure?.intent === dialog.kind ? failure : undefined;
  const asked = `${dialog.requestedBy} asked on ${dialog.requestedAt}`;
  return (
    <RouteDialog
      labelledBy="request-dialog-title"
      describedBy="request-dialog-text"
      closeTo={closeTo}
      openKey={`${dialog.kind}-${dialog.paymentId}`}
    >
      <Form method="post" action={action} preventScrollReset>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="5" id="request-dialog-title">
            {rejecting ? (dialog.own ? "Withdraw your release request?" : "Reject this release request?") : "Approve this release?"}
          </Heading>
          <Text as="p" size="2" id="request-dialog-text" style={{ margin: 0 }}>
            {rejecting ? "Reject" : "Release"} <strong>{dialog.payable}</strong> to {dialog.provider} for order {dialog.shortId} ({asked})
            {rejecting ? "? The payment stays unreleased and can be requested again." : "? The payment status becomes Released."}
          </Text>
          <input type="hidden" name="intent" value={dialog.kind} />
          {/* a double click is one decision: the API replays the first answer */}
          <SubmissionKey />
          <input type="hidden" name="id" value={dialog.payoutId} />
          {rejecting ? (
            <TextareaField
              id="request-reason"
              name="reason"
              label="Reason"
              hint={`Why, as the requester will read it (at most ${REASON_MAX_LENGTH} characters)`}
              rows={3}
              maxLength={REASON_MAX_LENGTH}
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
              {busy ? "Working…" : rejecting ? (dialog.own ? "Withdraw" : "Reject") : "Approve"}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </RouteDialog>
  );
}
