/**
 * The Users screen at 100,000 users: a fresh database (PGlite in a temp folder; PostgreSQL too when
 * TEST_DATABASE_URL is set) with the demo data and BENCH_USERS (default 100,000) generated users
 * (`npm run seed -- --users N`'s function: joined over two years, ~15 % blocked), then VACUUM ANALYZE
 * as the seed CLI does. Times, for each typical query, GET /users on the API in-process (no HTTP)
 * and, through the built admin over HTTP with a real session, the route's loader alone
 * (GET /admin/user.data?_routes=routes/admin.user, single fetch: guard, API call, rows formatted) and
 * the whole page (loader + server render): p50/p95 of BENCH_RUNS after a warm-up. Prints only.
 *   npm run build && npx tsx tests/bench/users-list.ts
 * Budget (issue 11): loader p95 ≤ 100 ms on PostgreSQL, ≤ 200 ms on PGlite.
 */
import { sql } from "drizzle-orm";
import { SEED_BASE_DATE, seedDemo, seedExtraUsers } from "../../api/src/seed/seed";
import { benchDrivers, benchListCases, DRIVER_LABEL, freshDatabase, printTable, requireBuild, type Driver } from "./support";

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const ADMIN_PORT = Number(process.env.BENCH_ADMIN_PORT ?? 3853);
const KEY = "bench-key-0123456789";
const BUDGET: Record<Driver, number> = { pg: 100, pglite: 200 };
const ROUTE_ID = "routes/admin.user";
const TOTAL = USERS + 60;
// deep pages that exist whatever BENCH_USERS is
const DEEP = Math.max(1, Math.min(5000, Math.floor(TOTAL / 20)));
const DEEP_ACTIVE = Math.max(1, Math.min(2000, Math.floor((TOTAL * 0.8) / 20)));

/** [name, the API's query, the page's query]; `one` is a generated user's username */
const casesFor = (one: string): [string, string, string][] => [
  ["first page", "", ""],
  ["first page, 100 a page", "page_size=100", "page_size=100"],
  [`deep page ${DEEP} (10 a page)`, `page=${DEEP}`, `page=${DEEP}`],
  ["last page (10 a page)", `page=${Math.ceil(TOTAL / 10)}`, `page=${Math.ceil(TOTAL / 10)}`],
  ["Blocked", "is_active=false", "status=Blocked"],
  [`Active, deep page ${DEEP_ACTIVE}`, `is_active=true&page=${DEEP_ACTIVE}`, `status=Active&page=${DEEP_ACTIVE}`],
  ["joined in one month", "start_date=2025-06-01&end_date=2025-06-30", "start_date=2025-06-01&end_date=2025-06-30"],
  ["Blocked, joined in one year", "is_active=false&start_date=2025-01-01&end_date=2025-12-31", "status=Blocked&start_date=2025-01-01&end_date=2025-12-31"],
  ["search 'sharma' (many)", "search=sharma", "search=sharma"],
  ["search one username", `search=${one}`, `search=${one}`],
  ["search 2 characters 'ar'", "search=ar", "search=ar"],
  ["search 'patel' + Active + dates", "search=patel&is_active=true&start_date=2024-06-01&end_date=2025-05-31", "search=patel&status=Active&start_date=2024-06-01&end_date=2025-05-31"],
];

requireBuild("users-list");

const table: string[][] = [];
for (const driver of benchDrivers()) {
  const label = DRIVER_LABEL[driver];
  const { opened, cleanup } = await freshDatabase(driver);
  try {
    const started = performance.now();
    await seedDemo(opened.db);
    await seedExtraUsers(opened.db, { seed: 42, count: USERS, base: SEED_BASE_DATE });
    console.log(`[${label}] seeded the demo data + ${USERS} users in ${Math.round(performance.now() - started)} ms`);
    // what `npm run seed` ends with (PGlite has no autovacuum: without it no index-only scans)
    if (opened.kind === "pg") await opened.db.execute("VACUUM ANALYZE" as never);
    else await opened.pglite!.exec("VACUUM ANALYZE");

    const picked = (await opened.db.execute(sql`SELECT username FROM users ORDER BY id DESC OFFSET ${Math.floor(USERS / 2)} LIMIT 1`)) as unknown as { rows: { username: string }[] };
    const CASES = casesFor(picked.rows[0].username);
    await benchListCases({
      label,
      opened,
      apiKey: KEY,
      adminPort: ADMIN_PORT,
      apiPath: "/users",
      pagePath: "/admin/user",
      routeId: ROUTE_ID,
      cases: CASES,
      runs: RUNS,
      budgetMs: BUDGET[driver],
      noun: "users",
      table,
    });
  } finally {
    await opened.close();
    await cleanup();
  }
}

console.log(`\nUsers list at ${USERS} generated users (+60 demo), ${RUNS} runs per case. API = GET /users in-process; loader = /admin/user.data over HTTP; page = /admin/user over HTTP (loader + render).`);
console.log(`Budget: loader p95 ≤ ${BUDGET.pg} ms PostgreSQL, ≤ ${BUDGET.pglite} ms PGlite.`);
printTable(["case", "matches", "API p50", "API p95", "loader p50", "loader p95", "page p50", "page p95", "loader in budget"], table);
process.exit(0);
