/**
 * The Order Payment Status export at scale: the real API on a fresh PGlite database (PostgreSQL too
 * when TEST_DATABASE_URL is set) with the demo data and BENCH_ORDERS (default 100,000) generated
 * orders (a payment each), and the built admin (build/server/main.js, as `npm start` runs it). Each case downloads
 * GET /admin/order-payment-status/export?… with a real admin session and prints the time to the
 * first byte of the body, the total time, the file size, the rows, and the admin process's peak
 * RSS (VmHWM of the admin server child). Budget: first byte < 100 ms, total ≤ 4 s on 2 cores, ≤ 250 MB.
 * The admin reads the API's streamed form (?format=ndjson: every matching row, no cap) and writes
 * each row into the .xlsx as it arrives; "rows" is the count of that stream, "API alone" its time.
 * Also the CPU seconds per export of the admin process and of this one (the API). Prints only (a
 * measurement, not a test).
 */
import { readdirSync, readFileSync } from "node:fs";
import { ORDER_PAYMENT_STATUS_MAX_ROWS } from "../../api/src/routes/order-payment-status";
import { SEED_BASE_DATE, seedDemo, seedExtraOrders } from "../../api/src/seed/seed";
import {
  benchDrivers,
  cpuSeconds,
  curlDownload as download,
  freshDatabase,
  memoryMb,
  printTable,
  requireBuild,
  startStack,
  stats,
  type Driver,
} from "./support";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ADMIN_PORT = Number(process.env.BENCH_ADMIN_PORT ?? 3820);
const BUDGET = { firstByteMs: 100, totalMs: 4000, rssMb: 250 };

const CASES: { name: string; query: string }[] = [
  { name: "all orders", query: "" },
  { name: "Completed + Payment Success", query: "order_status=Completed&payment_status=PAYMENT_SUCCESS" },
  { name: "one month", query: "start_date=2025-06-01&end_date=2025-06-30" },
];

requireBuild("export");

/** The admin server child this process started (its parent is us). */
function adminPid(): number {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const cmd = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (ppid === process.pid && /server\/main\.(ts|js)/.test(cmd)) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  throw new Error("admin server child not found");
}

const rows: string[][] = [];
const notes: string[] = [];
for (const driver of benchDrivers()) {
  const { opened, cleanup } = await freshDatabase(driver as Driver);
  try {
    const started = performance.now();
    await seedDemo(opened.db);
    await seedExtraOrders(opened.db, { seed: 42, count: ORDERS, base: SEED_BASE_DATE });
    if (opened.kind === "pg") await opened.db.execute("ANALYZE" as never);
    else await opened.pglite!.exec("ANALYZE");
    console.log(`[${driver}] seeded demo + ${ORDERS} orders in ${Math.round(performance.now() - started)} ms`);
    const stack = await startStack(opened, ADMIN_PORT);
    try {
      const pid = adminPid();
      const headers = { Cookie: await stack.cookieFor("admin") };
      console.log(`[${driver}] admin (server pid ${pid}) RSS at start ${memoryMb(pid, "VmRSS").toFixed(0)} MB`);
      for (const c of CASES) {
        // the API's streamed form alone: every matching row (no cap), counted line by line
        const apiStarted = performance.now();
        const api = await fetch(`${stack.apiUrl}/order-payment-status/?format=ndjson&${c.query}`, {
          headers: { "x-api-key": stack.apiKey },
        });
        let matching = 0;
        const reader = api.body!.getReader();
        for (let r = await reader.read(); !r.done; r = await reader.read()) for (const byte of r.value) if (byte === 10) matching++;
        const apiMs = performance.now() - apiStarted;
        if (matching > ORDER_PAYMENT_STATUS_MAX_ROWS) {
          notes.push(
            `${driver}: "${c.name}" matches ${matching.toLocaleString("en-IN")} orders, over the JSON form's ${ORDER_PAYMENT_STATUS_MAX_ROWS.toLocaleString("en-IN")}-row cap; the export streams all of them.`,
          );
        }
        const runs = [];
        await download(`${stack.adminUrl}/admin/order-payment-status/export?${c.query}`, headers); // warm-up
        // CPU time is less at the mercy of other processes on the machine than wall time
        const [adminCpu0, apiCpu0] = [cpuSeconds(pid), process.cpuUsage()];
        for (let i = 0; i < RUNS; i++) runs.push(await download(`${stack.adminUrl}/admin/order-payment-status/export?${c.query}`, headers));
        const adminCpu = (cpuSeconds(pid) - adminCpu0) / RUNS;
        const apiCpuUsage = process.cpuUsage(apiCpu0);
        const apiCpu = (apiCpuUsage.user + apiCpuUsage.system) / 1e6 / RUNS;
        const fb = stats(runs.map((r) => r.firstByte));
        const total = stats(runs.map((r) => r.total));
        const peak = memoryMb(pid, "VmHWM");
        rows.push([
          `${driver}: ${c.name}`,
          matching.toLocaleString("en-IN"),
          apiMs.toFixed(0),
          fb.p50.toFixed(0),
          fb.p95.toFixed(0),
          total.p50.toFixed(0),
          total.p95.toFixed(0),
          (runs[0].bytes / 1024 / 1024).toFixed(2),
          peak.toFixed(0),
          adminCpu.toFixed(2),
          apiCpu.toFixed(2),
        ]);
        console.log(
          `[${driver}] ${c.name}: ${matching} rows, first byte p50 ${fb.p50.toFixed(0)} ms, total p50 ${total.p50.toFixed(0)} ms, ${(runs[0].bytes / 1024 / 1024).toFixed(2)} MB, peak RSS so far ${peak.toFixed(0)} MB, CPU per export admin ${adminCpu.toFixed(2)} s, API ${apiCpu.toFixed(2)} s`,
        );
      }
    } finally {
      await stack.close();
    }
  } finally {
    await opened.close();
    await cleanup();
  }
}

console.log(
  `\nExport to Excel through the admin, ${ORDERS.toLocaleString("en-IN")} generated orders, ${RUNS} runs per case after a warm-up`,
);
console.log(`Budget: first byte < ${BUDGET.firstByteMs} ms, total ≤ ${BUDGET.totalMs} ms, admin peak RSS ≤ ${BUDGET.rssMb} MB`);
printTable(
  [
    "case",
    "rows",
    "API alone ms",
    "first byte p50",
    "first byte p95",
    "total p50",
    "total p95",
    "file MB",
    "admin peak RSS MB",
    "admin CPU s",
    "API CPU s",
  ],
  rows,
);
for (const note of notes) console.log(`Note: ${note}`);
console.log(
  `Note: "admin CPU s" is the admin server process's user + system time per export; "API CPU s" is this process's (the API, and PGlite when it is the driver; PostgreSQL's own server time is not in it).`,
);
console.log(
  `Note: the admin waits only for the API's 200 (a failure before it still redirects with "Failed to export data"), then streams the .xlsx as NDJSON rows arrive.`,
);
process.exit(0);
