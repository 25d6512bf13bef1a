/**
 * Pending Bookings at 100,000 booking journeys: a fresh database (PGlite in a temp folder; PostgreSQL
 * too when TEST_DATABASE_URL is set) with the demo data and BENCH_JOURNEYS (default 100,000)
 * generated journeys (`npm run seed -- --journeys N`'s function: over the year before the base date,
 * every step, 3 % converted), then VACUUM ANALYZE as the seed CLI does. Times, for each typical
 * query, GET /track-booking-journey/ (the page and the period's funnel) on the API in-process (no
 * HTTP) and, through the built admin over HTTP with a real session, the route's loader alone
 * (GET /admin/track-booking-journey.data?_routes=routes/admin.track-booking-journey) and the whole
 * page (loader + server render): p50/p95 of BENCH_RUNS after a warm-up. Prints only.
 *   npm run build && npx tsx tests/bench/booking-journeys-list.ts
 * Budget: loader p95 ≤ 100 ms on PostgreSQL, ≤ 200 ms on PGlite.
 */
import { DEMO_PENDING_JOURNEYS, seedExtraJourneys } from "../../api/src/seed/booking-journeys";
import { SEED_BASE_DATE } from "../../api/src/seed/seed";
import { requireBuild, runSeededListBench } from "./support";

const JOURNEYS = Number(process.env.BENCH_JOURNEYS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const ADMIN_PORT = Number(process.env.BENCH_ADMIN_PORT ?? 3862);
const KEY = "bench-key-0123456789";
const ROUTE_ID = "routes/admin.track-booking-journey";
// 97 in 100 generated journeys are not converted
const TOTAL = Math.floor(JOURNEYS * 0.97) + DEMO_PENDING_JOURNEYS;
const DEEP = Math.max(1, Math.min(5000, Math.floor(TOTAL / 20)));
const DEEP_STEP = Math.max(1, Math.min(1000, Math.floor(TOTAL / 5 / 20)));

const MONTH = "start_date=2025-06-01&end_date=2025-06-30";
const QUARTER = "start_date=2025-04-01&end_date=2025-06-30";
const DAY = "start_date=2025-08-15&end_date=2025-08-15";

/** [name, the API's query, the page's query]: the same keys in both */
const CASES: [string, string, string][] = [
  ["first page (all steps, all dates)", "", ""],
  ["first page, 100 a page", "page_size=100", "page_size=100"],
  [`deep page ${DEEP} (10 a page)`, `page=${DEEP}`, `page=${DEEP}`],
  ["last page (10 a page)", `page=${Math.ceil(TOTAL / 10)}`, `page=${Math.ceil(TOTAL / 10)}`],
  ...[1, 2, 3, 4, 5].map((step): [string, string, string] => [`step ${step}`, `step=${step}`, `step=${step}`]),
  [`step 2, deep page ${DEEP_STEP}`, `step=2&page=${DEEP_STEP}`, `step=2&page=${DEEP_STEP}`],
  ["one month (June 2025)", MONTH, MONTH],
  ["one month + step 3", `${MONTH}&step=3`, `${MONTH}&step=3`],
  ["one quarter + step 1, page 20", `${QUARTER}&step=1&page=20`, `${QUARTER}&step=1&page=20`],
  ["one day", DAY, DAY],
  ["from a date on (2025-07-01)", "start_date=2025-07-01", "start_date=2025-07-01"],
  ["step dialog (?journey=1&journey_step=3)", "", "journey=1&journey_step=3"],
];

requireBuild("booking-journeys-list");

await runSeededListBench({
  seed: async (opened) => {
    await seedExtraJourneys(opened.db, { count: JOURNEYS, base: SEED_BASE_DATE });
    return `${JOURNEYS} journeys`;
  },
  cases: CASES,
  apiKey: KEY,
  adminPort: ADMIN_PORT,
  apiPath: "/track-booking-journey/",
  pagePath: "/admin/track-booking-journey",
  routeId: ROUTE_ID,
  runs: RUNS,
  noun: "journeys",
  summary: `Pending Bookings at ${JOURNEYS} generated journeys (+${DEMO_PENDING_JOURNEYS} demo not converted), ${RUNS} runs per case. API = GET /track-booking-journey/ in-process (page + funnel); loader = /admin/track-booking-journey.data over HTTP; page = /admin/track-booking-journey over HTTP (loader + render).`,
});
