/**
 * The categories list with 10,000 extra categories: the real API on a fresh database (PGlite in a
 * temp folder; PostgreSQL too when TEST_DATABASE_URL is set) and the built admin (build/server/main.js, as `npm start` runs it),
 * timed over HTTP with a real admin session. p50/p95 of RUNS requests after a warm-up.
 *   api    GET /category-hierarchy-admin (the API alone)
 *   data   GET /admin/category.data?_routes=… (the list route's loader through Remix, single fetch)
 *   page   GET /admin/category (the whole server-rendered page)
 */
import { seedDemo } from "../../api/src/seed/seed";
import { benchDrivers, freshDatabase, printTable, requireBuild, startStack, stats, time, type Driver, type Timed } from "./support";

const EXTRA = Number(process.env.BENCH_CATEGORIES ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 3;
const ADMIN_PORT = Number(process.env.BENCH_ADMIN_PORT ?? 3391);
const ROUTE_ID = "routes/admin.category._index";

const CASES: { name: string; query: string }[] = [
  { name: "first page", query: "" },
  { name: "deep page (900 of ~1000)", query: "page=900" },
  { name: "date filter (June 2025)", query: "start_date=2025-06-01&end_date=2025-06-30" },
  { name: "date filter, page 5", query: "start_date=2025-06-01&end_date=2025-06-30&page=5" },
  // the sorts (issue 32 §3): categories_list_name_idx, categories_list_status_idx
  { name: "sort name asc", query: "sortField=categoryName&sortOrder=asc" },
  { name: "sort name desc, deep page 900", query: "sortField=categoryName&sortOrder=desc&page=900" },
  { name: "sort status asc", query: "sortField=status&sortOrder=asc" },
];

requireBuild("category-list");

async function bench(driver: Driver) {
  const setupStarted = performance.now();
  const { opened, cleanup } = await freshDatabase(driver);
  const seeded = await seedDemo(opened.db, { scale: EXTRA });
  const seedSeconds = (performance.now() - setupStarted) / 1000;
  const stack = await startStack(opened, ADMIN_PORT);
  const { apiUrl, apiKey, adminUrl } = stack;

  try {
    const adminUserId = await stack.adminUserIdOf("admin");
    const cookie = await stack.cookieFor("admin");

    const rows: string[][] = [];
    for (const c of CASES) {
      const q = c.query ? `&${c.query}` : "";
      const apiQuery = new URLSearchParams({ page: "1", page_size: "10", ...Object.fromEntries(new URLSearchParams(c.query)) });
      const apiTimes = stats(
        await time(
          `${apiUrl}/category-hierarchy-admin?${apiQuery}`,
          { "x-api-key": apiKey, "x-acting-admin": String(adminUserId) },
          RUNS,
          WARMUP,
        ),
      );
      const dataTimes = stats(
        await time(`${adminUrl}/admin/category.data?_routes=${encodeURIComponent(ROUTE_ID)}${q}`, { cookie }, RUNS, WARMUP),
      );
      const pageTimes = stats(await time(`${adminUrl}/admin/category${c.query ? `?${c.query}` : ""}`, { cookie }, RUNS, WARMUP));
      const f = (t: Timed) => `${t.p50.toFixed(1)} / ${t.p95.toFixed(1)}`;
      rows.push([c.name, f(apiTimes), f(dataTimes), f(pageTimes)]);
    }
    // The list loader also asks for the top-level categories (the filter's options).
    const optionsUrl = `${apiUrl}/get-all-category?only_parent_categories=true&fields=summary`;
    const probe = await fetch(optionsUrl, { headers: { "x-api-key": apiKey } });
    const probeBody = await probe.arrayBuffer();
    const options = stats(await time(optionsUrl, { "x-api-key": apiKey }, RUNS, WARMUP));
    const note = `filter options call (GET /get-all-category?only_parent_categories=true&fields=summary): ${(probeBody.byteLength / 1024).toFixed(0)} KB, p50 ${options.p50.toFixed(1)} / p95 ${options.p95.toFixed(1)} ms`;
    return { rows, seedSeconds, total: seeded.categories + seeded.generated, note };
  } finally {
    await stack.close();
    await opened.close();
    await cleanup();
  }
}

for (const driver of benchDrivers()) {
  const { rows, seedSeconds, total, note } = await bench(driver);
  const label = driver === "pglite" ? "PGlite (file, temp folder)" : "PostgreSQL";
  console.log(
    `\nCategories list — ${label}, ${total} categories (seeded in ${seedSeconds.toFixed(1)} s), page size 10, ${RUNS} runs after ${WARMUP} warm-up; ms p50 / p95\n`,
  );
  printTable(["case", "API alone", "loader (.data)", "whole page (HTML)"], rows);
  console.log(`\n${note}`);
}
process.exit(0);
