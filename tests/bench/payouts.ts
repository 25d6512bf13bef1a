/**
 * Payouts (issue 34) at 100,000 orders: a fresh database per driver (PGlite in a temp folder;
 * PostgreSQL too when TEST_DATABASE_URL is set) with the demo data, BENCH_PAYOUT_ORDERS generated
 * orders (each with its payment; about a quarter released), a payout for every release (Approved)
 * and a release request for 1,000 releasable payments, then VACUUM ANALYZE. Times, in-process and
 * through the built admin over HTTP with a real session (loader alone, and the whole page):
 * - the Payments list with its Release column (every row's latest payout) and its Release state filter;
 * - the ledger of the provider with the most releases, whole and for one month.
 * p50/p95 of BENCH_RUNS after a warm-up. Prints only.
 *   npm run build && npx tsx tests/bench/payouts.ts
 * Budget (DESIGN §6, lists): loader p95 ≤ 100 ms on PostgreSQL, ≤ 200 ms on PGlite.
 */
import { sql } from "drizzle-orm";
import { SEED_BASE_DATE, seedDemo, seedExtraOrders } from "../../api/src/seed/seed";
import {
  benchDrivers,
  benchListCases,
  DRIVER_LABEL,
  freshDatabase,
  LIST_BUDGET_MS,
  printTable,
  requireBuild,
  type ListBenchCase,
} from "./support";

const ORDERS = Number(process.env.BENCH_PAYOUT_ORDERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const ADMIN_PORT = Number(process.env.BENCH_ADMIN_PORT ?? 3861);
const KEY = "bench-key-0123456789";

requireBuild("payouts");

type Rows<T> = { rows: T[] };
const table: string[][] = [];
for (const driver of benchDrivers()) {
  const label = DRIVER_LABEL[driver];
  const { opened, cleanup } = await freshDatabase(driver);
  try {
    const started = performance.now();
    await seedDemo(opened.db);
    await seedExtraOrders(opened.db, { seed: 44, count: ORDERS, base: SEED_BASE_DATE });
    // a payout for every release (as the releases since payouts exist write them), by the demo admin
    await opened.db.execute(sql`
      INSERT INTO payouts (payment_id, order_id, service_provider_id, amount, state, requested_by, requested_at, decided_by, decided_at)
      SELECT p.payment_id, p.order_id, o.service_provider_id, p.paid_to_provider, 'Approved', 1, p.release_date, 1, p.release_date
      FROM payments p JOIN orders o ON o.order_id = p.order_id WHERE p.payment_status = 'WITHDRAWN'`);
    await opened.db.execute(sql`
      INSERT INTO payouts (payment_id, order_id, service_provider_id, amount, state, requested_by, requested_at)
      SELECT p.payment_id, p.order_id, o.service_provider_id, p.service_provider_amount, 'Requested', 1, p.payment_date
      FROM payments p JOIN orders o ON o.order_id = p.order_id
      WHERE p.payment_status = 'PAYMENT_SUCCESS' AND o.status = 'Completed' ORDER BY p.payment_id DESC LIMIT 1000`);
    if (opened.kind === "pg") await opened.db.execute("VACUUM ANALYZE" as never);
    else await opened.pglite!.exec("VACUUM ANALYZE");
    const counts = (await opened.db.execute(
      sql`SELECT count(*) FILTER (WHERE state = 'Approved')::int AS approved, count(*) FILTER (WHERE state = 'Requested')::int AS requested FROM payouts`,
    )) as unknown as Rows<{ approved: number; requested: number }>;
    console.log(
      `[${label}] seeded the demo data + ${ORDERS} orders, ${counts.rows[0].approved} releases' payouts and ${counts.rows[0].requested} requests in ${Math.round(performance.now() - started)} ms`,
    );
    const top = (await opened.db.execute(
      sql`SELECT service_provider_id AS id, count(*)::int AS n, min(decided_at) AS first FROM payouts WHERE state = 'Approved' GROUP BY service_provider_id ORDER BY n DESC LIMIT 1`,
    )) as unknown as Rows<{ id: number; n: number; first: string | Date }>;
    const { id, n, first } = top.rows[0];
    const month = new Date(first).toISOString().slice(0, 7);
    const monthRange = `start_date=${month}-01&end_date=${month}-28`;

    const payments: ListBenchCase[] = [
      ["Payments: first page (Release column)", "", ""],
      ["Payments: Release state Approved", "release_state=approved", "release_state=approved"],
      ["Payments: Release state Requested", "release_state=requested", "release_state=requested"],
      ["Payments: Can be released now", "releasable=yes", "releasable=yes"],
    ];
    await benchListCases({
      label,
      opened,
      apiKey: KEY,
      adminPort: ADMIN_PORT,
      apiPath: "/payments",
      pagePath: "/admin/payments",
      routeId: "routes/admin.payments._index",
      cases: payments,
      runs: RUNS,
      budgetMs: LIST_BUDGET_MS[driver],
      noun: "payments",
      table,
    });
    const ledger: ListBenchCase[] = [
      [`Ledger: provider ${id} (${n} releases)`, `provider=${id}`, `provider=${id}`],
      [`Ledger: provider ${id}, one month`, `provider=${id}&${monthRange}`, `provider=${id}&${monthRange}`],
    ];
    await benchListCases({
      label,
      opened,
      apiKey: KEY,
      adminPort: ADMIN_PORT,
      apiPath: "/payout-ledger",
      pagePath: "/admin/payments/ledger",
      routeId: "routes/admin.payments.ledger",
      cases: ledger,
      runs: RUNS,
      budgetMs: LIST_BUDGET_MS[driver],
      noun: "releases",
      table,
    });
  } finally {
    await opened.close();
    await cleanup();
  }
}
console.log(
  `\nPayouts at ${ORDERS} generated orders (+ the demo data), ${RUNS} runs per case. API in-process; loader = <page>.data over HTTP; page = the page over HTTP (loader + render).`,
);
console.log(`Budget: loader p95 ≤ ${LIST_BUDGET_MS.pg} ms PostgreSQL, ≤ ${LIST_BUDGET_MS.pglite} ms PGlite.`);
printTable(["case", "matches", "API p50", "API p95", "loader p50", "loader p95", "page p50", "page p95", "loader in budget"], table);
process.exit(0);
