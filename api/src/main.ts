/**
 * The marketplace API as a standalone server.
 * Env: MARKETPLACE_API_KEY (required, ≥ 8 chars), MARKETPLACE_API_KEY_HEADER (x-api-key),
 * API_HOST (127.0.0.1), API_PORT (4010; 0 = any free port), DATABASE_URL (PostgreSQL) or
 * PGLITE_DIR (./data/pglite), SEED_DEMO (true: seed demo data into an empty database, and write the
 * demo files its documents and order files name), DEMO_BASE_DATE (unset: the demo is dated up to today;
 * YYYY-MM-DD: dated from that day, as the tests' fixed rows are), FILES_DIR (./data/files: where stored files live),
 * SMTP_URL / SMTP_FROM / WHATSAPP_WEBHOOK_URL and OUTBOX_* (outbox delivery, see api/src/outbox/delivery.ts),
 * BULK_JOB_BATCH_SIZE / BULK_JOB_LEASE_SECONDS (bulk jobs, see api/src/bulk-jobs/runner.ts),
 * DRAIN_DELAY_SECONDS (0: after SIGTERM, how long /readyz answers 503 before the listener closes) and
 * SHUTDOWN_GRACE_SECONDS (30: then how long requests in flight may take to finish).
 */
import { serve } from "@hono/node-server";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import { DEFAULT_API_KEY_HEADER } from "~contract/api";
import { createApi } from "./app";
import { OUTBOX_DEFAULTS } from "./outbox/delivery";
import { openDatabase } from "./db/client";
import { runDataFixes } from "./db/data-fixes";
import { presentSeedBase, seedDemoOnce } from "./seed/seed";
import { storageFromEnv } from "./storage";
import { ensureSeededFiles } from "./storage/seeded-files";
import { cataloguedStorage } from "./storage/catalogue";
import { createDrain } from "~shared/drain";

const Env = z.object({
  MARKETPLACE_API_KEY: z
    .string({ required_error: "MARKETPLACE_API_KEY is required" })
    .min(8, "MARKETPLACE_API_KEY must be at least 8 characters"),
  MARKETPLACE_API_KEY_HEADER: z.string().trim().min(1).default(DEFAULT_API_KEY_HEADER),
  API_HOST: z.string().trim().min(1).default("127.0.0.1"),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(4010),
  DATABASE_URL: z.string().trim().optional(),
  PGLITE_DIR: z.string().trim().min(1).default("./data/pglite"),
  SEED_DEMO: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  /** unset: the demo data lives in the present (the last 90 days, bookings today); a date: the fixed demo dated from it (tests) */
  DEMO_BASE_DATE: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "DEMO_BASE_DATE must be a date like 2026-01-01")
    .transform((day) => new Date(`${day}T00:00:00.000+05:30`))
    .refine((date) => !Number.isNaN(date.getTime()), "DEMO_BASE_DATE must be a real date like 2026-01-01")
    .optional(),
  SMTP_URL: z.string().trim().url("SMTP_URL must be a URL like smtp://127.0.0.1:2525").optional(),
  SMTP_FROM: z.string().trim().min(1).optional(),
  WHATSAPP_WEBHOOK_URL: z.string().trim().url("WHATSAPP_WEBHOOK_URL must be a URL").optional(),
  /** outbox delivery across processes (api/src/outbox/delivery.ts OUTBOX_DEFAULTS) */
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).optional(),
  OUTBOX_RETRY_BASE_SECONDS: z.coerce.number().min(0.1).max(86_400).optional(),
  OUTBOX_POLL_SECONDS: z.coerce.number().min(0.1).max(3600).optional(),
  OUTBOX_LEASE_SECONDS: z.coerce.number().min(1).max(86_400).optional(),
  OUTBOX_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** bulk jobs (api/src/bulk-jobs/runner.ts BULK_JOB_DEFAULTS): rows per batch, and how long a dead runner's claim holds */
  BULK_JOB_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).optional(),
  BULK_JOB_LEASE_SECONDS: z.coerce.number().min(1).max(86_400).optional(),
  /** how long SIGTERM waits for requests in flight (streamed exports) before the process ends anyway */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  /** after SIGTERM, how long the process still takes connections while /readyz answers 503 (the balancer's time to notice) */
  DRAIN_DELAY_SECONDS: z.coerce.number().min(0).max(600).default(0),
  /** live sessions one admin may hold; a sign-in past it ends their least recently used (tests raise it: their fixtures sign the demo admins in per test) */
  ADMIN_MAX_SESSIONS: z.coerce.number().int().min(1).max(1000).optional(),
  /** TEST ONLY (the e2e servers): POST /test-fixtures/orders */
  API_TEST_FIXTURES: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
});

const parsed = Env.safeParse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== "")));
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(`Marketplace API: ${issue.path.join(".")}: ${issue.message}`);
  process.exit(1);
}
const env = parsed.data;
if (env.API_TEST_FIXTURES && process.env.NODE_ENV === "production") {
  console.error("Marketplace API: API_TEST_FIXTURES is for tests only and is refused when NODE_ENV=production");
  process.exit(1);
}

