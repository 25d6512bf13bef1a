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
import { SEED_BASE_DATE, seedExtraUsers } from "../../api/src/seed/seed";
import { requireBuild, runSeededListBench } from "./support";

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const ADMIN_PORT = Number(process.env.BENCH_ADMIN_PORT ?? 3853);
const KEY = "bench-key-0123456789";
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
  [
    "Blocked, joined in one year",
    "is_active=false&start_date=2025-01-01&end_date=2025-12-31",
    "status=Blocked&start_date=2025-01-01&end_date=2025-12-31",
  ],
  ["search 'sharma' (many)", "search=sharma", "search=sharma"],
  ["search one username", `search=${one}`, `search=${one}`],
  ["search 2 characters 'ar'", "search=ar", "search=ar"],
  [
    "search 'patel' + Active + dates",
    "search=patel&is_active=true&start_date=2024-06-01&end_date=2025-05-31",
    "search=patel&status=Active&start_date=2024-06-01&end_date=2025-05-31",
  ],
];

requireBuild("users-list");

await runSeededListBench({
  seed: async (opened) => {
    await seedExtraUsers(opened.db, { seed: 42, count: USERS, base: SEED_BASE_DATE });
    return `${USERS} users`;
  },
  cases: async (opened) => {
    const picked = (await opened.db.execute(
      sql`SELECT username FROM users ORDER BY id DESC OFFSET ${Math.floor(USERS / 2)} LIMIT 1`,
    )) as unknown as { rows: { username: string }[] };
    return casesFor(picked.rows[0].username);
  },
  apiKey: KEY,
  adminPort: ADMIN_PORT,
  apiPath: "/users",
  pagePath: "/admin/user",
  routeId: ROUTE_ID,
  runs: RUNS,
  noun: "users",
  summary: `Users list at ${USERS} generated users (+60 demo), ${RUNS} runs per case. API = GET /users in-process; loader = /admin/user.data over HTTP; page = /admin/user over HTTP (loader + render).`,
});
