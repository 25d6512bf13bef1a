/**
 * A real marketplace API over HTTP (127.0.0.1, random port) on a fresh database, for tests.
 * PGlite: in memory, cloned from a migrated (and seeded) template dump cached on disk, so a fresh
 * database costs a load (~0.5 s) instead of initdb + migrations + seed (~3-6 s).
 * pg: a new database named test_<random> on TEST_DATABASE_URL, dropped on close.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import pg from "pg";
import { describe } from "vitest";
import { createApi, type CreateApiOptions } from "../../api/src/app";
import { MIGRATIONS_FOLDER, openDatabase, type Database, type OpenedDatabase } from "../../api/src/db/client";
import type { LoginThrottleOptions } from "../../api/src/lib/login-throttle";
import { seedDemo } from "../../api/src/seed/seed";
import type { FileStorage } from "../../api/src/storage";

export type Driver = "pglite" | "pg";

export type StartTestApiOptions = {
  /** seed the demo data (DEMO_ADMINS, demo catalogue); default true */
  seed?: boolean;
  /** default "pglite" */
  driver?: Driver;
  apiKeyHeader?: string;
  /** shrink the failed-login delays in tests */
  loginThrottle?: Partial<LoginThrottleOptions>;
  /** mount the e2e fixtures (POST /test-fixtures/*: records a test makes for itself) */
  testFixtures?: boolean;
  /** live sessions per admin (default the API's, 10); the routes tests raise it: each file signs the demo admins in */
  maxSessionsPerAdmin?: number;
  /** where stored files live; default storageFromEnv() (FILES_DIR, ./data/files) */
  files?: FileStorage;
  /** Idempotency-Key timings (api/src/lib/idempotency.ts) */
  idempotency?: CreateApiOptions["idempotency"];
  /** bulk jobs: false = this API runs none (the test drives runners of its own) */
  bulkJobs?: CreateApiOptions["bulkJobs"];
  /** request lines and errors (the observability tests read them) */
  logger?: CreateApiOptions["logger"];
  /** serve GET /metrics to this bearer token */
  metricsToken?: string;
};

export type TestApi = {
  url: string;
  apiKey: string;
  apiKeyHeader: string;
  driver: Driver;
  db: Database;
  close(): Promise<void>;
};

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const CACHE_DIR = path.join(ROOT, "node_modules/.cache/marketplace-api-pglite");

/** Changes to migrations, seed code or PGlite make a new template. */
async function templateKey(): Promise<string> {
  const hash = createHash("sha256");
  const files: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else files.push(full);
    }
  };
  await walk(MIGRATIONS_FOLDER);
  await walk(path.join(ROOT, "api/src/seed"));
  files.push(path.join(ROOT, "api/src/lib/password.ts"));
  files.push(path.join(ROOT, "node_modules/@electric-sql/pglite/package.json"));
  for (const file of files.sort()) hash.update(file.slice(ROOT.length)).update(await readFile(file));
  return hash.digest("hex").slice(0, 16);
}

const templates = new Map<boolean, Promise<Blob>>();

function pgliteTemplate(seeded: boolean): Promise<Blob> {
  let template = templates.get(seeded);
  if (!template) {
    template = (async () => {
      const file = path.join(CACHE_DIR, `${await templateKey()}-${seeded ? "seeded" : "empty"}.tar`);
      try {
        return new Blob([await readFile(file)]);
      } catch {
        // not cached yet: build it
      }
      const opened = await openDatabase({ memory: true });
      try {
        if (seeded) await seedDemo(opened.db);
        const dump = await opened.pglite!.dumpDataDir("none");
        await mkdir(CACHE_DIR, { recursive: true });
        const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
        await writeFile(temporary, Buffer.from(await dump.arrayBuffer()));
        await rename(temporary, file);
        return dump;
      } finally {
        await opened.close();
      }
    })();
    template.catch(() => templates.delete(seeded));
    templates.set(seeded, template);
  }
  return template;
}

async function freshDatabase(driver: Driver, seeded: boolean): Promise<OpenedDatabase> {
  if (driver === "pglite") {
    return openDatabase({ memory: true, loadDataDir: await pgliteTemplate(seeded), migrate: false });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("driver pg needs TEST_DATABASE_URL");
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dropDatabase = async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
  let opened: OpenedDatabase;
  try {
    opened = await openDatabase({ url: url.toString() });
    if (seeded) await seedDemo(opened.db);
  } catch (error) {
    await dropDatabase();
    throw error;
  }
  return {
    ...opened,
    close: async () => {
      await opened.close();
      await dropDatabase();
    },
  };
}

export async function startTestApi(opts: StartTestApiOptions = {}): Promise<TestApi> {
  const driver = opts.driver ?? "pglite";
  const apiKey = `test-key-${randomBytes(12).toString("hex")}`;
  const apiKeyHeader = opts.apiKeyHeader ?? "x-api-key";
  const opened = await freshDatabase(driver, opts.seed ?? true);
  const api = createApi({
    db: opened.db,
    apiKey,
    apiKeyHeader,
    loginThrottle: opts.loginThrottle,
    testFixtures: opts.testFixtures,
    files: opts.files,
    maxSessionsPerAdmin: opts.maxSessionsPerAdmin,
    idempotency: opts.idempotency,
    bulkJobs: opts.bulkJobs,
    logger: opts.logger,
    metricsToken: opts.metricsToken,
  });
  let server: Server;
  const address = await new Promise<AddressInfo>((resolve, reject) => {
    server = serve({ fetch: api.fetch, hostname: "127.0.0.1", port: 0 }, resolve) as Server;
    server.once("error", reject);
  });
  let closed = false;
  return {
    url: `http://127.0.0.1:${address.port}`,
    apiKey,
    apiKeyHeader,
    driver,
    db: opened.db,
    close: async () => {
      if (closed) return;
      closed = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await api.bulkJobs?.close();
      await opened.close();
    },
  };
}

/** The drivers to test on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDrivers(): Driver[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "pg"] : ["pglite"];
}

/** Runs a suite once per driver, e.g. `describeEachDriver("categories", (driver) => { … })`. */
export function describeEachDriver(name: string, fn: (driver: Driver) => void) {
  for (const driver of testDrivers()) describe(`${name} [${driver}]`, () => fn(driver));
}
