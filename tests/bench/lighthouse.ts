/**
 * Lighthouse (mobile preset: emulated mid-range phone, 4x CPU slowdown, simulated slow 4G) on the
 * admin's pages, signed in, over the seeded demo data. Each list page runs twice per round in the
 * same run: with JavaScript, and in a tab with scripts disabled (the HTML-only floor of the same
 * page; that tab fetches no script either). BENCH_RUNS rounds
 * (default 3), JS on and off interleaved so machine noise hits both alike; the table shows medians.
 * Budgets (DESIGN §6): list pages perf 98+, TBT ≤ 50 ms, LCP(JS on) ≤ 1.1 × LCP(JS off).
 * BENCH_PAGES=path,path limits the pages (any signed-in path, query included). BENCH_BASELINE=<tree> also runs the build found in that
 * tree (e.g. `git archive <commit>` unpacked and built there) on the same API, interleaved with this
 * one, for before/after figures taken under the same load. BENCH_REPORTS=<dir> keeps every run's
 * Lighthouse JSON there (long tasks, script treemap, the LCP breakdown). Uses Debian's chromium.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { navigation } from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
// lighthouse's own driver (its dependency): the way to hand it a tab with scripts disabled
import puppeteer from "puppeteer-core";
import { seedDemo } from "../../api/src/seed/seed";
import { storageFromEnv } from "../../api/src/storage";
import { cataloguedStorage } from "../../api/src/storage/catalogue";
import { ensureSeededFiles } from "../../api/src/storage/seeded-files";
import { demoProviderCookie, freshDatabase, printTable, requireBuild, startAdminFrom, startStack, wizardProviderOf } from "./support";

const ADMIN_PORT = Number(process.env.BENCH_ADMIN_PORT ?? 3393);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BASELINE = process.env.BENCH_BASELINE;
const REPORTS = process.env.BENCH_REPORTS;
if (REPORTS) mkdirSync(REPORTS, { recursive: true });
const CHROME = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium";
const BUDGET = { perf: 98, tbtMs: 50, lcpRatio: 1.1 };
/** A page to audit; `budget` is a perf score of its own (run with JS on and off like a list page). */
type Page = { name: string; path: string; list: boolean; signedIn: boolean; budget?: number; provider?: boolean };
/** The provider wizard's steps (issue 15: perf 95+ per step), on the demo provider with every section saved. */
const WIZARD_BUDGET = 95;
const WIZARD_PROVIDER = "{wizardProvider}";
const ALL_PAGES: Page[] = [
  { name: "Login", path: "/admin/login", list: false, signedIn: false },
  { name: "Dashboard", path: "/admin", list: false, signedIn: true },
  { name: "Edit Category", path: "/admin/edit-categories/1", list: false, signedIn: true },
  { name: "Categories", path: "/admin/category", list: true, signedIn: true },
  { name: "Service Providers", path: "/admin/service-provider", list: true, signedIn: true },
  { name: "Sent Messages", path: "/admin/service-provider/messages", list: true, signedIn: true },
  { name: "Documents", path: "/admin/documents", list: true, signedIn: true },
  { name: "Bookings", path: "/admin/bookings", list: true, signedIn: true },
  { name: "Bank Details", path: "/admin/service-provider-bank-details", list: true, signedIn: true },
  { name: "Payments", path: "/admin/payments", list: true, signedIn: true },
  { name: "Order Payment Status", path: "/admin/order-payment-status", list: true, signedIn: true },
  { name: "Subscriptions", path: "/admin/subscriptions", list: true, signedIn: true },
  { name: "Users", path: "/admin/user", list: true, signedIn: true },
  { name: "Admin Users", path: "/admin/list-admin-users", list: true, signedIn: true },
  { name: "Contact Leads", path: "/admin/list-contacts", list: true, signedIn: true },
  { name: "Ratings", path: "/admin/rating", list: true, signedIn: true },
  { name: "Audit Log", path: "/admin/audit-log", list: true, signedIn: true },
  { name: "Posts", path: "/admin/posts", list: true, signedIn: true },
  { name: "Post editor", path: "/admin/posts/post", list: false, signedIn: true },
  { name: "Comment Moderation", path: "/admin/comments", list: true, signedIn: true },
  { name: "Pending Bookings", path: "/admin/track-booking-journey", list: true, signedIn: true },
  { name: "S3 Bucket Manager", path: "/admin/s3-bucket-manager", list: true, signedIn: true },
  { name: "Customer Queries", path: "/admin/query-msg", list: true, signedIn: true },
  { name: "Terms versions", path: "/admin/clickwrap-agreement", list: true, signedIn: true },
  { name: "Terms version editor", path: "/admin/clickwrap-agreement/add", list: false, signedIn: true },
  { name: "Notification templates", path: "/admin/notification", list: true, signedIn: true },
  { name: "Notification template editor", path: "/admin/notification/add", list: false, signedIn: true },
  { name: "Profile", path: "/admin/profile", list: false, signedIn: true },
  // each settings tab (issue 12: ≥ 95 each), the per-category ones with the first demo category
  { name: "Settings: General", path: "/admin/settings?tab=general", list: true, signedIn: true },
  { name: "Settings: Category", path: "/admin/settings?tab=category&category=1", list: true, signedIn: true },
  { name: "Settings: Payment Gateway", path: "/admin/settings?tab=payment-gateway&category=1", list: true, signedIn: true },
  { name: "Settings: Content", path: "/admin/settings?tab=content", list: true, signedIn: true },
  { name: "Settings: Create Service", path: "/admin/settings?tab=create-service&category=1", list: true, signedIn: true },
  { name: "Settings: Cancellation", path: "/admin/settings?tab=cancellation", list: true, signedIn: true },
  ...(["categories", "services", "service-details", "documents"] as const).map((step) => ({
    name: `Edit Form: ${step}`,
    path: `/admin/edit-provider-details/${WIZARD_PROVIDER}?step=${step}`,
    list: false,
    signedIn: true,
    budget: WIZARD_BUDGET,
  })),
  // the provider's own wizard in create mode (five steps), as the demo provider not yet registered
  ...(["categories", "services", "service-details", "documents", "plan"] as const).map((step) => ({
    name: `Complete Your Profile: ${step}`,
    path: `/provider/complete-profile?step=${step}`,
    list: false,
    signedIn: true,
    budget: WIZARD_BUDGET,
    provider: true,
  })),
];
const only = process.env.BENCH_PAGES?.split(",").map((p) => p.trim());
// a path not listed above (a query, another page size) runs as a signed-in list page named by its path
const PAGES: Page[] = only
  ? only.map((path) => ALL_PAGES.find((p) => p.path === path) ?? { name: path, path, list: true, signedIn: true })
  : ALL_PAGES;
