/**
 * Order lists at scale: seeds the demo data, BENCH_PROVIDERS (default 10,000) generated providers
 * and BENCH_ORDERS (default 100,000) generated orders with a payment each, on PGlite in a temp folder (and
 * on PostgreSQL when TEST_DATABASE_URL is set, in a scratch database), then times the calls through
 * the app (no HTTP): p50 and p95 of RUNS calls per case after a warm-up, printed as a table.
 *   npx tsx tests/bench/order-list-api.ts
 */
import { createApi } from "../../api/src/app";
import type { OpenedDatabase } from "../../api/src/db/client";
import { SEED_BASE_DATE, seedDemo, seedExtraOrders } from "../../api/src/seed/seed";
import { onEachDriver, stats, timeApiCall } from "./support";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const PROVIDERS = Number(process.env.BENCH_PROVIDERS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const KEY = "bench-key-0123456789";

const CASES: [string, string][] = [
  ["bookings: All, page 1", "/get-bookings"],
  ["bookings: tab Completed, page 1", "/get-bookings?status=Completed"],
  ["bookings: tab Tickets, page 500", "/get-bookings?status=Tickets&page=500"],
  ["bookings: deep page 5000 (All)", "/get-bookings?page=5000"],
  ["bookings: search short id", "/get-bookings?search=ORD050000"],
  ["bookings: search party 'sharma'", "/get-bookings?search=sharma"],
  ["bookings: 100 a page", "/get-bookings?page_size=100"],
  ["orders: /get-all-orders page 1", "/get-all-orders"],
  ["payments: page 1", "/payments"],
  ["payments: status PAYMENT_SUCCESS", "/payments?status=PAYMENT_SUCCESS"],
  ["payments: one month", "/payments?start_date=2025-06-01&end_date=2025-06-30"],
  ["payments: provider 'sharma'", "/payments?provider=sharma"],
  // the sorts (issue 32 §3), each an index's order: payments_amount_idx, payments_release_idx, payments_status_date_idx
  ["payments: sort Amount desc", "/payments?sortField=total_amount&sortOrder=desc"],
  ["payments: sort Release date asc", "/payments?sortField=release_date&sortOrder=asc"],
  ["payments: sort Status asc, page 500", "/payments?sortField=payment_status&sortOrder=asc&page=500"],
  ["bookings: sort Charges asc", "/get-bookings?sortField=charges&sortOrder=asc"],
  ["bookings: tab Completed, sort Charges desc", "/get-bookings?status=Completed&sortField=charges&sortOrder=desc"],
  ["ratings: sort Type asc", "/get-all-ratings?sortField=type&sortOrder=asc"],
  ["order detail", "/get-order-detail?order_id=1"],
  ["order payment status: Pending, one month", "/order-payment-status/?order_status=Pending&start_date=2025-06-01&end_date=2025-06-30"],
  ["dashboard stats", "/dashboard-stats"],
];

type Row = { driver: string; name: string; p50: number; p95: number; total: string };
const table: Row[] = [];
const seedTimes: string[] = [];

async function bench(label: string, opened: OpenedDatabase) {
  let started = performance.now();
  await seedDemo(opened.db, { providers: PROVIDERS });
  const demoMs = performance.now() - started;
  started = performance.now();
  await seedExtraOrders(opened.db, { seed: 42, count: ORDERS, base: SEED_BASE_DATE });
  const ordersMs = performance.now() - started;
  seedTimes.push(
    `${label}: demo + ${PROVIDERS} providers ${Math.round(demoMs)} ms; ${ORDERS} orders with payments ${Math.round(ordersMs)} ms`,
  );
  console.log(seedTimes[seedTimes.length - 1]);
  if (opened.kind === "pg") await opened.db.execute("ANALYZE" as never);
  else await opened.pglite!.exec("ANALYZE");
  const app = createApi({ db: opened.db, apiKey: KEY });
  for (const [name, path] of CASES) {
    const { samples, total } = await timeApiCall(app, path, KEY, RUNS);
    const { p50, p95 } = stats(samples);
    table.push({ driver: label, name, p50, p95, total });
    console.log(`[${label}] ${name.padEnd(44)} p50 ${p50.toFixed(1).padStart(7)} ms  p95 ${p95.toFixed(1).padStart(7)} ms  ${total}`);
  }
}

await onEachDriver(bench);

console.log(`\n${ORDERS} orders, ${RUNS} runs per case after a warm-up\n`);
console.log(`| driver | call | p50 ms | p95 ms | total_results |\n|---|---|---:|---:|---:|`);
for (const r of table) console.log(`| ${r.driver} | ${r.name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.total} |`);
console.log(`\nSeed: ${seedTimes.join("; ")}`);
