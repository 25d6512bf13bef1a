/**
 * Sent Messages at 100,000 outbox rows: a fresh database (PGlite in a temp folder; PostgreSQL too
 * when TEST_DATABASE_URL is set) with the demo data and BENCH_MESSAGES (default 100,000) outbox rows
 * inserted with SQL, a minute apart (9 in 10 sent; of the rest a third each failed, waiting to retry
 * and queued; two in three emails, one in three WhatsApp), then VACUUM ANALYZE as the seed CLI does. Times, for each
 * typical query, GET /outbox on the API in-process and, through the built admin over HTTP with a
 * real session, the route's loader alone and the whole page: p50/p95 of BENCH_RUNS after a warm-up.
 *   npm run build && npx tsx tests/bench/messages-list.ts
 * Budget (DESIGN §6, lists at 100k rows): loader p95 ≤ 100 ms on PostgreSQL, ≤ 200 ms on PGlite.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../../api/src/db/client";
import { seedDemo } from "../../api/src/seed/seed";
import { benchDrivers, benchListCases, DRIVER_LABEL, freshDatabase, printTable, requireBuild, type Driver } from "./support";

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const ADMIN_PORT = Number(process.env.BENCH_ADMIN_PORT ?? 3861);
const KEY = "bench-key-0123456789";
const BUDGET: Record<Driver, number> = { pg: 100, pglite: 200 };
const ROUTE_ID = "routes/admin.service-provider_.messages";
const DEEP = Math.max(1, Math.min(5000, Math.floor(MESSAGES / 20)));

/** [name, the API's query, the page's query] (the same keys) */
const CASES: [string, string, string][] = [
  ["first page", "", ""],
  ["first page, 100 a page", "page_size=100", "page_size=100"],
  [`deep page ${DEEP} (10 a page)`, `page=${DEEP}`, `page=${DEEP}`],
  ["Failed", "status=failed", "status=failed"],
  ["Retrying", "status=retrying", "status=retrying"],
  ["Sent, deep page 1,000", "status=sent&page=1000", "status=sent&page=1000"],
  ["WhatsApp", "channel=whatsapp", "channel=whatsapp"],
  ["search one recipient", "search=bench-54322%40", "search=bench-54322%40"],
  ["search a template 'now_open'", "search=now_open", "search=now_open"],
  ["search a subject word 'invoice'", "search=invoice", "search=invoice"],
  ["Failed + Email + search 'invoice'", "status=failed&channel=email&search=invoice", "status=failed&channel=email&search=invoice"],
];

/** The outbox rows, in SQL (both drivers): i-th row i minutes apart, backwards from now. */
async function seedOutbox(db: Database, count: number) {
  await db.execute(sql`
    INSERT INTO outbox (channel, user_id, recipient, subject, body, template, status, error, created_by, created_at, sent_at, attempts, next_attempt_at, last_attempt_at)
    SELECT
      CASE WHEN i % 3 = 0 THEN 'whatsapp' ELSE 'email' END,
      (SELECT id FROM users ORDER BY id LIMIT 1),
      CASE WHEN i % 3 = 0 THEN '+91 9' || lpad((i % 1000000000)::text, 9, '0') ELSE 'bench-' || i || '@example.test' END,
      CASE WHEN i % 3 = 0 THEN NULL ELSE (ARRAY['Bookings are open', 'Your invoice', 'Complete your profile', 'Welcome'])[1 + i % 4] END,
      CASE WHEN i % 3 = 0 THEN NULL ELSE '<p>Hello</p>' END,
      CASE WHEN i % 3 = 0 THEN 'bookings_now_open' ELSE NULL END,
      CASE WHEN i % 10 < 9 THEN 'sent' WHEN i % 30 = 19 THEN 'failed' ELSE 'queued' END,
      CASE WHEN i % 10 < 9 THEN NULL WHEN i % 30 = 19 THEN '550 Mailbox unavailable' WHEN i % 30 = 29 THEN '421 Try again later' ELSE NULL END,
      'admin',
      now() - (i || ' minutes')::interval,
      CASE WHEN i % 10 < 9 THEN now() - (i || ' minutes')::interval + interval '2 seconds' ELSE NULL END,
      CASE WHEN i % 10 < 9 THEN 1 WHEN i % 30 = 19 THEN 5 WHEN i % 30 = 29 THEN 2 ELSE 0 END,
      CASE WHEN i % 30 = 29 THEN now() + interval '10 minutes' ELSE NULL END,
      CASE WHEN i % 10 < 9 OR i % 30 IN (19, 29) THEN now() - (i || ' minutes')::interval + interval '2 seconds' ELSE NULL END
    FROM generate_series(1, ${count}) AS i`);
}

requireBuild("messages-list");

const table: string[][] = [];
for (const driver of benchDrivers()) {
  const label = DRIVER_LABEL[driver];
  const { opened, cleanup } = await freshDatabase(driver);
  try {
    const started = performance.now();
    await seedDemo(opened.db);
    await seedOutbox(opened.db, MESSAGES);
    console.log(`[${label}] seeded the demo data + ${MESSAGES} outbox rows in ${Math.round(performance.now() - started)} ms`);
    if (opened.kind === "pg") await opened.db.execute("VACUUM ANALYZE" as never);
    else await opened.pglite!.exec("VACUUM ANALYZE");

    await benchListCases({
      label,
      opened,
      apiKey: KEY,
      adminPort: ADMIN_PORT,
      apiPath: "/outbox",
      pagePath: "/admin/service-provider/messages",
      routeId: ROUTE_ID,
      cases: CASES,
      runs: RUNS,
      budgetMs: BUDGET[driver],
      noun: "messages",
      table,
    });
  } finally {
    await opened.close();
    await cleanup();
  }
}

console.log(`\nSent Messages at ${MESSAGES} outbox rows, ${RUNS} runs per case. API = GET /outbox in-process; loader = /admin/service-provider/messages.data over HTTP; page = the page over HTTP (loader + render).`);
console.log(`Budget: loader p95 ≤ ${BUDGET.pg} ms PostgreSQL, ≤ ${BUDGET.pglite} ms PGlite.`);
printTable(["case", "matches", "API p50", "API p95", "loader p50", "loader p95", "page p50", "page p95", "loader in budget"], table);
process.exit(0);
