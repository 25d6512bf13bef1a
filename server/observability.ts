/**
 * What operations sees of the admin (as api/src/lib/observability.ts for the API): each request gets
 * an id (x-request-id, sent on to the API with every call it makes and stored on the audit entries
 * those calls write), one log line when it ends, and its place in the Prometheus series at
 * GET /metrics (METRICS_TOKEN).
 *
 * The route label is the Remix route pattern the URL matches (`/admin/users/:id`), a page and its
 * `.data` request alike; files under /build and public/ are `static`; anything else `unmatched`.
 */
import type { ServerBuild } from "@remix-run/node";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { Counter, Histogram } from "prom-client";
import { REQUEST_ID_HEADER } from "~contract/api";
import { errorFields, type Logger } from "~shared/observability/logger";
import { createHttpMetrics, metricsAnswer, UNMATCHED_ROUTE, type HttpMetrics } from "~shared/observability/metrics";
import { requestIdFrom, type RequestObservation } from "~shared/observability/request-id";

/** Remix's route tree, from the build's flat table, for @remix-run/router's matcher. */
function routeTree(build: ServerBuild): AgnosticRouteObject[] {
  const byParent = new Map<string | undefined, ServerBuild["routes"][string][]>();
  for (const route of Object.values(build.routes)) {
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const childrenOf = (parentId: string | undefined): AgnosticRouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, path: route.path, index: true, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: childrenOf(route.id) },
    );
  return childrenOf(undefined);
}

/** Answered by the server itself, before Remix (server/health.ts, /metrics). */
const SERVER_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

/** URL path → the route pattern that answers it (`/admin/users/:id`), for labels and log lines. */
export function routePatterns(build: ServerBuild): (path: string) => string {
  const tree = routeTree(build);
  const staticPrefix = `${build.publicPath.replace(/\/$/, "")}/`;
  const cache = new Map<string, string>();
  return (path) => {
    if (path.startsWith(staticPrefix)) return "static";
    if (SERVER_PATHS.has(path)) return path;
    // a client navigation's data request: /admin/users.data, and /_root.data for "/"
    const page = path === "/_root.data" ? "/" : path.endsWith(".data") ? path.slice(0, -".data".length) : path;
    const known = cache.get(page);
    if (known) return known;
    const matches = matchRoutes(tree, page);
    const last = matches?.at(-1);
    // the root's catch-all splat answers unknown URLs with its 404 page
    const pattern =
      !matches || !last || last.route.path === "*"
        ? UNMATCHED_ROUTE
        : "/" +
          matches
            .map((match) => match.route.path)
            .filter(Boolean)
            .join("/");
    // patterns are few; URLs with ids are not: keep only what is bounded
    if (pattern !== page || cache.size < 1000) cache.set(page, pattern);
    return pattern;
  };
}

export type AdminMetrics = HttpMetrics & {
  /** one call to the marketplace API: its method, status (0: no answer) and duration */
  observeApiCall(method: string, status: number, seconds: number): void;
};

export function createAdminMetrics(): AdminMetrics {
  const http = createHttpMetrics();
  const registers = [http.registry];
  const calls = new Counter({
    name: "marketplace_api_calls_total",
    help: "Calls the admin made to the marketplace API, by method and status (0: no answer: refused, timed out)",
    labelNames: ["method", "status"],
    registers,
  });
  const callDuration = new Histogram({
    name: "marketplace_api_call_duration_seconds",
    help: "Time of the admin's calls to the marketplace API until their answer's headers, by method",
    labelNames: ["method"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 8],
    registers,
  });
  return {
    ...http,
    observeApiCall(method, status, seconds) {
      calls.inc({ method, status: String(status) });
      callDuration.observe({ method }, seconds);
    },
  };
}

/** Probes and scrapes come every few seconds: logged at debug, not info; static files not at all below debug. */
const QUIET_ROUTES = new Set(["/healthz", "/readyz", "/metrics", "static"]);

/**
 * Gives the request its id (a proxy's well-formed x-request-id is kept when `trustSentId`, i.e. the
 * admin sits behind proxies named in TRUST_PROXY), answers with it, and when the answer ends writes
 * the log line and the metrics. Must come first, so refusals (403, 413) are seen too.
 */
export function observeRequests({
  logger,
  metrics,
  routeOf,
  trustSentId,
}: {
  logger?: Logger;
  metrics?: AdminMetrics;
  routeOf: (path: string) => string;
  trustSentId: boolean;
}): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    const observation: RequestObservation = {
      requestId: requestIdFrom(trustSentId ? req.get(REQUEST_ID_HEADER) : undefined),
      apiCall: metrics?.observeApiCall,
    };
    if (logger) observation.logError = (note, error) => logger.error({ reqId: observation.requestId, err: errorFields(error) }, note);
    res.locals.observation = observation;
    res.set(REQUEST_ID_HEADER, observation.requestId);
    res.once("close", () => {
      const seconds = (performance.now() - started) / 1000;
      const route = routeOf(req.path);
      // the browser went away before the answer ended
      const aborted = !res.writableFinished;
      metrics?.observe(req.method, route, res.statusCode, seconds);
      if (!logger) return;
      // a probe's 503 while draining is the answer the balancer needs, not an error
      const level = QUIET_ROUTES.has(route) ? "debug" : res.statusCode >= 500 ? "error" : "info";
      logger[level](
        {
          reqId: observation.requestId,
          method: req.method,
          route,
          path: req.path,
          status: res.statusCode,
          ms: Math.round(seconds * 10_000) / 10,
          admin: observation.adminUserId,
          ...(aborted ? { aborted: true } : {}),
        },
        "request",
      );
    });
    next();
  };
}

/** GET /metrics: Prometheus' text behind METRICS_TOKEN (404 without one). */
export function metricsRoute(metrics: HttpMetrics | undefined, token: string | undefined): RequestHandler {
  return (req, res, next) => {
    if (req.path !== "/metrics" || req.method !== "GET") return next();
    metricsAnswer(metrics?.registry, token, req.get("authorization")).then(
      (answer) => res.status(answer.status).set(answer.headers).send(answer.body),
      next,
    );
  };
}
