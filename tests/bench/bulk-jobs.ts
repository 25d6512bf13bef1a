/**
 * Bulk jobs at scale (issue 33 part 3): seeds the demo data plus BENCH_PROVIDERS (default 100,000)
 * generated providers, then times one "Send email to all N matching" job (no filter: every provider)
 * from POST /bulk-jobs to done, against the budget of 60 s; meanwhile another admin's list call
 * (GET /get-all-serviceProvider, page 1) is timed again and again, its p95 against the same call's
 * p95 when idle (budget: at most 2×). In-process (no HTTP), one API on the database, as one API
 * process with its runner. PGlite in a temp folder; PostgreSQL too when TEST_DATABASE_URL is set.
 *   npx tsx tests/bench/bulk-jobs.ts
 */
import { eq, sql } from "drizzle-orm";
import { createApi } from "../../api/src/app";
import type { OpenedDatabase } from "../../api/src/db/client";
import { bulkJobs, outbox } from "../../api/src/db/schema";
import { seedDemo } from "../../api/src/seed/seed";
import { onEachDriver, stats } from "./support";

const PROVIDERS = Number(process.env.BENCH_PROVIDERS ?? 100_000);
const IDLE_RUNS = Number(process.env.BENCH_RUNS ?? 30);
const BUDGET_S = 60;
const KEY = "bench-key-0123456789";
const LIST = "/get-all-serviceProvider?page=1&page_size=50";

async function timeOnce(app: ReturnType<typeof createApi>, path: string) {
  const started = performance.now();
  const res = await app.request(path, { headers: { "x-api-key": KEY, "x-acting-admin": "1" } });
  await res.text();
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return performance.now() - started;
}

async function bench(label: string, opened: OpenedDatabase) {
  const seeded = performance.now();
  const summary = await seedDemo(opened.db, { providers: PROVIDERS });
  console.log(
    `\n[${label}] seeded ${summary.providers} demo + ${summary.generatedProviders} generated providers in ${Math.round(performance.now() - seeded)} ms`,
  );
  if (opened.kind === "pg") await opened.db.execute(sql`VACUUM ANALYZE`);
  else await opened.pglite!.exec("ANALYZE");
  const batchMs = process.env.BENCH_BATCH_MS ? Number(process.env.BENCH_BATCH_MS) : undefined;
  const app = createApi({ db: opened.db, apiKey: KEY, bulkJobs: { batchMs } });
  try {
    const idle: number[] = [];
    await timeOnce(app, LIST);
    for (let i = 0; i < IDLE_RUNS; i++) idle.push(await timeOnce(app, LIST));
    const [{ before }] = await opened.db.select({ before: sql<number>`count(*)::int` }).from(outbox);

    const started = performance.now();
    const res = await app.request("/bulk-jobs", {
      method: "POST",
      headers: { "x-api-key": KEY, "x-acting-admin": "1", "content-type": "application/json" },
      body: JSON.stringify({ kind: "provider-email", filter: {}, subject: "Bench", body: "<p>Bookings are open</p>" }),
    });
    const created = (await res.json()) as { data: { id: number; total: number } };
    if (res.status !== 201) throw new Error(`POST /bulk-jobs: ${res.status} ${JSON.stringify(created)}`);
    const busy: number[] = [];
    let job = (await opened.db.select().from(bulkJobs).where(eq(bulkJobs.id, created.data.id)))[0];
    // another admin reads the list while the job runs
    while (job.state !== "done") {
      busy.push(await timeOnce(app, LIST));
      // in-process calls on PGlite resolve without the event loop turning: a gap lets timers run
      // (over HTTP each request arrives as I/O), and is another admin's pace (≤ 50 list loads a second)
      await new Promise((resolve) => setTimeout(resolve, 20));
      job = (await opened.db.select().from(bulkJobs).where(eq(bulkJobs.id, created.data.id)))[0];
    }
    const seconds = (performance.now() - started) / 1000;
    const [{ after }] = await opened.db.select({ after: sql<number>`count(*)::int` }).from(outbox);
    const idleP95 = stats(idle).p95;
    const busyP95 = busy.length ? stats(busy).p95 : 0;
    console.log(
      `[${label}] job #${job.id}: ${job.done} queued, ${job.failed} failed of ${created.data.total} in ${seconds.toFixed(1)} s (budget ${BUDGET_S} s: ${seconds <= BUDGET_S ? "within" : "OVER"}); outbox +${after - before}`,
    );
    console.log(
      `[${label}] another admin's list call: idle p95 ${idleP95.toFixed(1)} ms, during the job p95 ${busyP95.toFixed(1)} ms over ${busy.length} calls (${(busyP95 / idleP95).toFixed(2)}×, budget 2×: ${busyP95 <= 2 * idleP95 ? "within" : "OVER"})`,
    );
  } finally {
    await app.bulkJobs?.close();
  }
}

await onEachDriver(bench);
