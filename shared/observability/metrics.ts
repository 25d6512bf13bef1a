/**
 * Both servers' Prometheus metrics (prom-client), served at GET /metrics behind METRICS_TOKEN.
 *
 * Each server keeps its own registry (not prom-client's global one: the tests run several servers in
 * one process) with the process's own series (memory, CPU, event-loop lag, GC, handles) and a
 * request counter and duration histogram labelled by method, **route pattern** and status. The route
 * is the pattern the request matched (`/service-providers/:id`, `/admin/users/:id`), never the URL: a
 * label per id would grow without end. A request that matched no route is `unmatched`.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";

export type HttpMetrics = {
  registry: Registry;
  /** one answered request: its method, route pattern, status and duration in seconds */
  observe(method: string, route: string, status: number, seconds: number): void;
};

/** Seconds: the pages' budget is 0.1–0.2 s, exports take several seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 1, 2.5, 5, 10, 30];

export const UNMATCHED_ROUTE = "unmatched";

export function createHttpMetrics({ defaults = true }: { defaults?: boolean } = {}): HttpMetrics {
  const registry = new Registry();
  if (defaults) collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const labelNames = ["method", "route", "status"] as const;
  const requests = new Counter({
    name: "http_requests_total",
    help: "Requests answered, by method, route pattern and status",
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by method, route pattern and status",
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  return {
    registry,
    observe(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
  };
}

export type MetricsAnswer = { status: number; headers: Record<string, string>; body: string };

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

/**
 * GET /metrics: the registry's text when the request carries `Authorization: Bearer <METRICS_TOKEN>`;
 * 401 with a wrong or missing token; 404 when no token is set (metrics are off, not public).
 */
export async function metricsAnswer(
  registry: Registry | undefined,
  token: string | undefined,
  authorization: string | undefined,
): Promise<MetricsAnswer> {
  const text = { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" };
  if (!token || !registry) return { status: 404, headers: text, body: "Metrics are off: set METRICS_TOKEN to serve them.\n" };
  const sent = /^Bearer\s+(.+)$/i.exec(authorization ?? "")?.[1]?.trim() ?? "";
  if (!timingSafeEqual(digest(sent), digest(token))) {
    return { status: 401, headers: { ...text, "www-authenticate": 'Bearer realm="metrics"' }, body: "Unauthorized\n" };
  }
  return { status: 200, headers: { "content-type": registry.contentType, "cache-control": "no-store" }, body: await registry.metrics() };
}
