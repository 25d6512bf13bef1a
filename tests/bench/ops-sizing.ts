/**
 * Sizing for the operations guide (issue 35 §5), on the harness of tests/support/cluster.ts: 2 API
 * processes and 2 admin processes (the compiled builds, as deployed) on one fresh PostgreSQL
 * database and an s3rver bucket, demo data seeded, logs (JSON lines, LOG_LEVEL=info) and /metrics
 * (METRICS_TOKEN) on, the admins' heap capped at ADMIN_HEAP_MB (384, as `npm start` does).
 *
 * BENCH_OPS_CONNECTIONS (10) connections spread round-robin over both admins load the sidebar's
 * list pages (BENCH_OPS_PAGES, comma-separated; default six of them) for BENCH_OPS_SECONDS (20) s
 * each, signed in. Per process: resident memory (Linux /proc) before, at its peak, right after, and
 * after BENCH_OPS_IDLE_SECONDS (30) of idle; CPU ms per page view. Then each process's /metrics:
 * its request count must match what autocannon saw (the metrics are right under load), and the
 * scrape's own time and size. Then the same load on a second cluster with logs and metrics off
 * (LOG_LEVEL=silent, no METRICS_TOKEN), side by side: what they cost.
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import autocannon from "autocannon";
import { Browser, startCluster, type Cluster } from "../support/cluster";
import { printTable, requireBuild } from "./support";

const CONNECTIONS = Number(process.env.BENCH_OPS_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_OPS_SECONDS ?? 20);
const IDLE_SECONDS = Number(process.env.BENCH_OPS_IDLE_SECONDS ?? 30);
const PAGES = (
  process.env.BENCH_OPS_PAGES ?? "/admin/service-provider,/admin/user,/admin/category,/admin/bookings,/admin/payments,/admin/audit-log"
)
  .split(",")
  .map((page) => page.trim())
  .filter(Boolean);
const METRICS_TOKEN = "bench-metrics-token-9c2e7f41";
const ADMIN_HEAP_MB = Number(process.env.ADMIN_HEAP_MB ?? 384);

requireBuild("ops-sizing");
if (!process.env.TEST_DATABASE_URL) {
  console.log("ops-sizing: skipped (set TEST_DATABASE_URL to a PostgreSQL server the bench may create a database on)");
  process.exit(0);
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
/** user + system CPU time so far, ms (/proc/<pid>/stat, in 1/100 s) */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Run = { views: number; perSecond: number; non2xx: number; p97_5: number };

async function load(
  cluster: Cluster,
  cookie: string,
): Promise<{ runs: Map<string, Run>; memory: Map<string, number[]>; cpu: Map<string, number> }> {
  const processes = [...cluster.apis, ...cluster.admins];
  const memory = new Map(processes.map((p) => [p.name, [rssMb(p.child.pid!), 0, 0, 0]]));
  const cpuBefore = new Map(processes.map((p) => [p.name, cpuMs(p.child.pid!)]));
  const sampler = setInterval(() => {
    for (const p of processes) memory.get(p.name)![1] = Math.max(memory.get(p.name)![1], rssMb(p.child.pid!));
  }, 250);
  const runs = new Map<string, Run>();
  for (const page of PAGES) {
    const result = await autocannon({
      url: cluster.admins.map((admin) => `${admin.url}${page}`),
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: { cookie },
    });
    runs.set(page, {
      views: result.requests.total,
      perSecond: result.requests.total / result.duration,
      non2xx: result.non2xx,
      p97_5: result.latency.p97_5,
    });
  }
  clearInterval(sampler);
  const views = [...runs.values()].reduce((sum, run) => sum + run.views, 0);
  const cpu = new Map(processes.map((p) => [p.name, (cpuMs(p.child.pid!) - cpuBefore.get(p.name)!) / views]));
  for (const p of processes) memory.get(p.name)![2] = rssMb(p.child.pid!);
  await pause(IDLE_SECONDS * 1000);
  for (const p of processes) memory.get(p.name)![3] = rssMb(p.child.pid!);
  return { runs, memory, cpu };
}

