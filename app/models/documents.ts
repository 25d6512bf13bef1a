/** The Service Provider Documents page's data (types only: its page's bundle stays free of zod). */
import type { DOCUMENT_SORT_FIELDS } from "~contract/service-providers";
import type { DocumentReviewStatus } from "~contract/document-labels";
import type { ReasonFailure } from "~/models/form-result";
import type { FileKind } from "~/models/file-types";
import type { JsonText } from "~/models/json-text";
import { plain, type ListColumn } from "~/models/list-columns";

export type PanDetails = { number: string; name: string; verifiedAt: string } | null;
export type FaceDetails = { verified: boolean; score: number | null; at: string } | null;
export type AcceptedAgreementRow = { version: string; acceptedAt: string; ip: string };

/**
 * One provider's documents as the list shows them, dates already formatted: one thumbnail and a
 * count per kind of file; every file (and every agreement) is in the row's dialog (DocumentsDialog).
 */
export type DocumentsRow = {
  id: number;
  username: string;
  phone: string;
  category: string;
  updated: string;
  pan: PanDetails;
  face: FaceDetails;
  /** the first picture among the files: the row's one thumbnail (stored name, and the name it was chosen under) */
  thumb: { name: string; label: string } | null;
  /** how many files of each kind (images, PDFs, others) */
  counts: Record<FileKind, number>;
  /** the latest accepted agreement, and how many were accepted before it */
  agreement: AcceptedAgreementRow | null;
  earlierAgreements: number;
  /** the admin's review: its status, the reason of a rejection, who and when (null while Pending) */
  review: DocumentsReview;
};

export type DocumentsReview = { status: DocumentReviewStatus; reason: string | null; by: string | null; at: string | null };

/** The Review cell in words: "Approved · support · 28-11-2026 10:00", "Rejected: <reason> · …", "Pending". */
export function reviewText(review: DocumentsReview): string {
  const who = [review.by, review.at].filter(Boolean).join(" · ");
  const head = review.status === "Rejected" && review.reason ? `Rejected: ${review.reason}` : review.status;
  return who ? `${head} · ${who}` : head;
}

const KIND_NAMES: Record<FileKind, [string, string]> = { image: ["image", "images"], pdf: ["PDF", "PDFs"], other: ["other", "others"] };

/** "3 images · 1 PDF" (kinds with none left out); "No files" */
export function countsText(counts: Record<FileKind, number>, separator = " · ") {
  const parts = (Object.keys(KIND_NAMES) as FileKind[])
    .filter((kind) => counts[kind] > 0)
    .map((kind) => `${counts[kind]} ${KIND_NAMES[kind][counts[kind] === 1 ? 0 : 1]}`);
  return parts.length ? parts.join(separator) : "No files";
}

/** The PAN Verification cell in words: its two badges, the details beside them and the times. */
export function verificationText(pan: PanDetails, face: FaceDetails): string {
  const panText = pan ? `PAN verified ${pan.number} · ${pan.name} · ${pan.verifiedAt}` : "PAN not verified";
  const faceText = face?.verified
    ? `Face match verified${face.score !== null ? ` ${face.score}%` : ""} · ${face.at}`
    : `Face match not verified${face?.score != null ? ` (${face.score}%)` : ""}`;
  return `${panText}; ${faceText}`;
}

/** The Accepted Agreements cell in words: the latest (version · accepted at · IP) and how many before it; "None". */
export function agreementText(row: Pick<DocumentsRow, "agreement" | "earlierAgreements">): string {
  if (!row.agreement) return "None";
  const { version, acceptedAt, ip } = row.agreement;
  return `${version} · ${acceptedAt} · ${ip}${row.earlierAgreements > 0 ? ` (+${row.earlierAgreements} earlier)` : ""}`;
}

/** The documents list's columns: the table's (its cells keep their own markup) and the export's. */
export const DOCUMENTS_COLUMNS: readonly ListColumn<DocumentsRow>[] = [
  { key: "username", header: "Username", sortField: "username", width: 20, value: (r) => plain(r.username) },
  { key: "phone", header: "Phone", width: 16, value: (r) => plain(r.phone) },
  { key: "category", header: "Category", sortField: "category", width: 20, value: (r) => plain(r.category) },
  { key: "updated", header: "Updated Date", sortField: "updated_at", width: 14, value: (r) => plain(r.updated) },
  { key: "pan", header: "PAN Verification", width: 50, value: (r) => verificationText(r.pan, r.face) },
  { key: "documents", header: "Documents", width: 20, value: (r) => countsText(r.counts) },
  { key: "agreements", header: "Accepted Agreements", width: 40, value: (r) => agreementText(r) },
  { key: "review", header: "Review", width: 40, value: (r) => reviewText(r.review) },
];

/** One provider's every file and agreement: the row's dialog (?dialog=documents&id=…). */
export type DocumentsDialog = {
  id: number;
  username: string;
  pan: PanDetails;
  face: FaceDetails;
  documents: string[];
  /** stored name → the name the file was chosen under (shown instead of the stored name) */
  fileNames: Record<string, string>;
  agreements: AcceptedAgreementRow[];
};

/** The dialog's key in the URL (?dialog=documents&id=<provider id>). */
export const DOCUMENTS_DIALOG = "documents";

/** The review dialogs' keys in the URL (?dialog=approve|reject&id=<provider id>), and the intents their forms post. */
export const REVIEW_DIALOGS = ["approve", "reject"] as const;
export type ReviewDialogKind = (typeof REVIEW_DIALOGS)[number];

/** Approve or Reject one provider's documents (a confirmation; Reject asks for the reason). */
export type ReviewDialog = { kind: ReviewDialogKind; id: number; username: string; review: DocumentsReview };

/** What the review dialog's post answers when nothing changed: the reason typed, and why. */
export type ReviewFailure = ReasonFailure<ReviewDialogKind>;

/** The search, dates and review status as typed in the URL (shown back even when refused). */
export type DocumentsFilters = { search: string; start_date: string; end_date: string; review_status: string };

export type DocumentsSort = { field: (typeof DOCUMENT_SORT_FIELDS)[number]; order: "asc" | "desc" };

export type DocumentsPageData = {
  /** the page's rows as one JSON text (models/json-text.ts) */
  rows: JsonText<DocumentsRow[]>;
  total: number;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  filters: DocumentsFilters;
  filterErrors: string[];
  sort?: DocumentsSort;
  /** the row dialog the URL opens (null: none, or its provider is not on this page) */
  dialog: DocumentsDialog | null;
  /** the Approve / Reject dialog the URL opens (null: none, or its provider is not on this page) */
  reviewDialog: ReviewDialog | null;
};
