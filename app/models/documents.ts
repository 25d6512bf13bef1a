/** The Service Provider Documents page's data (types only: its page's bundle stays free of zod). */
import type { DOCUMENT_SORT_FIELDS } from "~contract/service-providers";
import type { FileKind } from "~/models/file-types";

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
};

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

/** The search and dates as typed in the URL (shown back even when refused). */
export type DocumentsFilters = { search: string; start_date: string; end_date: string };

export type DocumentsSort = { field: (typeof DOCUMENT_SORT_FIELDS)[number]; order: "asc" | "desc" };

export type DocumentsPageData = {
  rows: DocumentsRow[];
  total: number;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  filters: DocumentsFilters;
  filterErrors: string[];
  sort?: DocumentsSort;
  /** the row dialog the URL opens (null: none, or its provider is not on this page) */
  dialog: DocumentsDialog | null;
};