/** Pages scored with JS on and off, and their perf budget. */
const budgetOf = (page: Page) => page.budget ?? (page.list ? BUDGET.perf : undefined);

requireBuild("lighthouse");
if (!existsSync(CHROME)) {
  console.error(`lighthouse: no browser at ${CHROME} (apt-get install chromium)`);
  process.exit(1);
}

const FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

type Mode = "on" | "off";
type Sample = { perf: number; a11y: number; bp: number; fcp: number; lcp: number; tbt: number; jsKb: number; notes: string };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** What keeps a page from full marks, so the notes say where to look. */
function failingAudits(
  audits: Record<string, { id: string; score: number | null; scoreDisplayMode: string; displayValue?: string; details?: unknown }>,
) {
  return Object.values(audits)
    .filter((a) => a.score !== null && a.score < 0.9 && ["binary", "numeric"].includes(a.scoreDisplayMode))
    .map((a) => {
      const nodes = ((a.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? [])
        .map((item) => item.node?.snippet)
        .filter(Boolean)
        .slice(0, 2);
      return `${a.id}${a.displayValue ? ` (${a.displayValue})` : ""}${nodes.length ? ` e.g. ${nodes.join(" ")}` : ""}`;
    });
}

const { opened, cleanup } = await freshDatabase("pglite");
await seedDemo(opened.db, {});
// the demo files, catalogued as the API's start writes them (the S3 Bucket Manager's thumbnails)
await ensureSeededFiles(opened.db, cataloguedStorage(opened.db, storageFromEnv()));
// the wizard's pages open the demo provider with every section saved
const wizardProvider = await wizardProviderOf(opened.db);
for (const page of PAGES) page.path = page.path.replace(WIZARD_PROVIDER, String(wizardProvider?.id ?? 0));
const stack = await startStack(opened, ADMIN_PORT);
const providerCookie = PAGES.some((p) => p.provider) && wizardProvider ? await demoProviderCookie(stack, wizardProvider.id) : undefined;

const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS });
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
/**
 * One Lighthouse run in a fresh tab that the navigation callback loads, for both modes alike. JS
 * off: the callback turns on DevTools' "Disable JavaScript" (Emulation.setScriptExecutionDisabled,
 * what Playwright's javaScriptEnabled: false does) once Lighthouse has attached its debugger:
 * Blink's scriptEnabled=false flag, or disabling scripts before Lighthouse starts, makes its
 * Debugger.enable fail. Its re-enable after the navigation fails the same way, which only loses
 * async stacks (hence logLevel silent). Chromium then does not fetch the modulepreload scripts
 * either. Only performance is scored without JS: accessibility and best practices evaluate
 * scripts in the page (the same markup is scored with JS on).
 */
