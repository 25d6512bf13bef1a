import { z } from "zod";
import { BankAccount, TOTAL_COUNT_HEADER } from "~/models/service-provider";
import { API_UNAVAILABLE_MESSAGE, MarketplaceError, type Caller } from "./client.server";
import { apiRawRequest } from "./files.server";

/**
 * One page of provider bank accounts. GET accounts/ answers an array (spec 3 §7); the number of
 * matching accounts comes in the x-total-count header, so this reads the raw answer.
 */
export async function listBankAccounts(query: { page: number; page_size: number; search?: string }, caller: Caller) {
  const response = await apiRawRequest("/accounts/", { query, caller, accept: "application/json" });
  const parsed = z.array(BankAccount).safeParse(await response.json().catch(() => undefined));
  const total = Number(response.headers.get(TOTAL_COUNT_HEADER));
  if (!parsed.success || !Number.isInteger(total) || total < 0) {
    throw new MarketplaceError("unavailable", API_UNAVAILABLE_MESSAGE, 502);
  }
  return { rows: parsed.data, total };
}

export const BANK_PAGE_SIZES = [10, 25, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 50;
export const positiveId = z.coerce.number().int().min(1).max(1_000_000_000);
const pageSize = z.coerce.number().int().refine((n) => (BANK_PAGE_SIZES as readonly number[]).includes(n));

/** All but the last 4 digits hidden: "XXXXXXXX1234". */
export function maskAccountNumber(number: string): string {
  const plain = number.trim();
  if (plain.length <= 4) return "X".repeat(plain.length || 4);
  return "X".repeat(plain.length - 4) + plain.slice(-4);
}

export function readBankQuery(params: URLSearchParams) {
  const p = positiveId.safeParse(params.get("page") ?? undefined);
  const s = pageSize.safeParse(params.get("page_size") ?? undefined);
  const r = positiveId.safeParse(params.get("reveal") ?? undefined);
  const search = (params.get("search") ?? "").trim();
  return {
    page: p.success && p.data <= 1_000_000 ? p.data : 1,
    page_size: s.success ? s.data : DEFAULT_PAGE_SIZE,
    search: search.slice(0, 100),
    searchTooLong: search.length > 100,
    reveal: r.success ? r.data : null,
  };
}
