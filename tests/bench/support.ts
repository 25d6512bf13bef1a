/**
 * What the benchmarks share: a fresh database (PGlite in a temp folder, or a throwaway PostgreSQL
 * database), the real API served in-process, the built admin (server/main.ts), a real admin
 * session cookie, percentiles and a table printer.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { adminNodeArgs } from "../../scripts/admin-heap.mjs";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { serve } from "@hono/node-server";
import { createCookie } from "@remix-run/node";
import { sql } from "drizzle-orm";
import pg from "pg";
import { createApi } from "../../api/src/app";
import { openDatabase, type OpenedDatabase } from "../../api/src/db/client";
import { providerFormSections } from "../../api/src/db/schema";
import { DEMO_ADMINS, type DemoAdminName } from "../../api/src/seed/demo-admins";
import { DEMO_PROVIDER_PASSWORD, DEMO_PROVIDERS } from "../../api/src/seed/demo-providers";
import { seedDemo } from "../../api/src/seed/seed";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const BENCH_SESSION_SECRET = "bench-session-secret-0123456789";
export type Driver = "pglite" | "pg";

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const benchDrivers = (): Driver[] => (process.env.TEST_DATABASE_URL ? ["pglite", "pg"] : ["pglite"]);

export function requireBuild(name: string) {
  if (!existsSync(path.join(root, "build/index.js"))) {
    console.error(`${name}: build/index.js is missing — run \`npm run build\` first.`);
    process.exit(1);
  }
}

export type Timed = { p50: number; p95: number; mean: number };
export function stats(samples: number[]): Timed {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { p50: at(0.5), p95: at(0.95), mean: samples.reduce((s, x) => s + x, 0) / samples.length };
}

/** Times `runs` GETs after `warmup` untimed ones; any answer but 200 stops the bench. */
export async function time(url: string, headers: HeadersInit, runs: number, warmup = 3): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < warmup + runs; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers, redirect: "manual" });
    const body = await response.arrayBuffer();
    const ms = performance.now() - started;
    if (response.status !== 200) {
      throw new Error(`${url} answered ${response.status}: ${Buffer.from(body).toString("utf8").slice(0, 300)}`);
    }
    if (i >= warmup) samples.push(ms);
  }
  return samples;
}

