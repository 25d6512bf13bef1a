/**
 * The API's settings (api/src/env.ts): every variable checked by one schema, a wrong one reported
 * in one line (its name, the value's problem, an example), a secret's value never printed, and the
 * effective configuration with secrets masked and defaults marked.
 */
import { describe, expect, it } from "vitest";
import { describeApiEnv, parseApiEnv } from "../../api/src/env";

const KEY = "api-env-test-key-7c1d";
const GOOD = { MARKETPLACE_API_KEY: KEY };

function problems(source: Record<string, string>) {
  const parsed = parseApiEnv(source);
  if (parsed.ok) throw new Error(`expected refused settings, got ${JSON.stringify(parsed.env)}`);
  return parsed.lines;
}

function settings(source: Record<string, string>) {
  const parsed = parseApiEnv(source);
  if (!parsed.ok) throw new Error(parsed.lines.join("\n"));
  return parsed.env;
}

describe("parseApiEnv", () => {
  it("gives the documented defaults with only the key set", () => {
    const env = settings(GOOD);
    expect(env).toMatchObject({
      MARKETPLACE_API_KEY: KEY,
      MARKETPLACE_API_KEY_HEADER: "x-api-key",
      API_HOST: "127.0.0.1",
      API_PORT: 4010,
      PGLITE_DIR: "./data/pglite",
      SEED_DEMO: true,
      FILES_DIR: "./data/files",
      BLOG_IMAGE_BASE_URL: "/blog/images/",
      S3_REGION: "us-east-1",
      S3_TIMEOUT_MS: 30_000,
      OUTBOX_MAX_ATTEMPTS: 5,
      OUTBOX_LEASE_SECONDS: 60,
      BULK_JOB_BATCH_SIZE: 1000,
      DRAIN_DELAY_SECONDS: 0,
      SHUTDOWN_GRACE_SECONDS: 30,
      ADMIN_MAX_SESSIONS: 10,
      API_TEST_FIXTURES: false,
      LOG_LEVEL: "info",
      LOG_FORMAT: "json",
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.METRICS_TOKEN).toBeUndefined();
  });

  it("reads the new logging and metrics settings; LOG_FORMAT is pretty by default in development", () => {
    expect(settings({ ...GOOD, NODE_ENV: "development" }).LOG_FORMAT).toBe("pretty");
    expect(settings({ ...GOOD, NODE_ENV: "development", LOG_FORMAT: "json" }).LOG_FORMAT).toBe("json");
    expect(settings({ ...GOOD, NODE_ENV: "production" }).LOG_FORMAT).toBe("json");
    const env = settings({ ...GOOD, LOG_LEVEL: "debug", METRICS_TOKEN: "metrics-token-0123456789" });
    expect(env.LOG_LEVEL).toBe("debug");
    expect(env.METRICS_TOKEN).toBe("metrics-token-0123456789");
  });

  it("counts an empty variable as unset", () => {
    expect(settings({ ...GOOD, API_PORT: "", DATABASE_URL: " ", LOG_LEVEL: "" })).toMatchObject({ API_PORT: 4010, LOG_LEVEL: "info" });
  });

  it("reports a wrong value in one line: the variable, the value, its problem and an example", () => {
    expect(problems({ ...GOOD, API_PORT: "99999" })).toEqual([
      'Marketplace API: API_PORT="99999": must be a port number from 0 to 65535 (0: any free port) (e.g. API_PORT=4010)',
    ]);
    expect(problems({ ...GOOD, LOG_LEVEL: "loud" })).toEqual([
      'Marketplace API: LOG_LEVEL="loud": must be one of fatal, error, warn, info, debug, trace, silent (e.g. LOG_LEVEL=info)',
    ]);
    expect(problems({ ...GOOD, LOG_FORMAT: "text" })).toEqual([
      'Marketplace API: LOG_FORMAT="text": must be json (one JSON object a line) or pretty (readable) (e.g. LOG_FORMAT=json)',
    ]);
  });

  it("reports each wrong variable once, however many of its checks fail", () => {
    const lines = problems({ ...GOOD, OUTBOX_MAX_ATTEMPTS: "0.5", DEMO_BASE_DATE: "2026-02-30", BLOG_IMAGE_BASE_URL: "cdn" });
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^Marketplace API: DEMO_BASE_DATE="2026-02-30": must be a date YYYY-MM-DD \(e\.g\. DEMO_BASE_DATE=2026-01-01\)$/,
    );
    expect(lines[1]).toMatch(
      /^Marketplace API: BLOG_IMAGE_BASE_URL="cdn": must be an http\(s\) URL or a path starting with \/, ending with \//,
    );
    expect(lines[2]).toMatch(/^Marketplace API: OUTBOX_MAX_ATTEMPTS="0.5": must be a whole number from 1 to 50/);
  });

  it("checks every variable the API reads, S3 and the files' folder included", () => {
    const cases: Record<string, string> = {
      MARKETPLACE_API_KEY_HEADER: "x api key",
      API_HOST: "not a host!",
      DATABASE_URL: "mysql://root@db/marketplace",
      SEED_DEMO: "yes",
      S3_ENDPOINT: "ftp://bucket",
      S3_TIMEOUT_MS: "0",
      BLOG_IMAGE_BASE_URL: "https://cdn.example.in/blog",
      SMTP_URL: "http://mail",
      WHATSAPP_WEBHOOK_URL: "hooks",
      OUTBOX_RETRY_BASE_SECONDS: "0",
      OUTBOX_POLL_SECONDS: "abc",
      OUTBOX_LEASE_SECONDS: "0",
      OUTBOX_CONCURRENCY: "65",
      BULK_JOB_BATCH_SIZE: "10001",
      BULK_JOB_LEASE_SECONDS: "-1",
      DRAIN_DELAY_SECONDS: "601",
      SHUTDOWN_GRACE_SECONDS: "0",
      ADMIN_MAX_SESSIONS: "1001",
      API_TEST_FIXTURES: "1",
      NODE_ENV: "prod",
    };
    for (const [name, value] of Object.entries(cases)) {
      const lines = problems({ ...GOOD, [name]: value });
      expect(lines, name).toHaveLength(1);
      expect(lines[0], name).toMatch(new RegExp(`^Marketplace API: ${name}=".*": must .* \\(e\\.g\\. ${name}=.+\\)$`));
    }
  });

  it("needs the bucket's endpoint and credentials with S3_BUCKET", () => {
    expect(problems({ ...GOOD, S3_BUCKET: "files", S3_ACCESS_KEY_ID: "id" })).toEqual([
      "Marketplace API: S3_ENDPOINT is not set: must be set when S3_BUCKET is set (e.g. S3_ENDPOINT=https://s3.ap-south-1.amazonaws.com)",
      "Marketplace API: S3_SECRET_ACCESS_KEY is not set: must be set when S3_BUCKET is set (e.g. S3_SECRET_ACCESS_KEY=<its secret key>)",
    ]);
  });

  it("refuses the test fixtures in production", () => {
    expect(problems({ ...GOOD, API_TEST_FIXTURES: "true", NODE_ENV: "production" })).toEqual([
      'Marketplace API: API_TEST_FIXTURES="true": is for tests only: refused when NODE_ENV=production (e.g. API_TEST_FIXTURES=false)',
    ]);
  });

  it("never prints a secret's value: the key, the metrics token, S3 credentials, a password in a URL", () => {
    const lines = [
      ...problems({ MARKETPLACE_API_KEY: "short" }),
      ...problems({ ...GOOD, METRICS_TOKEN: "too-short-tok" }),
      ...problems({ ...GOOD, DATABASE_URL: "mysql://root:db-password-1@db/marketplace" }),
      ...problems({ ...GOOD, SMTP_URL: "http://mailer:smtp-password-2@mail" }),
    ];
    expect(lines).toEqual([
      "Marketplace API: MARKETPLACE_API_KEY=(hidden): must be the secret every request carries, at least 8 characters (e.g. MARKETPLACE_API_KEY=$(openssl rand -hex 24))",
      "Marketplace API: METRICS_TOKEN=(hidden): must be at least 16 characters: the bearer token GET /metrics needs (e.g. METRICS_TOKEN=$(openssl rand -hex 24))",
      expect.stringMatching(/^Marketplace API: DATABASE_URL="mysql:\/\/root:\(hidden\)@db\/marketplace": must be a PostgreSQL URL/),
      expect.stringMatching(/^Marketplace API: SMTP_URL="http:\/\/mailer:\(hidden\)@mail\/": must be an smtp:\/\/ or smtps:\/\/ URL/),
    ]);
    for (const secret of ["short", "too-short-tok", "db-password-1", "smtp-password-2"]) expect(lines.join("\n")).not.toContain(secret);
    expect(problems({})).toEqual([
      "Marketplace API: MARKETPLACE_API_KEY is not set: must be the secret every request carries, at least 8 characters (e.g. MARKETPLACE_API_KEY=$(openssl rand -hex 24))",
    ]);
  });
});

