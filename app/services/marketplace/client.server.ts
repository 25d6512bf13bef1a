import { AsyncLocalStorage } from "node:async_hooks";
import type { z } from "zod";
import type { AdminUser } from "~contract/admin-users";
import {
  ACTING_ADMIN_HEADER,
  ACTING_PROVIDER_HEADER,
  ApiErrorBody,
  CLIENT_ADDRESS_HEADER,
  ConflictBody,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  REQUEST_ID_HEADER,
} from "~contract/api";
import { SUBMISSION_FIELD } from "~/models/form-result";
import type { RequestObservation } from "~shared/observability/request-id";
import { getServerEnv } from "../env.server";

/**
 * Why a call to the marketplace API failed, in terms a route can act on:
 * `unavailable` (down, timed out, 5xx, unreadable answer), `invalid` (400 with field messages),
 * `not-found`, `conflict` (409 on a stale edit: who saved it and when), `refused` (other 4xx,
 * 403 included: `status` says which).
 */
export class MarketplaceError extends Error {
  constructor(
    readonly kind: "unavailable" | "invalid" | "not-found" | "conflict" | "refused",
    message: string,
    readonly status: number,
    readonly fieldErrors: Record<string, string> = {},
    readonly conflict?: ConflictBody,
    /** the answer's body as sent (a refusal may carry more than its messages) */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = "MarketplaceError";
  }
}

export const API_UNAVAILABLE_MESSAGE = "The marketplace API is not answering right now. Nothing was changed; please try again in a moment.";

export type Caller = {
  /** the signed-in admin doing this; sent on every call so the API can audit mutations */
  adminUserId?: number;
  /** a signed-in provider acting on their own profile (the provider wizard): their serviceProvider_id */
  providerId?: number;
  /** the browser's address, for login throttling */
  clientAddress?: string;
  /** the admin's request: when the browser goes away, the call to the API stops too */
  signal?: AbortSignal;
  /**
   * the posted form's one-time key (SUBMISSION_FIELD): each write made for this post is sent with
   * an Idempotency-Key derived from it (`<key>.1`, `<key>.2`, … in the order they are made), so a
   * form posted twice makes the same calls with the same keys, and the API does each once
   */
  submission?: string;
};

/**
 * The caller of a loader's or action's API calls: the signed-in admin and their request's signal;
 * an action passes its form too, so the form's submission key makes its writes idempotent.
 */
export function callerOf(admin: Pick<AdminUser, "adminUserId">, request?: Request, form?: FormData): Caller {
  const submission = form?.get(SUBMISSION_FIELD);
  return {
    adminUserId: admin.adminUserId,
    signal: request?.signal,
    ...(typeof submission === "string" && IDEMPOTENCY_KEY_PATTERN.test(submission) ? { submission } : {}),
  };
}

// how many writes each caller has made: the n of `<submission>.n`
const writesMade = new WeakMap<Caller, number>();

function idempotencyKeyOf(caller: Caller | undefined, method: string): string | undefined {
  if (!caller?.submission || method === "GET") return undefined;
  const n = (writesMade.get(caller) ?? 0) + 1;
  writesMade.set(caller, n);
  const key = `${caller.submission.slice(0, 90)}.${n}`;
  return IDEMPOTENCY_KEY_PATTERN.test(key) ? key : undefined;
}

/**
 * One admin request (its action and the loaders that render its answer): once a call found the API
 * not answering (no connection, or MARKETPLACE_API_TIMEOUT_MS passed), every later call of the same
 * request fails at once with the same message. So a form post to an API that hangs waits one
 * timeout, not one per call (the session read, the write, the layout's notices…). An API that
 * answers, even 5xx, does not count. The admin's server runs each request in a scope
 * (`inRequestScope`, exported by app/entry.server.tsx); without one (tests calling a route as a
 * function) each call waits on its own.
 */
const requestScope = new AsyncLocalStorage<{ unreachable: boolean; observation?: RequestObservation }>();

export function inRequestScope<T>(work: () => T, observation?: RequestObservation): T {
  return requestScope.run({ unreachable: false, observation }, work);
}

/**
 * Where this request reports an error its answer cannot show whole (a download that broke off after
 * its first bytes): the admin's log with the request's id, or standard error outside the server (tests).
 * Taken when the request starts, as a stream's later reads run outside its scope.
 */
export function errorReporter(): (note: string, error: unknown) => void {
  return requestScope.getStore()?.observation?.logError ?? ((note, error) => console.error(note, error));
}

type Query = Record<string, string | number | boolean | undefined | null>;

type SendOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: Query;
  /** JSON-encoded, except a FormData (sent as multipart/form-data) */
  body?: unknown;
  caller?: Caller;
  accept?: string;
  /** a 401 is the answer itself (wrong credentials at sign-in), not a sign of a wrong API secret */
  unauthorizedIsRefusal?: boolean;
  /** conditional GET: the ETag of the copy held */
  ifNoneMatch?: string;
  /** a body passed on as it arrives (a browser's multipart upload), with its own content type */
  stream?: { body: ReadableStream<Uint8Array>; contentType: string };
  /** instead of MARKETPLACE_API_TIMEOUT_MS (an upload takes as long as the browser sends) */
  timeoutMs?: number;
};

/**
 * The one place that talks to the marketplace API: adds the secret, the acting admin and the
 * browser's address, stops at the timeout or when the admin's request is aborted, and turns every
 * failure into a MarketplaceError. Resolves with an answer that is OK (or 304) and `settle`, to be
 * called once its body has been read: the timeout covers the body too until then.
 */
async function send(path: string, options: SendOptions): Promise<{ response: Response; settle: () => void }> {
  const {
    method = "GET",
    query,
    body,
    caller,
    accept = "application/json",
    unauthorizedIsRefusal = false,
    ifNoneMatch,
    stream,
    timeoutMs,
  } = options;
  const env = getServerEnv();
  const url = new URL(path.replace(/^\//, ""), env.MARKETPLACE_API_URL.replace(/\/?$/, "/"));
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") url.searchParams.set(key, String(value));
  }
  const headers = new Headers({ accept });
  headers.set(env.MARKETPLACE_API_KEY_HEADER, env.MARKETPLACE_API_KEY);
  if (caller?.adminUserId !== undefined) headers.set(ACTING_ADMIN_HEADER, String(caller.adminUserId));
  if (caller?.providerId !== undefined) headers.set(ACTING_PROVIDER_HEADER, String(caller.providerId));
  if (caller?.clientAddress) headers.set(CLIENT_ADDRESS_HEADER, caller.clientAddress);
  // a form (an upload) is sent as multipart with its own boundary; anything else as JSON
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers.set("content-type", "application/json");
  if (stream) headers.set("content-type", stream.contentType);
  if (ifNoneMatch) headers.set("if-none-match", ifNoneMatch);
  const idempotencyKey = idempotencyKeyOf(caller, method);
  if (idempotencyKey) headers.set(IDEMPOTENCY_KEY_HEADER, idempotencyKey);

  const scope = requestScope.getStore();
  const observation = scope?.observation;
  if (observation) {
    headers.set(REQUEST_ID_HEADER, observation.requestId);
    if (caller?.adminUserId !== undefined) observation.adminUserId ??= caller.adminUserId;
  }
  if (scope?.unreachable) throw new MarketplaceError("unavailable", API_UNAVAILABLE_MESSAGE, 503);
  const started = performance.now();
  const observe = (status: number) => observation?.apiCall?.(method, status, (performance.now() - started) / 1000);
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new Error("timeout")), timeoutMs ?? env.MARKETPLACE_API_TIMEOUT_MS);
  const settle = () => clearTimeout(timer);
  const signal = caller?.signal ? AbortSignal.any([caller.signal, timeout.signal]) : timeout.signal;
  let response: Response;
  try {
    const sent = stream ? stream.body : body === undefined ? undefined : isForm ? body : JSON.stringify(body);
    // a stream is sent as it is read (duplex "half": the answer may come before it ends); redirect
    // "error" with no window, or fetch keeps a copy of the whole body (a tee) to replay on a redirect
    const streaming = stream ? { duplex: "half", redirect: "error", window: null } : {};
    response = await fetch(url, { method, headers, body: sent, signal, ...streaming } as RequestInit);
    observe(response.status);
  } catch {
    observe(0);
    settle();
    // the API did not answer (not the browser going away): the rest of this request need not wait again
    if (scope && !caller?.signal?.aborted) scope.unreachable = true;
    throw new MarketplaceError("unavailable", API_UNAVAILABLE_MESSAGE, 503);
  }
  if (response.ok || (response.status === 304 && ifNoneMatch)) return { response, settle };

  const json = await response.text().then(parseJson, () => undefined);
  settle();
  throw failureOf(response.status, json, unauthorizedIsRefusal);
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** A refused call in the admin's terms (the API's own message where it gave one). */
function failureOf(status: number, json: unknown, unauthorizedIsRefusal: boolean): MarketplaceError {
  const parsed = ApiErrorBody.safeParse(json);
  const message = parsed.success ? parsed.data.message : `The marketplace API answered ${status}.`;
  // 401 means our own secret is wrong: a configuration fault, not the admin's
  if (status >= 500 || (status === 401 && !unauthorizedIsRefusal))
    return new MarketplaceError("unavailable", API_UNAVAILABLE_MESSAGE, status);
  if (status === 404) return new MarketplaceError("not-found", message, 404);
  if (status === 409) {
    const conflict = ConflictBody.safeParse(json);
    return new MarketplaceError("conflict", message, 409, {}, conflict.success ? conflict.data : undefined);
  }
  const fieldErrors = parsed.success ? (parsed.data.errors ?? {}) : {};
  const kind = Object.keys(fieldErrors).length > 0 || status === 400 ? "invalid" : "refused";
  return new MarketplaceError(kind, message, status, fieldErrors, undefined, json);
}

