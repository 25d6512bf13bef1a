/**
 * Every environment variable the marketplace API reads (docs/operations.md, "API"), checked at
 * start by api/src/main.ts: a wrong one stops the process with one line naming it
 * (shared/settings.ts), and a good start prints the effective configuration, secrets masked.
 */
import { isIPv4, isIPv6 } from "node:net";
import { z } from "zod";
import { DEFAULT_API_KEY_HEADER } from "~contract/api";
import { TWO_FACTOR_KEY_MIN_LENGTH } from "./lib/two-factor";
import { MAX_SESSIONS_PER_ADMIN } from "~contract/admin-sessions";
import { POST_PUBLIC_IMAGE_PATH } from "~contract/post-labels";
import {
  addAcrossIssue,
  describeSettings,
  HEADER_NAME,
  httpUrl,
  observabilityHelp,
  observabilitySettings,
  parseSettings,
  withLogFormat,
  type ParsedSettings,
  type SettingsHelp,
} from "~shared/settings";

const PREFIX = "Marketplace API: ";

/** Where the API keeps a TWO_FACTOR_KEY it made itself (when none is given), as the other secrets of ./data. */
export const TWO_FACTOR_KEY_FILE = "./data/.two-factor-key";

/** true/false (or 1/0) */
const flag = (fallback: "true" | "false") =>
  z
    .enum(["true", "false", "1", "0"])
    .default(fallback)
    .transform((v) => v === "true" || v === "1");

/** a hostname or an IP address to listen on */
const hostName = z
  .string()
  .trim()
  .refine((text) => isIPv4(text) || isIPv6(text) || /^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$/.test(text));

