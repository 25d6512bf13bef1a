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
import { requireBuild, runSeededListBench } from "./support";

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const ADMIN_PORT = Number(process.env.BENCH_ADMIN_PORT ?? 3861);
const KEY = "bench-key-0123456789";
const ROUTE_ID = "routes/admin.service-provider_.messages";
// deep pages that exist whatever BENCH_MESSAGES is (9 in 10 rows are sent)
const DEEP = Math.max(1, Math.min(5000, Math.floor(MESSAGES / 20)));
const DEEP_SENT = Math.max(1, Math.min(1000, Math.floor((MESSAGES * 0.9) / 20)));

/** [name, the API's query, the page's query] (the same keys) */
const CASES: [string, string, string][] = [
  ["first page", "", ""],
  ["first page, 100 a page", "page_size=100", "page_size=100"],
  [`deep page ${DEEP} (10 a page)`, `page=${DEEP}`, `page=${DEEP}`],
  ["Failed", "status=failed", "status=failed"],
  ["Retrying", "status=retrying", "status=retrying"],
  [`Sent, deep page ${DEEP_SENT}`, `status=sent&page=${DEEP_SENT}`, `status=sent&page=${DEEP_SENT}`],
  ["WhatsApp", "channel=whatsapp", "channel=whatsapp"],
  ["search one recipient", "search=bench-54322%40", "search=bench-54322%40"],
  ["search a template 'now_open'", "search=now_open", "search=now_open"],
  ["search a subject word 'invoice'", "search=invoice", "search=invoice"],
  ["Failed + Email + search 'invoice'", "status=failed&channel=email&search=invoice", "status=failed&channel=email&search=invoice"],
  // the sorts (issue 32 §3): outbox_created_idx read forward, outbox_channel_created_idx, outbox_attempts_idx
  ["sort Queued At asc", "sortField=created_at&sortOrder=asc", "sortField=created_at&sortOrder=asc"],
  ["sort Channel desc", "sortField=channel&sortOrder=desc", "sortField=channel&sortOrder=desc"],
  ["sort Attempts desc", "sortField=attempts&sortOrder=desc", "sortField=attempts&sortOrder=desc"],
  [
    `sort Attempts asc, deep page ${DEEP}`,
    `sortField=attempts&sortOrder=asc&page=${DEEP}`,
    `sortField=attempts&sortOrder=asc&page=${DEEP}`,
  ],
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

await runSeededListBench({
  seed: async (opened) => {
    await seedOutbox(opened.db, MESSAGES);
    return `${MESSAGES} outbox rows`;
  },
  cases: CASES,
  apiKey: KEY,
  adminPort: ADMIN_PORT,
  apiPath: "/outbox",
  pagePath: "/admin/service-provider/messages",
  routeId: ROUTE_ID,
  runs: RUNS,
  noun: "messages",
  summary: `Sent Messages at ${MESSAGES} outbox rows, ${RUNS} runs per case. API = GET /outbox in-process; loader = /admin/service-provider/messages.data over HTTP; page = the page over HTTP (loader + render).`,
});
