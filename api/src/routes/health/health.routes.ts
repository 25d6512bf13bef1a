/**
 * Health and readiness for a load balancer (ours): both answer without the secret (a balancer's
 * probe carries none) and tell nothing about the data. GET /healthz: the process is up. GET
 * /readyz: it should get traffic — the database answers and the process is not stopping (after
 * SIGTERM it answers 503 "draining" while in-flight requests finish, so new ones go elsewhere).
 *
 * The calls' definitions (paths, validation, answers, OpenAPI): health.handlers.ts serves them.
 */
import { chosenByUs, createRoute, json, z } from "../../lib/openapi";

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