export const ApiEnvShape = {
  MARKETPLACE_API_KEY: z.string().min(8),
  MARKETPLACE_API_KEY_HEADER: z.string().trim().regex(HEADER_NAME).default(DEFAULT_API_KEY_HEADER),
  API_HOST: hostName.default("127.0.0.1"),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(4010),
  DATABASE_URL: z
    .string()
    .trim()
    .refine((text) => /^postgres(ql)?:\/\/\S+$/.test(text))
    .optional(),
  PGLITE_DIR: z.string().trim().default("./data/pglite"),
  SEED_DEMO: flag("true"),
  /** unset: the demo data lives in the present (the last 90 days, bookings today); a date: the fixed demo dated from it (tests) */
  DEMO_BASE_DATE: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine((day) => {
      const date = new Date(`${day}T00:00:00.000Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
    })
    .transform((day) => new Date(`${day}T00:00:00.000+05:30`))
    .optional(),
  /** local storage's folder (api/src/storage); unused with S3_BUCKET */
  FILES_DIR: z.string().trim().default("./data/files"),
  S3_BUCKET: z.string().trim().optional(),
  S3_ENDPOINT: httpUrl.optional(),
  S3_REGION: z.string().trim().default("us-east-1"),
  S3_PREFIX: z.string().trim().default(""),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  S3_TIMEOUT_MS: z.coerce.number().int().min(1).default(30_000),
  /**
   * New post images' image_url is this plus the stored name. Read by the posts router itself
   * (api/src/routes/posts), from process.env: kept as given (no trim), so both read the same text.
   */
  BLOG_IMAGE_BASE_URL: z
    .string()
    .refine((text) => text.endsWith("/") && (text.startsWith("/") || httpUrl.safeParse(text).success))
    .default(POST_PUBLIC_IMAGE_PATH),
  SMTP_URL: z
    .string()
    .trim()
    .refine((text) => URL.canParse(text) && ["smtp:", "smtps:"].includes(new URL(text).protocol))
    .optional(),
  SMTP_FROM: z.string().trim().optional(),
  WHATSAPP_WEBHOOK_URL: httpUrl.optional(),
  /** outbox delivery across processes (api/src/outbox/delivery.ts OUTBOX_DEFAULTS) */
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(5),
  OUTBOX_RETRY_BASE_SECONDS: z.coerce.number().min(0.1).max(86_400).default(30),
  OUTBOX_POLL_SECONDS: z.coerce.number().min(0.1).max(3600).default(5),
  OUTBOX_LEASE_SECONDS: z.coerce.number().min(1).max(86_400).default(60),
  OUTBOX_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** bulk jobs (api/src/bulk-jobs/runner.ts BULK_JOB_DEFAULTS): rows per batch, and how long a dead runner's claim holds */
  BULK_JOB_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(1000),
  BULK_JOB_LEASE_SECONDS: z.coerce.number().min(1).max(86_400).default(60),
  /** after SIGTERM, how long the process still takes connections while /readyz answers 503 (the balancer's time to notice) */
  DRAIN_DELAY_SECONDS: z.coerce.number().min(0).max(600).default(0),
  /** then how long requests in flight (streamed exports) may take before the process ends anyway */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  /** live sessions one admin may hold; a sign-in past it ends their least recently used (tests raise it: their fixtures sign the demo admins in per test) */
  ADMIN_MAX_SESSIONS: z.coerce.number().int().min(1).max(1000).default(MAX_SESSIONS_PER_ADMIN),
  /** encrypts two-factor secrets (lib/two-factor.ts); unset: one kept in ./data/.two-factor-key */
  TWO_FACTOR_KEY: z.string().trim().min(TWO_FACTOR_KEY_MIN_LENGTH).optional(),
  /** TEST ONLY (the e2e servers): POST /test-fixtures/orders */
  API_TEST_FIXTURES: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  ...observabilitySettings,
};

export const ApiEnvSchema = z
  .object(ApiEnvShape)
  .superRefine((env, ctx) => {
    if (env.S3_BUCKET) {
      for (const name of ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        if (!env[name]) addAcrossIssue(ctx, name, "must be set when S3_BUCKET is set");
      }
    }
    if (env.API_TEST_FIXTURES && env.NODE_ENV === "production") {
      addAcrossIssue(ctx, "API_TEST_FIXTURES", "is for tests only: refused when NODE_ENV=production");
    }
  })
  .transform(withLogFormat);

export type ApiEnv = z.output<typeof ApiEnvSchema>;

const withBucket = (env: ApiEnv) => Boolean(env.S3_BUCKET);
const delivering = (env: ApiEnv) => Boolean(env.SMTP_URL || env.WHATSAPP_WEBHOOK_URL);

export const API_ENV_HELP: SettingsHelp<ApiEnv> = {
  MARKETPLACE_API_KEY: {
    rule: "must be the secret every request carries, at least 8 characters",
    example: "$(openssl rand -hex 24)",
    secret: true,
  },
  MARKETPLACE_API_KEY_HEADER: { rule: "must be an HTTP header name", example: DEFAULT_API_KEY_HEADER },
  API_HOST: { rule: "must be the interface's address or host name", example: "127.0.0.1" },
  API_PORT: { rule: "must be a port number from 0 to 65535 (0: any free port)", example: "4010" },
  DATABASE_URL: {
    rule: "must be a PostgreSQL URL (postgres://user:password@host:5432/database)",
    example: "postgres://marketplace@127.0.0.1:5432/marketplace",
    url: true,
    unset: "embedded PGlite",
  },
  PGLITE_DIR: { rule: "must be a folder", example: "./data/pglite", shownWhen: (env) => !env.DATABASE_URL },
  SEED_DEMO: { rule: "must be true or false", example: "false" },
  DEMO_BASE_DATE: {
    rule: "must be a date YYYY-MM-DD",
    example: "2026-01-01",
    unset: "demo dated up to today",
    shownWhen: (env) => env.SEED_DEMO,
  },
  FILES_DIR: { rule: "must be a folder", example: "./data/files", shownWhen: (env) => !withBucket(env) },
  S3_BUCKET: { rule: "must be the bucket's name", example: "marketplace-files", unset: "files in FILES_DIR" },
  S3_ENDPOINT: { rule: "must be the bucket's http(s) endpoint", example: "https://s3.ap-south-1.amazonaws.com", shownWhen: withBucket },
  S3_REGION: { rule: "must be the bucket's region", example: "ap-south-1", shownWhen: withBucket },
  S3_PREFIX: { rule: "must be a key prefix", example: "documents/", shownWhen: withBucket },
  S3_ACCESS_KEY_ID: { rule: "must be the bucket's access key id", example: "AKIAIOSFODNN7EXAMPLE", secret: true, shownWhen: withBucket },
  S3_SECRET_ACCESS_KEY: { rule: "must be the bucket's secret key", example: "<its secret key>", secret: true, shownWhen: withBucket },
  S3_TIMEOUT_MS: { rule: "must be a whole number of milliseconds above 0", example: "30000", shownWhen: withBucket },
  BLOG_IMAGE_BASE_URL: {
    rule: "must be an http(s) URL or a path starting with /, ending with /",
    example: "https://cdn.example.in/blog/",
  },
  SMTP_URL: {
    rule: "must be an smtp:// or smtps:// URL",
    example: "smtp://127.0.0.1:2525",
    url: true,
    unset: "email rows stay queued",
  },
  SMTP_FROM: {
    rule: "must be the sender's address",
    example: '"Marketplace <no-reply@example.in>"',
    unset: "Marketplace <no-reply@marketplace.test>",
    shownWhen: (env) => Boolean(env.SMTP_URL),
  },
  WHATSAPP_WEBHOOK_URL: {
    rule: "must be an http(s) URL",
    example: "https://hooks.example.in/whatsapp",
    url: true,
    unset: "WhatsApp rows stay queued",
  },
  OUTBOX_MAX_ATTEMPTS: { rule: "must be a whole number from 1 to 50", example: "5", shownWhen: delivering },
  OUTBOX_RETRY_BASE_SECONDS: { rule: "must be a number of seconds from 0.1 to 86400", example: "30", shownWhen: delivering },
  OUTBOX_POLL_SECONDS: { rule: "must be a number of seconds from 0.1 to 3600", example: "5", shownWhen: delivering },
  OUTBOX_LEASE_SECONDS: { rule: "must be a number of seconds from 1 to 86400", example: "60", shownWhen: delivering },
  OUTBOX_CONCURRENCY: { rule: "must be a whole number from 1 to 64", example: "4", shownWhen: delivering },
  BULK_JOB_BATCH_SIZE: { rule: "must be a whole number of rows from 1 to 10000", example: "1000" },
  BULK_JOB_LEASE_SECONDS: { rule: "must be a number of seconds from 1 to 86400", example: "60" },
  DRAIN_DELAY_SECONDS: { rule: "must be a number of seconds from 0 to 600", example: "10" },
  SHUTDOWN_GRACE_SECONDS: { rule: "must be a number of seconds from 1 to 3600", example: "30" },
  ADMIN_MAX_SESSIONS: { rule: "must be a whole number from 1 to 1000", example: "10" },
  TWO_FACTOR_KEY: {
    rule: `must be at least ${TWO_FACTOR_KEY_MIN_LENGTH} characters, the same in every API process`,
    example: "$(openssl rand -hex 32)",
    secret: true,
    unset: `kept in ${TWO_FACTOR_KEY_FILE}`,
  },
  API_TEST_FIXTURES: { rule: "must be true or false (tests only)", example: "false", shownWhen: (env) => env.API_TEST_FIXTURES },
  ...observabilityHelp,
};

/** `source` (process.env) read as the API's settings, or one line per wrong variable. */
export function parseApiEnv(source: Record<string, string | undefined>): ParsedSettings<ApiEnv> {
  return parseSettings(ApiEnvSchema, API_ENV_HELP, source, PREFIX);
}

/** The effective configuration, a few lines (secrets `set (hidden)`); `source` tells given values from defaults. */
export function describeApiEnv(env: ApiEnv, source: Record<string, string | undefined>): string[] {
  return describeSettings(env, API_ENV_HELP, source, PREFIX);
}
