/**
 * The Audit Log at 100,000 entries: a fresh database (PGlite in a temp folder; PostgreSQL too when
 * TEST_DATABASE_URL is set) with the demo data and BENCH_AUDIT (default 100,000) generated entries
 * (`npm run seed -- --audit N`'s function: two years of changes by the demo admins), then VACUUM
 * ANALYZE as the seed CLI does. Times, for each typical filter, GET /audit-entries on the API
 * in-process (no HTTP) and, through the built admin over HTTP with a real session, the route's loader
 * alone (GET /admin/audit-log.data, single fetch: guard, the list and the admins, rows put in words)
 * and the whole page: p50/p95 of BENCH_RUNS after a warm-up. Prints only.
 *   npm run build && npx tsx tests/bench/audit-log-api.ts
 * Budget (issue 11): loader p95 ≤ 100 ms on PostgreSQL, ≤ 200 ms on PGlite.
 */
import { createApi } from "../../api/src/app";
import { seedExtraAudit } from "../../api/src/seed/audit";
import { seedDemo } from "../../api/src/seed/seed";
import {
  benchDrivers,
  DRIVER_LABEL,
  freshDatabase,
  printTable,
  requireBuild,
  startStack,
  stats,
  time,
  timeApiCall,
  type Driver,
} from "./support";

const ENTRIES = Number(process.env.BENCH_AUDIT ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const ADMIN_PORT = Number(process.env.BENCH_ADMIN_PORT ?? 3854);
const KEY = "bench-key-0123456789";
const BUDGET: Record<Driver, number> = { pg: 100, pglite: 200 };
const ROUTE_ID = "routes/admin.audit-log";
const PAGE = 25;

const day = (daysAgo: number) => new Date(Date.now() + 5.5 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
/** [name, the filter's query (the API and the page take the same keys)] */
const CASES: [string, string][] = [
  ["page 1, no filter", ""],
  ["page 2,000, no filter", "page=2000"],
  ["last page, no filter", `page=${Math.ceil(ENTRIES / PAGE)}`],
  ["admin = admin", "admin=1"],
  ["record = Subscription plan", "entity=plan"],
  ["action = Deleted", "action=delete"],
  ["one month", `start_date=${day(60)}&end_date=${day(30)}`],
  ["admin + record + action + a year", `admin=1&entity=category&action=update&start_date=${day(365)}&end_date=${day(0)}`],
  ["100 a page", "page_size=100"],
];

requireBuild("audit-log-api");

const table: string[][] = [];
for (const driver of benchDrivers()) {
  const label = DRIVER_LABEL[driver];
  const { opened, cleanup } = await freshDatabase(driver);
  try {
    const started = performance.now();
    await seedDemo(opened.db);
    await seedExtraAudit(opened.db, { seed: 42, count: ENTRIES, base: new Date() });
    console.log(`[${label}] seeded the demo data + ${ENTRIES} audit entries in ${Math.round(performance.now() - started)} ms`);
    if (opened.kind === "pg") await opened.db.execute("VACUUM ANALYZE" as never);
    else await opened.pglite!.exec("VACUUM ANALYZE");

    const app = createApi({ db: opened.db, apiKey: KEY });
    const apiTimes = new Map<string, { p50: number; p95: number; total: string }>();
    for (const [name, query] of CASES) {
      const pageSize = query.includes("page_size") ? "" : `page_size=${PAGE}&`;
      const { samples, total } = await timeApiCall(app, `/audit-entries?${pageSize}${query}`, KEY, RUNS);
      const t = stats(samples);
      apiTimes.set(name, { p50: t.p50, p95: t.p95, total });
      console.log(
        `[${label}] API    ${name.padEnd(34)} p50 ${t.p50.toFixed(1).padStart(6)} ms  p95 ${t.p95.toFixed(1).padStart(6)} ms  (${total} entries)`,
      );
    }
    const bell = stats((await timeApiCall(app, "/audit-log?limit=8", KEY, RUNS)).samples);
    console.log(
      `[${label}] API    the bell (latest 8)                  p50 ${bell.p50.toFixed(1).padStart(6)} ms  p95 ${bell.p95.toFixed(1).padStart(6)} ms`,
    );

    const stack = await startStack(opened, ADMIN_PORT);
    try {
      const headers = { Cookie: await stack.cookieFor("admin") };
      for (const [name, query] of CASES) {
        const loader = stats(
          await time(
            `${stack.adminUrl}/admin/audit-log.data?_routes=${encodeURIComponent(ROUTE_ID)}${query ? `&${query}` : ""}`,
            headers,
            RUNS,
          ),
        );
        const page = stats(await time(`${stack.adminUrl}/admin/audit-log${query ? `?${query}` : ""}`, headers, RUNS));
        const api = apiTimes.get(name)!;
        const within = loader.p95 <= BUDGET[driver] ? "yes" : "NO";
        const cells = [api.p50, api.p95, loader.p50, loader.p95, page.p50, page.p95].map((ms) => ms.toFixed(1));
        table.push([`${label}: ${name}`, api.total, ...cells, within]);
        console.log(
          `[${label}] loader ${name.padEnd(34)} p50 ${cells[2].padStart(6)} ms  p95 ${cells[3].padStart(6)} ms   page p50 ${cells[4].padStart(6)} ms  p95 ${cells[5].padStart(6)} ms`,
        );
      }
    } finally {
      await stack.close();
    }
  } finally {
    await opened.close();
    await cleanup();
  }
}

console.log(
  `\nAudit log at ${ENTRIES} generated entries, ${RUNS} runs per case, ${PAGE} a page. API = GET /audit-entries in-process; loader = /admin/audit-log.data over HTTP; page = /admin/audit-log over HTTP (loader + render).`,
);
console.log(`Budget: loader p95 ≤ ${BUDGET.pg} ms PostgreSQL, ≤ ${BUDGET.pglite} ms PGlite.`);
printTable(["case", "matches", "API p50", "API p95", "loader p50", "loader p95", "page p50", "page p95", "loader in budget"], table);
process.exit(0);
