/**
 * Comment Moderation at 100,000 comments: a fresh database (PGlite in a temp folder; PostgreSQL too
 * when TEST_DATABASE_URL is set) with the demo data and BENCH_COMMENTS (default 100,000) generated
 * comments (`npm run seed -- --comments N`'s function: a fifth replies, a sixth anonymous, a third
 * pending), then VACUUM ANALYZE as the seed CLI does. Times, for each typical query,
 * GET /blog/comments/ on the API in-process (no HTTP) and, through the built admin over HTTP with
 * a real session, the route's loader alone (GET /admin/comments.data?_routes=routes/admin.comments)
 * and the whole page (loader + server render): p50/p95 of BENCH_RUNS after a warm-up. Prints only.
 *   npm run build && npx tsx tests/bench/comments-list.ts
 * Budget: loader p95 ≤ 100 ms on PostgreSQL, ≤ 200 ms on PGlite.
 */
import { seedExtraComments } from "../../api/src/seed/comments";
import { SEED_BASE_DATE } from "../../api/src/seed/seed";
import { requireBuild, runSeededListBench } from "./support";

const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const ADMIN_PORT = Number(process.env.BENCH_ADMIN_PORT ?? 3857);
const KEY = "bench-key-0123456789";
const ROUTE_ID = "routes/admin.comments";
const TOTAL = COMMENTS + 36;
// deep pages that exist whatever BENCH_COMMENTS is
const DEEP = Math.max(1, Math.min(5000, Math.floor(TOTAL / 20)));
const DEEP_PENDING = Math.max(1, Math.min(1500, Math.floor(TOTAL / 3 / 20)));

/** [name, the API's query, the page's query] */
const CASES: [string, string, string][] = [
  ["first page", "", ""],
  ["first page, 100 a page", "page_size=100", "page_size=100"],
  [`deep page ${DEEP} (10 a page)`, `page=${DEEP}`, `page=${DEEP}`],
  ["last page (10 a page)", `page=${Math.ceil(TOTAL / 10)}`, `page=${Math.ceil(TOTAL / 10)}`],
  ["Approved", "is_approved=approved", "status=approved"],
  ["Pending", "is_approved=pending", "status=pending"],
  [`Pending, deep page ${DEEP_PENDING}`, `is_approved=pending&page=${DEEP_PENDING}`, `status=pending&page=${DEEP_PENDING}`],
  ["search 'sharma' (many)", "search=sharma", "search=sharma"],
  ["search one reader 'reader 54321)'", `search=${encodeURIComponent("reader 54321)")}`, `search=${encodeURIComponent("reader 54321)")}`],
  ["search 2 characters 'ar'", "search=ar", "search=ar"],
  ["search 'gst' + Pending", "search=gst&is_approved=pending", "search=gst&status=pending"],
  ["content dialog (?comment=1)", "", "comment=1"],
];
// sorted (the same keys in the API's query and the page's URL): only orders an index walks
const DATE_ASC = "sortField=created_at&sortOrder=asc";
const STATUS_ASC = "sortField=is_approved&sortOrder=asc";
const STATUS_DESC = "sortField=is_approved&sortOrder=desc";
for (const [name, query] of [
  [`Date ascending, deep page ${DEEP}`, `${DATE_ASC}&page=${DEEP}`],
  ["Status ascending (pending first)", STATUS_ASC],
  [`Status descending, deep page ${DEEP}`, `${STATUS_DESC}&page=${DEEP}`],
  ["Status ascending + search 'sharma'", `${STATUS_ASC}&search=sharma`],
] as const) {
  CASES.push([name, query, query]);
}

requireBuild("comments-list");

await runSeededListBench({
  seed: async (opened) => {
    await seedExtraComments(opened.db, { count: COMMENTS, base: SEED_BASE_DATE });
    return `${COMMENTS} comments`;
  },
  cases: CASES,
  apiKey: KEY,
  adminPort: ADMIN_PORT,
  apiPath: "/blog/comments/",
  pagePath: "/admin/comments",
  routeId: ROUTE_ID,
  runs: RUNS,
  noun: "comments",
  summary: `Comment Moderation at ${COMMENTS} generated comments (+36 demo), ${RUNS} runs per case. API = GET /blog/comments/ in-process; loader = /admin/comments.data over HTTP; page = /admin/comments over HTTP (loader + render).`,
});
