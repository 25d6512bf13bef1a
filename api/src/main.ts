/**
 * The marketplace API as a standalone server. Its settings are checked at start (api/src/env.ts):
 * MARKETPLACE_API_KEY (required, ≥ 8 chars), MARKETPLACE_API_KEY_HEADER (x-api-key),
 * API_HOST (127.0.0.1), API_PORT (4010; 0 = any free port), DATABASE_URL (PostgreSQL) or
 * PGLITE_DIR (./data/pglite), SEED_DEMO (true: seed demo data into an empty database, and write the
 * demo files its documents and order files name), DEMO_BASE_DATE (unset: the demo is dated up to today;
 * YYYY-MM-DD: dated from that day, as the tests' fixed rows are), FILES_DIR (./data/files: where stored files live),
 * SMTP_URL / SMTP_FROM / WHATSAPP_WEBHOOK_URL and OUTBOX_* (outbox delivery, see api/src/outbox/delivery.ts),
 * BULK_JOB_BATCH_SIZE / BULK_JOB_LEASE_SECONDS (bulk jobs, see api/src/bulk-jobs/runner.ts),
 * DRAIN_DELAY_SECONDS (0: after SIGTERM, how long /readyz answers 503 before the listener closes) and
 * SHUTDOWN_GRACE_SECONDS (30: then how long requests in flight may take to finish), S3_* and
 * BLOG_IMAGE_BASE_URL, LOG_LEVEL / LOG_FORMAT / METRICS_TOKEN (the logs, and the token GET /metrics needs),
 * TWO_FACTOR_KEY (encrypts two-factor secrets; unset: one kept in ./data/.two-factor-key).
 */
import { serve } from "@hono/node-server";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createApi } from "./app";
import { OUTBOX_DEFAULTS } from "./outbox/delivery";
import { openDatabase } from "./db/client";
import { runDataFixes } from "./db/data-fixes";
import { presentSeedBase, seedDemoOnce } from "./seed/seed";
import { storageFromSettings } from "./storage";
import { describeApiEnv, parseApiEnv, TWO_FACTOR_KEY_FILE } from "./env";
import { keptSecret } from "./lib/kept-secret";
import { ensureSeededFiles } from "./storage/seeded-files";
import { cataloguedStorage } from "./storage/catalogue";
import { createDrain } from "~shared/drain";
import { announce, createLogger, errorFields } from "~shared/observability/logger";

// every setting is checked before anything opens: a wrong one stops the start with one line naming it
const parsed = parseApiEnv(process.env);
if (!parsed.ok) {
  for (const line of parsed.lines) console.error(line);
  process.exit(1);
}
const env = parsed.env;
// JSON lines in production, readable ones in development (shared/observability/logger.ts)
const logger = createLogger({ name: "api", level: env.LOG_LEVEL, format: env.LOG_FORMAT });
for (const line of describeApiEnv(env, process.env)) logger.info(line);
// the posts router reads it from process.env when createApi builds it: it gets the checked value
process.env.BLOG_IMAGE_BASE_URL = env.BLOG_IMAGE_BASE_URL;

// migrations run under the database's start-up lock: API processes started together apply them once
const opened = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.PGLITE_DIR }).catch((error: unknown) => {
  logger.fatal({ err: errorFields(error) }, "Marketplace API: cannot open the database");
  process.exit(1);
});
// one-time data fixes the migrations asked for (api/src/db/data-fixes.ts), under the same lock
try {
  for (const line of await opened.exclusive(() => runDataFixes(opened.db))) logger.info(`Marketplace API: data fix ${line}`);
} catch (error) {
  logger.fatal({ err: errorFields(error) }, "Marketplace API: a data fix failed");
  process.exit(1);
}
// catalogued (stored_files) from the start, so the demo files are listed by the bucket manager
const files = cataloguedStorage(opened.db, storageFromSettings(env));
if (env.SEED_DEMO) {
  // under the same lock: of several processes started on an empty database, one seeds
  const now = new Date();
  const summary = await seedDemoOnce(
    opened,
    env.DEMO_BASE_DATE ? { base: env.DEMO_BASE_DATE } : { base: presentSeedBase(now), present: now },
  );
  if (summary)
    logger.info(
      `Seeded demo data: ${summary.adminUsers} admin users, ${summary.categories} categories, ${summary.faqs} FAQs${summary.recent ? `, dated up to today (${summary.recent.orders} orders over the last 90 days, ${summary.recent.ordersToday} today)` : ""}`,
    );
  // demo files are a convenience: a name the storage refuses, or a storage that is down, is
  // reported and the API serves anyway. Under the lock too, so two processes do not write one name.
  await opened.exclusive(async () => {
    try {
      const { written, skipped } = await ensureSeededFiles(opened.db, files);
      if (written > 0) logger.info(`Wrote ${written} demo files to the file storage`);
      for (const { name, why } of skipped) logger.error(`demo file ${JSON.stringify(name)} not written: ${why}`);
    } catch (error) {
      logger.error({ err: errorFields(error) }, "demo files not written");
    }
  });
}

const seconds = (value: number | undefined) => (value === undefined ? undefined : Math.round(value * 1000));
if (env.OUTBOX_LEASE_SECONDS !== undefined && env.OUTBOX_LEASE_SECONDS * 1000 < OUTBOX_DEFAULTS.timeoutMs) {
  logger.warn(
    `Marketplace API: OUTBOX_LEASE_SECONDS=${env.OUTBOX_LEASE_SECONDS} is below a send's ${OUTBOX_DEFAULTS.timeoutMs / 1000} s limit: another process may claim a slow send's row and send it again`,
  );
}
// the two-factor secrets' key: given, or made once and kept in ./data like the other secrets
let twoFactorKey = env.TWO_FACTOR_KEY;
if (!twoFactorKey) {
  twoFactorKey = keptSecret(TWO_FACTOR_KEY_FILE);
  if (env.DATABASE_URL) {
    logger.warn(
      `Marketplace API: TWO_FACTOR_KEY is not set: using ${TWO_FACTOR_KEY_FILE}. Every API process on this database must use the same key.`,
    );
  }
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
  twoFactorKey,
  logger,
  metricsToken: env.METRICS_TOKEN,
});
if (env.API_TEST_FIXTURES) logger.warn("Marketplace API: TEST FIXTURES ON (POST /test-fixtures/orders) — never in production");
const server = serve({ fetch: api.fetch, hostname: env.API_HOST, port: env.API_PORT }, (info: AddressInfo) => {
  const host = info.family === "IPv6" ? `[${info.address}]` : info.address;
  announce(logger, `Marketplace API listening on http://${host}:${info.port}`);
});
// follows its connections, so stopping ends idle and finished keep-alive ones at once (shared/drain.ts)
const drain = createDrain();
drain.watch(server as Server);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info(
    `Marketplace API: ${signal}, draining (listening ${env.DRAIN_DELAY_SECONDS} s more, then up to ${env.SHUTDOWN_GRACE_SECONDS} s)`,
  );
  const force = setTimeout(
    () => {
      logger.error(`Marketplace API: requests still in flight after ${env.SHUTDOWN_GRACE_SECONDS} s; stopping anyway`);
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
