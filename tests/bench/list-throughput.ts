/**
 * Page views/s of the Service Providers list (issue 31 §1): the real API on a fresh PGlite database
 * with the demo data, the built admin (build/server/main.js) and a real admin session; autocannon
 * (in this process, on the same cores as the servers) over /admin/service-provider, BENCH_CONNECTIONS
 * (10) connections for BENCH_SECONDS (20) s after a short warm-up. Prints, per admin build, the page's
 * HTML size, its forms, inputs (hidden ones apart) and elements, the p50 of BENCH_SEQUENTIAL (50)
 * views one at a time, then views/s, latency p50 / p97.5 and the admin process's CPU time per view
 * under that load (Linux /proc; steadier than views/s on a shared machine), with the machine's load average at the start of each run (the machine may be shared).
 *
 * Then every page of the sidebar (app/models/access.ts SIDEBAR; BENCH_PAGES=path,path for others,
 * BENCH_PAGES=none for none) the same way for BENCH_PAGE_SECONDS (8) s each: views/s and p97.5
 * beside the budget (issue 31: ≥ 100 views/s at p97.5 ≤ 250 ms), the admin's CPU per view, and the
 * HTML's size.
 *
 * Memory (issue 31 §5: ≤ 300 MB RSS after the 10-connection run, back within 60 s of idle): the
 * admin's resident memory (Linux /proc) before, at its peak during, and right after the Service
 * Providers runs, then every second for BENCH_IDLE_SECONDS (60) of idle.
 *
 * BENCH_BEFORE_TREE=<folder holding another build/ and public/> serves that build too, on the same
 * API and database, and runs the two back-to-back (before, after) BENCH_ROUNDS (1) times: a
 * before/after comparison that does not depend on when each was run. BENCH_HTML_DIR=<folder> writes
 * each build's page there.
 */
import { readdirSync, readFileSync, readlinkSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { seedDemo } from "../../api/src/seed/seed";
import { SIDEBAR } from "../../app/models/access";
import { freshDatabase, printTable, requireBuild, startAdminFrom, startStack, stats, time } from "./support";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 50);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const MEMORY_BUDGET_MB = 300;
const ADMIN_PORT = Number(process.env.BENCH_ADMIN_PORT ?? 3640);
const BEFORE_TREE = process.env.BENCH_BEFORE_TREE;
const PAGE = process.env.BENCH_PAGE ?? "/admin/service-provider";
const PAGE_SECONDS = Number(process.env.BENCH_PAGE_SECONDS ?? 8);
const BUDGET_VIEWS = 100;
const BUDGET_P975_MS = 250;
const EVERY_PAGE =
  process.env.BENCH_PAGES === "none"
    ? []
    : process.env.BENCH_PAGES
      ? process.env.BENCH_PAGES.split(",").filter(Boolean)
      : SIDEBAR.map((entry) => entry.to);
/** a folder to write each build's page into (to compare them) */
const HTML_DIR = process.env.BENCH_HTML_DIR;

requireBuild("list-throughput");

const count = (html: string, pattern: RegExp) => (html.match(pattern) ?? []).length;

async function shape(url: string, cookie: string, name: string) {
  const response = await fetch(url, { headers: { cookie } });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  if (HTML_DIR) writeFileSync(path.join(HTML_DIR, `${name.replace(/\W+/g, "-")}.html`), html);
  const body = html.slice(html.indexOf("<body"));
  const rows = count(body.slice(body.indexOf("<tbody"), body.indexOf("</tbody>")), /<tr[\s>]/g);
  const elements = count(body.slice(body.indexOf("<tbody"), body.indexOf("</tbody>")), /<[a-z][a-z0-9-]*[\s>/]/g);
  return {
    bytes: Buffer.byteLength(html),
    forms: count(html, /<form[\s>]/g),
    inputs: count(html, /<input[\s>]/g),
    hidden: count(html, /<input[^>]*type="hidden"/g),
    buttons: count(html, /<button[\s>]/g),
    rows,
    perRow: rows ? elements / rows : 0,
  };
}

