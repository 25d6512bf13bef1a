/**
 * What a load balancer asks the admin process (answered before sessions and Remix, without a
 * secret, never stored):
 *
 * - GET /healthz: 200 "ok" whenever the process answers (reads nothing, asks nobody).
 * - GET /readyz: 200 "ready" when this process should get requests: it is not stopping and the
 *   marketplace API's own /readyz (which checks its database) answers 200 within a short time;
 *   otherwise 503 with the reason ("draining", or "marketplace API not ready: …").
 */
import type { Request, Response, Router } from "express";
import express from "express";

/** How long /readyz waits for the API's /readyz. */
export const READY_PROBE_TIMEOUT_MS = 2000;

export type Readiness = { ready: true } | { ready: false; reason: string };

/** Asks the marketplace API's /readyz (no key needed) whether it can serve. */
export async function probeApi(apiUrl: string | undefined, timeoutMs = READY_PROBE_TIMEOUT_MS): Promise<Readiness> {
  if (!apiUrl) return { ready: false, reason: "marketplace API not ready: MARKETPLACE_API_URL is not set" };
  let url: URL;
  try {
    url = new URL("readyz", apiUrl.replace(/\/?$/, "/"));
  } catch {
    return { ready: false, reason: "marketplace API not ready: MARKETPLACE_API_URL is not a URL" };
  }
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { Accept: "application/json" } });
    if (answer.ok) {
      await answer.body?.cancel();
      return { ready: true };
    }
    // the API says why (its database, or draining) in a small JSON body
    const text = await answer.text().catch(() => "");
    let why = `status ${answer.status}`;
    try {
      const body = JSON.parse(text) as { status?: unknown; reason?: unknown };
      if (typeof body.reason === "string") why += ` (${body.reason.slice(0, 200)})`;
      else if (typeof body.status === "string") why += ` (${body.status.slice(0, 200)})`;
    } catch {
      // not the API's JSON: the status alone
    }
    return { ready: false, reason: `marketplace API not ready: ${why}` };
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    if (name === "TimeoutError" || name === "AbortError") {
      return { ready: false, reason: `marketplace API not ready: no answer within ${timeoutMs} ms` };
    }
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const code = (cause as { code?: unknown } | null)?.code;
    const message = typeof code === "string" ? code : cause instanceof Error ? cause.message : String(cause);
    return { ready: false, reason: `marketplace API not ready: ${message.slice(0, 200)}` };
  }
}

export type HealthOptions = {
  /** MARKETPLACE_API_URL */
  apiUrl?: string;
  /** true from SIGTERM/SIGINT on (shared/drain.ts) */
  draining?: () => boolean;
  readyTimeoutMs?: number;
};

function plain(res: Response, status: number, text: string) {
  res.status(status);
  res.set("Cache-Control", "no-store");
  res.type("text/plain");
  res.send(text);
}

/** GET (and HEAD) /healthz and /readyz. */
export function healthRoutes({ apiUrl, draining = () => false, readyTimeoutMs = READY_PROBE_TIMEOUT_MS }: HealthOptions = {}): Router {
  const router = express.Router();
  router.get("/healthz", (_req: Request, res: Response) => plain(res, 200, "ok"));
  router.get("/readyz", async (_req: Request, res: Response) => {
    if (draining()) return plain(res, 503, "draining");
    const readiness = await probeApi(apiUrl, readyTimeoutMs);
    // a signal may have come while the API was asked
    if (draining()) return plain(res, 503, "draining");
    if (readiness.ready) return plain(res, 200, "ready");
    plain(res, 503, readiness.reason);
  });
  return router;
}
