import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { BankAccount, TOTAL_COUNT_HEADER } from "~/models/service-providers";
import { getServerEnv } from "../env.server";
import { API_UNAVAILABLE_MESSAGE, apiRequest, MarketplaceError, type Caller } from "./client.server";
import { apiRawRequest } from "./files.server";
import { PAGE_SIZES } from "~/models/list-query";

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

export const BANK_PAGE_SIZES = PAGE_SIZES;
const DEFAULT_PAGE_SIZE = 50;
export const positiveId = z.coerce.number().int().min(1).max(1_000_000_000);
const pageSize = z.coerce.number().int().refine((n) => (BANK_PAGE_SIZES as readonly number[]).includes(n));

const Revealed = z.object({ data: z.object({ id: z.number().int(), account_number: z.string() }) });

/**
 * POST accounts/{id}/reveal: the full number of one account. The API records the acting admin and
 * the account in its audit log (GET accounts/ only gives masked numbers).
 */
export async function revealBankAccountNumber(id: number, caller: Caller): Promise<string> {
  const answer = await apiRequest(`/accounts/${id}/reveal`, { method: "POST", caller, answer: Revealed });
  return answer.data.account_number;
}

/** Why a number could not be shown, in the admin's words. */
export function revealFailureMessage(error: unknown): string {
  if (error instanceof MarketplaceError && error.kind === "not-found") {
    return "This bank account no longer exists (or its provider was deleted), so its number cannot be shown.";
  }
  if (error instanceof MarketplaceError && error.kind !== "unavailable") return `The account number could not be revealed: ${error.message}`;
  return "The account number could not be revealed: the marketplace API is not answering. Please try again in a moment.";
}

/**
 * The Reveal button's POST grants one look at one account to the admin who pressed it: a signed,
 * short-lived cookie read once by the page's next load, which then asks the API (audited). So a
 * plain GET of ?reveal=<id> (a reload, a copied link, a page link keeping the query) shows nothing,
 * and the number itself never sits in a cookie.
 */
type RevealGrant = { admin: number; id: number; until: number };
const GRANT_SECONDS = 60;

function grantCookie() {
  const env = getServerEnv();
  return createCookie("__bank_reveal", {
    httpOnly: true,
    sameSite: "lax",
    path: "/admin",
    secure: env.COOKIE_SECURE,
    secrets: [env.SESSION_SECRET],
    maxAge: GRANT_SECONDS,
  });
}

/** Set-Cookie for a grant to `admin` of account `id`. */
export function grantReveal(admin: number, id: number): Promise<string> {
  const grant: RevealGrant = { admin, id, until: Date.now() + GRANT_SECONDS * 1000 };
  return grantCookie().serialize(grant);
}

/** Set-Cookie that drops any grant. */
export function dropRevealGrant(): Promise<string> {
  return grantCookie().serialize("", { maxAge: 0 });
}

/** The account id this request may reveal for this admin, if its grant is valid. */
export async function grantedReveal(request: Request, admin: number): Promise<number | null> {
  const value = (await grantCookie().parse(request.headers.get("Cookie"))) as Partial<RevealGrant> | null;
  if (!value || typeof value !== "object") return null;
  if (value.admin !== admin || typeof value.id !== "number" || typeof value.until !== "number" || value.until < Date.now()) return null;
  return value.id;
}

/** All but the last 4 digits hidden: "XXXXXXXX1234" (the API masks the list the same way). */
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