export async function freshDatabase(driver: Driver): Promise<{ opened: OpenedDatabase; cleanup: () => Promise<void> }> {
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

export const DRIVER_LABEL: Record<Driver, string> = { pglite: "PGlite", pg: "PostgreSQL" };

/**
 * Runs `bench` on a fresh database of each driver in turn (PGlite in a temp folder; a scratch
 * PostgreSQL database when TEST_DATABASE_URL is set), closing and removing it afterwards.
 */
export async function onEachDriver(bench: (label: string, opened: OpenedDatabase) => Promise<void>) {
  // dropping the scratch database WITH (FORCE) ends the pool's idle connections: not a failure
  process.on("uncaughtException", (error) => {
    if (/terminating connection due to administrator command/.test(String(error))) return;
    console.error(error);
    process.exit(1);
  });
  for (const driver of benchDrivers()) {
    const { opened, cleanup } = await freshDatabase(driver);
    try {
      await bench(DRIVER_LABEL[driver], opened);
    } finally {
      await opened.close();
      await cleanup();
    }
  }
}

/** A grouped answer's hits (the global search: data = [{ hits, more }]), "+" when a group has more; "" otherwise. */
function groupedHits(data: unknown): string {
  if (!Array.isArray(data) || !data.every((g) => g && typeof g === "object" && Array.isArray((g as { hits?: unknown }).hits))) return "";
  const groups = data as { hits: unknown[]; more?: boolean }[];
  return `${groups.reduce((n, g) => n + g.hits.length, 0)}${groups.some((g) => g.more) ? "+" : ""}`;
}

/**
 * Calls `path` on the API app in-process (no HTTP) once to warm up, then `runs` times: the
 * samples in ms and the last answer's total (its x-total-count header, else total_results). Any
 * answer but 200 stops the bench.
 */
export async function timeApiCall(
  app: { request: (path: string, init: RequestInit) => Response | Promise<Response> },
  path: string,
  apiKey: string,
  runs: number,
) {
  const samples: number[] = [];
  let total = "";
  for (let i = 0; i < runs + 1; i++) {
    const started = performance.now();
    const res = await app.request(path, { headers: { "x-api-key": apiKey } });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
    const header = res.headers.get("x-total-count");
    if (header !== null) total = header;
    else {
      const body = JSON.parse(text) as { total_results?: number; data?: unknown };
      total = body.total_results === undefined ? groupedHits(body.data) : String(body.total_results);
    }
    if (i > 0) samples.push(performance.now() - started);
  }
  return { samples, total };
}

export type BenchStack = {
  apiUrl: string;
  apiKey: string;
  adminUrl: string;
  /** the admin process's id (for its memory: /proc/<pid>/status) */
  adminPid: number;
  /** `name=value` of a real session of the given demo admin */
  cookieFor(name: DemoAdminName): Promise<string>;
  adminUserIdOf(name: DemoAdminName): Promise<number>;
  close(): Promise<void>;
};

/** The real API over `opened` (served in-process) and the built admin (server/main.ts) on `adminPort`. */
export async function startStack(opened: OpenedDatabase, adminPort: number): Promise<BenchStack> {
  const apiKey = `bench-${randomBytes(12).toString("hex")}`;
  const api = createApi({ db: opened.db, apiKey, apiKeyHeader: "x-api-key" });
  let server!: Server;
  const address = await new Promise<AddressInfo>((resolve) => {
    server = serve({ fetch: api.fetch, hostname: "127.0.0.1", port: 0 }, resolve) as Server;
  });
  const apiUrl = `http://127.0.0.1:${address.port}`;
  const admin = await startAdmin(apiUrl, apiKey, adminPort);
  // the admin's session cookie: its signed token of a session opened in the API
  const sessionCookie = createCookie("__admin_session", { secrets: [BENCH_SESSION_SECRET], path: "/" });

  async function adminUserIdOf(name: DemoAdminName) {
    const login = await fetch(`${apiUrl}/login-admin-user`, {
      method: "POST",
      headers: { "x-api-key": apiKey, "content-type": "application/json" },
      body: JSON.stringify({ username: name, password: DEMO_ADMINS[name].password }),
    });
    return ((await login.json()) as { data: { adminUserId: number } }).data.adminUserId;
  }

  return {
    apiUrl,
    apiKey,
    adminUrl: `http://127.0.0.1:${adminPort}`,
    adminPid: admin.pid!,
    adminUserIdOf,
    async cookieFor(name) {
      const opened = await fetch(`${apiUrl}/admin-sessions`, {
        method: "POST",
        headers: { "x-api-key": apiKey, "content-type": "application/json" },
        body: JSON.stringify({
          adminUserId: await adminUserIdOf(name),
          user_agent: "bench",
          idle_seconds: 43_200,
          absolute_seconds: 604_800,
        }),
      });
      const { token } = ((await opened.json()) as { data: { token: string } }).data;
      return (await sessionCookie.serialize(token)).split(";")[0];
    },
    async close() {
      // wait (5 s at most) for the admin to exit: a profile it writes on exit (--cpu-prof) is then complete
      const exited = new Promise<void>((resolve) => {
        if (admin.exitCode !== null) return resolve();
        admin.once("exit", () => resolve());
        setTimeout(resolve, 5000).unref();
      });
      admin.kill("SIGTERM");
      await exited;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** A seeded provider with every wizard section saved (the wizard's pages open it on every step). */
export async function wizardProviderOf(db: OpenedDatabase["db"]): Promise<{ id: number }> {
  const [provider] = await db
    .select({ id: providerFormSections.service_provider_id })
    .from(providerFormSections)
    .groupBy(providerFormSections.service_provider_id)
    .having(sql`count(*) = 5`)
    .limit(1);
  if (!provider) throw new Error("the demo data has no provider with every wizard section saved");
  return provider;
}

/**
 * A session of the demo provider not yet registered (create mode), whose wizard holds a copy of
 * provider `copyOf`'s saved sections (so every step opens; a section the API refuses to copy, e.g.
 * services that are the other provider's own, stays empty), as its signed `__provider_session` cookie.
 */
export async function demoProviderCookie(stack: BenchStack, copyOf: number): Promise<string> {
  const headers = { "x-api-key": stack.apiKey, "content-type": "application/json" };
  const signIn = await fetch(`${stack.apiUrl}/provider-sessions/sign-in`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      username: DEMO_PROVIDERS.fresh.username,
      password: DEMO_PROVIDER_PASSWORD,
      user_agent: "bench",
      idle_seconds: 43_200,
      absolute_seconds: 604_800,
    }),
  });
  if (!signIn.ok) throw new Error(`the demo provider's sign-in answered ${signIn.status}`);
  const { token, provider } = ((await signIn.json()) as { data: { token: string; provider: { serviceProvider_id: number } } }).data;
  const saved = (
    (await (await fetch(`${stack.apiUrl}/get-saved-form-data?serviceProviderId=${copyOf}`, { headers })).json()) as {
      data: Record<string, unknown>;
    }
  ).data;
  for (const section of ["categories", "services", "service_details", "documents", "plan"]) {
    const data = section === "documents" ? { ...(saved[section] as object), ProfileDocument_id: null } : saved[section];
    const put = await fetch(`${stack.apiUrl}/save-service-provider-form?serviceProviderId=${provider.serviceProvider_id}`, {
      method: "PUT",
      headers: { ...headers, "x-acting-provider": String(provider.serviceProvider_id) },
      body: JSON.stringify({ section, data }),
    });
    // a section the API refuses for another provider (its services are the copied provider's own):
    // that step opens empty
    if (put.status !== 201) console.warn(`(copying the ${section} section answered ${put.status}: that step opens without it)`);
  }
  const cookie = createCookie("__provider_session", { secrets: [BENCH_SESSION_SECRET], path: "/provider" });
  return (await cookie.serialize(token)).split(";")[0];
}

/**
 * Another built admin (e.g. a checkout of an earlier commit, built there, for before/after figures
 * in one run) on the stack's API; its sessions are the stack's. Resolves to a stop function.
 */
export async function startAdminFrom(tree: string, stack: BenchStack, port: number): Promise<() => void> {
  if (!existsSync(path.join(tree, "build/index.js"))) throw new Error(`${tree}/build/index.js is missing: build it there first`);
  const child = await startAdmin(stack.apiUrl, stack.apiKey, port, tree);
  return () => child.kill("SIGTERM");
}

function startAdmin(apiUrl: string, apiKey: string, port: number, cwd = root): Promise<ChildProcess> {
  // what `npm start` runs: the compiled server on plain node (an older tree without it: through tsx,
  // whose loader thread adds ~40 MB to the process)
  const compiled = path.join(cwd, "build/server/main.js");
  const args = existsSync(compiled) ? [compiled] : ["--import", "tsx", "server/main.ts"];
  // the heap bound `npm start` gives the admin (ADMIN_HEAP_MB), then node flags NODE_OPTIONS refuses
  // (ADMIN_NODE_ARGS="--prof": a V8 tick log of the admin under load)
  const heapArgs = adminNodeArgs();
  if (heapArgs instanceof Error) throw heapArgs;
  args.unshift(...heapArgs, ...(process.env.ADMIN_NODE_ARGS ?? "").split(" ").filter(Boolean));
  const child = spawn(process.execPath, args, {
    cwd,
    env: {
      ...process.env,
      // as `npm start` runs it (scripts/start.mjs): without it React renders with its development build, 1.5–2× the CPU per view
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      MARKETPLACE_API_URL: apiUrl,
      MARKETPLACE_API_KEY: apiKey,
      MARKETPLACE_API_KEY_HEADER: "x-api-key",
      SESSION_SECRET: BENCH_SESSION_SECRET,
      COOKIE_SECURE: "false",
      // node flags for the admin alone (e.g. ADMIN_NODE_OPTIONS=--max-old-space-size=64 to see what its memory holds)
      ...(process.env.ADMIN_NODE_OPTIONS ? { NODE_OPTIONS: process.env.ADMIN_NODE_OPTIONS } : {}),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the admin did not start in 60 s")), 60_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("Admin listening on")) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once("exit", (code) => reject(new Error(`the admin exited (${code})`)));
  });
}

/** A markdown table: first column left-aligned, the rest right-aligned. */
export function printTable(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => "| " + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" | ") + " |";
  console.log(line(header));
  console.log("|" + widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : "-".repeat(w + 1) + ":")).join("|") + "|");
  for (const row of rows) console.log(line(row));
}

