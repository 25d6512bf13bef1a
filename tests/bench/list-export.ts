/**
 * A list's export through the one export engine (issue 32 §2), at scale: the real API on a fresh
 * PGlite database (PostgreSQL too when TEST_DATABASE_URL is set) with the demo data and BENCH_USERS
 * (default 100,000) generated users, and the built admin. Each case downloads
 * GET /admin/user/export?…&format=xlsx|csv with a real admin session (curl, a separate process) and
 * prints the time to the first byte, the total time, the file size, the admin's peak RSS and its CPU
 * seconds per export. The engine pages through GET /users (200 rows a call, keyset cursors), so the
 * figures are the API's pages plus the writer. Budget: first byte < 100 ms, 100k rows ≤ 4 s on 2
 * cores, ≤ 250 MB. Prints only (a measurement, not a test).
 *   npm run build && npx tsx tests/bench/list-export.ts
 */
import { SEED_BASE_DATE, seedDemo, seedExtraUsers } from "../../api/src/seed/seed";
import { cpuSeconds, curlDownload, memoryMb, onEachDriver, printTable, requireBuild, startStack, stats } from "./support";

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ADMIN_PORT = Number(process.env.BENCH_ADMIN_PORT ?? 3822);
const BUDGET = { firstByteMs: 100, totalMs: 4000, rssMb: 250 };

const CASES: { name: string; query: string }[] = [
  { name: "every user, .csv", query: "format=csv" },
  { name: "every user, .xlsx", query: "format=xlsx" },
  { name: "every user by rating, .csv", query: "sortField=rating&sortOrder=desc&format=csv" },
  { name: "Blocked, .xlsx", query: "status=Blocked&format=xlsx" },
];

requireBuild("list-export");

const rows: string[][] = [];
await onEachDriver(async (driver, opened) => {
  const started = performance.now();
  await seedDemo(opened.db);
  await seedExtraUsers(opened.db, { seed: 42, count: USERS, base: SEED_BASE_DATE });
  if (opened.kind === "pg") await opened.db.execute("VACUUM ANALYZE" as never);
  else await opened.pglite!.exec("VACUUM ANALYZE");
  console.log(`[${driver}] seeded demo + ${USERS} users in ${Math.round(performance.now() - started)} ms`);
  const stack = await startStack(opened, ADMIN_PORT);
  try {
    const pid = stack.adminPid;
    const headers = { Cookie: await stack.cookieFor("admin") };
    for (const c of CASES) {
      const url = `${stack.adminUrl}/admin/user/export?${c.query}`;
      const warm = await curlDownload(url, headers);
      const cpu0 = cpuSeconds(pid);
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await curlDownload(url, headers));
      const adminCpu = (cpuSeconds(pid) - cpu0) / RUNS;
      const fb = stats(runs.map((r) => r.firstByte));
      const total = stats(runs.map((r) => r.total));
      const peak = memoryMb(pid, "VmHWM");
      rows.push([
        `${driver}: ${c.name}`,
        fb.p50.toFixed(0),
        total.p50.toFixed(0),
        total.p95.toFixed(0),
        (warm.bytes / 1024 / 1024).toFixed(2),
        peak.toFixed(0),
        adminCpu.toFixed(2),
      ]);
      console.log(
        `[${driver}] ${c.name}: first byte ${fb.p50.toFixed(0)} ms, total ${total.p50.toFixed(0)} ms, peak RSS ${peak.toFixed(0)} MB`,
      );
    }
  } finally {
    await stack.close();
  }
});

console.log(`\nUsers export through the admin, ${USERS.toLocaleString("en-IN")} generated users, ${RUNS} runs per case after a warm-up`);
console.log(`Budget: first byte < ${BUDGET.firstByteMs} ms, total ≤ ${BUDGET.totalMs} ms, admin peak RSS ≤ ${BUDGET.rssMb} MB`);
printTable(["case", "first byte p50 ms", "total p50 ms", "total p95 ms", "file MB", "admin peak RSS MB", "admin CPU s/export"], rows);
