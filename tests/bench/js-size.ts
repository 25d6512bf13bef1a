/**
 * JavaScript a browser gets for each page, gzip level 6.
 *
 * 1. Per route, from the assets manifest of the last `remix build` (entry + every matched route's
 *    module and imports, deduplicated; what each file fetches later with import() listed apart).
 * 2. As the browser gets it (issue 31 §4): the built admin (build/server/main.js) on the real API
 *    over a fresh PGlite database with the demo data, signed in (the provider wizard as the demo
 *    provider), each list page, settings tab and wizard step fetched once: the scripts its HTML
 *    loads (modulepreload links and the module script's imports, read from public/) plus its inline
 *    scripts (window.__remixContext: the loaders' data, the route manifest, the hydration
 *    bootstrap), gzipped together as one response would be — both shown, summed, beside the budget.
 *    BENCH_BEFORE_TREE=<folder holding another build/ and public/> serves that build too, on the
 *    same API and data, and shows its figures beside. BENCH_NO_SERVE=1 skips this part.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { SIDEBAR } from "../../app/models/access";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const publicDir = path.join(root, "public");
const BUDGET_KB = 100;
// Pages with a budget of their own, counted before their on-demand chunks load (issue 12: the
// settings page ≤ 110 KB before the rich-text editor, which only its content tab fetches).
// Issue 15: each provider wizard step ≤ 120 KB before the editor (the steps share one route module each).
const PAGE_BUDGETS_KB: Record<string, number> = {
  "/admin/settings": 110,
  "/admin/edit-provider-details/:providerId": 120,
  "/provider/complete-profile": 120,
};
const budgetOf = (url: string) => PAGE_BUDGETS_KB[url] ?? BUDGET_KB;

const buildDir = path.join(publicDir, "build");
const manifestFile = existsSync(buildDir) && readdirSync(buildDir).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) {
  console.error("js-size: no public/build/manifest-*.js — run `npm run build` first.");
  process.exit(1);
}
const source = readFileSync(path.join(buildDir, manifestFile), "utf8");
const manifest = JSON.parse(source.replace(/^window\.__remixManifest=/, "").replace(/;?\s*$/, ""));

type FileSize = { raw: number; gzip: number; lexical: boolean; exceljs: boolean };
const sizes = new Map<string, FileSize>();
function sizeOf(url: string): FileSize {
  if (!sizes.has(url)) {
    const buffer = readFileSync(path.join(publicDir, url));
    sizes.set(url, {
      raw: buffer.length,
      gzip: gzipSync(buffer).length,
      lexical: /lexical\.dev|LexicalComposer/.test(buffer.toString("latin1")),
      exceljs: /ExcelJS|exceljs/.test(buffer.toString("latin1")),
    });
  }
  return sizes.get(url)!;
}

/** Chunks a file loads later with import("…") (e.g. the rich-text editor), as absolute URLs. */
function lazyImportsOf(url: string): string[] {
  const text = readFileSync(path.join(publicDir, url), "latin1");
  return [...text.matchAll(/import\(\s*["']([^"']+\.js)["']\s*\)/g)].map((m) => new URL(m[1], `http://x${url}`).pathname);
}