// migrations run under the database's start-up lock: API processes started together apply them once
const opened = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.PGLITE_DIR }).catch((error: unknown) => {
  console.error(`Marketplace API: cannot open the database: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
// one-time data fixes the migrations asked for (api/src/db/data-fixes.ts), under the same lock
try {
  for (const line of await opened.exclusive(() => runDataFixes(opened.db))) console.log(`Marketplace API: data fix ${line}`);
} catch (error) {
  console.error(`Marketplace API: a data fix failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
// catalogued (stored_files) from the start, so the demo files are listed by the bucket manager
const files = cataloguedStorage(opened.db, storageFromEnv());
if (env.SEED_DEMO) {
  // under the same lock: of several processes started on an empty database, one seeds
  const now = new Date();
  const summary = await seedDemoOnce(
    opened,
    env.DEMO_BASE_DATE ? { base: env.DEMO_BASE_DATE } : { base: presentSeedBase(now), present: now },
  );
  if (summary)
    console.log(
      `Seeded demo data: ${summary.adminUsers} admin users, ${summary.categories} categories, ${summary.faqs} FAQs${summary.recent ? `, dated up to today (${summary.recent.orders} orders over the last 90 days, ${summary.recent.ordersToday} today)` : ""}`,
    );
  // demo files are a convenience: a name the storage refuses, or a storage that is down, is
  // reported and the API serves anyway. Under the lock too, so two processes do not write one name.
  await opened.exclusive(async () => {
    try {
      const { written, skipped } = await ensureSeededFiles(opened.db, files);
      if (written > 0) console.log(`Wrote ${written} demo files to the file storage`);
      for (const { name, why } of skipped) console.error(`[api] demo file ${JSON.stringify(name)} not written: ${why}`);
    } catch (error) {
      console.error(`[api] demo files not written: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
}

const seconds = (value: number | undefined) => (value === undefined ? undefined : Math.round(value * 1000));
if (env.OUTBOX_LEASE_SECONDS !== undefined && env.OUTBOX_LEASE_SECONDS * 1000 < OUTBOX_DEFAULTS.timeoutMs) {
  console.warn(
    `Marketplace API: OUTBOX_LEASE_SECONDS=${env.OUTBOX_LEASE_SECONDS} is below a send's ${OUTBOX_DEFAULTS.timeoutMs / 1000} s limit: another process may claim a slow send's row and send it again`,
  );
}
const api = createApi({
  db: opened.db,
  apiKey: env.MARKETPLACE_API_KEY,
  apiKeyHeader: env.MARKETPLACE_API_KEY_HEADER,
  files,
  smtpUrl: env.SMTP_URL,
  smtpFrom: env.SMTP_FROM,
  whatsappWebhookUrl: env.WHATSAPP_WEBHOOK_URL,
  outboxDelivery: {
    maxAttempts: env.OUTBOX_MAX_ATTEMPTS,
    retryBaseMs: seconds(env.OUTBOX_RETRY_BASE_SECONDS),
    pollMs: seconds(env.OUTBOX_POLL_SECONDS),
    leaseMs: seconds(env.OUTBOX_LEASE_SECONDS),
    concurrency: env.OUTBOX_CONCURRENCY,
  },
  pollOutbox: true,
  bulkJobs: { batchSize: env.BULK_JOB_BATCH_SIZE, leaseMs: seconds(env.BULK_JOB_LEASE_SECONDS) },
  pollBulkJobs: true,
  testFixtures: env.API_TEST_FIXTURES,
  maxSessionsPerAdmin: env.ADMIN_MAX_SESSIONS,
});
if (env.API_TEST_FIXTURES) console.log("Marketplace API: TEST FIXTURES ON (POST /test-fixtures/orders) — never in production");
const server = serve({ fetch: api.fetch, hostname: env.API_HOST, port: env.API_PORT }, (info: AddressInfo) => {
  const host = info.family === "IPv6" ? `[${info.address}]` : info.address;
  console.log(`Marketplace API listening on http://${host}:${info.port}`);
});
// follows its connections, so stopping ends idle and finished keep-alive ones at once (shared/drain.ts)
const drain = createDrain();
drain.watch(server as Server);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  console.log(
    `Marketplace API: ${signal}, draining (listening ${env.DRAIN_DELAY_SECONDS} s more, then up to ${env.SHUTDOWN_GRACE_SECONDS} s)`,
  );
  const force = setTimeout(
    () => {
      console.error(`Marketplace API: requests still in flight after ${env.SHUTDOWN_GRACE_SECONDS} s; stopping anyway`);
      process.exit(1);
    },
    (env.DRAIN_DELAY_SECONDS + env.SHUTDOWN_GRACE_SECONDS) * 1000,
  );
  force.unref();
  // /readyz answers 503 from now on (every answer closing its connection); requests in flight
  // finish before the server closes
  api.startDraining();
  // after the drain delay the listener closes; idle connections (a balancer's spare ones included)
  // are closed now, the others after their response in flight
  await drain.stop({ delayMs: env.DRAIN_DELAY_SECONDS * 1000 });
  // claims no more jobs; the batch under way commits and the job's claim is given up for another process
  await api.bulkJobs?.close();
  // claims no more rows; the rows it holds are sent and settled (or their claims run out if killed)
  await api.outbox?.close();
  // closing PGlite flushes its data folder; killing it mid-write could corrupt it
  await opened.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
