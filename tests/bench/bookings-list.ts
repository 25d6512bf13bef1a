/**
 * The Booking List page at 100,000 orders: the real API on a fresh database (PGlite in a temp
 * folder; PostgreSQL too when TEST_DATABASE_URL is set) seeded with the demo data, BENCH_PROVIDERS
 * generated providers and BENCH_ORDERS generated orders (a payment each), and the built admin under
 * the admin server, timed over HTTP with a real admin session. Prints p50/p95 of RUNS requests per case
 * after a warm-up; prints only (DESIGN §6: benchmarks, not timed tests).
 *   npm run build && npx tsx tests/bench/bookings-list.ts
 */
import { SEED_BASE_DATE, seedDemo, seedExtraOrders } from "../../api/src/seed/seed";
import { benchDrivers, freshDatabase, printTable, requireBuild, startStack, stats, time, type Driver } from "./support";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const PROVIDERS = Number(process.env.BENCH_PROVIDERS ?? 2_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const ADMIN_PORT = Number(process.env.BENCH_ADMIN_PORT ?? 3851);

const CASES: { name: string; query: string }[] = [
  { name: "All Booking, page 1", query: "" },
  { name: "tab Completed, page 1", query: "tab=completed" },
  { name: "search short id", query: "search=ORD050000" },
  { name: "search party 'sharma'", query: "search=sharma" },
  { name: "deep page 5,000 (All)", query: "page=5000" },
  { name: "100 a page", query: "page_size=100" },
  // the sorts (issue 32 §3): each an index range (orders_created_idx, orders_charges_idx, orders_status_charges_idx, orders_status_created_idx)
  { name: "sort Created At asc", query: "sortField=created_at&sortOrder=asc" },
  { name: "sort Charges desc", query: "sortField=charges&sortOrder=desc" },
  { name: "tab Completed, sort Charges asc", query: "tab=completed&sortField=charges&sortOrder=asc" },
  { name: "sort Status asc", query: "sortField=status&sortOrder=asc" },
  { name: "deep page 5,000, sort Charges asc", query: "page=5000&sortField=charges&sortOrder=asc" },
];

requireBuild("bookings-list");

const rows: string[][] = [];
for (const driver of benchDrivers()) {
  const { opened, cleanup } = await freshDatabase(driver as Driver);
  try {
    let started = performance.now();
    await seedDemo(opened.db, { providers: PROVIDERS });
    await seedExtraOrders(opened.db, { seed: 42, count: ORDERS, base: SEED_BASE_DATE });
    console.log(`[${driver}] seeded demo + ${PROVIDERS} providers + ${ORDERS} orders in ${Math.round(performance.now() - started)} ms`);
    if (opened.kind === "pg") await opened.db.execute("ANALYZE" as never);
    else await opened.pglite!.exec("ANALYZE");
    const stack = await startStack(opened, ADMIN_PORT);
    try {
      const headers = { Cookie: await stack.cookieFor("admin") };
      for (const c of CASES) {
        started = performance.now();
        const t = stats(await time(`${stack.adminUrl}/admin/bookings${c.query ? `?${c.query}` : ""}`, headers, RUNS));
        rows.push([`${driver}: ${c.name}`, t.p50.toFixed(1), t.p95.toFixed(1)]);
        console.log(`[${driver}] ${c.name.padEnd(28)} p50 ${t.p50.toFixed(1).padStart(7)} ms  p95 ${t.p95.toFixed(1).padStart(7)} ms`);
      }
    } finally {
      await stack.close();
    }
  } finally {
    await opened.close();
    await cleanup();
  }
}

console.log(`\n/admin/bookings (whole server-rendered page), ${ORDERS} orders, ${RUNS} runs each`);
printTable(["case", "p50 ms", "p95 ms"], rows);
process.exit(0);
