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
  /** conditional GET: the ETag of the copy held; see apiRequestRevalidated */
  ifNoneMatch?: string;
  /** receives the answer's ETag, if any */
  onEtag?: (etag: string | null) => void;
};

/**
 * The one place that talks to the marketplace API: adds the secret, the acting admin and a
 * timeout, and turns every failure into a MarketplaceError. Answers are parsed, never cast.
 */
export async function apiRequest<T extends z.ZodTypeAny = z.ZodUnknown>(
  path: string,
  { method = "GET", query, body, caller, answer, signal, unauthorizedIsRefusal = false, ifNoneMatch, onEtag }: RequestOptions<T> = {},
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

  if (ifNoneMatch) headers.set("if-none-match", ifNoneMatch);

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

  onEtag?.(response.headers.get("etag"));
  if (response.status === 304 && ifNoneMatch) return NOT_MODIFIED as z.infer<T>;

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

const NOT_MODIFIED = Symbol("not modified");
const revalidated = new Map<string, { etag: string; value: unknown }>();

/**
 * A GET whose answer this process keeps with its ETag and revalidates on every use
 * (If-None-Match → 304), so it is always current yet costs the API almost nothing while unchanged.
 * For small, often-read lists (filter options); keyed by API URL, path and query.
 */
export async function apiRequestRevalidated<T extends z.ZodTypeAny>(
  path: string,
  options: Omit<RequestOptions<T>, "method" | "body" | "ifNoneMatch" | "onEtag"> & { answer: T },
): Promise<z.infer<T>> {
  const key = JSON.stringify([getServerEnv().MARKETPLACE_API_URL, path, options.query ?? {}]);
  const held = revalidated.get(key);
  let etag: string | null = null;
  const result = await apiRequest(path, { ...options, ifNoneMatch: held?.etag, onEtag: (e) => (etag = e) });
  if (result === NOT_MODIFIED && held) return held.value as z.infer<T>;
  if (etag) revalidated.set(key, { etag, value: result });
  else revalidated.delete(key);
  return result;
}