async function audit(url: string, mode: Mode, cookie: string | undefined) {
  const tab = await browser.newPage();
  try {
    // what Lighthouse's own URL navigation does first: every run starts with an empty cache
    const session = await tab.createCDPSession();
    await session.send("Network.clearBrowserCache");
    await session.detach();
    return await navigation(
      tab,
      async () => {
        if (mode === "off") await tab.setJavaScriptEnabled(false);
        await tab.goto(url);
      },
      {
        flags: {
          output: "json",
          extraHeaders: cookie ? { Cookie: cookie } : undefined,
          // taken after the load, scores nothing, and hangs without JS
          disableFullPageScreenshot: true,
          ...(mode === "on"
            ? { onlyCategories: ["performance", "accessibility", "best-practices"], logLevel: "error" }
            : // the wait for an idle CPU asks the page itself, which cannot answer (no script runs there anyway)
              { onlyCategories: ["performance"], cpuQuietThresholdMs: 0, logLevel: "silent" }),
        },
      },
    );
  } finally {
    await tab.close();
  }
}

/** This tree's build, and with BENCH_BASELINE=<tree> also that tree's build, run side by side. */
type Build = { label: string; url: string };
const builds: Build[] = [{ label: BASELINE ? "now" : "", url: stack.adminUrl }];
let stopBaseline: (() => void) | undefined;
if (BASELINE) {
  stopBaseline = await startAdminFrom(BASELINE, stack, ADMIN_PORT + 1);
  builds.push({ label: "before", url: `http://127.0.0.1:${ADMIN_PORT + 1}` });
}

const samples = new Map<string, Sample[]>();
const keyOf = (build: Build, page: { path: string }, mode: Mode) => `${build.label} ${page.path} ${mode}`;
const skipped: string[] = [];
const started = performance.now();
try {
  const adminCookie = await stack.cookieFor("admin");
  const cookieOf = (page: Page) => (!page.signedIn ? undefined : page.provider ? providerCookie : adminCookie);
  const live: typeof PAGES = [];
  for (const page of PAGES) {
    const cookie = cookieOf(page);
    const probe = await fetch(`${stack.adminUrl}${page.path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
    await probe.arrayBuffer();
    if (probe.status === 200) live.push(page);
    else skipped.push(`${page.path} answered ${probe.status}: skipped`);
  }
  for (let round = 0; round < RUNS; round++) {
    for (const page of live) {
      for (const build of builds) {
        for (const mode of budgetOf(page) !== undefined ? (["on", "off"] as Mode[]) : (["on"] as Mode[])) {
          const url = `${build.url}${page.path}`;
          let result = await audit(url, mode, cookieOf(page));
          // a lost trace (NO_NAVSTART, NO_FCP) happens now and then on a loaded machine: run it again
          for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry++) {
            console.log(`[lighthouse] ${page.path} JS ${mode}: ${result.lhr.runtimeError.code}, again`);
            result = await audit(url, mode, cookieOf(page));
          }
          if (!result) throw new Error(`no Lighthouse result for ${url} (JS ${mode})`);
          if (result.lhr.runtimeError)
            throw new Error(`Lighthouse on ${url} (JS ${mode}): ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
          if (REPORTS) {
            const name = `${build.label ? `${build.label}-` : ""}${page.path.replace(/\W+/g, "_")}-js-${mode}-${round + 1}.json`;
            writeFileSync(path.join(REPORTS, name), JSON.stringify(result.lhr));
          }
          const { categories, audits } = result.lhr;
          const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
          const ms = (key: string) => Math.round(audits[key]?.numericValue ?? 0);
          const scripts = (
            audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined
          )?.items?.find((item) => item.resourceType === "script");
          const lcpElement = (
            audits["largest-contentful-paint-element"]?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined
          )?.items?.[0]?.items?.[0]?.node?.snippet;
          const failing = failingAudits(audits as never);
          const sample: Sample = {
            perf: score("performance"),
            a11y: score("accessibility"),
            bp: score("best-practices"),
            fcp: ms("first-contentful-paint"),
            lcp: ms("largest-contentful-paint"),
            tbt: ms("total-blocking-time"),
            jsKb: (scripts?.transferSize ?? 0) / 1024,
            notes: `${failing.join(", ") || "no failing audit"}${lcpElement ? `; LCP element ${lcpElement.slice(0, 100)}` : ""}`,
          };
          const key = keyOf(build, page, mode);
          samples.set(key, [...(samples.get(key) ?? []), sample]);
          console.log(
            `[lighthouse] ${((performance.now() - started) / 1000).toFixed(0)} s round ${round + 1}/${RUNS} ${build.label} ${page.path} JS ${mode}: perf ${sample.perf}, FCP ${sample.fcp}, LCP ${sample.lcp}, TBT ${sample.tbt} ms`,
          );
        }
      }
    }
  }
} finally {
  await browser.disconnect();
  await chrome.kill();
  stopBaseline?.();
  await stack.close();
  await opened.close();
  await cleanup();
}

