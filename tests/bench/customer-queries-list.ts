/**
 * Customer Queries at 100,000 chatting pairs: a fresh database (PGlite in a temp folder; PostgreSQL
 * too when TEST_DATABASE_URL is set) with the demo data, BENCH_USERS (default 2,000) generated users
 * (so users × providers holds enough distinct pairs) and BENCH_QUERY_GROUPS (default 100,000)
 * generated pairs (`npm run seed -- --query-chats N`'s function: 1–3 messages each over a year),
 * then VACUUM ANALYZE as the seed CLI does. Times, for each typical query, GET
 * /get-grouped-chats-admin on the API in-process (no HTTP) and, through the built admin over HTTP
 * with a real session, the route's loader alone (GET /admin/query-msg.data?_routes=routes/admin.query-msg)
 * and the whole page (loader + server render): p50/p95 of BENCH_RUNS after a warm-up. Prints only.
 *   npm run build && npx tsx tests/bench/customer-queries-list.ts
 * Budget: loader p95 ≤ 100 ms on PostgreSQL, ≤ 200 ms on PGlite.
 */
import { sql } from "drizzle-orm";
import { seedExtraQueryChats } from "../../api/src/seed/customer-queries";
import { SEED_BASE_DATE, seedExtraUsers } from "../../api/src/seed/seed";
import type { OpenedDatabase } from "../../api/src/db/client";
import { requireBuild, runSeededListBench } from "./support";

const GROUPS = Number(process.env.BENCH_QUERY_GROUPS ?? 100_000);
const USERS = Number(process.env.BENCH_USERS ?? 2_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const ADMIN_PORT = Number(process.env.BENCH_ADMIN_PORT ?? 3858);
const KEY = "bench-key-0123456789";
const ROUTE_ID = "routes/admin.query-msg";
const TOTAL = GROUPS + 15;
const DEEP = Math.max(1, Math.min(5000, Math.floor(TOTAL / 20)));

/** [name, the API's query, the page's query] */
const CASES: [string, string, string][] = [
  ["first page", "", ""],
  ["first page, 100 a page", "page_size=100", "page_size=100"],
  [`deep page ${DEEP} (10 a page)`, `page=${DEEP}`, `page=${DEEP}`],
  ["last page (10 a page)", `page=${Math.ceil(TOTAL / 10)}`, `page=${Math.ceil(TOTAL / 10)}`],
  ["search 'sharma' (many)", "search=sharma", "search=sharma"],
  ["search 2 characters 'ar'", "search=ar", "search=ar"],
  ["one month (Nov 2025)", "start_date=2025-11-01&end_date=2025-11-30", "start_date=2025-11-01&end_date=2025-11-30"],
  [
    "one month + search 'sharma'",
    "start_date=2025-11-01&end_date=2025-11-30&search=sharma",
    "start_date=2025-11-01&end_date=2025-11-30&search=sharma",
  ],
  ["Query Details of the 120-message chat (?query=1)", "", "query=1"],
];

/** A customer's username and a phone's last 7 digits from a pair in the middle (the seed decides them). */
async function oneUserCases(opened: OpenedDatabase): Promise<[string, string, string][]> {
  const found = (await opened.db.execute(
    sql`SELECT u.username, u.phone FROM query_chat_groups g JOIN users u ON u.id = g.user_id ORDER BY g.id OFFSET ${Math.floor(GROUPS / 2)} LIMIT 1`,
  )) as unknown as { rows: { username: string; phone: string }[] };
  const [{ username, phone }] = found.rows;
  const digits = phone.replace(/\D/g, "").slice(-7);
  return [
    [`search one user '${username}'`, `search=${encodeURIComponent(username)}`, `search=${encodeURIComponent(username)}`],
    [`search phone digits '${digits}'`, `search=${digits}`, `search=${digits}`],
  ];
}

requireBuild("customer-queries-list");

await runSeededListBench({
  seed: async (opened) => {
    await seedExtraUsers(opened.db, { seed: 42, count: USERS, base: SEED_BASE_DATE });
    const added = await seedExtraQueryChats(opened.db, { count: GROUPS, base: SEED_BASE_DATE });
    return `${USERS} users + ${added} chatting pairs`;
  },
  cases: async (opened) => [...CASES.slice(0, 5), ...(await oneUserCases(opened)), ...CASES.slice(5)],
  apiKey: KEY,
  adminPort: ADMIN_PORT,
  apiPath: "/get-grouped-chats-admin",
  pagePath: "/admin/query-msg",
  routeId: ROUTE_ID,
  runs: RUNS,
  noun: "pairs",
  summary: `Customer Queries at ${GROUPS} generated chatting pairs (+15 demo), ${RUNS} runs per case. API = GET /get-grouped-chats-admin in-process; loader = /admin/query-msg.data over HTTP; page = /admin/query-msg over HTTP (loader + render).`,
});
