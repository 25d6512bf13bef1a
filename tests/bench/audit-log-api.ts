/**
 * The audit log at scale: seeds the demo data and BENCH_AUDIT (default 100,000) generated audit
 * entries on PGlite in a temp folder (and on PostgreSQL when TEST_DATABASE_URL is set, in a scratch
 * database), then times GET /audit-entries (what the Audit Log screen's loader calls) through the app,
 * no HTTP: p50 and p95 of RUNS calls per case after a warm-up. Budget: p95 ≤ 100 ms PostgreSQL,
 * ≤ 200 ms PGlite.
 *   npx tsx tests/bench/audit-log-api.ts
 */
import { createApi } from "../../api/src/app";
import type { OpenedDatabase } from "../../api/src/db/client";
import { seedExtraAudit } from "../../api/src/seed/audit";
import { seedDemo } from "../../api/src/seed/seed";
import { onEachDriver, stats, timeApiCall } from "./support";

const ENTRIES = Number(process.env.BENCH_AUDIT ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const KEY = "bench-key-0123456789";

const day = (daysAgo: number) => new Date(Date.now() + 5.5 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
const CASES: [string, string][] = [
  ["page 1 (25), no filter", "/audit-entries?page_size=25"],
  ["page 2000 (25), no filter", "/audit-entries?page_size=25&page=2000"],
  ["last page (25), no filter", `/audit-entries?page_size=25&page=${Math.ceil(ENTRIES / 25)}`],
  ["admin = 1", "/audit-entries?page_size=25&admin=1"],
  ["entity = plan", "/audit-entries?page_size=25&entity=plan"],
  ["action = delete", "/audit-entries?page_size=25&action=delete"],
  ["one month", `/audit-entries?page_size=25&start_date=${day(60)}&end_date=${day(30)}`],
  ["admin + entity + action + a year", `/audit-entries?page_size=25&admin=1&entity=category&action=update&start_date=${day(365)}&end_date=${day(0)}`],
  ["one record's history", "/audit-entries?page_size=25&entity=category&entity_id=42"],
  ["100 a page", "/audit-entries?page_size=100"],
  ["the bell: latest 8", "/audit-log?limit=8"],
];

type Row = { driver: string; name: string; p50: number; p95: number; total: string };
const table: Row[] = [];
const seedTimes: string[] = [];

async function bench(label: string, opened: OpenedDatabase) {
  const started = performance.now();
  await seedDemo(opened.db);
  await seedExtraAudit(opened.db, { seed: 42, count: ENTRIES, base: new Date() });
  seedTimes.push(`${label}: demo + ${ENTRIES} audit entries ${Math.round(performance.now() - started)} ms`);
  console.log(seedTimes[seedTimes.length - 1]);
  if (opened.kind === "pg") await opened.db.execute("VACUUM ANALYZE" as never);
  else await opened.pglite!.exec("VACUUM ANALYZE");
  const app = createApi({ db: opened.db, apiKey: KEY });
  for (const [name, path] of CASES) {
    const { samples, total } = await timeApiCall(app, path, KEY, RUNS);
    const { p50, p95 } = stats(samples);
    table.push({ driver: label, name, p50, p95, total });
    console.log(`[${label}] ${name.padEnd(36)} p50 ${p50.toFixed(1).padStart(7)} ms  p95 ${p95.toFixed(1).padStart(7)} ms  ${total}`);
  }
}

await onEachDriver(bench);

console.log(`\n${ENTRIES} audit entries, ${RUNS} runs per case after a warm-up\n`);
console.log(`| driver | call | p50 ms | p95 ms | total_results |\n|---|---|---:|---:|---:|`);
for (const r of table) console.log(`| ${r.driver} | ${r.name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.total} |`);
console.log(`\nSeed: ${seedTimes.join("; ")}`);
