/**
 * The header's global search (issue 32 §1) at 100,000 rows in each of providers, users and orders:
 * a fresh database (PGlite in a temp folder; PostgreSQL too when TEST_DATABASE_URL is set) with the
 * demo data, BENCH_SEARCH_ROWS (default 100,000) generated providers (each with their user), as many
 * more users and as many orders, then VACUUM ANALYZE as the seed CLI does. Times, for each typical
 * text, GET /admin-search over every area in-process, then through the built admin with a real
 * session the search page's loader (/admin/search.data: guard, pages, the API call) and the whole
 * page: p50/p95 of BENCH_RUNS after a warm-up. Prints only.
 *   npm run build && npx tsx tests/bench/global-search.ts
 * Budget (issue 32): p95 ≤ 100 ms on PostgreSQL, ≤ 200 ms on PGlite.
 */
import { sql } from "drizzle-orm";
import { SEARCH_AREAS } from "../../contract/global-search";
import { SEARCH_PAGE_HITS } from "../../app/models/global-search";
import { SEED_BASE_DATE, seedExtraOrders, seedExtraProviders, seedExtraUsers } from "../../api/src/seed/seed";
import { requireBuild, runSeededListBench } from "./support";

const ROWS = Number(process.env.BENCH_SEARCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const ADMIN_PORT = Number(process.env.BENCH_ADMIN_PORT ?? 3857);
const KEY = "bench-key-0123456789";
const AREAS = SEARCH_AREAS.join(",");

/** [name, the API's query, the page's query] */
const casesFor = (picked: { username: string; phone: string; shortId: string }): [string, string, string][] =>
  [
    ["common surname 'sharma'", "sharma"],
    ["one username", picked.username],
    ["phone digits", picked.phone.replace(/\D/g, "").slice(-7)],
    ["an order's short id", picked.shortId],
    ["an order's number, typed '#n'", `#${Number(picked.shortId.replace(/\D/g, ""))}`],
    ["everyone's email domain 'example'", "example"],
    ["nothing matches", "qqxzv"],
  ].map(([name, q]) => [
    name,
    `${new URLSearchParams({ q, areas: AREAS, limit: String(SEARCH_PAGE_HITS) })}`,
    `${new URLSearchParams({ q })}`,
  ]);

requireBuild("global-search");

await runSeededListBench({
  seed: async (opened) => {
    await seedExtraProviders(opened.db, { seed: 42, count: ROWS, base: SEED_BASE_DATE });
    await seedExtraUsers(opened.db, { seed: 43, count: ROWS, base: SEED_BASE_DATE });
    await seedExtraOrders(opened.db, { seed: 44, count: ROWS, base: SEED_BASE_DATE });
    return `${ROWS} providers, ${ROWS} users, ${ROWS} orders`;
  },
  cases: async (opened) => {
    const rows = (await opened.db.execute(
      sql`SELECT u.username, u.phone, (SELECT short_id FROM orders ORDER BY order_id DESC OFFSET ${Math.floor(ROWS / 2)} LIMIT 1) AS "shortId"
          FROM users u WHERE u.phone <> '' ORDER BY u.id DESC OFFSET ${Math.floor(ROWS / 2)} LIMIT 1`,
    )) as unknown as { rows: { username: string; phone: string; shortId: string }[] };
    return casesFor(rows.rows[0]);
  },
  apiKey: KEY,
  adminPort: ADMIN_PORT,
  apiPath: "/admin-search",
  pagePath: "/admin/search",
  routeId: "routes/admin.search",
  runs: RUNS,
  noun: "areas",
  summary: `Global search at ${ROWS} generated providers, users and orders (+ the demo data), ${RUNS} runs per case, every area. API = GET /admin-search in-process; loader = /admin/search.data over HTTP; page = /admin/search over HTTP (loader + render).`,
});
