/**
 * What operations sees of the API: one log line per request (shared/observability/logger.ts) and the
 * Prometheus series at GET /metrics (shared/observability/metrics.ts), both from one middleware that
 * also gives each request its id (x-request-id: the admin's, or a new one) for the audit log.
 *
 * Beyond the requests' series, /metrics reads at each scrape: the outbox's rows by state and the age
 * of its oldest queued row, bulk jobs by state, and (PostgreSQL) the connection pool's use; and counts
 * sign-in failures, blocks and refusals as they happen (lib/login-throttle.ts reports them).
 */
import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { count, eq, sql } from "drizzle-orm";
import { Counter, Gauge } from "prom-client";
import { ACTING_ADMIN_HEADER, ACTING_PROVIDER_HEADER, REQUEST_ID_HEADER } from "~contract/api";
import type { Logger } from "~shared/observability/logger";
import { createHttpMetrics, metricsAnswer, UNMATCHED_ROUTE, type HttpMetrics } from "~shared/observability/metrics";
import { requestIdFrom } from "~shared/observability/request-id";
import type { Database } from "../db/client";
import { bulkJobs, outbox } from "../db/schema";
import { requestContext } from "./request-context";

/** Probes and scrapes come every few seconds: logged at debug, not info. */
const QUIET_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

/** The pattern of the call that answered (`/service-providers/:id`), or `unmatched`. */
function routeOf(c: Parameters<MiddlewareHandler>[0]): string {
  const path = routePath(c, -1);
  return path && path !== "*" && path !== "/*" ? path : UNMATCHED_ROUTE;
}

export function observeRequests({ logger, metrics }: { logger?: Logger; metrics?: HttpMetrics }): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const requestId = requestIdFrom(c.req.header(REQUEST_ID_HEADER));
    try {
      await requestContext.run({ requestId }, next);
    } finally {
      const status = c.res.status;
      const seconds = (performance.now() - started) / 1000;
      const route = routeOf(c);
      try {
        c.res.headers.set(REQUEST_ID_HEADER, requestId);
      } catch {
        // an answer with immutable headers (a proxied fetch response) goes without it
      }
      metrics?.observe(c.req.method, route, status, seconds);
      if (logger) {
        const admin = Number(c.req.header(ACTING_ADMIN_HEADER)) || undefined;
        const provider = Number(c.req.header(ACTING_PROVIDER_HEADER)) || undefined;
        // a probe's 503 while draining is the answer the balancer needs, not an error
        const level = QUIET_PATHS.has(c.req.path) ? "debug" : status >= 500 ? "error" : "info";
        logger[level](
          {
            reqId: requestId,
            method: c.req.method,
            route,
            path: c.req.path,
            status,
            ms: Math.round(seconds * 10_000) / 10,
            admin,
            provider,
          },
          "request",
        );
      }
    }
  };
}

export type SignInEvents = {
  /** a wrong password (or unknown username) */
  failed(): void;
  /** a failure reached a limit: the pair (username + address) or the address is blocked */
  blocked(limit: "pair" | "address"): void;
  /** an attempt refused because its pair or address is blocked */
  refused(limit: "pair" | "address"): void;
};

export type ApiMetrics = HttpMetrics & {
  token: string;
  signIns: (portal: "admin" | "provider") => SignInEvents;
  answer: (authorization: string | undefined) => ReturnType<typeof metricsAnswer>;
};

type PoolLike = { totalCount: number; idleCount: number; waitingCount: number };
const isPool = (value: unknown): value is PoolLike =>
  typeof value === "object" && value !== null && typeof (value as PoolLike).totalCount === "number";

/** The API's registry: requests, sign-ins, and what the database says at each scrape. */
export function createApiMetrics(db: Database, token: string): ApiMetrics {
  const http = createHttpMetrics();
  const registers = [http.registry];

  const failures = new Counter({
    name: "sign_in_failures_total",
    help: "Sign-ins with a wrong username or password, by portal",
    labelNames: ["portal"],
    registers,
  });
  const blocks = new Counter({
    name: "sign_in_blocks_total",
    help: "Failures that reached a limit and blocked a username + address pair or an address, by portal and limit",
    labelNames: ["portal", "limit"],
    registers,
  });
  const refusals = new Counter({
    name: "sign_in_refused_total",
    help: "Sign-ins refused while their pair or address was blocked, by portal and limit",
    labelNames: ["portal", "limit"],
    registers,
  });

  new Gauge({
    name: "outbox_rows",
    help: "Outbox rows (emails and WhatsApp messages) by state",
    labelNames: ["state"],
    registers,
    async collect() {
      const rows = await db.select({ state: outbox.status, rows: count() }).from(outbox).groupBy(outbox.status);
      this.reset();
      for (const state of ["queued", "sent", "failed"]) this.set({ state }, 0);
      for (const row of rows) this.set({ state: row.state }, row.rows);
    },
  });
  new Gauge({
    name: "outbox_oldest_queued_age_seconds",
    help: "How long the oldest queued outbox row has waited (0 when none is queued)",
    registers,
    async collect() {
      const [oldest] = await db
        .select({ age: sql<number | null>`extract(epoch from now() - min(${outbox.created_at}))::float8` })
        .from(outbox)
        .where(eq(outbox.status, "queued"));
      this.set(Math.max(0, Number(oldest?.age ?? 0)));
    },
  });
  new Gauge({
    name: "bulk_jobs",
    help: "Bulk jobs by state",
    labelNames: ["state"],
    registers,
    async collect() {
      const rows = await db.select({ state: bulkJobs.state, jobs: count() }).from(bulkJobs).groupBy(bulkJobs.state);
      this.reset();
      for (const state of ["queued", "running", "cancelling", "cancelled", "done"]) this.set({ state }, 0);
      for (const row of rows) this.set({ state: row.state }, row.jobs);
    },
  });
  const client = (db as unknown as { $client?: unknown }).$client;
  if (isPool(client)) {
    new Gauge({
      name: "db_pool_connections",
      help: "PostgreSQL pool connections: open (total), idle, and requests waiting for one",
      labelNames: ["state"],
      registers,
      collect() {
        this.set({ state: "total" }, client.totalCount);
        this.set({ state: "idle" }, client.idleCount);
        this.set({ state: "waiting" }, client.waitingCount);
      },
    });
  }

  return {
    ...http,
    token,
    signIns: (portal) => ({
      failed: () => failures.inc({ portal }),
      blocked: (limit) => blocks.inc({ portal, limit }),
      refused: (limit) => refusals.inc({ portal, limit }),
    }),
    answer: (authorization) => metricsAnswer(http.registry, token, authorization),
  };
}
