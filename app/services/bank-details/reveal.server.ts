import { createCookie } from "@remix-run/node";
import { getServerEnv } from "../env.server";
import { MarketplaceError } from "../marketplace/client.server";

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

/** Why a number could not be shown, in the admin's words. */
export function revealFailureMessage(error: unknown): string {
  if (error instanceof MarketplaceError && error.kind === "not-found") {
    return "This bank account no longer exists (or its provider was deleted), so its number cannot be shown.";
  }
  if (error instanceof MarketplaceError && error.kind !== "unavailable")
    return `The account number could not be revealed: ${error.message}`;
  return "The account number could not be revealed: the marketplace API is not answering. Please try again in a moment.";
}

/** All but the last 4 digits hidden: "XXXXXXXX1234" (the API masks the list the same way). */
export function maskAccountNumber(number: string): string {
  const plain = number.trim();
  if (plain.length <= 4) return "X".repeat(plain.length || 4);
  return "X".repeat(plain.length - 4) + plain.slice(-4);
}