async function views(url: string, cookie: string, seconds: number) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: { cookie } });
  return {
    perSecond: (result.requests.total - result.non2xx) / result.duration,
    p50: result.latency.p50,
    p975: result.latency.p97_5,
    total: result.requests.total,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

/** The CPU time (user + system, ms) a process has used so far (Linux: /proc/<pid>/stat, in 1/100 s). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A process's resident memory, MB (Linux /proc/<pid>/status). */
function rssMb(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return line ? Number(line[1]) / 1024 : NaN;
}

/** Samples a process's RSS every 250 ms until stopped; gives the peak. */
function rssPeak(pid: number) {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 250);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssMb(pid));
  };
}

/** The admin process started in `tree` (startAdminFrom gives no pid): its working folder is the tree. */
function adminPidIn(tree: string): number {
  const real = path.resolve(tree);
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readlinkSync(`/proc/${entry}/cwd`) === real && readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("main"))
        return Number(entry);
    } catch {
      // gone, or not ours
    }
  }
  throw new Error(`no admin process runs in ${tree}`);
}

// the admins run as `npm start` runs them (NODE_ENV=production: React's production build). Without
// it they inherit this process's NODE_ENV (unset) and render with React's development build, about
// twice the CPU per view; BENCH_NODE_ENV=development measures that
process.env.NODE_ENV = process.env.BENCH_NODE_ENV === "development" ? "development" : "production";

