/**
 * The review of a provider's documents (issue 33 part 3; spec 3: "Admins review provider documents"):
 * its states, the words the admin reads and the rules of a reason. No zod here: the Documents page's
 * browser bundle imports it.
 */
export const DOCUMENT_REVIEW_STATUSES = ["Pending", "Approved", "Rejected"] as const;
export type DocumentReviewStatus = (typeof DOCUMENT_REVIEW_STATUSES)[number];
/** What an admin decides (a review goes back to Pending only when the provider changes their documents). */
export const DOCUMENT_REVIEW_DECISIONS = ["Approved", "Rejected"] as const;
export type DocumentReviewDecision = (typeof DOCUMENT_REVIEW_DECISIONS)[number];

export const REVIEW_REASON_MAX = 500;

export const DOCUMENT_REVIEW_MESSAGES = {
  approved: "Documents approved",
  rejected: "Documents rejected",
  reasonRequired: "Give the reason for rejecting",
  reasonTooLong: `The reason is at most ${REVIEW_REASON_MAX} characters`,
  chooseDecision: "Choose Approve or Reject",
  noDocuments: "This provider has not uploaded documents yet",
  providerNotFound: "No such service provider",
  noAccess: "You need Documents access to review documents",
} as const;
