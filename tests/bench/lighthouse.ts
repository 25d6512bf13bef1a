/**
 * Lighthouse (mobile preset: emulated mid-range phone, 4x CPU slowdown, simulated slow 4G) on the
 * admin's pages, signed in, over the seeded demo data. Prints the scores and the figures behind
 * them; the budget is 98+ performance for list pages (DESIGN §6). Uses Debian's chromium.
 */
import { existsSync } from "node:fs";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { seedDemo } from "../../api/src/seed/seed";
import { freshDatabase, printTable, requireBuild, startStack } from "./support";

const ADMIN_PORT = Number(process.env.BENCH_ADMIN_PORT ?? 3393);
const CHROME = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium";
const PAGES: { name: string; path: string; list: boolean; signedIn: boolean }[] = [
  { name: "Login", path: "/admin/login", list: false, signedIn: false },
  { name: "Dashboard", path: "/admin", list: false, signedIn: true },
  { name: "Categories list", path: "/admin/category", list: true, signedIn: true },
  { name: "Service Providers list", path: "/admin/service-provider", list: true, signedIn: true },
  { name: "Edit Category", path: "/admin/edit-categories/1", list: false, signedIn: true },
];

requireBuild("lighthouse");
if (!existsSync(CHROME)) {
  console.error(`lighthouse: no browser at ${CHROME} (apt-get install chromium)`);
  process.exit(1);
}

const { opened, cleanup } = await freshDatabase("pglite");
await seedDemo(opened.db, {});
const stack = await startStack(opened, ADMIN_PORT);
const chrome = await chromeLauncher.launch({
  chromePath: CHROME,
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});

const rows: string[][] = [];
const notes: string[] = [];
try {
  const cookie = await stack.cookieFor("admin");
  for (const page of PAGES) {
    const url = `${stack.adminUrl}${page.path}`;
    const probe = await fetch(url, { headers: page.signedIn ? { cookie } : {}, redirect: "manual" });
    await probe.arrayBuffer();
    if (probe.status !== 200) {
      rows.push([page.name, page.path, "-", "-", "-", "-", "-", "-", `answered ${probe.status}: skipped`]);
      continue;
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: "error",
      output: "json",
      onlyCategories: ["performance", "accessibility", "best-practices"],
      extraHeaders: page.signedIn ? { Cookie: cookie } : undefined,
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const { categories, audits } = result.lhr;
    const score = (key: string) => String(Math.round((categories[key]?.score ?? 0) * 100));
    const ms = (key: string) => `${Math.round(audits[key]?.numericValue ?? 0)}`;
    const scripts = (audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items?.find(
      (item) => item.resourceType === "script",
    );
    const performance = Number(score("performance"));
    // what keeps a page from full marks, so the table says where to look
    const failing = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 0.9 && ["binary", "numeric"].includes(a.scoreDisplayMode))
      .map((a) => {
        const nodes = ((a.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? [])
          .map((item) => item.node?.snippet)
          .filter(Boolean)
          .slice(0, 2);
        return `${a.id}${a.displayValue ? ` (${a.displayValue})` : ""}${nodes.length ? ` e.g. ${nodes.join(" ")}` : ""}`;
      });
    const lcpElement = (audits["largest-contentful-paint-element"]?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined)
      ?.items?.[0]?.items?.[0]?.node?.snippet;
    if (failing.length || lcpElement) notes.push(`${page.name}: ${failing.join(", ") || "no failing audit"}${lcpElement ? `; LCP element ${lcpElement.slice(0, 120)}` : ""}`);
    rows.push([
      page.name,
      page.path,
      score("performance"),
      score("accessibility"),
      score("best-practices"),
      ms("first-contentful-paint"),
      ms("largest-contentful-paint"),
      ms("total-blocking-time"),
      `${((scripts?.transferSize ?? 0) / 1024).toFixed(1)} KB JS${page.list && performance < 98 ? " — UNDER 98" : ""}`,
    ]);
  }
} finally {
  await chrome.kill();
  await stack.close();
  await opened.close();
  await cleanup();
}

console.log("\nLighthouse, mobile preset (simulated slow 4G, 4x CPU slowdown), signed in as admin; budget: list pages 98+ performance\n");
printTable(["page", "path", "perf", "a11y", "best practices", "FCP ms", "LCP ms", "TBT ms", "JS transferred"], rows);
if (notes.length) console.log(`\nBelow full marks:\n${notes.map((n) => `- ${n}`).join("\n")}`);
process.exit(0);
