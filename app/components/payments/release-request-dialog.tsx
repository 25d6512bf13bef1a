import { ReasonDecisionDialog } from "~/components/reason-decision-dialog";
import { REASON_MAX_LENGTH } from "~contract/payouts";
import type { RequestDialog, RequestFailure } from "~/models/payments";

/** Approve or Reject a release request (?dialog=approve-release|reject-release&id=<payment id>); the form posts its payout id. */
export function ReleaseRequestDialog(props: { dialog: RequestDialog; failure?: RequestFailure; closeTo: string; action: string }) {
  const { dialog } = props;
  const rejecting = dialog.kind === "reject-release";
  const asked = `${dialog.requestedBy} asked on ${dialog.requestedAt}`;
  return (
    <ReasonDecisionDialog
      intent={dialog.kind}
      id={dialog.payoutId}
      rejecting={rejecting}
      title={rejecting ? (dialog.own ? "Withdraw your release request?" : "Reject this release request?") : "Approve this release?"}
      confirmLabel={rejecting ? (dialog.own ? "Withdraw" : "Reject") : "Approve"}
      reason={{ hint: `Why, as the requester will read it (at most ${REASON_MAX_LENGTH} characters)`, max: REASON_MAX_LENGTH }}
      failure={props.failure}
      closeTo={props.closeTo}
      action={props.action}
    >
      {rejecting ? "Reject" : "Release"} <strong>{dialog.payable}</strong> to {dialog.provider} for order {dialog.shortId} ({asked})
      {rejecting ? "? The payment stays unreleased and can be requested again." : "? The payment status becomes Released."}
    </ReasonDecisionDialog>
  );
}
