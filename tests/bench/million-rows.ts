/**
 * A million rows (issue 31 §6): the demo data plus BENCH_MILLION_ROWS (default 1,000,000) generated
 * service providers, plain users and orders (a payment each) — `npm run seed -- --providers N --users N
 * --orders N`'s functions — on PGlite in a temp folder, and on PostgreSQL too when TEST_DATABASE_URL is
 * set (a scratch database). Prints how long each part of the seed took, then, in-process (no HTTP),
 * p50/p95 of BENCH_RUNS calls per case of the API list calls the admin makes — Service Providers
 * (/get-all-serviceProvider), Users (/users), Bookings (/get-bookings): first page, searches, each
 * filter, the sort orders the UI offers, page 10,000 and the last page (as OFFSET pages, what an old
 * bookmark asks, and as the keyset pages the admin links: docs/decisions/0020-keyset-pages.md) — and the orders export's
 * (/order-payment-status/?format=ndjson) time to its first byte (and to its end with BENCH_EXPORT_TOTAL=1).
 * Budget: p95 ≤ 100 ms on PostgreSQL, ≤ 300 ms on PGlite; export first byte < 100 ms.
 *   npx tsx tests/bench/million-rows.ts
 *   BENCH_MILLION_ROWS=100000 npx tsx tests/bench/million-rows.ts      (a quick run)
 *   BENCH_KEEP_DB=1 …   keeps the seeded database for the next run (PGlite in
 *     /tmp/bench-million-pglite-<N>, PostgreSQL database bench_million_<N>) and reuses it when it is
 *     there (BENCH_PG_DATABASE names another PostgreSQL database); BENCH_DROP_DB=1 removes them at the end. BENCH_ONLY=providers|users|bookings|export,
 *   BENCH_DRIVER=pglite|pg: one driver only.
 */
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import pg from "pg";
import { sql } from "drizzle-orm";
import { createApi } from "../../api/src/app";
import { openDatabase, type OpenedDatabase } from "../../api/src/db/client";
import { SEED_BASE_DATE, seedDemo, seedExtraOrders, seedExtraUsers } from "../../api/src/seed/seed";
import { benchDrivers, DRIVER_LABEL, freshDatabase, printTable, stats, timeApiCall, type Driver } from "./support";

const N = Number(process.env.BENCH_MILLION_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const EXPORT_RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 10);
const EXPORT_TOTAL = process.env.BENCH_EXPORT_TOTAL === "1";
const KEEP = process.env.BENCH_KEEP_DB === "1";
const DROP = process.env.BENCH_DROP_DB === "1";
const ONLY = process.env.BENCH_ONLY ?? "";
const KEY = "bench-key-0123456789";
const BUDGET: Record<Driver, number> = { pg: 100, pglite: 300 };
const FIRST_BYTE_BUDGET = 100;

type Case = { list: string; name: string; path: string };

async function one<T>(opened: OpenedDatabase, query: ReturnType<typeof sql>): Promise<T> {
  const result = (await opened.db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0];
}

/** The Next link's cursor on `path` (the page before the one timed), as the admin gets it: one untimed call. */
async function nextCursor(app: ReturnType<typeof createApi>, path: string): Promise<string> {
  const res = await app.request(path, { headers: { "x-api-key": KEY } });
  const header = res.headers.get("x-page-next");
  if (header) return header;
  const body = (await res.json()) as { cursors?: { next: string | null } };
  if (!body.cursors?.next) throw new Error(`${path}: no next cursor`);
  return body.cursors.next;
}

