import type { MiddlewareHandler } from "hono";

/**
 * Calls this API is answering now, but for long streams (the report's NDJSON): a stream's next
 * batch waits while other calls are in flight, so on PGlite (one thread for every query) an admin's
 * page is not held behind an export's batch.
 */
export function inFlightCounter() {
  let count = 0;
  const middleware: MiddlewareHandler = async (c, next) => {
    if (c.req.query("format") === "ndjson") return next();
    count++;
    try {
      await next();
    } finally {
      count--;
    }
  };
  return { middleware, othersInFlight: () => count };
}