/** A file and every file it imports statically, transitively (what must load before it runs). */
function staticClosure(url: string, seen = new Set<string>()): Set<string> {
  if (seen.has(url)) return seen;
  seen.add(url);
  const text = readFileSync(path.join(publicDir, url), "latin1");
  for (const m of text.matchAll(/(?:^|[;}\s])import\s*(?:[^"'();]*?from\s*)?["']([^"']+\.js)["']/g))
    staticClosure(new URL(m[1], `http://x${url}`).pathname, seen);
  return seen;
}

type ManifestRoute = { id: string; parentId?: string; path?: string; module: string; imports?: string[] };
const routes: Record<string, ManifestRoute> = manifest.routes;
function chain(id: string): string[] {
  const ids: string[] = [];
  for (let r: ManifestRoute | undefined = routes[id]; r; r = r.parentId ? routes[r.parentId] : undefined) ids.unshift(r.id);
  return ids;
}
function urlOf(id: string): string {
  const parts = chain(id)
    .map((i) => routes[i].path)
    .filter(Boolean);
  return "/" + parts.join("/");
}

// List pages are the sidebar's destinations (and the dashboard): they carry the 100 KB budget (DESIGN §6).
// the sidebar's pages, and list pages reached from them
const listPaths = new Set([...SIDEBAR.map((entry) => entry.to), "/admin/service-provider/messages"]);

const kb = (n: number) => (n / 1024).toFixed(1);
const parents = new Set(
  Object.values(routes)
    .map((r) => r.parentId)
    .filter(Boolean),
);
const rows = [];
for (const id of Object.keys(routes)) {
  if (id === "root") continue;
  const files = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (const i of chain(id)) {
    const r = routes[i];
    if (r.module) files.add(r.module);
    for (const imp of r.imports ?? []) files.add(imp);
  }
  let raw = 0;
  let gzip = 0;
  let lexical = false;
  let exceljs = false;
  for (const f of files) {
    const s = sizeOf(f);
    raw += s.raw;
    gzip += s.gzip;
    lexical ||= s.lexical;
    exceljs ||= s.exceljs;
  }
  const lazy = new Set<string>();
  for (const f of files) for (const l of lazyImportsOf(f)) if (!files.has(l)) lazy.add(l);
  const lazyGzip = [...lazy].reduce((sum, l) => sum + sizeOf(l).gzip, 0);
  const lazyNames = [...lazy].map((l) => path.basename(l).replace(/-[A-Z0-9]{8}\.js$/, ""));
  const url = urlOf(id);
  const layout = parents.has(id);
  const list = !layout && (listPaths.has(url) || url in PAGE_BUDGETS_KB);
  rows.push({ id, url, fileList: [...files], files: files.size, raw, gzip, list, layout, lexical, exceljs, lazyGzip, lazyNames });
}
// A page whose URL also has an index route is a layout (the /admin shell); a page with only child
// dialogs under it (e.g. the providers list and its send-email route) is the list page itself.
for (const row of rows) {
  if (row.layout && listPaths.has(row.url) && !rows.some((other) => other.url === row.url && !other.layout)) row.list = true;
}
rows.sort((a, b) => a.url.localeCompare(b.url) || a.id.localeCompare(b.id));

const header = ["route", "URL", "files", "raw KB", "gzip KB", "budget", "notes"];
const table = rows.map((r) => [
  r.id.replace(/^routes\//, ""),
  r.url,
  String(r.files),
  kb(r.raw),
  kb(r.gzip),
  r.list
    ? r.gzip / 1024 <= budgetOf(r.url)
      ? budgetOf(r.url) === BUDGET_KB
        ? "ok"
        : `ok ≤${budgetOf(r.url)}`
      : `OVER ${budgetOf(r.url)}`
    : "",
  [
    r.layout ? "layout" : "",
    r.lexical ? "lexical" : "",
    r.exceljs ? "exceljs!" : "",
    r.lazyNames.length ? `+${kb(r.lazyGzip)} KB on demand (${r.lazyNames.join(", ")})` : "",
  ]
    .filter(Boolean)
    .join(" "),
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
const line = (cells: string[]) =>
  "| " + cells.map((c, i) => (i >= 2 && i <= 4 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(" | ") + " |";
console.log(
  `\nJS per route (gzip level 6; entry + matched routes + imports, deduplicated; budget ${BUDGET_KB} KB for list pages; ${Object.entries(
    PAGE_BUDGETS_KB,
  )
    .map(([url, kb]) => `${url} ${kb} KB`)
    .join(", ")})\n`,
);
console.log(line(header));
console.log("|" + widths.map((w, i) => (i >= 2 && i <= 4 ? "-".repeat(w + 1) + ":" : "-".repeat(w + 2))).join("|") + "|");
for (const row of table) console.log(line(row));
const over = rows.filter((r) => r.list && r.gzip / 1024 > budgetOf(r.url));
console.log(`\n${rows.length} routes; list pages over budget: ${over.length ? over.map((r) => r.url).join(", ") : "none"}`);

// Where a list page's budget goes: its largest files.
const sample = rows.find((r) => r.url === "/admin/category" && !r.layout) ?? rows.find((r) => r.list);
if (sample) {
  const largest = sample.fileList
    .map((f) => ({ f, ...sizeOf(f) }))
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 8);
  console.log(`\nLargest files of ${sample.url} (gzip KB): ${largest.map((x) => `${path.basename(x.f)} ${kb(x.gzip)}`).join(", ")}`);
}

// Were the settings tabs chunks of their own (onDemand), the shown tab's chunk would come before the
// page hydrates: listed per tab here. They ship with the page now (its row above is all of it); the
// content tab's rich-text editor comes after, once the page is interactive. Issue 12: ≤ 110 KB before it.
const settings = rows.find((r) => r.url === "/admin/settings" && !r.layout);
if (settings && lazyImportsOf(routes[settings.id].module).some((chunk) => /-tab-[A-Z0-9]{8}\.js$/.test(chunk))) {
  const base = new Set(settings.fileList);
  const gzipOf = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + sizeOf(f).gzip, 0);
  console.log(`
/admin/settings per tab (gzip KB; the page's ${kb(settings.gzip)} + the tab's chunk and its imports; budget ${budgetOf(settings.url)} KB before anything on demand)`);
  const tabs = lazyImportsOf(routes[settings.id].module);
  for (const chunk of tabs) {
    const own = staticClosure(chunk);
    const before = new Set([...base, ...own]);
    // what the tab's code fetches later (the editor), not the other tabs' chunks
    const later = new Set<string>();
    for (const f of own)
      for (const l of lazyImportsOf(f)) if (!tabs.includes(l)) for (const c of staticClosure(l)) if (!before.has(c)) later.add(c);
    const total = gzipOf(before);
    const verdict = total / 1024 <= budgetOf(settings.url) ? "ok" : `OVER ${budgetOf(settings.url)}`;
    const name = path.basename(chunk).replace(/-[A-Z0-9]{8}\.js$/, "");
    console.log(
      `  ${name.padEnd(24)} ${kb(total).padStart(6)} ${verdict}${later.size ? `   then +${kb(gzipOf(later))} on demand (${[...later].map((l) => path.basename(l).replace(/-[A-Z0-9]{8}\.js$/, "")).join(", ")})` : ""}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// 2. As the browser gets it: scripts + inline hydration data of each served page (issue 31 §4).
// ---------------------------------------------------------------------------------------------
if (process.env.BENCH_NO_SERVE || !existsSync(path.join(root, "build/index.js"))) {
  if (!process.env.BENCH_NO_SERVE) console.log("\n(no build/index.js: the served pages' figures need `npm run build`)");
  process.exit(0);
}
const { seedDemo } = await import("../../api/src/seed/seed");
const { storageFromEnv } = await import("../../api/src/storage");
const { cataloguedStorage } = await import("../../api/src/storage/catalogue");
const { ensureSeededFiles } = await import("../../api/src/storage/seeded-files");
const { demoProviderCookie, freshDatabase, printTable, startAdminFrom, startStack, wizardProviderOf } = await import("./support");

const ADMIN_PORT = Number(process.env.BENCH_ADMIN_PORT ?? 3660);
const BEFORE_TREE = process.env.BENCH_BEFORE_TREE;
const WIZARD_PROVIDER = "{wizardProvider}";
type ServedPage = { name: string; path: string; budget: number; provider?: boolean };
const SERVED_PAGES: ServedPage[] = [
  // every sidebar page (the dashboard too) and the list reached from one
  ...SIDEBAR.filter((entry) => entry.to !== "/admin/settings").map((entry) => ({ name: entry.name, path: entry.to, budget: BUDGET_KB })),
  { name: "Sent Messages", path: "/admin/service-provider/messages", budget: BUDGET_KB },
  ...["general", "category&category=1", "payment-gateway&category=1", "content", "create-service&category=1", "cancellation"].map(
    (tab) => ({ name: `Settings: ${tab.split("&")[0]}`, path: `/admin/settings?tab=${tab}`, budget: budgetOf("/admin/settings") }),
  ),
  // the admin's Edit Form (four steps) on the demo provider with every section saved
  ...["categories", "services", "service-details", "documents"].map((step) => ({
    name: `Edit Form: ${step}`,
    path: `/admin/edit-provider-details/${WIZARD_PROVIDER}?step=${step}`,
    budget: budgetOf("/admin/edit-provider-details/:providerId"),
  })),
  // Complete Your Profile (five steps), as the demo provider not yet registered
  ...["categories", "services", "service-details", "documents", "plan"].map((step) => ({
    name: `Complete Your Profile: ${step}`,
    path: `/provider/complete-profile?step=${step}`,
    budget: budgetOf("/provider/complete-profile"),
    provider: true,
  })),
];

type Served = { scripts: number; files: number; inline: number; inlineRaw: number; data: number };
const gzipSizes = new Map<string, number>();
/** What a served page makes the browser fetch and run before it is interactive, in gzip bytes. */
async function served(baseUrl: string, tree: string, pagePath: string, cookie: string): Promise<Served> {
  const response = await fetch(baseUrl + pagePath, { headers: { cookie }, redirect: "manual" });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`${pagePath} answered ${response.status}: ${html.slice(0, 200)}`);
  // scripts: the module preloads and whatever the module script imports, deduplicated
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link rel="(?:x-deferred-)?modulepreload" href="([^"]+)"/g)) urls.add(m[1]);
  const inlines: string[] = [];
  for (const m of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    inlines.push(m[1]);
    for (const i of m[1].matchAll(/import\s*(?:[^"'();]*?from\s*)?["'](\/build\/[^"']+\.js)["']/g)) urls.add(i[1]);
  }
  for (const m of html.matchAll(/<script[^>]*\ssrc="(\/build\/[^"]+\.js)"/g)) urls.add(m[1]);
  let scripts = 0;
  for (const url of urls) {
    const file = path.join(tree, "public", url);
    if (!gzipSizes.has(file)) gzipSizes.set(file, gzipSync(readFileSync(file)).length);
    scripts += gzipSizes.get(file)!;
  }
  const inlineText = inlines.join("\n");
  // the loaders' data alone: single fetch streams it as turbo-stream chunks into __remixContext
  const dataText = inlines.filter((t) => /streamController\.enqueue/.test(t)).join("\n");
  return {
    scripts,
    files: urls.size,
    inline: gzipSync(Buffer.from(inlineText)).length,
    inlineRaw: Buffer.byteLength(inlineText),
    data: gzipSync(Buffer.from(dataText)).length,
  };
}

process.env.NODE_ENV = "production";
const { opened, cleanup } = await freshDatabase("pglite");
const servedRows: string[][] = [];
const overServed: string[] = [];
const load = loadavg()
  .map((l) => l.toFixed(2))
  .join(" ");
try {
  await seedDemo(opened.db);
  await ensureSeededFiles(opened.db, cataloguedStorage(opened.db, storageFromEnv()));
  const wizardProvider = await wizardProviderOf(opened.db);
  const stack = await startStack(opened, ADMIN_PORT);
  const stopBefore = BEFORE_TREE ? await startAdminFrom(BEFORE_TREE, stack, ADMIN_PORT + 1) : null;
  try {
    const adminCookie = await stack.cookieFor("admin");
    const providerCookie = await demoProviderCookie(stack, wizardProvider.id);
    for (const page of SERVED_PAGES) {
      const pagePath = page.path.replace(WIZARD_PROVIDER, String(wizardProvider.id));
      const cookie = page.provider ? providerCookie : adminCookie;
      const after = await served(stack.adminUrl, root, pagePath, cookie);
      const before = BEFORE_TREE ? await served(`http://127.0.0.1:${ADMIN_PORT + 1}`, BEFORE_TREE, pagePath, cookie) : null;
      const total = after.scripts + after.inline;
      const verdict = total / 1024 <= page.budget ? "ok" : "OVER";
      if (verdict === "OVER") overServed.push(page.name);
      servedRows.push([
        page.name,
        ...(before ? [`${kb(before.scripts)} + ${kb(before.inline)} = ${kb(before.scripts + before.inline)}`] : []),
        String(after.files),
        kb(after.scripts),
        kb(after.inline),
        kb(after.data),
        (after.inlineRaw / 1024).toFixed(1),
        kb(total),
        `${page.budget}`,
        verdict,
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
  `\nJS as the browser gets it (issue 31 §4): each page served by the built admin, signed in, demo data (PGlite); gzip KB of its scripts + its inline scripts (hydration data, gzipped together); load ${load}\n`,
);
printTable(
  [
    "page",
    ...(BEFORE_TREE ? ["before: scripts + inline = total"] : []),
    "files",
    "scripts",
    "inline",
    "of it data",
    "inline raw KB",
    "total",
    "budget",
    "",
  ],
  servedRows,
);
console.log(`\n${servedRows.length} pages; over budget: ${overServed.length ? overServed.join(", ") : "none"}`);
process.exit(0);
