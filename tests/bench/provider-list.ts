/**
 * The Service Providers list with 100,000 providers: the real API on a fresh database (PGlite in a
 * temp folder; PostgreSQL too when TEST_DATABASE_URL is set) and the built admin (build/server/main.js, as `npm start` runs it),
 * timed over HTTP with a real admin session (as tests/bench/category-list.ts does). p50/p95 of RUNS
 * requests after a warm-up, against the budget of DESIGN §6 (p95 ≤ 100 ms PostgreSQL, ≤ 200 ms PGlite
 * for the list page's loader).
 *   api    GET /get-all-serviceProvider (the API alone)
 *   loader GET /admin/service-provider.data?_routes=… (the list route's loader through Remix)
 *   page   GET /admin/service-provider (the whole server-rendered page)
 */
import { seedDemo } from "../../api/src/seed/seed";
import { benchDrivers, freshDatabase, printTable, requireBuild, startStack, stats, time, type Driver, type Timed } from "./support";

const PROVIDERS = Number(process.env.BENCH_PROVIDERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 3;
const ADMIN_PORT = Number(process.env.BENCH_ADMIN_PORT ?? 3620);
const ROUTE_ID = "routes/admin.service-provider";
const BUDGET_MS = { pglite: 200, pg: 100 } as const;

const CASES: { name: string; query: string }[] = [
  { name: "no filter (page 1 of 50)", query: "" },
  { name: "search 'sharma'", query: "search=sharma" },
  { name: "filter plan+status, sort username asc", query: "plan=Pro&status=Active&sortField=username&sortOrder=asc" },
  { name: "deep page (1,500 of ~2,000)", query: "page=1500" },
];

requireBuild("provider-list");

async function bench(driver: Driver) {
  const setupStarted = performance.now();
  const { opened, cleanup } = await freshDatabase(driver);
  const seeded = await seedDemo(opened.db, { providers: PROVIDERS });
  // PostgreSQL: what autovacuum does after a bulk load (so the figure does not depend on whether it
  // has run yet); PGlite has no autovacuum, so it gets ANALYZE only
  if (opened.kind === "pg") await opened.db.execute("VACUUM ANALYZE" as never);
  else await opened.pglite!.exec("ANALYZE");
  const seedSeconds = (performance.now() - setupStarted) / 1000;
  const stack = await startStack(opened, ADMIN_PORT);
  const { apiUrl, apiKey, adminUrl } = stack;

  try {
    const cookie = await stack.cookieFor("admin");
    const rows: string[][] = [];
    for (const c of CASES) {
      const q = c.query ? `&${c.query}` : "";
      const apiQuery = new URLSearchParams({ page: "1", page_size: "50", ...Object.fromEntries(new URLSearchParams(c.query)) });
      const apiTimes = stats(await time(`${apiUrl}/get-all-serviceProvider?${apiQuery}`, { "x-api-key": apiKey }, RUNS, WARMUP));
      const loaderTimes = stats(
        await time(`${adminUrl}/admin/service-provider.data?_routes=${encodeURIComponent(ROUTE_ID)}${q}`, { cookie }, RUNS, WARMUP),
      );
      const pageTimes = stats(await time(`${adminUrl}/admin/service-provider${c.query ? `?${c.query}` : ""}`, { cookie }, RUNS, WARMUP));
      const f = (t: Timed) => `${t.p50.toFixed(1)} / ${t.p95.toFixed(1)}`;
      const verdict = loaderTimes.p95 <= BUDGET_MS[driver] ? "within" : "OVER";
      rows.push([c.name, f(apiTimes), f(loaderTimes), f(pageTimes), `${verdict} ${BUDGET_MS[driver]} ms`]);
    }
    return { rows, seedSeconds, total: seeded.providers + seeded.generatedProviders };
  } finally {
    await stack.close();
    await opened.close();
    await cleanup();
  }
}

for (const driver of benchDrivers()) {
  const { rows, seedSeconds, total } = await bench(driver);
  const label = driver === "pglite" ? "PGlite (file, temp folder)" : "PostgreSQL";
  console.log(
    `\nService Providers list — ${label}, ${total} providers (seeded in ${seedSeconds.toFixed(1)} s), page size 50, ${RUNS} runs after ${WARMUP} warm-up; ms p50 / p95\n`,
  );
  printTable(["case", "API alone", "loader (.data)", "whole page (HTML)", "loader p95 budget"], rows);
}
process.exit(0);