const rows: string[][] = [];
const ratios: string[][] = [];
const notes: string[] = [];
const minutes = ((performance.now() - started) / 60_000).toFixed(1);
const m = (list: Sample[], key: keyof Omit<Sample, "notes">) => median(list.map((s) => s[key]));
for (const page of PAGES) {
  for (const build of builds) {
    const of = (mode: Mode) => samples.get(keyOf(build, page, mode));
    const on = of("on");
    if (!on) continue;
    const name = build.label ? `${page.name} (${build.label})` : page.name;
    for (const [mode, list] of [
      ["on", on],
      ["off", of("off")],
    ] as [Mode, Sample[] | undefined][]) {
      if (!list) continue;
      const perf = m(list, "perf");
      const budget = budgetOf(page);
      const verdict =
        budget === undefined
          ? ""
          : (perf < budget ? ` UNDER ${budget}` : "") + (mode === "on" && m(list, "tbt") > BUDGET.tbtMs ? " TBT>50" : "");
      rows.push([
        name,
        page.path,
        budgetOf(page) !== undefined ? `JS ${mode}` : "JS on",
        `${perf}${verdict}`,
        mode === "on" ? String(m(list, "a11y")) : "-",
        mode === "on" ? String(m(list, "bp")) : "-",
        String(m(list, "fcp")),
        String(m(list, "lcp")),
        String(m(list, "tbt")),
        m(list, "jsKb").toFixed(1),
        list.map((s) => s.perf).join(" "),
        list.map((s) => s.tbt).join(" "),
      ]);
      const weakest = [...list].sort((a, b) => a.perf - b.perf)[0];
      if (weakest.perf < 100) notes.push(`${name}, JS ${mode}, lowest run (${weakest.perf}): ${weakest.notes}`);
    }
    const off = of("off");
    if (off) {
      const lcpRatio = m(on, "lcp") / m(off, "lcp");
      const tbtOff = m(off, "tbt");
      ratios.push([
        name,
        `${m(on, "lcp")} / ${m(off, "lcp")}`,
        `${lcpRatio.toFixed(2)}${lcpRatio > BUDGET.lcpRatio ? " OVER 1.1" : ""}`,
        `${m(on, "tbt")} / ${tbtOff}`,
        tbtOff > 0 ? (m(on, "tbt") / tbtOff).toFixed(2) : m(on, "tbt") > 0 ? "∞ (off 0 ms)" : "1 (both 0)",
      ]);
    }
  }
}

console.log(
  `\nLighthouse, mobile preset (simulated slow 4G, 4x CPU slowdown), signed in as admin; medians of ${RUNS} runs per page, build and mode, ${minutes} min in all` +
    (BASELINE ? `; "before" is the build in ${BASELINE}, run side by side with this one` : ""),
);
console.log(
  `Budget: list pages perf ${BUDGET.perf}+ (the wizard's steps ${WIZARD_BUDGET}+), TBT ≤ ${BUDGET.tbtMs} ms (JS on), LCP(JS on) ≤ ${BUDGET.lcpRatio} × LCP(JS off)\n`,
);
printTable(
  ["page", "path", "mode", "perf", "a11y", "best practices", "FCP ms", "LCP ms", "TBT ms", "JS KB", "perf per run", "TBT per run"],
  rows,
);
if (ratios.length) {
  console.log(`\nJS on vs JS off (same run, medians)\n`);
  printTable(["page", "LCP ms on / off", "LCP ratio", "TBT ms on / off", "TBT ratio"], ratios);
}
for (const s of skipped) console.log(`Note: ${s}`);
if (notes.length) console.log(`\nBelow full marks:\n${notes.map((n) => `- ${n}`).join("\n")}`);
process.exit(0);
