import { isRecordId } from "~contract/ids";
import {
  PLAN_NAMES,
  PROVIDER_SORT_FIELDS,
  PROVIDER_STAGES,
  USER_STATUSES,
  VERIFICATIONS,
  type ProviderListQuery,
  type ProviderListRow,
} from "~contract/service-providers";
import { type ProviderFilters, type ProviderRow } from "~/models/service-providers";
import { formatDate, readDateRange } from "~/utils/dates";
import { MAX_SEARCH_LENGTH } from "~contract/list-query";
import { readCursor, readPaging } from "~/services/list-query.server";
import { isOneOf } from "~shared/one-of";

export const DEFAULT_PAGE_SIZE = 50;
export const LIST_PATH = "/admin/service-provider";

/** Every key the list keeps in its URL (filters, search, sort, paging). */
export const LIST_KEYS = [
  "page",
  "page_size",
  "sortField",
  "sortOrder",
  "search",
  "start_date",
  "end_date",
  "plan",
  "stage",
  "status",
  "verification",
  "parentCategory",
] as const;

function oneOf<T extends readonly string[]>(values: T, value: string): T[number] | "" {
  return isOneOf(values, value) ? value : "";
}

/**
 * The list's query from the URL. Paging and sort fall back quietly; a filter the admin typed wrong
 * is not applied and is reported in words.
 */
export function readProviderListQuery(params: URLSearchParams) {
  const get = (key: string) => params.get(key)?.trim() ?? "";
  const paging = readPaging(params, DEFAULT_PAGE_SIZE);
  const sortField = oneOf(PROVIDER_SORT_FIELDS, get("sortField"));
  const sortOrder = sortField ? oneOf(["asc", "desc"] as const, get("sortOrder")) : "";
  const raw: ProviderFilters = {
    search: get("search").slice(0, MAX_SEARCH_LENGTH),
    start_date: get("start_date"),
    end_date: get("end_date"),
    plan: get("plan"),
    stage: get("stage"),
    status: get("status"),
    verification: get("verification"),
    parentCategory: get("parentCategory"),
  };
  const errors: string[] = [];
  const query: ProviderListQuery = {
    ...paging,
    cursor: readCursor(params),
    sortField: sortOrder ? sortField : "",
    sortOrder: sortOrder,
    search: raw.search,
    plan: "",
    stage: "",
    status: "",
    verification: "",
  };
  const select = <T extends readonly string[]>(label: string, values: T, value: string) => {
    if (!value || value === "All") return "";
    const v = oneOf(values, value);
    if (!v) errors.push(`${label}: choose a value from the list.`);
    return v;
  };
  query.plan = select("Plan", PLAN_NAMES, raw.plan);
  query.stage = select("Stage", PROVIDER_STAGES, raw.stage);
  query.status = select("Status", USER_STATUSES, raw.status);
  query.verification = select("Verification", VERIFICATIONS, raw.verification);
  if (raw.parentCategory && raw.parentCategory !== "All") {
    if (isRecordId(raw.parentCategory)) query.parentCategory = Number(raw.parentCategory);
    else errors.push("Category: choose a category from the list.");
  }
  const dates = readDateRange(raw, { from: "Registration From Date", to: "Registration Till Date" });
  errors.push(...dates.errors);
  if (dates.start_date) query.start_date = dates.start_date;
  if (dates.end_date) query.end_date = dates.end_date;
  const filtered = Boolean(
    query.plan || query.stage || query.status || query.verification || query.parentCategory || query.start_date || query.end_date,
  );
  return { query, raw, errors, filtered };
}

/** What a row shows, dates already formatted (DD-MMM-yyyy, India time) so hydration matches. */
export function toProviderRow(row: ProviderListRow): ProviderRow {
  return {
    id: row.serviceProvider_id,
    userId: row.userId.id,
    username: row.userId.username,
    category: row.category?.categoryName ?? "N/A",
    phone: row.userId.phone || "N/A",
    regDate: formatDate(row.created_at, "N/A"),
    updateDate: formatDate(row.updated_at, "N/A"),
    refreshAt: formatDate(row.refresh_at, "N/A"),
    plan: row.plan?.plan_name ?? "N/A",
    stage: row.stage || "N/A",
    status: row.userId.status,
    verified: row.userId.verified,
    lastLogin: formatDate(row.userId.lastSeen, "N/A"),
    agreement: row.last_accepted_agreement || "N/A",
    isPro: row.is_pro,
    adminRating: row.admin_rating,
    boosterPoints: row.boosterPoints,
  };
}

/** The list URL to come back to: the list's own keys of this URL, nothing else (no dialog, no selection). */
export function listUrlOf(url: URL | string): string {
  const from = typeof url === "string" ? new URL(url, "http://x") : url;
  const params = new URLSearchParams();
  for (const [key, value] of from.searchParams) {
    if (value !== "" && isOneOf(LIST_KEYS, key)) params.append(key, value);
  }
  const query = params.toString();
  return LIST_PATH + (query ? `?${query}` : "");
}

export type ListDialog = { kind: "delete" | "boost"; id: number } | null;

export function readListDialog(params: URLSearchParams): ListDialog {
  const kind = params.get("dialog");
  if (kind !== "delete" && kind !== "boost") return null;
  const id = params.get("id") ?? "";
  return isRecordId(id) ? { kind, id: Number(id) } : null;
}

/** The user ids a bulk-email selection carries (?to=…&to=…), deduplicated, in order. */
export function readRecipients(params: URLSearchParams | FormData): number[] {
  const ids: number[] = [];
  for (const value of params.getAll("to")) {
    if (typeof value === "string" && isRecordId(value) && !ids.includes(Number(value))) ids.push(Number(value));
  }
  return ids;
}