/** One case of a list bench: its name, the API call's query and the admin page's query. */
export type ListBenchCase = readonly [name: string, apiQuery: string, pageQuery: string];

/**
 * A list's figures on one seeded database (the users and comments benches): each case's API call
 * in-process, then through the built admin over HTTP with a real session the route's loader alone
 * (`<page>.data?_routes=<routeId>`) and the whole page; p50/p95 of `runs` after a warm-up. Adds a
 * row per case to `table` (case, matches, API p50/p95, loader p50/p95, page p50/p95, in budget).
 */
export async function benchListCases(options: {
  label: string;
  opened: OpenedDatabase;
  apiKey: string;
  adminPort: number;
  apiPath: string;
  pagePath: string;
  routeId: string;
  cases: readonly ListBenchCase[];
  runs: number;
  budgetMs: number;
  /** what a match is called in the progress lines ("users") */
  noun: string;
  table: string[][];
}) {
  const { label, opened, apiKey, runs, cases, noun } = options;
  const app = createApi({ db: opened.db, apiKey });
  const width = Math.max(...cases.map(([name]) => name.length));
  const apiTimes = new Map<string, { p50: number; p95: number; total: string }>();
  for (const [name, query] of cases) {
    const { samples, total } = await timeApiCall(app, `${options.apiPath}${query ? `?${query}` : ""}`, apiKey, runs);
    const t = stats(samples);
    apiTimes.set(name, { p50: t.p50, p95: t.p95, total });
    console.log(
      `[${label}] API  ${name.padEnd(width)} p50 ${t.p50.toFixed(1).padStart(6)} ms  p95 ${t.p95.toFixed(1).padStart(6)} ms  (${total} ${noun})`,
    );
  }
  const stack = await startStack(opened, options.adminPort);
  try {
    const headers = { Cookie: await stack.cookieFor("admin") };
    for (const [name, , pageQuery] of cases) {
      const loader = stats(
        await time(
          `${stack.adminUrl}${options.pagePath}.data?_routes=${encodeURIComponent(options.routeId)}${pageQuery ? `&${pageQuery}` : ""}`,
          headers,
          runs,
        ),
      );
      const page = stats(await time(`${stack.adminUrl}${options.pagePath}${pageQuery ? `?${pageQuery}` : ""}`, headers, runs));
      const api = apiTimes.get(name)!;
      const cells = [api.p50, api.p95, loader.p50, loader.p95, page.p50, page.p95].map((ms) => ms.toFixed(1));
      options.table.push([`${label}: ${name}`, api.total, ...cells, loader.p95 <= options.budgetMs ? "yes" : "NO"]);
      console.log(
        `[${label}] loader ${name.padEnd(width)} p50 ${cells[2].padStart(6)} ms  p95 ${cells[3].padStart(6)} ms   page p50 ${cells[4].padStart(6)} ms  p95 ${cells[5].padStart(6)} ms`,
      );
    }
  } finally {
    await stack.close();
  }
}

