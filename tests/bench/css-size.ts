/**
 * Gzipped CSS that blocks each page's first paint, read from the HTML the built admin serves (signed
 * in, demo data): every `<link rel="stylesheet">` whose media matches the device and every inline
 * `<style>`. A stylesheet whose media does not match (the dark theme on a light screen, the P3
 * palettes on an sRGB one, print) is still fetched, at the lowest priority, but blocks nothing.
 * Two devices: a light sRGB screen (Lighthouse's, and the admin's default appearance System), and
 * the same for an admin who chose Dark. BENCH_BASELINE=<tree> also serves the build in that tree on
 * the same API, for before/after figures (issue 31 §3). BENCH_PAGES=path,path limits the pages.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { seedDemo } from "../../api/src/seed/seed";
import { freshDatabase, printTable, requireBuild, root, startAdminFrom, startStack, wizardProviderOf } from "./support";

const ADMIN_PORT = Number(process.env.BENCH_ADMIN_PORT ?? 3395);
const BASELINE = process.env.BENCH_BASELINE;
const WIZARD = "{wizardProvider}";
const ALL_PAGES = [
  "/admin/login",
  "/admin",
  "/admin/service-provider",
  "/admin/category",
  "/admin/bookings",
  "/admin/documents",
  "/admin/settings",
  "/admin/settings?tab=content",
  "/admin/posts/post",
  `/admin/edit-provider-details/${WIZARD}?step=services`,
  "/provider/login",
];
const PAGES = process.env.BENCH_PAGES?.split(",").map((p) => p.trim()) ?? ALL_PAGES;

requireBuild("css-size");

/** Whether a stylesheet with this media attribute blocks the first paint on a light sRGB screen. */
function blocks(media: string | undefined) {
  if (!media || /^\s*(all|screen)\s*$/i.test(media)) return true;
  return !/prefers-color-scheme:\s*dark|color-gamut:\s*p3|^\s*print\s*$/i.test(media);
}

const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];

type Sheet = { name: string; gzip: number; blocking: boolean };
/** The stylesheets of a page's HTML, in order, with their gzip size (level 6, as the server sends them). */
async function sheetsOf(base: string, tree: string, pathname: string, cookie: string | undefined): Promise<Sheet[]> {
  const response = await fetch(`${base}${pathname}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`${base}${pathname} answered ${response.status}`);
  const sheets: Sheet[] = [];
  for (const m of html.matchAll(/<link\b[^>]*>|<style\b[^>]*>([\s\S]*?)<\/style>/g)) {
    const tag = m[0];
    if (tag.startsWith("<style")) {
      sheets.push({ name: "inline <style>", gzip: gzipSync(m[1] ?? "").length, blocking: blocks(attr(tag, "media")) });
      continue;
    }
    if (attr(tag, "rel") !== "stylesheet") continue;
    const href = attr(tag, "href")!;
    const file = path.join(tree, "public", new URL(href, base).pathname);
    sheets.push({
      name: path.basename(href).replace(/-[A-Z0-9]{8}\.css$/, ".css"),
      gzip: gzipSync(readFileSync(file)).length,
      blocking: blocks(attr(tag, "media")),
    });
  }
  return sheets;
}

const kb = (n: number) => (n / 1024).toFixed(1);
const { opened, cleanup } = await freshDatabase("pglite");
await seedDemo(opened.db, {});
const wizardProvider = await wizardProviderOf(opened.db);
const stack = await startStack(opened, ADMIN_PORT);
const builds = [{ label: BASELINE ? "now" : "", url: stack.adminUrl, tree: root }];
let stopBaseline: (() => void) | undefined;
const rows: string[][] = [];
try {
  if (BASELINE) {
    stopBaseline = await startAdminFrom(BASELINE, stack, ADMIN_PORT + 1);
    builds.push({ label: "before", url: `http://127.0.0.1:${ADMIN_PORT + 1}`, tree: path.resolve(BASELINE) });
  }
  const cookie = await stack.cookieFor("admin");
  const adminUserId = await stack.adminUserIdOf("admin");
  const setAppearance = async (appearance: string) => {
    const response = await fetch(`${stack.apiUrl}/update-admin-appearance`, {
      method: "PUT",
      headers: { "x-api-key": stack.apiKey, "content-type": "application/json", "x-acting-admin": String(adminUserId) },
      body: JSON.stringify({ adminUserId, appearance }),
    });
    if (!response.ok) throw new Error(`setting the appearance answered ${response.status}`);
  };
  const pages = PAGES.map((p) => p.replace(WIZARD, String(wizardProvider?.id ?? 0)));
  const signedIn = (page: string) => page !== "/admin/login" && !page.startsWith("/provider");
  // the admin's appearance is read with the session (and kept with it a while): a new session for Dark
  const system = new Map<string, Sheet[]>();
  for (const page of pages)
    for (const build of builds)
      system.set(`${build.url}${page}`, await sheetsOf(build.url, build.tree, page, signedIn(page) ? cookie : undefined));
  await setAppearance("dark");
  const darkCookie = await stack.cookieFor("admin");
  const sum = (sheets: Sheet[], blocking: boolean) => sheets.filter((s) => s.blocking === blocking).reduce((n, s) => n + s.gzip, 0);
  for (const page of pages) {
    for (const build of builds) {
      const light = system.get(`${build.url}${page}`)!;
      const dark = signedIn(page) ? await sheetsOf(build.url, build.tree, page, darkCookie) : undefined;
      rows.push([
        build.label ? `${page} (${build.label})` : page,
        kb(sum(light, true)),
        dark ? kb(sum(dark, true)) : "-",
        kb(sum(light, false)),
        light.map((s) => `${s.name} ${kb(s.gzip)}${s.blocking ? "" : " (not blocking)"}`).join(", "),
      ]);
    }
  }
  await setAppearance("system");
} finally {
  stopBaseline?.();
  await stack.close();
  await opened.close();
  await cleanup();
}

console.log(
  `\nCSS blocking the first paint (gzip KB, level 6), from the served HTML: stylesheets whose media matches and inline <style>` +
    (BASELINE ? `; "before" is the build in ${BASELINE}` : "") +
    `\n`,
);
printTable(
  [
    "page",
    "blocking KB: System, light screen",
    "blocking KB: Dark chosen",
    "fetched, not blocking KB",
    "stylesheets (System, light screen)",
  ],
  rows,
);
process.exit(0);
