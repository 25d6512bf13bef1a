/**
 * Another admin's pages while a 100k-row export runs (DESIGN §6: "other admins' pages stay
 * responsive meanwhile"). The real API on a fresh database with the demo data and BENCH_ORDERS
 * (default 100,000) generated orders, and the built admin. A second process loads the Service
 * Providers list as `support`, one request after another, for BENCH_SECONDS (default 20): first with
 * the machine otherwise idle, then while `admin` downloads the whole Order Payment Status export over
 * and over (curl, a third process). Prints p50/p95 of both and the ratio; budget: loaded p95 ≤ 2 ×
 * idle p95. Prints only (a measurement, not a test).
 */
import { execFile, spawn } from "node:child_process";
import { promisify } from "node:util";
import { SEED_BASE_DATE, seedDemo, seedExtraOrders } from "../../api/src/seed/seed";
import { benchDrivers, freshDatabase, printTable, requireBuild, startStack, stats, type Driver } from "./support";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const ADMIN_PORT = Number(process.env.BENCH_ADMIN_PORT ?? 3821);
const PAGE = "/admin/service-provider";
const BUDGET_RATIO = 2;

const run = promisify(execFile);
requireBuild("export-load");

/** Sequential GETs of `url` for `seconds` from a separate node process: each one's milliseconds. */
function sampleFromAnotherProcess(url: string, cookie: string, seconds: number): Promise<number[]> {
  const script = `
    const [url, cookie, seconds] = process.argv.slice(1);
    const until = Date.now() + Number(seconds) * 1000;
    const samples = [];
    (async () => {
      while (Date.now() < until) {
        const started = performance.now();
        const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
        await response.arrayBuffer();
        if (response.status !== 200) { console.error("answered " + response.status); process.exit(1); }
        samples.push(performance.now() - started);
      }
      console.log(JSON.stringify(samples));
    })();`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["-e", script, url, cookie, String(seconds)], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk));
    child.once("exit", (code) => (code === 0 ? resolve(JSON.parse(out) as number[]) : reject(new Error(`the sampler exited ${code}`))));
  });
}

const rows: string[][] = [];
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
      const page = `${stack.adminUrl}${PAGE}`;
      const browsing = await stack.cookieFor("support");
      const exporting = await stack.cookieFor("admin");
      await sampleFromAnotherProcess(page, browsing, 3); // warm-up
      const idle = stats(await sampleFromAnotherProcess(page, browsing, SECONDS));

      // exports one after another until the sampling ends
      let keepExporting = true;
      const exportTimes: number[] = [];
      const exports = (async () => {
        while (keepExporting) {
          const { stdout } = await run("curl", [
            "-s",
            "-o",
            "/dev/null",
            "-w",
            "%{http_code} %{time_total}",
            "-H",
            `Cookie: ${exporting}`,
            `${stack.adminUrl}/admin/order-payment-status/export`,
          ]);
          const [status, total] = stdout.trim().split(" ").map(Number);
          if (status !== 200) throw new Error(`the export answered ${status}`);
          exportTimes.push(total * 1000);
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 500)); // the first export is under way
      const loaded = stats(await sampleFromAnotherProcess(page, browsing, SECONDS));
      keepExporting = false;
      await exports;
      const ratio = loaded.p95 / idle.p95;
      rows.push([
        driver,
        idle.p50.toFixed(0),
        idle.p95.toFixed(0),
        loaded.p50.toFixed(0),
        loaded.p95.toFixed(0),
        ratio.toFixed(2),
        ratio <= BUDGET_RATIO ? "ok" : "over",
        String(exportTimes.length),
        stats(exportTimes).p50.toFixed(0),
      ]);
      console.log(
        `[${driver}] ${PAGE} idle p95 ${idle.p95.toFixed(0)} ms, during exports p95 ${loaded.p95.toFixed(0)} ms (×${ratio.toFixed(2)}); ${exportTimes.length} exports, p50 ${stats(exportTimes).p50.toFixed(0)} ms`,
      );
    } finally {
      await stack.close();
    }
  } finally {
    await opened.close();
    await cleanup();
  }
}

console.log(
  `\nAnother admin's ${PAGE} (one request after another for ${SECONDS} s) idle, then while ${ORDERS.toLocaleString("en-IN")}-order exports run back to back`,
);
console.log(`Budget: p95 during exports ≤ ${BUDGET_RATIO} × idle p95`);
printTable(
  [
    "driver",
    "idle p50 ms",
    "idle p95 ms",
    "during exports p50 ms",
    "during exports p95 ms",
    "p95 ratio",
    "budget",
    "exports",
    "export p50 ms",
  ],
  rows,
);
process.exit(0);
