import { z } from "zod";
import { CategoryListQuery, PAGE_SIZES, truncateDescription, type CategoryRecord } from "~/models/category";
import { readDateRange } from "~/services/dates";

export const DEFAULT_PAGE_SIZE = 10;
export { PAGE_SIZES };

const page = z.coerce.number().int().min(1).max(1_000_000);
const pageSize = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n));

/** page and page_size from the URL; anything unreadable falls back to the first page of 10. */
export function readPaging(params: URLSearchParams) {
  const p = page.safeParse(params.get("page") ?? undefined);
  const s = pageSize.safeParse(params.get("page_size") ?? undefined);
  return { page: p.success ? p.data : 1, page_size: s.success ? s.data : DEFAULT_PAGE_SIZE };
}

export type ListFilters = { category: string; start_date: string; end_date: string };

/**
 * The categories list's query: paging with clean fallbacks, and the filter panel's keys. A filter
 * the admin typed wrong is not applied and is reported in words (never a crash).
 */
export function readCategoryListQuery(params: URLSearchParams) {
  const paging = readPaging(params);
  const raw: ListFilters = {
    category: params.get("category")?.trim() ?? "",
    start_date: params.get("start_date")?.trim() ?? "",
    end_date: params.get("end_date")?.trim() ?? "",
  };
  const errors: string[] = [];
  const query: CategoryListQuery = { ...paging };

  if (raw.category && raw.category !== "all") {
    const category = CategoryListQuery.shape.category.safeParse(raw.category);
    if (category.success && category.data !== undefined) query.category = category.data;
    else errors.push("Category: choose a category from the list.");
  }
  const dates = readDateRange(raw, { from: "From Date", to: "To Date" });
  errors.push(...dates.errors);
  if (dates.start_date) query.start_date = dates.start_date;
  if (dates.end_date) query.end_date = dates.end_date;
  return { query, raw, errors };
}

export type CategoryRow = {
  id: number;
  name: string;
  description: string;
  status: CategoryRecord["status"];
  children: number | null;
};

/** What a list row shows (description already cut to 30 characters). */
export function toRow(record: CategoryRecord & { SubCategories?: unknown[]; SubSubCategories?: unknown[] }): CategoryRow {
  const children = record.SubSubCategories ?? record.SubCategories;
  return {
    id: record.category_id,
    name: record.categoryName,
    description: truncateDescription(record.desc),
    status: record.status,
    children: Array.isArray(children) ? children.length : null,
  };
}

/** One page of an in-memory list (sub-categories come with their parent, all at once). */
export function pageOf<T>(items: T[], paging: { page: number; page_size: number }) {
  const pages = Math.max(1, Math.ceil(items.length / paging.page_size));
  const current = Math.min(paging.page, pages);
  return {
    rows: items.slice((current - 1) * paging.page_size, current * paging.page_size),
    total: items.length,
    page: current,
    pageSize: paging.page_size,
  };
}

/** The delete dialog the URL asks for (?dialog=delete&id=…), if any. */
export function readDialog(params: URLSearchParams): { kind: "delete"; id: number } | null {
  if (params.get("dialog") !== "delete") return null;
  const id = z.coerce.number().int().positive().safeParse(params.get("id"));
  return id.success ? { kind: "delete", id: id.data } : null;
}
