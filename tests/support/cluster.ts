/**
 * A scaled-out stack for the scale tests and bench: N API processes and M admin processes (the
 * compiled build/api/main.js and build/server/main.js, as `npm start` runs them) on one fresh
 * PostgreSQL database and one s3rver bucket.
 *
 * - the database: CREATE DATABASE scale_<random> on TEST_DATABASE_URL's server (default
 *   postgres://postgres@127.0.0.1:5432/postgres), dropped WITH (FORCE) at stop();
 * - s3rver in its own process (tests/support/s3rver.ts), one bucket;
 * - the API processes are started at the same moment (their migrations race; the migration lock
 *   must make that safe), each on a port of its own (API_PORT=0, read from its ready line);
 * - the admin processes, each on a free port, pointed at the API processes in turn (admin i → API
 *   i mod N), all with the same SESSION_SECRET and API key.
 *
 * Seeding: `seed: "all"` (the default) starts them all together with SEED_DEMO=true, as identical
 * processes behind a balancer would be (the start-up lock lets one of them seed); `seed: "first"`
 * starts API 1 alone with SEED_DEMO=true, then the others together with SEED_DEMO=false;
 * `seed: "none"` starts them all together with SEED_DEMO=false (an empty, migrated database).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { startS3rver, S3RVER_CREDENTIALS, type TestS3 } from "./s3rver";
import { ROUTES_TEST_ENV } from "./test-env.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export const CLUSTER_API_KEY = "scale-marketplace-key-5d1e8b7a2c94";
export const CLUSTER_API_KEY_HEADER = "x-api-key";
export const CLUSTER_BUCKET = "scale-bucket";
export const SERVER_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const API_READY = /Marketplace API listening on (http:\/\/[^\s"]+)/;
const ADMIN_READY = "Admin listening on";
const READY_TIMEOUT_MS = 120_000;

/** Whether the compiled API and admin exist (npm run build). */
export function clusterBuilt() {
  return ["build/index.js", "build/api/main.js", "build/server/main.js"].every((file) => existsSync(path.join(root, file)));
}

export type ClusterOptions = {
  apis?: number;
  admins?: number;
  /** "all" (default), "first" or "none": see the file's comment */
  seed?: "first" | "all" | "none";
  /** extra env for every process */
  env?: Record<string, string>;
  /** extra env for the API processes (OUTBOX_*, SMTP_URL, …) */
  apiEnv?: Record<string, string>;
  /** extra env for the admin processes (ADMIN_REFRESH_SECONDS, …) */
  adminEnv?: Record<string, string>;
  /** admin i uses API (i mod apis) by default; or give the API index per admin */
  adminApi?: (adminIndex: number) => number;
};