async function casesFor(opened: OpenedDatabase, app: ReturnType<typeof createApi>): Promise<Case[]> {
  const providers = Number((await one<{ n: string }>(opened, sql`SELECT count(*) AS n FROM service_providers WHERE deleted_at IS NULL`)).n);
  const users = Number((await one<{ n: string }>(opened, sql`SELECT count(*) AS n FROM users WHERE NOT is_deleted`)).n);
  const orders = Number((await one<{ n: string }>(opened, sql`SELECT count(*) AS n FROM orders`)).n);
  // a generated provider's and a plain user's username, from the middle of the table
  const provider = await one<{ username: string; phone: string }>(
    opened,
    sql`SELECT u.username, u.phone FROM service_providers sp JOIN users u ON u.id = sp.user_id ORDER BY sp."serviceProvider_id" OFFSET ${Math.floor(providers / 2)} LIMIT 1`,
  );
  const user = await one<{ username: string }>(
    opened,
    sql`SELECT username FROM users ORDER BY id DESC OFFSET ${Math.floor(N / 2)} LIMIT 1`,
  );
  const order = await one<{ short_id: string }>(
    opened,
    sql`SELECT short_id FROM orders ORDER BY order_id OFFSET ${Math.floor(orders / 2)} LIMIT 1`,
  );
  const category = await one<{ id: number }>(
    opened,
    sql`SELECT category_id AS id FROM categories WHERE "parentCategoryId" IS NULL ORDER BY category_id LIMIT 1`,
  );
  const deep = (total: number, size: number) => Math.min(10_000, Math.ceil(total / size));
  const last = (total: number, size: number) => Math.max(1, Math.ceil(total / size));
  const P = "/get-all-serviceProvider?";
  const U = "/users?";
  const B = "/get-bookings?";
  const phoneDigits = provider.phone.replace(/\D/g, "").slice(-7, -2);
  return [
    { list: "providers", name: "first page", path: P },
    { list: "providers", name: "search name 'sharma'", path: `${P}search=sharma` },
    { list: "providers", name: "search one username", path: `${P}search=${provider.username}` },
    { list: "providers", name: `search phone '${phoneDigits}'`, path: `${P}search=${phoneDigits}` },
    { list: "providers", name: "search 2 characters 'ar'", path: `${P}search=ar` },
    { list: "providers", name: "filter plan Pro", path: `${P}plan=Pro` },
    { list: "providers", name: "filter stage Pending", path: `${P}stage=Pending` },
    { list: "providers", name: "filter status Active", path: `${P}status=Active` },
    { list: "providers", name: "filter Verified", path: `${P}verification=Verified` },
    { list: "providers", name: "filter category", path: `${P}parentCategory=${category.id}` },
    { list: "providers", name: "joined in one month", path: `${P}start_date=2025-12-01&end_date=2025-12-31` },
    {
      list: "providers",
      name: "plan+status+verified, username asc",
      path: `${P}plan=Pro&status=Active&verification=Verified&sortField=username&sortOrder=asc`,
    },
    { list: "providers", name: "sort username desc", path: `${P}sortField=username&sortOrder=desc` },
    { list: "providers", name: "sort last login asc", path: `${P}sortField=last_login&sortOrder=asc` },
    { list: "providers", name: "sort refresh desc", path: `${P}sortField=refresh_at&sortOrder=desc` },
    { list: "providers", name: "sort created asc", path: `${P}sortField=created_at&sortOrder=asc` },
    { list: "providers", name: "sort updated desc", path: `${P}sortField=updated_at&sortOrder=desc` },
    { list: "providers", name: `page ${deep(providers, 50)}`, path: `${P}page=${deep(providers, 50)}` },
    {
      list: "providers",
      name: `page ${deep(providers, 50)}, last login asc`,
      path: `${P}page=${deep(providers, 50)}&sortField=last_login&sortOrder=asc`,
    },
    { list: "providers", name: `last page (${last(providers, 50)}, OFFSET)`, path: `${P}page=${last(providers, 50)}` },
    {
      list: "providers",
      name: `page ${deep(providers, 50)} by Next (cursor)`,
      path: `${P}page=${deep(providers, 50)}&cursor=${await nextCursor(app, `${P}page=${deep(providers, 50) - 1}`)}`,
    },
    {
      list: "providers",
      name: `page ${deep(providers, 50)}, last login asc, by Next (cursor)`,
      path: `${P}page=${deep(providers, 50)}&sortField=last_login&sortOrder=asc&cursor=${await nextCursor(app, `${P}page=${deep(providers, 50) - 1}&sortField=last_login&sortOrder=asc`)}`,
    },
    { list: "providers", name: "last page (cursor=last)", path: `${P}cursor=last` },
    { list: "providers", name: "last page, username asc (cursor=last)", path: `${P}cursor=last&sortField=username&sortOrder=asc` },
    { list: "users", name: "first page", path: U },
    { list: "users", name: "search name 'sharma'", path: `${U}search=sharma` },
    { list: "users", name: "search one username", path: `${U}search=${user.username}` },
    { list: "users", name: "search 2 characters 'ar'", path: `${U}search=ar` },
    { list: "users", name: "Blocked", path: `${U}is_active=false` },
    { list: "users", name: "Active", path: `${U}is_active=true` },
    { list: "users", name: "joined in one month", path: `${U}start_date=2025-12-01&end_date=2025-12-31` },
    { list: "users", name: "Blocked, joined in one year", path: `${U}is_active=false&start_date=2025-01-01&end_date=2025-12-31` },
    { list: "users", name: "page 10000", path: `${U}page=${deep(users, 10)}` },
    { list: "users", name: `last page (${last(users, 10)}, OFFSET)`, path: `${U}page=${last(users, 10)}` },
    { list: "users", name: `Active, last page (OFFSET)`, path: `${U}is_active=true&page=${last(Math.floor(users * 0.85), 10)}` },
    {
      list: "users",
      name: "page 10000 by Next (cursor)",
      path: `${U}page=${deep(users, 10)}&cursor=${await nextCursor(app, `${U}page=${deep(users, 10) - 1}`)}`,
    },
    { list: "users", name: "last page (cursor=last)", path: `${U}cursor=last` },
    { list: "users", name: "Active, last page (cursor=last)", path: `${U}is_active=true&cursor=last` },
    { list: "bookings", name: "first page", path: B },
    { list: "bookings", name: "status Completed", path: `${B}status=Completed` },
    { list: "bookings", name: "type Retainership", path: `${B}serviceType=Retainership` },
    { list: "bookings", name: "status + type", path: `${B}status=Pending&serviceType=Service` },
    { list: "bookings", name: "search short id", path: `${B}search=${order.short_id}` },
    { list: "bookings", name: "search party 'sharma'", path: `${B}search=sharma` },
    { list: "bookings", name: "search one username", path: `${B}search=${provider.username}` },
    { list: "bookings", name: `page ${deep(orders, 10)}`, path: `${B}page=${deep(orders, 10)}` },
    { list: "bookings", name: `last page (${last(orders, 10)}, OFFSET)`, path: `${B}page=${last(orders, 10)}` },
    {
      list: "bookings",
      name: "page 10000 by Next (cursor)",
      path: `${B}page=${deep(orders, 10)}&cursor=${await nextCursor(app, `${B}page=${deep(orders, 10) - 1}`)}`,
    },
    { list: "bookings", name: "last page (cursor=last)", path: `${B}cursor=last` },
    { list: "bookings", name: "status Completed, last page (cursor=last)", path: `${B}status=Completed&cursor=last` },
  ].filter((c) => !ONLY || c.list === ONLY);
}

