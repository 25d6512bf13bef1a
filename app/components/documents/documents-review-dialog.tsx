import { ReasonDecisionDialog } from "~/components/reason-decision-dialog";
import { REVIEW_REASON_MAX } from "~contract/document-labels";
import type { ReviewDialog, ReviewFailure } from "~/models/documents";

/** Approve or Reject one provider's documents (?dialog=approve|reject&id=…); Reject asks for the reason the provider is told. */
export function DocumentsReviewDialog(props: { dialog: ReviewDialog; failure?: ReviewFailure; closeTo: string; action: string }) {
  const { dialog } = props;
  const rejecting = dialog.kind === "reject";
  return (
    <ReasonDecisionDialog
      intent={dialog.kind}
      id={dialog.id}
      rejecting={rejecting}
      title={rejecting ? "Reject these documents?" : "Approve these documents?"}
      confirmLabel={rejecting ? "Reject" : "Approve"}
      reason={{ hint: `What is wrong, as the provider will read it (at most ${REVIEW_REASON_MAX} characters)`, max: REVIEW_REASON_MAX }}
      failure={props.failure}
      closeTo={props.closeTo}
      action={props.action}
    >
      {rejecting ? "Reject" : "Approve"} the documents of <strong>{dialog.username}</strong>? Their review is now {dialog.review.status}
      {dialog.review.status === "Rejected" && dialog.review.reason ? ` (${dialog.review.reason})` : ""}.
    </ReasonDecisionDialog>
  );
}