export type ClusterProcess = {
  /** "api1", "api2", …, "admin1", … */
  name: string;
  url: string;
  child: ChildProcess;
  /** everything it printed so far (stdout and stderr) */
  output(): string;
  /** resolves with how it ended */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export type Cluster = {
  database: string;
  databaseUrl: string;
  s3: TestS3;
  apis: ClusterProcess[];
  admins: ClusterProcess[];
  process(name: string): ClusterProcess;
  kill(name: string, signal?: NodeJS.Signals): void;
  /** rows of one query on the cluster's database */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** starts one more API process on this cluster's database and bucket (named api<n>) */
  addApi(env?: Record<string, string>): Promise<ClusterProcess>;
  stop(): Promise<void>;
};

/** A port nobody listens on right now (the admin takes PORT literally). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The URL of a database on the test server (one createScaleDatabase made). */
export function databaseUrl(name: string) {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh empty database on the test server; its name. */
export async function createScaleDatabase(): Promise<string> {
  const name = `scale_${randomBytes(6).toString("hex")}`;
  await onServer((client) => client.query(`CREATE DATABASE ${name}`));
  return name;
}

export async function dropScaleDatabase(name: string) {
  if (!/^scale_[0-9a-f]+$/.test(name)) throw new Error(`not a scale database: ${name}`);
  await onServer((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** Env the children get: ours, without the test runner's NODE_ENV or a DATABASE_URL of its own. */
function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["DATABASE_URL", "NODE_ENV", "PGLITE_DIR"]) delete env[name];
  return env;
}

function launch(name: string, script: string, env: Record<string, string>, ready: RegExp | string, port?: number) {
  const child = spawn(process.execPath, ["--enable-source-maps", script], {
    cwd: root,
    env: { ...baseEnv(), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const verbose = Boolean(process.env.SCALE_VERBOSE);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once("exit", (code, signal) => resolve({ code, signal }));
  });
  const started = new Promise<ClusterProcess>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} was not ready within ${READY_TIMEOUT_MS / 1000} s. Its output (end):\n${output.slice(-1500)}`)),
      READY_TIMEOUT_MS,
    );
    let done = false;
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      if (verbose) process.stderr.write(`[${name}] ${text}`);
      if (done) return;
      const match = typeof ready === "string" ? (output.includes(ready) ? [ready] : null) : ready.exec(output);
      if (!match) return;
      done = true;
      clearTimeout(timer);
      const url = typeof ready === "string" ? `http://127.0.0.1:${port}` : match[1];
      resolve({ name, url, child, output: () => output, exited });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      if (!done) reject(new Error(`${name} exited (${signal ?? code}) before it was ready. Its output (end):\n${output.slice(-1500)}`));
    });
  });
  return { child, started };
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const apiCount = options.apis ?? 2;
  const adminCount = options.admins ?? 2;
  const seed = options.seed ?? "all";
  const database = await createScaleDatabase();
  const url = databaseUrl(database);
  const children: ChildProcess[] = [];
  let s3: TestS3 | undefined;
  let pool: pg.Pool | undefined;
  const apis: ClusterProcess[] = [];
  const admins: ClusterProcess[] = [];

  async function stop() {
    const alive = children.filter((c) => c.exitCode === null && c.signalCode === null);
    await Promise.all(
      alive.map(
        (c) =>
          new Promise<void>((resolve) => {
            const force = setTimeout(() => c.kill("SIGKILL"), 5000);
            c.once("exit", () => {
              clearTimeout(force);
              resolve();
            });
            c.kill("SIGTERM");
          }),
      ),
    );
    await pool?.end().catch(() => undefined);
    await s3?.close().catch(() => undefined);
    await dropScaleDatabase(database);
  }

  // every API process: the same database, bucket, key and settings (s3 is there before it is called)
  const apiEnv = (seedDemo: boolean): Record<string, string> => ({
    API_HOST: "127.0.0.1",
    API_PORT: "0",
    DATABASE_URL: url,
    SEED_DEMO: String(seedDemo),
    // the fixed demo the tests know (npm start dates it up to today instead)
    DEMO_BASE_DATE: "2026-01-01",
    API_TEST_FIXTURES: "true",
    MARKETPLACE_API_KEY: CLUSTER_API_KEY,
    MARKETPLACE_API_KEY_HEADER: CLUSTER_API_KEY_HEADER,
    S3_BUCKET: CLUSTER_BUCKET,
    S3_ENDPOINT: s3!.endpoint,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    ...options.env,
    ...options.apiEnv,
  });
  try {
    s3 = await startS3rver([CLUSTER_BUCKET]);
    const startApi = (index: number, seedDemo: boolean, extra: Record<string, string> = {}) => {
      const { child, started } = launch(`api${index}`, "build/api/main.js", { ...apiEnv(seedDemo), ...extra }, API_READY);
      children.push(child);
      return started;
    };

    let first = 1;
    if (seed === "first" && apiCount > 0) {
      apis.push(await startApi(1, true));
      first = 2;
    }
    const together: Promise<ClusterProcess>[] = [];
    for (let i = first; i <= apiCount; i++) together.push(startApi(i, seed === "all"));
    apis.push(...(await Promise.all(together)));

    const pick = options.adminApi ?? ((i: number) => i % Math.max(1, apiCount));
    const adminStarts: Promise<ClusterProcess>[] = [];
    for (let i = 0; i < adminCount; i++) {
      const port = await freePort();
      const { child, started } = launch(
        `admin${i + 1}`,
        "build/server/main.js",
        {
          ...ROUTES_TEST_ENV,
          PORT: String(port),
          HOST: "127.0.0.1",
          MARKETPLACE_API_URL: apis[pick(i)].url,
          MARKETPLACE_API_KEY: CLUSTER_API_KEY,
          MARKETPLACE_API_KEY_HEADER: CLUSTER_API_KEY_HEADER,
          ...options.env,
          ...options.adminEnv,
        },
        ADMIN_READY,
        port,
      );
      children.push(child);
      adminStarts.push(started);
    }
    admins.push(...(await Promise.all(adminStarts)));
    pool = new pg.Pool({ connectionString: url, max: 4 });
    pool.on("error", () => undefined);
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }

  const all = () => [...apis, ...admins];
  const find = (name: string) => {
    const found = all().find((p) => p.name === name);
    if (!found)
      throw new Error(
        `no process ${name} in this cluster (${all()
          .map((p) => p.name)
          .join(", ")})`,
      );
    return found;
  };
  return {
    database,
    databaseUrl: url,
    s3: s3!,
    apis,
    admins,
    process: find,
    kill(name, signal = "SIGTERM") {
      find(name).child.kill(signal);
    },
    async sql<T = Record<string, unknown>>(text: string, params: unknown[] = []) {
      return (await pool!.query(text, params)).rows as T[];
    },
    async addApi(env = {}) {
      const { child, started } = launch(`api${apis.length + 1}`, "build/api/main.js", { ...apiEnv(false), ...env }, API_READY);
      children.push(child);
      const added = await started;
      apis.push(added);
      return added;
    },
    stop,
  };
}

// ——— HTTP helpers for the tests and the bench: a browser's cookie jar, by hand ———

/** One browser: its cookies, sent to whichever admin process it asks (the cookie is not per host here). */
export class Browser {
  readonly cookies = new Map<string, string>();

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /** another browser holding the same cookies (the same session) */
  copy() {
    const other = new Browser();
    for (const [k, v] of this.cookies) other.cookies.set(k, v);
    return other;
  }

  private take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** GET without following redirects */
  async get(url: string, headers: Record<string, string> = {}) {
    const response = await fetch(url, { redirect: "manual", headers: { cookie: this.cookieHeader(), ...headers } });
    this.take(response);
    return response;
  }

  /** a form POST as the browser sends it (Origin: the admin's own) */
  async post(url: string, form: Record<string, string>) {
    const response = await fetch(url, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: this.cookieHeader(), origin: new URL(url).origin, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
    });
    this.take(response);
    return response;
  }

  /** signs in on this admin process; the response (303/302 to /admin on success, 400 with the message if refused) */
  signIn(adminUrl: string, username: string, password: string) {
    return this.post(`${adminUrl}/admin/login`, { username, password, redirectTo: "" });
  }
}
