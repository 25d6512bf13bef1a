/** What only the admin uses of ~contract/clickwrap-labels (the shared part stays in contract/clickwrap-labels.ts). */
import { CLICKWRAP_STATUSES, CLICKWRAP_SORT_FIELDS } from "~contract/clickwrap-labels";

export type ClickwrapStatus = (typeof CLICKWRAP_STATUSES)[number];
/** the spec's Draft / Publish choice; the list's chip says "Published" */
export const CLICKWRAP_STATUS_LABELS: Record<ClickwrapStatus, string> = { draft: "Draft", published: "Published" };
export type ClickwrapSortField = (typeof CLICKWRAP_SORT_FIELDS)[number];
export type ClickwrapSort = { field: ClickwrapSortField; order: "asc" | "desc" };

/** The intent of the answer that asks the admin to confirm publishing (the form comes back as typed). */
export const CONFIRM_PUBLISH = "confirm-publish";

/** the list's and the add page's paths (spec 3 §2.5: edit is the add path with ?terms_id=) */
export const CLICKWRAP_LIST_PATH = "/admin/clickwrap-agreement";
export const CLICKWRAP_ADD_PATH = "/admin/clickwrap-agreement/add";
export const clickwrapEditPath = (id: number) => `${CLICKWRAP_ADD_PATH}?terms_id=${id}`;

/** A row of the list, as the page shows it (dates already formatted). */
export type ClickwrapRow = {
  id: number;
  version: string;
  status: ClickwrapStatus;
  created: string;
  updated: string;
  published: string | null;
  /** the row below it on this page (the version before it in this view), for Compare */
  previousId: number | null;
};

/** One side of the comparison: a paragraph, cut into runs that are the same, removed or added. */
export type DiffRun = { text: string; change: "same" | "removed" | "added" };
export type DiffLine = { left: DiffRun[] | null; right: DiffRun[] | null; changed: boolean };
export type ClickwrapOption = { id: number; label: string };

export type ClickwrapListData = {
  rows: ClickwrapRow[];
  total: number;
  page: number;
  pageSize: number;
  search: string;
  /** the status filter as the URL has it ("" for all) */
  status: string;
  /** the sort the URL asks for (none: newest first) */
  sort?: ClickwrapSort;
  /** filter values that were not applied, in words */
  errors: string[];
  /** the draft the delete dialog asks about (?dialog=delete&terms_id=…) */
  deleting: { id: number; version: string } | null;
};

/** What the add / edit page shows. */
export type ClickwrapEditorData =
  | {
      mode: "add" | "edit";
      id: number | null;
      /** the version the text was started from (add ?from=) */
      basedOn: string | null;
      latest: string | null;
      defaults: { version: string; status: ClickwrapStatus; text: string; updated_at?: string };
      lastUpdated: string | null;
    }
  | {
      mode: "locked";
      id: number;
      version: string;
      published: string;
      created: string;
      /** sanitised HTML */
      html: string;
    };

export type ClickwrapCompareData = {
  /** every version, newest first, for the two selects */
  options: ClickwrapOption[];
  /** how many versions there are (the selects hold at most the newest 200) */
  total: number;
  a: number | null;
  b: number | null;
  left: { id: number; version: string } | null;
  right: { id: number; version: string } | null;
  lines: DiffLine[];
  message: string | null;
};
