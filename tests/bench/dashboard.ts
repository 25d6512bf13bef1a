/**
 * The dashboard's trends (issue 33) at 100,000 orders (each with its payment) and 100,000 providers
 * (each with its user), plus as many booking journeys: a fresh database per driver (PGlite in a temp
 * folder; PostgreSQL when TEST_DATABASE_URL is set; BENCH_DASHBOARD_DRIVERS=pg for PostgreSQL only)
 * with the demo data and the generated rows, then VACUUM ANALYZE as the seed CLI does. Times GET
 * /dashboard-trends with every section in-process for ranges of 7, 30, 90 and 366 days inside the
 * generated orders' year, then, when the admin is built, the dashboard's loader
 * (/admin.data?_routes=routes/admin._index: guard, the cards' call and the trends' call) and the
 * whole page over HTTP with a real session. p50/p95 of BENCH_RUNS after a warm-up. Prints only.
 *   npx tsx tests/bench/dashboard.ts            (the API only, without a build)
 *   npm run build && npx tsx tests/bench/dashboard.ts
 * Budget (issue 33): the dashboard's loader p95 ≤ 150 ms on PostgreSQL.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { createApi } from "../../api/src/app";
import { DASHBOARD_TREND_SECTION_NAMES } from "../../contract/dashboard";
import { SEED_BASE_DATE, seedDemo, seedExtraOrders, seedExtraProviders } from "../../api/src/seed/seed";
import { seedExtraJourneys } from "../../api/src/seed/booking-journeys";
import { benchDrivers, DRIVER_LABEL, freshDatabase, printTable, root, startStack, stats, time, timeApiCall, type Driver } from "./support";

const ROWS = Number(process.env.BENCH_DASHBOARD_ROWS ?? 100_000);
const JOURNEYS = Number(process.env.BENCH_DASHBOARD_JOURNEYS ?? ROWS);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const ADMIN_PORT = Number(process.env.BENCH_ADMIN_PORT ?? 3859);
const KEY = "bench-key-0123456789";
const BUDGET_MS = 150;
const SECTIONS = DASHBOARD_TREND_SECTION_NAMES.join(",");
/** the generated orders run back from SEED_BASE_DATE, one per ~5 minutes: the last days before it are full */
const LAST_DAY = new Date(SEED_BASE_DATE.getTime() - 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 10);
const dayBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
const CASES = [7, 30, 90, 366].map((days) => ({ name: `${days} days`, from: dayBefore(LAST_DAY, days - 1), to: LAST_DAY }));

const drivers: Driver[] = process.env.BENCH_DASHBOARD_DRIVERS
  ? (process.env.BENCH_DASHBOARD_DRIVERS.split(",") as Driver[]).filter((d) => benchDrivers().includes(d))
  : benchDrivers();
const built = existsSync(path.join(root, "build/index.js"));
if (!built) console.log("dashboard: no build (npm run build): timing the API call only, not the loader.");

process.on("uncaughtException", (error) => {
  // dropping the scratch database WITH (FORCE) ends the pool's idle connections: not a failure
  if (/terminating connection due to administrator command/.test(String(error))) return;
  console.error(error);
  process.exit(1);
});

const table: string[][] = [];
for (const driver of drivers) {
  const label = DRIVER_LABEL[driver];
  const { opened, cleanup } = await freshDatabase(driver);
  try {
    const started = performance.now();
    await seedDemo(opened.db);
    await seedExtraProviders(opened.db, { seed: 42, count: ROWS, base: SEED_BASE_DATE });
    await seedExtraOrders(opened.db, { seed: 44, count: ROWS, base: SEED_BASE_DATE });
    await seedExtraJourneys(opened.db, { count: JOURNEYS, base: SEED_BASE_DATE });
    if (opened.kind === "pg") await opened.db.execute("VACUUM ANALYZE" as never);
    else await opened.pglite!.exec("VACUUM ANALYZE");
    console.log(
      `[${label}] seeded the demo data + ${ROWS} providers, ${ROWS} orders, ${JOURNEYS} journeys in ${Math.round(performance.now() - started)} ms`,
    );
    const app = createApi({ db: opened.db, apiKey: KEY });
    const apiTimes = CASES.map((c) => ({ ...c, query: new URLSearchParams({ sections: SECTIONS, from: c.from, to: c.to }) }));
    const rows = new Map<string, string[]>();
    for (const c of apiTimes) {
      const { samples } = await timeApiCall(app, `/dashboard-trends?${c.query}`, KEY, RUNS);
      const t = stats(samples);
      rows.set(c.name, [`${label}: ${c.name} (${c.from} – ${c.to})`, t.p50.toFixed(1), t.p95.toFixed(1)]);
      console.log(`[${label}] API    ${c.name.padEnd(8)} p50 ${t.p50.toFixed(1).padStart(6)} ms  p95 ${t.p95.toFixed(1).padStart(6)} ms`);
    }
    if (built) {
      const stack = await startStack(opened, ADMIN_PORT);
      try {
        const headers = { Cookie: await stack.cookieFor("admin") };
        for (const c of CASES) {
          const query = `from=${c.from}&to=${c.to}`;
          const loader = stats(
            await time(`${stack.adminUrl}/admin.data?_routes=${encodeURIComponent("routes/admin._index")}&${query}`, headers, RUNS),
          );
          const page = stats(await time(`${stack.adminUrl}/admin?${query}`, headers, RUNS));
          const cells = [loader.p50, loader.p95, page.p50, page.p95].map((ms) => ms.toFixed(1));
          rows.get(c.name)!.push(...cells, driver === "pg" ? (loader.p95 <= BUDGET_MS ? "yes" : "NO") : "—");
          console.log(
            `[${label}] loader ${c.name.padEnd(8)} p50 ${cells[0].padStart(6)} ms  p95 ${cells[1].padStart(6)} ms   page p50 ${cells[2].padStart(6)} ms  p95 ${cells[3].padStart(6)} ms`,
          );
        }
      } finally {
        await stack.close();
      }
    } else {
      for (const row of rows.values())
        row.push("—", "—", "—", "—", driver === "pg" ? (Number(row[2]) <= BUDGET_MS ? "API yes" : "API NO") : "—");
    }
    table.push(...rows.values());
  } finally {
    await opened.close();
    await cleanup();
  }
}
console.log(
  `\nDashboard trends at ${ROWS} generated providers and orders (+ ${JOURNEYS} journeys and the demo data), ${RUNS} runs per range, every section. API = GET /dashboard-trends in-process; loader = /admin.data over HTTP (both dashboard calls); page = /admin over HTTP.`,
);
console.log(`Budget: the dashboard's loader p95 ≤ ${BUDGET_MS} ms on PostgreSQL.`);
printTable(["range", "API p50", "API p95", "loader p50", "loader p95", "page p50", "page p95", "in budget"], table);
process.exit(0);
