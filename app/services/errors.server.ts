import { redirect } from "@remix-run/node";
import type { TotalKind } from "~contract/list-total";
import { API_UNAVAILABLE_MESSAGE, MarketplaceError } from "./marketplace/client.server";

/**
 * In a loader's catch: turns a MarketplaceError into the Response the route's error boundary shows
 * (not-found → 404, the API's 403 → 403 with its words, a 400 → 400 with the API's field
 * messages, which name what in the address it refused; unavailable → 503 with the clear message);
 * anything else is rethrown as is.
 */
export function throwLoaderError(error: unknown): never {
  throw loaderResponseOf(error);
}

/** What a loader throws for a failed call (see throwLoaderError): a Response, or the error itself. */
export function loaderResponseOf(error: unknown): unknown {
  if (error instanceof MarketplaceError) {
    if (error.kind === "not-found") return new Response(error.message || "Not found", { status: 404, statusText: "Not Found" });
    if (error.kind === "refused" && error.status === 403) return new Response(error.message, { status: 403, statusText: "Forbidden" });
    if (error.kind === "invalid") return new Response(refusedInput(error), { status: 400, statusText: "Bad Request" });
    if (error.kind === "unavailable") {
      return new Response(API_UNAVAILABLE_MESSAGE, { status: 503, statusText: "Service Unavailable" });
    }
  }
  return error;
}

/** The API's reasons for a 400, as one sentence per field ("Search must not contain …"). */
function refusedInput(error: MarketplaceError): string {
  const messages = [...new Set(Object.values(error.fieldErrors))];
  return (messages.length > 0 ? messages : [error.message]).map((m) => (/[.!?]$/.test(m) ? m : `${m}.`)).join(" ");
}

/** Runs a loader step and turns API failures into the error boundary's responses. */
export async function orThrowLoaderError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Response) throw error;
    throwLoaderError(error);
  }
}

/**
 * In a `.catch` of a secondary read (a filter's options, the bell's notices): an API failure
 * gives null, so the page still works and says what is missing; anything else is rethrown.
 */
export function nullOnApiFailure(error: unknown): null {
  if (error instanceof MarketplaceError) return null;
  throw error;
}

/**
 * A page number past the last page of `total` rows (a stale bookmark, rows deleted since):
 * redirects to the last page, every other key of the URL kept. Only when the total is exact: an
 * estimated one ("about", "more than") does not know where the last page is.
 */
export function redirectPastLastPage(
  url: URL,
  params: URLSearchParams,
  page: number,
  pageSize: number,
  total: number,
  totalKind: TotalKind = "exact",
) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (page > pages && total > 0 && totalKind === "exact") {
    params.set("page", String(pages));
    throw redirect(`${url.pathname}?${params}`);
  }
}