async function signedIn(cluster: Cluster): Promise<string> {
  const browser = new Browser();
  const answer = await browser.signIn(cluster.admins[0].url, "admin", "Admin@12345");
  if (answer.status !== 302) throw new Error(`signing in answered ${answer.status}`);
  const cookie = browser.cookieHeader();
  for (const admin of cluster.admins) {
    for (const page of PAGES) {
      const check = await browser.get(`${admin.url}${page}`);
      if (check.status !== 200) throw new Error(`${admin.url}${page} answered ${check.status}`);
    }
  }
  // warm up (first renders compile and fill caches)
  await autocannon({
    url: cluster.admins.map((admin) => `${admin.url}${PAGES[0]}`),
    connections: CONNECTIONS,
    duration: 3,
    headers: { cookie },
  });
  return cookie;
}

/** Requests counted by a process's /metrics for the given routes (all when none are given), and the scrape's time and size. */
async function scrape(url: string, routes?: string[]) {
  const started = performance.now();
  const answer = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await answer.text();
  const ms = performance.now() - started;
  let counted = 0;
  for (const line of text.split("\n")) {
    const match = /^http_requests_total\{method="GET",route="([^"]+)",status="\d+"\} (\d+)/.exec(line);
    if (match && (!routes || routes.includes(match[1]))) counted += Number(match[2]);
  }
  return { counted, ms, kb: Buffer.byteLength(text) / 1024, status: answer.status };
}

async function main() {
  console.log(
    `ops-sizing: 2 API + 2 admin processes (compiled), PostgreSQL + s3rver, demo data; ${CONNECTIONS} connections round-robin over both admins, ${SECONDS} s per page; load average at the start ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
  const results: { label: string; runs: Map<string, Run>; memory: Map<string, number[]>; cpu: Map<string, number> }[] = [];
  for (const [label, env] of [
    ["logs + metrics on", { METRICS_TOKEN, LOG_LEVEL: "info" }],
    ["logs + metrics off", { LOG_LEVEL: "silent" }],
  ] as const) {
    // the admins as deployed (docs/operations.md): their heap capped as `npm start` caps it (ADMIN_HEAP_MB)
    const cluster = await startCluster({ env: { ...env }, adminEnv: { NODE_OPTIONS: `--max-old-space-size=${ADMIN_HEAP_MB}` } });
    try {
      const cookie = await signedIn(cluster);
      const before = label.endsWith("on") ? await Promise.all(cluster.admins.map((admin) => scrape(admin.url, PAGES))) : [];
      const measured = await load(cluster, cookie);
      results.push({ label, ...measured });
      if (label.endsWith("on")) {
        const after = await Promise.all(cluster.admins.map((admin) => scrape(admin.url, PAGES)));
        const seen = [...measured.runs.values()].reduce((sum, run) => sum + run.views, 0);
        const counted = after.reduce((sum, s, i) => sum + s.counted - before[i].counted, 0);
        const apiScrapes = await Promise.all(cluster.apis.map((api) => scrape(api.url)));
        console.log(
          `\n/metrics under load: the admins counted ${counted} views of the pages, autocannon ${seen} (and up to ${CONNECTIONS * PAGES.length} more in flight as its runs ended, answered but not counted by it); a scrape takes ${after.map((s) => s.ms.toFixed(0)).join(" / ")} ms (admins, ${after[0].kb.toFixed(0)} KB) and ${apiScrapes.map((s) => s.ms.toFixed(0)).join(" / ")} ms (APIs, ${apiScrapes[0].kb.toFixed(0)} KB: it reads the outbox and bulk jobs)`,
        );
      }
    } finally {
      await cluster.stop();
    }
  }

  console.log(`\nPage views/s (p97.5 ms), ${CONNECTIONS} connections over 2 admins\n`);
  printTable(
    ["page", ...results.map((r) => r.label)],
    PAGES.map((page) => [
      page,
      ...results.map(
        (r) =>
          `${r.runs.get(page)!.perSecond.toFixed(1)} (${r.runs.get(page)!.p97_5})${r.runs.get(page)!.non2xx ? ` ${r.runs.get(page)!.non2xx} non-2xx` : ""}`,
      ),
    ]),
  );
  console.log(`\nPer process: RSS MB before → peak → right after → after ${IDLE_SECONDS} s idle; CPU ms per page view\n`);
  const names = [...results[0].memory.keys()];
  printTable(
    ["process", ...results.flatMap((r) => [`${r.label}: RSS`, "CPU ms/view"])],
    names.map((name) => [
      name,
      ...results.flatMap((r) => [
        r.memory
          .get(name)!
          .map((mb) => mb.toFixed(0))
          .join(" → "),
        r.cpu.get(name)!.toFixed(2),
      ]),
    ]),
  );
}

await main();
