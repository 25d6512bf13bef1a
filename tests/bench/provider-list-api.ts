/**
 * Provider list at scale: seeds the demo data plus BENCH_PROVIDERS (default 100,000) generated
 * providers on PGlite in a temp folder (and on PostgreSQL when TEST_DATABASE_URL is set, in a scratch
 * database), then times GET /get-all-serviceProvider through the app (no HTTP): median and max of
 * RUNS calls per case after a warm-up. Then, per case, the database's own execution time of each
 * query the call made (EXPLAIN (ANALYZE, TIMING OFF), the fastest of PLAN_RUNS): on a shared, noisy
 * machine these say more about the plans than wall-clock times do.
 *   npx tsx tests/bench/provider-list-api.ts
 * PostgreSQL gets VACUUM ANALYZE after the seed (what autovacuum does after a bulk load), PGlite only
 * ANALYZE: it has no autovacuum, so its index-only scans still visit the table (a VACUUM at the end of
 * a PGlite seed would make its counts cheaper).
 */
import type pg from "pg";
import { createApi } from "../../api/src/app";
import type { OpenedDatabase } from "../../api/src/db/client";
import { seedDemo } from "../../api/src/seed/seed";
import { onEachDriver, stats, timeApiCall } from "./support";

const PROVIDERS = Number(process.env.BENCH_PROVIDERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const PLAN_RUNS = Number(process.env.BENCH_PLAN_RUNS ?? 5);
const KEY = "bench-key-0123456789";

const CASES: [string, string][] = [
  ["no filter (page 1)", ""],
  ["search 'sharma'", "search=sharma"],
  ["search rare 'aarav.sharma.777'", "search=aarav.sharma.777"],
  ["search phone '98123'", "search=98123"],
  ["search middle of an email 'yer.1000'", "search=yer.1000"],
  ["search 2 characters 'ar' (no trigram: scans)", "search=ar"],
  ["filter plan+status+verified, sort username asc", "plan=Pro&status=Active&verification=Verified&sortField=username&sortOrder=asc"],
  ["filter stage, sort refresh_at desc", "stage=Pending&sortField=refresh_at&sortOrder=desc"],
  ["date range (one month)", "start_date=2025-06-01&end_date=2025-06-30"],
  ["deep page (page 1000 of 50)", "page=1000"],
  ["deep page sorted by last_login", "page=1500&sortField=last_login&sortOrder=asc"],
];

type Captured = { text: string; params: unknown[] };

/** Records the SQL the API sends while `capturing` is on (both drivers' clients, wrapped in place). */
function recordQueries(opened: OpenedDatabase) {
  const state = { capturing: false, queries: [] as Captured[] };
  if (opened.kind === "pg") {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const pool = (opened.db as any).$client as pg.Pool;
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    (pool as any).query = (config: any, values?: unknown[], ...rest: unknown[]) => {
      if (state.capturing) {
        state.queries.push(
          typeof config === "string"
            ? { text: config, params: values ?? [] }
            : { text: config.text, params: config.values ?? values ?? [] },
        );
      }
      return query(config, values, ...rest);
    };
  } else {
    const lite = opened.pglite!;
    const query = lite.query.bind(lite);
    lite.query = ((text: string, params?: unknown[], options?: never) => {
      if (state.capturing) state.queries.push({ text, params: params ?? [] });
      return query(text, params, options);
    }) as typeof lite.query;
  }
  return state;
}

/** The fastest "Execution Time" of EXPLAIN (ANALYZE, TIMING OFF) over PLAN_RUNS runs, in ms. */
async function executionMs(opened: OpenedDatabase, q: Captured): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < PLAN_RUNS; i++) {
    const sql = `EXPLAIN (ANALYZE, TIMING OFF) ${q.text}`;
    const rows: Record<string, string>[] =
      opened.kind === "pg"
        ? // eslint-disable-next-line @typescript-eslint/no-explicit-any
          (await ((opened.db as any).$client as pg.Pool).query(sql, q.params)).rows
        : (await opened.pglite!.query<Record<string, string>>(sql, q.params)).rows;
    const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
    best = Math.min(best, Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1] ?? NaN));
  }
  return best;
}

const kindOf = (text: string) => (/count\(/.test(text) ? "count" : /"serviceProvider_id" in \(/i.test(text) ? "rows" : "ids");

async function bench(label: string, opened: OpenedDatabase) {
  const started = performance.now();
  const summary = await seedDemo(opened.db, { providers: PROVIDERS });
  const seedMs = performance.now() - started;
  console.log(
    `\n[${label}] seeded ${summary.providers} demo + ${summary.generatedProviders} generated providers in ${Math.round(seedMs)} ms`,
  );
  if (opened.kind === "pg") await opened.db.execute("VACUUM ANALYZE" as never);
  else await opened.pglite!.exec("ANALYZE");
  const recorder = recordQueries(opened);
  const app = createApi({ db: opened.db, apiKey: KEY });
  for (const [name, qs] of CASES) {
    const { samples, total } = await timeApiCall(app, `/get-all-serviceProvider?${qs}`, KEY, RUNS);
    const { p50 } = stats(samples);
    console.log(
      `[${label}] ${name.padEnd(52)} median ${p50.toFixed(1).padStart(7)} ms  max ${Math.max(...samples)
        .toFixed(1)
        .padStart(7)} ms  (${total} results)`,
    );
  }
  console.log(`[${label}] SQL execution (EXPLAIN ANALYZE, TIMING OFF; fastest of ${PLAN_RUNS}), ms per query the call makes:`);
  for (const [name, qs] of CASES) {
    recorder.queries = [];
    recorder.capturing = true;
    await app.request(`/get-all-serviceProvider?${qs}`, { headers: { "x-api-key": KEY } });
    recorder.capturing = false;
    const parts: string[] = [];
    for (const q of recorder.queries) parts.push(`${kindOf(q.text)} ${(await executionMs(opened, q)).toFixed(1)}`);
    console.log(`[${label}]   ${name.padEnd(52)} ${parts.join("  ")}`);
  }
}

await onEachDriver(bench);