/** The lists' budget at 100k rows (DESIGN §6): the loader's p95. */
export const LIST_BUDGET_MS: Record<Driver, number> = { pg: 100, pglite: 200 };

/**
 * A 100k-row list bench from end to end: on each driver a fresh database, `seed` (after the demo
 * data; answers what it added, for the progress line), VACUUM ANALYZE as `npm run seed` ends (PGlite
 * has no autovacuum: without it no index-only scans), the cases (fixed, or picked from the seeded
 * database) through benchListCases, then `summary` and the table against LIST_BUDGET_MS. Exits.
 */
export async function runSeededListBench(options: {
  seed: (opened: OpenedDatabase) => Promise<string>;
  cases: readonly ListBenchCase[] | ((opened: OpenedDatabase) => Promise<readonly ListBenchCase[]>);
  apiKey: string;
  adminPort: number;
  apiPath: string;
  pagePath: string;
  routeId: string;
  runs: number;
  noun: string;
  summary: string;
}): Promise<never> {
  const table: string[][] = [];
  for (const driver of benchDrivers()) {
    const label = DRIVER_LABEL[driver];
    const { opened, cleanup } = await freshDatabase(driver);
    try {
      const started = performance.now();
      await seedDemo(opened.db);
      const added = await options.seed(opened);
      console.log(`[${label}] seeded the demo data + ${added} in ${Math.round(performance.now() - started)} ms`);
      if (opened.kind === "pg") await opened.db.execute("VACUUM ANALYZE" as never);
      else await opened.pglite!.exec("VACUUM ANALYZE");
      const cases = typeof options.cases === "function" ? await options.cases(opened) : options.cases;
      await benchListCases({ ...options, label, opened, cases, budgetMs: LIST_BUDGET_MS[driver], table });
    } finally {
      await opened.close();
      await cleanup();
    }
  }
  console.log(`\n${options.summary}`);
  console.log(`Budget: loader p95 ≤ ${LIST_BUDGET_MS.pg} ms PostgreSQL, ≤ ${LIST_BUDGET_MS.pglite} ms PGlite.`);
  printTable(["case", "matches", "API p50", "API p95", "loader p50", "loader p95", "page p50", "page p95", "loader in budget"], table);
  process.exit(0);
}