const notUnderstood = (path: string) =>
  new MarketplaceError("unavailable", `The marketplace API gave an answer this admin does not understand (${path}).`, 502);

type RequestOptions<T extends z.ZodTypeAny> = Omit<SendOptions, "accept"> & {
  /** zod schema the answer must match; omit for answers with no body (204) */
  answer?: T;
  /** receives the answer's ETag, if any */
  onEtag?: (etag: string | null) => void;
};

/** A JSON call: the answer is parsed with its model, never cast. */
export async function apiRequest<T extends z.ZodTypeAny = z.ZodUnknown>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<z.infer<T>> {
  const { answer, onEtag, ...rest } = options;
  const { response, settle } = await send(path, rest);
  onEtag?.(response.headers.get("etag"));
  if (response.status === 304) {
    settle();
    return NOT_MODIFIED as z.infer<T>;
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new MarketplaceError("unavailable", API_UNAVAILABLE_MESSAGE, 503);
  } finally {
    settle();
  }
  if (!answer) return parseJson(text) as z.infer<T>;
  const parsed = answer.safeParse(parseJson(text));
  if (!parsed.success) throw notUnderstood(path);
  return parsed.data;
}

/**
 * A JSON call whose answer also says something in a header (a list's total in x-total-count):
 * the parsed body and the answer's headers.
 */
export async function apiRequestWithHeaders<T extends z.ZodTypeAny>(path: string, options: RequestOptions<T> & { answer: T }) {
  const { response, settle } = await send(path, options);
  let json: unknown;
  try {
    json = parseJson(await response.text());
  } catch {
    throw new MarketplaceError("unavailable", API_UNAVAILABLE_MESSAGE, 503);
  } finally {
    settle();
  }
  const parsed = options.answer.safeParse(json);
  if (!parsed.success) throw notUnderstood(path);
  return { data: parsed.data as z.infer<T>, headers: response.headers };
}

/**
 * An answer streamed through the admin as it comes (a stored file): the timeout covers the wait
 * for the answer, not the reading of a large body; the admin's request aborting stops it.
 */
export async function apiRawRequest(path: string, options: Omit<SendOptions, "body" | "method"> = {}): Promise<Response> {
  const { response, settle } = await send(path, { accept: "*/*", ...options });
  settle();
  return response;
}

/**
 * GET of an NDJSON answer: its rows, each parsed with `row`, as they arrive. Resolves once the
 * API has answered 200 (so a refusal is a MarketplaceError before anything reaches the browser);
 * a row that does not match, or a stream that breaks or ends inside a row, throws from the
 * iterator. Leaving the loop early stops the download from the API.
 */
export async function apiStream<T extends z.ZodTypeAny>(
  path: string,
  options: Omit<SendOptions, "body" | "method" | "accept"> & { row: T },
): Promise<AsyncIterable<z.infer<T>>> {
  const { row, ...rest } = options;
  const { response, settle } = await send(path, { ...rest, accept: "application/x-ndjson" });
  settle();
  const body = response.body;
  if (response.status !== 200 || !body || !response.headers.get("content-type")?.startsWith("application/x-ndjson")) {
    await body?.cancel().catch(() => undefined);
    throw notUnderstood(path);
  }
  return {
    async *[Symbol.asyncIterator]() {
      const reader = body.pipeThrough(new TextDecoderStream()).getReader();
      let pending = "";
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          pending += value;
          let start = 0;
          for (let nl = pending.indexOf("\n"); nl !== -1; nl = pending.indexOf("\n", start)) {
            const line = pending.slice(start, nl);
            start = nl + 1;
            if (!line) continue;
            const parsed = row.safeParse(parseJson(line));
            if (!parsed.success) throw notUnderstood(path);
            yield parsed.data;
          }
          pending = pending.slice(start);
        }
        if (pending.trim()) throw new MarketplaceError("unavailable", `The marketplace API's answer ended inside a row (${path}).`, 502);
      } finally {
        await reader.cancel().catch(() => undefined);
      }
    },
  };
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
