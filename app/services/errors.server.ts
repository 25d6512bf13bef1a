import { API_UNAVAILABLE_MESSAGE, MarketplaceError } from "./marketplace/client.server";

/**
 * In a loader's catch: turns a MarketplaceError into the Response the route's error boundary shows
 * (not-found → 404, unavailable → 503 with the clear message); anything else is rethrown as is.
 */
export function throwLoaderError(error: unknown): never {
  if (error instanceof MarketplaceError) {
    if (error.kind === "not-found") {
      throw new Response(error.message || "Not found", { status: 404, statusText: "Not Found" });
    }
    if (error.kind === "unavailable") {
      throw new Response(API_UNAVAILABLE_MESSAGE, { status: 503, statusText: "Service Unavailable" });
    }
  }
  throw error;
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
