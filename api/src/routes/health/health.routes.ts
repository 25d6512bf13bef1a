/**
 * Health and readiness for a load balancer (ours): both answer without the secret (a balancer's
 * probe carries none) and tell nothing about the data. GET /healthz: the process is up. GET
 * /readyz: it should get traffic — the database answers and the process is not stopping (after
 * SIGTERM it answers 503 "draining" while in-flight requests finish, so new ones go elsewhere).
 *
 * The calls' definitions (paths, validation, answers, OpenAPI): health.handlers.ts serves them.
 */
import { bytes, chosenByUs, createRoute, json, z } from "../../lib/openapi";

export const Status = z.object({ status: z.enum(["ok", "ready", "draining", "not ready"]), reason: z.string().optional() });

export const healthRoute = createRoute({
  method: "get",
  path: "/healthz",
  summary: "Liveness: the process is up (no secret needed)",
  ...chosenByUs("For a load balancer or supervisor: 200 while the process runs; reads nothing."),
  security: [],
  responses: { 200: json(Status.openapi("HealthStatus"), "Up") },
});

export const readyRoute = createRoute({
  method: "get",
  path: "/readyz",
  summary: "Readiness: the database answers and the process is not stopping (no secret needed)",
  ...chosenByUs(
    "For a load balancer: 200 when this process should get requests; 503 with the reason (the database not answering, or draining after SIGTERM).",
  ),
  security: [],
  responses: { 200: json(Status, "Ready"), 503: json(Status, "Not ready: the reason") },
});

export const metricsRoute = createRoute({
  method: "get",
  path: "/metrics",
  summary: "Prometheus metrics (a bearer token of their own, not the secret)",
  ...chosenByUs(
    "For Prometheus: the text format, with `Authorization: Bearer <METRICS_TOKEN>`: requests by route pattern and status, outbox and bulk jobs by state, sign-in failures and blocks, pool use, memory, event-loop lag. 404 when METRICS_TOKEN is not set.",
  ),
  security: [{ metricsToken: [] }],
  responses: {
    200: bytes("Prometheus text format 0.0.4", ["text/plain; version=0.0.4; charset=utf-8"]),
    401: bytes("No token, or the wrong one", ["text/plain; charset=utf-8"]),
    404: bytes("Metrics are off (METRICS_TOKEN is not set)", ["text/plain; charset=utf-8"]),
  },
});
