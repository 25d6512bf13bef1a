/** The Service Provider Documents page's data (types only: its page's bundle stays free of zod). */
import type { DOCUMENT_SORT_FIELDS } from "~contract/service-providers";

/** One provider's documents as the list shows them, dates already formatted. */
export type DocumentsRow = {
  id: number;
  username: string;
  phone: string;
  category: string;
  updated: string;
  pan: { number: string; name: string; verifiedAt: string } | null;
  face: { verified: boolean; score: number | null; at: string } | null;
  documents: string[];
  /** stored name → the name the file was chosen under (shown instead of the stored name) */
  fileNames: Record<string, string>;
  agreements: { version: string; acceptedAt: string; ip: string }[];
};

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
};