/** The orders export as the admin reads it: time to the first byte of the body, and to its end. */
async function timeExport(app: ReturnType<typeof createApi>, query: string) {
  const started = performance.now();
  const res = await app.request(`/order-payment-status/?format=ndjson${query}`, { headers: { "x-api-key": KEY } });
  if (res.status !== 200) throw new Error(`export: ${res.status} ${await res.text()}`);
  const reader = res.body!.getReader();
  let firstByte = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstByte) firstByte = performance.now() - started;
    for (const b of value) if (b === 10) lines++;
    // the whole stream only when asked: 1,000,000 rows take minutes on this machine
    if (!EXPORT_TOTAL) {
      await reader.cancel();
      return { firstByte, total: NaN, lines: NaN };
    }
  }
  return { firstByte, total: performance.now() - started, lines };
}

async function openFor(driver: Driver): Promise<{ opened: OpenedDatabase; cleanup: () => Promise<void> }> {
  if (!KEEP) return freshDatabase(driver);
  if (driver === "pglite") {
    const dir = `/tmp/bench-million-pglite-${N}`;
    mkdirSync(dir, { recursive: true });
    const opened = await openDatabase({ dataDir: dir });
    return { opened, cleanup: async () => void (DROP && rmSync(dir, { recursive: true, force: true })) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = process.env.BENCH_PG_DATABASE ?? `bench_million_${N}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const opened = await openDatabase({ url: url.toString() });
  return {
    opened,
    cleanup: async () => {
      if (!DROP) return;
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

async function seeded(opened: OpenedDatabase) {
  try {
    return Number((await one<{ n: string }>(opened, sql`SELECT count(*) AS n FROM orders`)).n) >= N;
  } catch {
    return false;
  }
}

async function seed(label: string, opened: OpenedDatabase) {
  const parts: string[] = [];
  const timed = async (name: string, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    const s = (performance.now() - started) / 1000;
    parts.push(`${name} ${s.toFixed(1)} s`);
    console.log(`[${label}] seeded ${name} in ${s.toFixed(1)} s`);
    return s;
  };
  const started = performance.now();
  await timed(`demo + ${N} providers`, () => seedDemo(opened.db, { providers: N }));
  await timed(`${N} users`, () => seedExtraUsers(opened.db, { seed: 42, count: N, base: SEED_BASE_DATE }));
  await timed(`${N} orders`, () => seedExtraOrders(opened.db, { seed: 42, count: N, base: SEED_BASE_DATE }));
  await timed("VACUUM ANALYZE", () => opened.db.execute(sql`VACUUM ANALYZE`));
  const total = (performance.now() - started) / 1000;
  console.log(`[${label}] seed in all: ${total.toFixed(1)} s (${parts.join(", ")})`);
}

process.on("uncaughtException", (error) => {
  if (/terminating connection due to administrator command/.test(String(error))) return;
  console.error(error);
  process.exit(1);
});

const load = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

for (const driver of benchDrivers().filter((d) => !process.env.BENCH_DRIVER || d === process.env.BENCH_DRIVER)) {
  const label = DRIVER_LABEL[driver];
  const { opened, cleanup } = await openFor(driver);
  try {
    if (await seeded(opened)) console.log(`[${label}] reusing the seeded database (${N} rows each)`);
    else await seed(label, opened);
    const app = createApi({ db: opened.db, apiKey: KEY });
    const rows: string[][] = [];
    console.log(`[${label}] load average before the cases: ${load()}`);
    if (ONLY !== "export") {
      for (const c of await casesFor(opened, app)) {
        const { samples, total } = await timeApiCall(app, c.path, KEY, RUNS);
        const { p50, p95 } = stats(samples);
        const row = [
          `${c.list}: ${c.name}`,
          total,
          p50.toFixed(1),
          p95.toFixed(1),
          p95 <= BUDGET[driver] ? `within ${BUDGET[driver]}` : `OVER ${BUDGET[driver]}`,
        ];
        console.log(`[${label}] ${row.join("  ")}`);
        rows.push(row);
      }
    }
    if (!ONLY || ONLY === "export") {
      for (const [name, query] of [
        ["all orders", ""],
        ["Completed + Payment Success", "&order_status=Completed&payment_status=PAYMENT_SUCCESS"],
        ["one month", "&start_date=2025-12-01&end_date=2025-12-31"],
      ] as const) {
        const runs = [];
        for (let i = 0; i < EXPORT_RUNS; i++) runs.push(await timeExport(app, query));
        const first = stats(runs.map((r) => r.firstByte));
        const total = stats(runs.map((r) => r.total));
        const row = [
          `export: ${name} (first byte${EXPORT_TOTAL ? `; end p50 ${Math.round(total.p50)} ms` : ""})`,
          EXPORT_TOTAL ? String(runs[0].lines) : "",
          first.p50.toFixed(1),
          first.p95.toFixed(1),
          first.p95 < FIRST_BYTE_BUDGET ? `within ${FIRST_BYTE_BUDGET}` : `OVER ${FIRST_BYTE_BUDGET}`,
        ];
        console.log(`[${label}] ${row.join("  ")}`);
        rows.push(row);
      }
    }
    console.log(`\n${label}, ${N} providers / users / orders, ${RUNS} runs per case (export ${EXPORT_RUNS}), load ${load()}; ms`);
    printTable(["case", "matches", "p50", "p95", "p95 budget"], rows);
  } finally {
    await opened.close();
    await cleanup();
  }
}
