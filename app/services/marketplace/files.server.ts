import { API_UNAVAILABLE_MESSAGE, MarketplaceError, type Caller } from "./client.server";
import { ACTING_ADMIN_HEADER, ApiErrorBody } from "~/models/api";
import { getServerEnv } from "../env.server";

/**
 * A raw answer of the marketplace API (not JSON-parsed): file bodies to stream through the admin,
 * and lists whose total travels in a header. Same secret, acting admin and failure kinds as
 * apiRequest; the timeout covers waiting for the headers, not reading a large body.
 */
export async function apiRawRequest(
  path: string,
  { query, caller, accept = "*/*" }: { query?: Record<string, string | number | undefined>; caller?: Caller; accept?: string } = {},
): Promise<Response> {
  const env = getServerEnv();
  const url = new URL(path.replace(/^\//, ""), env.MARKETPLACE_API_URL.replace(/\/?$/, "/"));
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== "") url.searchParams.set(key, String(value));
  }
  const headers = new Headers({ accept });
  headers.set(env.MARKETPLACE_API_KEY_HEADER, env.MARKETPLACE_API_KEY);
  if (caller?.adminUserId !== undefined) headers.set(ACTING_ADMIN_HEADER, String(caller.adminUserId));

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), env.MARKETPLACE_API_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, { headers, signal: controller.signal });
  } catch {
    throw new MarketplaceError("unavailable", API_UNAVAILABLE_MESSAGE, 503);
  } finally {
    clearTimeout(timer);
  }
  if (response.ok) return response;

  const text = await response.text().catch(() => "");
  let message = `The marketplace API answered ${response.status}.`;
  try {
    const parsed = ApiErrorBody.safeParse(JSON.parse(text));
    if (parsed.success) message = parsed.data.message;
  } catch {
    // not JSON: keep the generic message
  }
  if (response.status >= 500 || response.status === 401) {
    throw new MarketplaceError("unavailable", API_UNAVAILABLE_MESSAGE, response.status);
  }
  if (response.status === 404) throw new MarketplaceError("not-found", message, 404);
  throw new MarketplaceError(response.status === 400 ? "invalid" : "refused", message, response.status);
}

/** GET /files/{name}: the stored file as a streamable Response (MarketplaceError when it fails). */
export function fetchStoredFile(name: string, caller: Caller): Promise<Response> {
  return apiRawRequest(`/files/${encodeURIComponent(name)}`, { caller });
}