const { opened, cleanup } = await freshDatabase("pglite");
const table: string[][] = [];
const pagesTable: string[][] = [];
const memoryTable: string[][] = [];
try {
  await seedDemo(opened.db);
  const stack = await startStack(opened, ADMIN_PORT);
  const stopBefore = BEFORE_TREE ? await startAdminFrom(BEFORE_TREE, stack, ADMIN_PORT + 1) : null;
  try {
    const cookie = await stack.cookieFor("admin");
    const builds: [string, string, number][] = [
      ...(BEFORE_TREE
        ? ([["before", `http://127.0.0.1:${ADMIN_PORT + 1}${PAGE}`, adminPidIn(BEFORE_TREE)]] as [string, string, number][])
        : []),
      [BEFORE_TREE ? "after" : "this build", `${stack.adminUrl}${PAGE}`, stack.adminPid],
    ];
    for (const [name, url] of builds) {
      const s = await shape(url, cookie, name);
      console.log(
        `[${name}] ${PAGE}: ${s.bytes} bytes of HTML, ${s.forms} forms, ${s.inputs} inputs (${s.hidden} hidden), ${s.buttons} buttons, ${s.rows} rows, ${s.perRow.toFixed(1)} elements per row`,
      );
      await views(url, cookie, WARMUP_SECONDS);
    }
    const memory = builds.map(([name, , pid]) => ({ name, pid, start: rssMb(pid), peak: rssPeak(pid) }));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [name, url, pid] of builds) {
        const load = loadavg()
          .map((l) => l.toFixed(2))
          .join(" ");
        const s = await shape(url, cookie, name);
        // one request at a time: the time a view takes the server, less sensitive to other work on the machine
        const alone = stats(await time(url, { cookie }, SEQUENTIAL, 3));
        // the admin's CPU time per view under load: what a view costs it, whatever else the machine runs
        const cpuBefore = cpuMs(pid);
        const r = await views(url, cookie, SECONDS);
        const cpuPerView = (cpuMs(pid) - cpuBefore) / r.total;
        console.log(
          `[${name}] round ${round}: one at a time p50 ${alone.p50.toFixed(1)} ms; admin CPU ${cpuPerView.toFixed(1)} ms/view; ${r.perSecond.toFixed(1)} views/s, p50 ${r.p50} ms, p97.5 ${r.p975} ms (load ${load})`,
        );
        table.push([
          `${name}${ROUNDS > 1 ? ` #${round}` : ""}`,
          String(s.bytes),
          String(s.forms),
          `${s.inputs} (${s.hidden})`,
          s.perRow.toFixed(1),
          alone.p50.toFixed(1),
          cpuPerView.toFixed(1),
          r.perSecond.toFixed(1),
          String(r.p50),
          String(r.p975),
          String(r.bad),
          load,
        ]);
      }
    }
    // memory: right after the runs, then idle
    const after = memory.map((m) => ({ ...m, peakMb: m.peak(), end: rssMb(m.pid), back: NaN, idle: NaN }));
    if (IDLE_SECONDS > 0) {
      const idleStart = Date.now();
      while (Date.now() - idleStart < IDLE_SECONDS * 1000) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        for (const m of after) if (Number.isNaN(m.back) && rssMb(m.pid) <= MEMORY_BUDGET_MB) m.back = (Date.now() - idleStart) / 1000;
      }
      for (const m of after) m.idle = rssMb(m.pid);
    }
    for (const m of after) {
      const back =
        m.end <= MEMORY_BUDGET_MB ? "at once" : Number.isNaN(m.back) ? `not within ${IDLE_SECONDS} s` : `after ${m.back.toFixed(0)} s`;
      console.log(
        `[${m.name}] memory: RSS ${m.start.toFixed(0)} MB before, peak ${m.peakMb.toFixed(0)} MB, ${m.end.toFixed(0)} MB after the runs, ${Number.isNaN(m.idle) ? "—" : m.idle.toFixed(0)} MB after ${IDLE_SECONDS} s idle (≤ ${MEMORY_BUDGET_MB} MB: ${back})`,
      );
      memoryTable.push([
        m.name,
        m.start.toFixed(0),
        m.peakMb.toFixed(0),
        m.end.toFixed(0),
        Number.isNaN(m.idle) ? "—" : m.idle.toFixed(0),
        back,
      ]);
    }

    // every page of the sidebar, this build
    for (const page of EVERY_PAGE) {
      const url = `${stack.adminUrl}${page}`;
      const s = await shape(url, cookie, page).catch((error: Error) => error);
      if (s instanceof Error) {
        console.log(`[pages] ${page}: ${s.message}`);
        pagesTable.push([page, s.message, "", "", "", "no", "", ""]);
        continue;
      }
      await views(url, cookie, 2);
      const load = loadavg()[0].toFixed(2);
      const cpuBefore = cpuMs(stack.adminPid);
      const r = await views(url, cookie, PAGE_SECONDS);
      const cpuPerView = (cpuMs(stack.adminPid) - cpuBefore) / r.total;
      const met = r.perSecond >= BUDGET_VIEWS && r.p975 <= BUDGET_P975_MS;
      console.log(
        `[pages] ${page}: ${r.perSecond.toFixed(1)} views/s, p97.5 ${r.p975} ms, admin CPU ${cpuPerView.toFixed(1)} ms/view (load ${load})`,
      );
      pagesTable.push([
        page,
        String(s.bytes),
        cpuPerView.toFixed(1),
        r.perSecond.toFixed(1),
        String(r.p975),
        met ? "yes" : "no",
        String(r.bad),
        load,
      ]);
    }
  } finally {
    stopBefore?.();
    await stack.close();
  }
} finally {
  await opened.close();
  await cleanup();
}
console.log(
  `\n${PAGE}, signed in (demo data, PGlite, admin NODE_ENV=${process.env.NODE_ENV}), ${CONNECTIONS} connections for ${SECONDS} s each (autocannon in the bench process)\n`,
);
printTable(
  [
    "build",
    "HTML bytes",
    "forms",
    "inputs (hidden)",
    "elements/row",
    "1 at a time p50 ms",
    "admin CPU ms/view",
    "views/s",
    "p50 ms",
    "p97.5 ms",
    "non-2xx/errors",
    "load 1/5/15 min",
  ],
  table,
);
console.log(`\nThe admin's resident memory (RSS, MB) around those runs; budget ≤ ${MEMORY_BUDGET_MB} MB within 60 s of idle (issue 31)\n`);
printTable(["build", "before", "peak", "right after", `after ${IDLE_SECONDS} s idle`, `≤ ${MEMORY_BUDGET_MB} MB`], memoryTable);
if (pagesTable.length > 0) {
  console.log(
    `\nEvery page of the sidebar, this build: ${CONNECTIONS} connections for ${PAGE_SECONDS} s each; budget ≥ ${BUDGET_VIEWS} views/s at p97.5 ≤ ${BUDGET_P975_MS} ms (issue 31)\n`,
  );
  printTable(
    ["page", "HTML bytes", "admin CPU ms/view", "views/s", "p97.5 ms", "within budget", "non-2xx/errors", "load (1 min)"],
    pagesTable,
  );
}
process.exit(0);
