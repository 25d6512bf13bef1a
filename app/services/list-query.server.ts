import { z } from "zod";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "~/models/list-query";

/** The URL keys every list shares: page, page size, and a row dialog (?dialog=…&id=…). */
export { DEFAULT_PAGE_SIZE, PAGE_SIZES };

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