describe("describeApiEnv", () => {
  it("prints what was set, what is left at its default and what is unset, secrets masked", () => {
    const source = {
      ...GOOD,
      API_PORT: "4011",
      DATABASE_URL: "postgres://marketplace:pg-password-3@db.internal:5432/marketplace",
      SMTP_URL: "smtp://127.0.0.1:2525",
      METRICS_TOKEN: "metrics-token-0123456789",
    };
    const lines = describeApiEnv(settings(source), source);
    expect(lines).toHaveLength(3);
    const [set, defaults, unset] = lines;
    expect(set).toBe(
      "Marketplace API: settings: MARKETPLACE_API_KEY=set (hidden), API_PORT=4011, " +
        "DATABASE_URL=postgres://marketplace:(hidden)@db.internal:5432/marketplace, SMTP_URL=smtp://127.0.0.1:2525, METRICS_TOKEN=set (hidden)",
    );
    expect(defaults).toMatch(/^Marketplace API: defaults: MARKETPLACE_API_KEY_HEADER=x-api-key, API_HOST=127\.0\.0\.1, /);
    // with SMTP on, the outbox's settings count; PGLITE_DIR does not with DATABASE_URL
    expect(defaults).toContain("OUTBOX_MAX_ATTEMPTS=5");
    expect(defaults).toContain("LOG_LEVEL=info, LOG_FORMAT=json");
    expect(defaults).not.toContain("PGLITE_DIR");
    expect(unset).toBe(
      "Marketplace API: unset: DEMO_BASE_DATE (demo dated up to today), S3_BUCKET (files in FILES_DIR), " +
        "SMTP_FROM (Marketplace <no-reply@marketplace.test>), WHATSAPP_WEBHOOK_URL (WhatsApp rows stay queued), " +
        "TWO_FACTOR_KEY (kept in ./data/.two-factor-key), NODE_ENV",
    );
    for (const secret of [KEY, "pg-password-3", "metrics-token-0123456789"]) expect(lines.join("\n")).not.toContain(secret);
  });

  it("leaves out what does not apply: S3 details without a bucket, the outbox's without a channel", () => {
    const lines = describeApiEnv(settings(GOOD), GOOD).join("\n");
    expect(lines).not.toMatch(/S3_REGION|S3_TIMEOUT_MS|OUTBOX_/);
    expect(lines).toContain("FILES_DIR=./data/files");
    expect(lines).toContain("METRICS_TOKEN (/metrics answers 404)");
    const withBucket = {
      ...GOOD,
      S3_BUCKET: "files",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "access-id-4",
      S3_SECRET_ACCESS_KEY: "secret-key-5",
    };
    const bucketLines = describeApiEnv(settings(withBucket), withBucket).join("\n");
    expect(bucketLines).toContain("S3_ACCESS_KEY_ID=set (hidden), S3_SECRET_ACCESS_KEY=set (hidden)");
    expect(bucketLines).toContain("S3_REGION=us-east-1");
    expect(bucketLines).not.toContain("FILES_DIR");
    expect(bucketLines).not.toMatch(/access-id-4|secret-key-5/);
  });
});

describe("TWO_FACTOR_KEY", () => {
  it("is a secret of at least 32 characters, masked in the configuration lines", () => {
    const base = { MARKETPLACE_API_KEY: "k".repeat(16) };
    const short = parseApiEnv({ ...base, TWO_FACTOR_KEY: "too-short" });
    expect(short.ok).toBe(false);
    if (!short.ok) expect(short.lines.join("\n")).toMatch(/TWO_FACTOR_KEY=\(hidden\): must be at least 32 characters/);
    const key = "f".repeat(64);
    const given = parseApiEnv({ ...base, TWO_FACTOR_KEY: key });
    expect(given.ok).toBe(true);
    if (given.ok) {
      expect(given.env.TWO_FACTOR_KEY).toBe(key);
      const lines = describeApiEnv(given.env, { ...base, TWO_FACTOR_KEY: key }).join("\n");
      expect(lines).toContain("TWO_FACTOR_KEY=set (hidden)");
      expect(lines).not.toContain(key);
    }
  });
});