// ——— forms as a browser without JavaScript posts them (the save benches) ———

export const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const attr = (attrs: string, name: string) => {
  const found = new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attrs);
  return found ? decode(found[1]) : null;
};

/** Text as React writes it into an attribute. */
export const htmlAttr = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The named fields of the form whose opening tag (or an element inside it) holds `marker` (e.g.
 * `aria-label="General Settings"` or `class="wizard-form"`) in the page's HTML, as a submit
 * without JavaScript would send them (files left out).
 */
export function formFields(page: string, marker: string): [string, string][] {
  const at = page.indexOf(marker);
  if (at < 0) throw new Error(`the page has no form marked ${marker}`);
  const html = page.slice(page.lastIndexOf("<form", at), page.indexOf("</form>", at));
  const fields: [string, string][] = [];
  for (const [, attrs] of html.matchAll(/<input([^>]*)>/g)) {
    const name = attr(attrs, "name");
    const type = attr(attrs, "type") ?? "text";
    if (!name || type === "file" || type === "submit" || type === "button") continue;
    if ((type === "checkbox" || type === "radio") && !/\schecked(=""|\s|$)/.test(attrs)) continue;
    fields.push([name, attr(attrs, "value") ?? (type === "checkbox" ? "on" : "")]);
  }
  for (const [, attrs, text] of html.matchAll(/<textarea([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const name = attr(attrs, "name");
    if (name) fields.push([name, decode(text)]);
  }
  for (const [, attrs, options] of html.matchAll(/<select([^>]*)>([\s\S]*?)<\/select>/g)) {
    const name = attr(attrs, "name");
    const chosen = /<option([^>]*)\sselected=""[^>]*>/.exec(options) ?? /<option([^>]*)>/.exec(options);
    if (name && chosen) fields.push([name, attr(chosen[1], "value") ?? ""]);
  }
  return fields;
}

/** The fields with `name` set to `value` (added when absent). */
export const withValue = (fields: [string, string][], name: string, value: string): [string, string][] =>
  fields.some(([n]) => n === name) ? fields.map(([n, v]) => [n, n === name ? value : v]) : [...fields, [name, value]];

export type FormSaveCase = {
  /** named in errors */
  name: string;
  /** the page holding the form, and where it posts */
  url: string;
  /** the fields to post on run `run`, from the page's HTML (read untimed) */
  fieldsOf: (page: string, run: number) => [string, string][];
  multipart?: boolean;
};

/**
 * A form's save as a browser without JavaScript makes it, `runs` times after `warmup`: the page
 * read (untimed), the POST timed to its redirect ("save"), and with the redirected GET ("round
 * trip"). A save that answers anything but a redirect stops the bench with the page's messages.
 */
export async function timeFormSaves(adminUrl: string, cookie: string, c: FormSaveCase, runs: number, warmup: number) {
  const saves: number[] = [];
  const trips: number[] = [];
  for (let run = 0; run < warmup + runs; run++) {
    const page = await (await fetch(adminUrl + c.url, { headers: { Cookie: cookie } })).text();
    const fields = c.fieldsOf(page, run);
    let body: URLSearchParams | FormData = new URLSearchParams(fields);
    if (c.multipart) {
      body = new FormData();
      for (const [n, v] of fields) body.append(n, v);
    }
    const started = performance.now();
    const posted = await fetch(adminUrl + c.url, {
      method: "POST",
      headers: { Cookie: cookie, Origin: adminUrl },
      body,
      redirect: "manual",
    });
    const answer = await posted.text();
    const saved = performance.now();
    if (posted.status !== 302) {
      const messages = [...answer.matchAll(/class="[^"]*(?:field-error|form-error)[^"]*"[^>]*>([^<]*)</g)].map((m) => m[1]);
      throw new Error(`${c.name}: the save answered ${posted.status}, not a redirect: ${messages.join("; ") || answer.slice(0, 300)}`);
    }
    const shown = await fetch(new URL(posted.headers.get("location")!, adminUrl), {
      headers: { Cookie: [cookie, ...posted.headers.getSetCookie().map((s) => s.split(";")[0])].join("; ") },
    });
    await shown.arrayBuffer();
    const ended = performance.now();
    if (shown.status !== 200) throw new Error(`${c.name}: the page after the save answered ${shown.status}`);
    if (run >= warmup) {
      saves.push(saved - started);
      trips.push(ended - started);
    }
  }
  return { save: stats(saves), trip: stats(trips) };
}

/** CPU seconds (user + system) a process has used so far. */
export function cpuSeconds(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks (USER_HZ 100)
}

export function memoryMb(pid: number, key: "VmHWM" | "VmRSS") {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${key}:`));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) / 1024;
}

/**
 * One download by curl, a separate process: the API and its PGlite run in this process, and a
 * client on this event loop would only see the body's first bytes between two API batches.
 */
const run = promisify(execFile);

export async function curlDownload(url: string, headers: Record<string, string>) {
  const args = ["-s", "-o", "/dev/null", "-w", "%{http_code} %{time_starttransfer} %{time_total} %{size_download}"];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  const { stdout } = await run("curl", [...args, url]);
  const [status, firstByte, total, bytes] = stdout.trim().split(" ").map(Number);
  if (status !== 200) throw new Error(`${url} answered ${status}`);
  return { firstByte: firstByte * 1000, total: total * 1000, bytes };
}
