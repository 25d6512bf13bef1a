import type { z } from "zod";
import {
  ACTING_ADMIN_HEADER,
  ApiErrorBody,
  CLIENT_ADDRESS_HEADER,
  ConflictBody,
} from "~/models/api";
import { getServerEnv } from "../env.server";

/**
 * Why a call to the marketplace API failed, in terms a route can act on:
 * `unavailable` (down, timed out, 5xx, unreadable answer), `invalid` (400 with field messages),
 * `not-found`, `conflict` (409 on a stale edit), `refused` (other 4xx).
 */
export class MarketplaceError extends Error {
  constructor(
    readonly kind: "unavailable" | "invalid" | "not-found" | "conflict" | "refused",
    message: string,
    readonly status: number,
    readonly fieldErrors: Record<string, string> = {},
    readonly conflict?: ConflictBody,
  ) {
    super(message);
    this.name = "MarketplaceError";
  }
}

export const API_UNAVAILABLE_MESSAGE =
  "The marketplace API is not answering right now. Nothing was changed; please try again in a moment.";

export type Caller = {
  /** the signed-in admin doing this; sent on every call so the API can audit mutations */
  adminUserId?: number;
  /** the browser's address, for login throttling */
  clientAddress?: string;
};

type RequestOptions<T extends z.ZodTypeAny> = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  caller?: Caller;
  /** zod schema the answer must match; omit for answers with no body (204) */
  answer?: T;
  signal?: AbortSignal;
  /** a 401 is the answer itself (wrong credentials at sign-in), not a sign of a wrong API secret */
  unauthorizedIsRefusal?: boolean;
};

/**
 * The one place that talks to the marketplace API: adds the secret, the acting admin and a
 * timeout, and turns every failure into a MarketplaceError. Answers are parsed, never cast.
 */
export async function apiRequest<T extends z.ZodTypeAny = z.ZodUnknown>(
  path: string,
  { method = "GET", query, body, caller, answer, signal, unauthorizedIsRefusal = false }: RequestOptions<T> = {},
): Promise<z.infer<T>> {
  const env = getServerEnv();
  const url = new URL(path.replace(/^\//, ""), env.MARKETPLACE_API_URL.replace(/\/?$/, "/"));
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") url.searchParams.set(key, String(value));
  }
  const headers = new Headers({ accept: "application/json" });
  headers.set(env.MARKETPLACE_API_KEY_HEADER, env.MARKETPLACE_API_KEY);
  if (caller?.adminUserId !== undefined) headers.set(ACTING_ADMIN_HEADER, String(caller.adminUserId));
  if (caller?.clientAddress) headers.set(CLIENT_ADDRESS_HEADER, caller.clientAddress);
  if (body !== undefined) headers.set("content-type", "application/json");

  const timeout = AbortSignal.timeout(env.MARKETPLACE_API_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch {
    throw new MarketplaceError("unavailable", API_UNAVAILABLE_MESSAGE, 503);
  }

  const text = await response.text().catch(() => "");
  let json: unknown = undefined;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }

  if (!response.ok) {
    const parsed = ApiErrorBody.safeParse(json);
    const message = parsed.success ? parsed.data.message : `The marketplace API answered ${response.status}.`;
    if (response.status >= 500 || (response.status === 401 && !unauthorizedIsRefusal)) {
      // 401 means our own secret is wrong: a configuration fault, not the admin's.
      throw new MarketplaceError("unavailable", API_UNAVAILABLE_MESSAGE, response.status);
    }
    if (response.status === 404) throw new MarketplaceError("not-found", message, 404);
    if (response.status === 409) {
      const conflict = ConflictBody.safeParse(json);
      throw new MarketplaceError("conflict", message, 409, {}, conflict.success ? conflict.data : undefined);
    }
    const fieldErrors = parsed.success ? parsed.data.errors ?? {} : {};
    throw new MarketplaceError(
      Object.keys(fieldErrors).length > 0 || response.status === 400 ? "invalid" : "refused",
      message,
      response.status,
      fieldErrors,
    );
  }

  if (!answer) return json as z.infer<T>;
  const parsed = answer.safeParse(json);
  if (!parsed.success) {
    throw new MarketplaceError(
      "unavailable",
      `The marketplace API gave an answer this admin does not understand (${path}).`,
      502,
    );
  }
  return parsed.data;
}

/** The browser's address as far as this server can tell (for login throttling). */
export function clientAddressOf(request: Request): string | undefined {
  const forwarded = request.headers.get("x-forwarded-for");
  if (forwarded) return forwarded.split(",")[0]?.trim();
  return request.headers.get("x-real-ip") ?? undefined;
}
