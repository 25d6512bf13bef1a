/**
 * Provider list at scale: seeds the demo data plus BENCH_PROVIDERS (default 100,000) generated
 * providers on PGlite in memory (and on PostgreSQL when TEST_DATABASE_URL is set, in a scratch
 * database), then times GET /get-all-serviceProvider through the app (no HTTP): median and max of
 * RUNS calls per case after a warm-up.
 *   npx tsx tests/bench/provider-list-api.ts
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { createApi } from "../../api/src/app";
import { openDatabase, type OpenedDatabase } from "../../api/src/db/client";
import { seedDemo } from "../../api/src/seed/seed";

const PROVIDERS = Number(process.env.BENCH_PROVIDERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const KEY = "bench-key-0123456789";

const CASES: [string, string][] = [
  ["no filter (page 1)", ""],
  ["search 'sharma'", "search=sharma"],
  ["search rare 'aarav.sharma.777'", "search=aarav.sharma.777"],
  ["search phone '98123'", "search=98123"],
  ["filter plan+status+verified, sort username asc", "plan=Pro&status=Active&verification=Verified&sortField=username&sortOrder=asc"],
  ["filter stage, sort refresh_at desc", "stage=Pending&sortField=refresh_at&sortOrder=desc"],
  ["date range (one month)", "start_date=2025-06-01&end_date=2025-06-30"],
  ["deep page (page 1000 of 50)", "page=1000"],
  ["deep page sorted by last_login", "page=1500&sortField=last_login&sortOrder=asc"],
];

async function bench(label: string, opened: OpenedDatabase) {
  const started = performance.now();
  const summary = await seedDemo(opened.db, { providers: PROVIDERS });
  const seedMs = performance.now() - started;
  console.log(`\n[${label}] seeded ${summary.providers} demo + ${summary.generatedProviders} generated providers in ${Math.round(seedMs)} ms`);
  if (opened.kind === "pg") await opened.db.execute("ANALYZE" as never);
  else await opened.pglite!.exec("ANALYZE");
  const app = createApi({ db: opened.db, apiKey: KEY });
  for (const [name, qs] of CASES) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS + 1; i++) {
      const t = performance.now();
      const res = await app.request(`/get-all-serviceProvider?${qs}`, { headers: { "x-api-key": KEY } });
      const body = (await res.json()) as { total_results: number };
      if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(body)}`);
      total = body.total_results;
      if (i > 0) times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(
      `[${label}] ${name.padEnd(52)} median ${times[Math.floor(times.length / 2)].toFixed(1).padStart(7)} ms  max ${times[times.length - 1].toFixed(1).padStart(7)} ms  (${total} results)`,
    );
  }
}

const lite = await openDatabase({ memory: true });
try {
  await bench("PGlite", lite);
} finally {
  await lite.close();
}

const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  const name = `bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const opened = await openDatabase({ url: url.toString() });
  try {
    await bench("PostgreSQL", opened);
  } finally {
    await opened.close();
    await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
    await admin.end();
  }
}
