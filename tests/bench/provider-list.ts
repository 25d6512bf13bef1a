/**
 * The Service Providers list with 100,000 providers: the real API on a fresh database (PGlite in a
 * temp folder; PostgreSQL too when TEST_DATABASE_URL is set) and the built admin under remix-serve,
 * timed over HTTP with a real admin session (as tests/bench/category-list.ts does). p50/p95 of RUNS
 * requests after a warm-up, against the budget of DESIGN §6 (p95 ≤ 100 ms PostgreSQL, ≤ 200 ms PGlite
 * for the list page's loader).
 *   api    GET /get-all-serviceProvider (the API alone)
 *   loader GET /admin/service-provider.data?_routes=… (the list route's loader through Remix)
 *   page   GET /admin/service-provider (the whole server-rendered page)
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { createCookieSessionStorage } from "@remix-run/node";
import pg from "pg";
import { createApi } from "../../api/src/app";
import { openDatabase, type OpenedDatabase } from "../../api/src/db/client";
import { DEMO_ADMINS } from "../../api/src/seed/demo-admins";
import { seedDemo } from "../../api/src/seed/seed";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PROVIDERS = Number(process.env.BENCH_PROVIDERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 3;
const ADMIN_PORT = Number(process.env.BENCH_ADMIN_PORT ?? 3620);
const SESSION_SECRET = "bench-session-secret-0123456789";
const ROUTE_ID = "routes/admin.service-provider";
const BUDGET_MS = { pglite: 200, pg: 100 } as const;

const CASES: { name: string; query: string }[] = [
  { name: "no filter (page 1 of 50)", query: "" },
  { name: "search 'sharma'", query: "search=sharma" },
  { name: "filter plan+status, sort username asc", query: "plan=Pro&status=Active&sortField=username&sortOrder=asc" },
  { name: "deep page (1,500 of ~2,000)", query: "page=1500" },
];

if (!existsSync(path.join(root, "build/index.js"))) {
  console.error("provider-list: build/index.js is missing — run `npm run build` first.");
  process.exit(1);
}

type Timed = { p50: number; p95: number };
function stats(samples: number[]): Timed {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { p50: at(0.5), p95: at(0.95) };
}

async function time(url: string, headers: HeadersInit): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers, redirect: "manual" });
    const body = await response.arrayBuffer();
    const ms = performance.now() - started;
    if (response.status !== 200) {
      throw new Error(`${url} answered ${response.status}: ${Buffer.from(body).toString("utf8").slice(0, 300)}`);
    }
    if (i >= WARMUP) samples.push(ms);
  }
  return samples;
}

async function freshDatabase(driver: "pglite" | "pg"): Promise<{ opened: OpenedDatabase; cleanup: () => Promise<void> }> {
  if (driver === "pglite") {
    const dir = mkdtempSync(path.join(tmpdir(), "bench-pglite-"));
    const opened = await openDatabase({ dataDir: dir });
    return { opened, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `bench_${randomBytes(4).toString("hex")}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const opened = await openDatabase({ url: url.toString() });
  return {
    opened,
    cleanup: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

function startAdmin(apiUrl: string, apiKey: string): Promise<ChildProcess> {
  const child = spawn(path.join(root, "node_modules/.bin/remix-serve"), ["build/index.js"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(ADMIN_PORT),
      HOST: "127.0.0.1",
      MARKETPLACE_API_URL: apiUrl,
      MARKETPLACE_API_KEY: apiKey,
      MARKETPLACE_API_KEY_HEADER: "x-api-key",
      SESSION_SECRET,
      ADMIN_REFRESH_SECONDS: "30",
      COOKIE_SECURE: "false",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("remix-serve did not start in 60 s")), 60_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("[remix-serve]")) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once("exit", (code) => reject(new Error(`remix-serve exited (${code})`)));
  });
}

async function bench(driver: "pglite" | "pg") {
  const setupStarted = performance.now();
  const { opened, cleanup } = await freshDatabase(driver);
  const seeded = await seedDemo(opened.db, { providers: PROVIDERS });
  if (opened.kind === "pg") await opened.db.execute("ANALYZE" as never);
  else await opened.pglite!.exec("ANALYZE");
  const seedSeconds = (performance.now() - setupStarted) / 1000;

  const apiKey = `bench-${randomBytes(12).toString("hex")}`;
  const api = createApi({ db: opened.db, apiKey, apiKeyHeader: "x-api-key" });
  let server!: Server;
  const address = await new Promise<AddressInfo>((resolve) => {
    server = serve({ fetch: api.fetch, hostname: "127.0.0.1", port: 0 }, resolve) as Server;
  });
  const apiUrl = `http://127.0.0.1:${address.port}`;
  const admin = await startAdmin(apiUrl, apiKey);

  try {
    const login = await fetch(`${apiUrl}/login-admin-user`, {
      method: "POST",
      headers: { "x-api-key": apiKey, "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password: DEMO_ADMINS.admin.password }),
    });
    const adminUserId = ((await login.json()) as { data: { adminUserId: number } }).data.adminUserId;
    const storage = createCookieSessionStorage({ cookie: { name: "__admin_session", secrets: [SESSION_SECRET], path: "/" } });
    const session = await storage.getSession();
    session.set("adminUserId", adminUserId);
    const cookie = (await storage.commitSession(session)).split(";")[0];
    const adminUrl = `http://127.0.0.1:${ADMIN_PORT}`;

    const rows: string[][] = [];
    for (const c of CASES) {
      const q = c.query ? `&${c.query}` : "";
      const apiQuery = new URLSearchParams({ page: "1", page_size: "50", ...Object.fromEntries(new URLSearchParams(c.query)) });
      const apiTimes = stats(await time(`${apiUrl}/get-all-serviceProvider?${apiQuery}`, { "x-api-key": apiKey }));
      const loaderTimes = stats(await time(`${adminUrl}/admin/service-provider.data?_routes=${encodeURIComponent(ROUTE_ID)}${q}`, { cookie }));
      const pageTimes = stats(await time(`${adminUrl}/admin/service-provider${c.query ? `?${c.query}` : ""}`, { cookie }));
      const f = (t: Timed) => `${t.p50.toFixed(1)} / ${t.p95.toFixed(1)}`;
      const verdict = loaderTimes.p95 <= BUDGET_MS[driver] ? "within" : "OVER";
      rows.push([c.name, f(apiTimes), f(loaderTimes), f(pageTimes), `${verdict} ${BUDGET_MS[driver]} ms`]);
    }
    return { rows, seedSeconds, total: seeded.providers + seeded.generatedProviders };
  } finally {
    admin.kill("SIGTERM");
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await opened.close();
    await cleanup();
  }
}

const drivers: ("pglite" | "pg")[] = process.env.TEST_DATABASE_URL ? ["pglite", "pg"] : ["pglite"];
for (const driver of drivers) {
  const { rows, seedSeconds, total } = await bench(driver);
  const label = driver === "pglite" ? "PGlite (file, temp folder)" : "PostgreSQL";
  console.log(
    `\nService Providers list — ${label}, ${total} providers (seeded in ${seedSeconds.toFixed(1)} s), page size 50, ${RUNS} runs after ${WARMUP} warm-up; ms p50 / p95\n`,
  );
  const header = ["case", "API alone", "loader (.data)", "whole page (HTML)", "loader p95 budget"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => "| " + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" | ") + " |";
  console.log(line(header));
  console.log("|" + widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : "-".repeat(w + 1) + ":")).join("|") + "|");
  for (const row of rows) console.log(line(row));
}
process.exit(0);
