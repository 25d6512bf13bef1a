/**
 * Saved views of a list (issue 32 §4): which page each list is, and what of its URL a view keeps.
 * The views themselves come with the admin shell's data (app/services/list-views.server.ts) so
 * every list page has them without a loader of its own; the forms post to /admin/views.
 */
import type { ExportListKey } from "~contract/list-export";
import { EXPORT_TOKEN_PARAM } from "~/models/export-status";

/** Each list's page: where its views open. */
export const LIST_PAGES: Record<ExportListKey, string> = {
  users: "/admin/user",
  contacts: "/admin/list-contacts",
  "admin-users": "/admin/list-admin-users",
  comments: "/admin/comments",
  ratings: "/admin/rating",
  posts: "/admin/posts",
  subscriptions: "/admin/subscriptions",
  bookings: "/admin/bookings",
  payments: "/admin/payments",
  "payout-ledger": "/admin/payments/ledger",
  "bank-details": "/admin/service-provider-bank-details",
  documents: "/admin/documents",
  providers: "/admin/service-provider",
  "customer-queries": "/admin/query-msg",
  "booking-journeys": "/admin/track-booking-journey",
  "bucket-files": "/admin/s3-bucket-manager",
  "audit-log": "/admin/audit-log",
};

/** The list a page is (its own path, "/admin/bookings/" too); null: not a list page. */
export function listOfPath(pathname: string): ExportListKey | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const found = (Object.keys(LIST_PAGES) as ExportListKey[]).find((list) => LIST_PAGES[list] === path);
  return found ?? null;
}

/** `?view=<id>` opens a saved view (a link that follows the view as it is saved later); `?view=none` the list without the default view. */
export const VIEW_PARAM = "view";
export const NO_VIEW = "none";
/** The table's visible columns, by key (repeated): none given, every column. */
export const COLUMNS_PARAM = "columns";
/** `choose=columns`: the table's column chooser is open (app/components/data-table.tsx) */
export const CHOOSER_PARAM = "choose";

/**
 * The columns the URL asks to see (`columns`, repeated; issue 32 §4): the declared ones named there,
 * and every column not offered by the chooser. None named, or none that is a column: all of them.
 */
export function visibleColumns<C extends { key: string; choosable?: boolean }>(columns: C[], search: string): C[] {
  const chosen = new URLSearchParams(search).getAll(COLUMNS_PARAM);
  const shown = columns.filter((c) => !c.choosable || chosen.includes(c.key));
  return shown.some((c) => c.choosable) ? shown : columns;
}

/** URL keys a view never keeps: paging, a row dialog, an export's. */
const NOT_KEPT = new Set(["page", "cursor", "index", "dialog", "format", VIEW_PARAM, CHOOSER_PARAM, EXPORT_TOKEN_PARAM, "_data"]);

/** What a view keeps of a list URL's query: filter, search, sort, page size and columns. */
export function viewQuery(search: string): string {
  const kept = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(search)) if (!NOT_KEPT.has(key) && value !== "") kept.append(key, value);
  return kept.toString();
}

/** Two queries that show the same list (the order of their keys aside). */
export function sameView(a: string, b: string): boolean {
  const sorted = (q: string) =>
    [...new URLSearchParams(viewQuery(q))]
      .map(([k, v]) => `${k}=${v}`)
      .sort()
      .join("&");
  return sorted(a) === sorted(b);
}

export type ViewLink = { id: number; name: string; query: string; shared: boolean; mine: boolean; owner: string; isDefault: boolean };

/** The shell's saved views of the page's list: null views when the API could not be read (told on the page). */
export type ListViewsData = { list: ExportListKey; path: string; views: ViewLink[] | null };

export const VIEW_INTENTS = { save: "save-view", remove: "delete-view", makeDefault: "default-view" } as const;
