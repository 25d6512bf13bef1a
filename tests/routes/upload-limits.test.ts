/**
 * The one table of upload routes (app/models/upload-limits.ts) covers every route that takes a file:
 * each route module with an action is walked with what it imports from app/ (its page's components, its action's
 * services); one that has a multipart form, reads one (readUploadForm) or passes a body on as it
 * arrives (request.body) must have its row, for its own URL and its `.data` twin (with JavaScript),
 * so the admin's server lets its files through and no new upload route is held to the 1 MB default.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { UPLOAD_ROUTES, uploadRouteOf } from "../../app/models/upload-limits";

const APP = path.resolve(__dirname, "../../app");

/** what marks a module as taking uploads */
const UPLOAD_MARKERS = [/["']multipart\/form-data["']/, /\breadUploadForm\(/, /\brequest\.body\b/];

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(APP, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

/** the files a route module reaches through app/ imports, the route's own first */
function moduleGraph(entry: string): string[] {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/(?:import|export)\s[^;]*?from\s+["']([^"']+)["']/g)) {
      const target = resolveImport(file, match[1]);
      if (target && !seen.has(target)) queue.push(target);
    }
  }
  return [...seen];
}

type ManifestEntry = { id: string; parentId?: string; path?: string; file: string };
const { flatRoutes } = createRequire(import.meta.url)("@remix-run/dev/dist/config/flat-routes.js") as {
  flatRoutes: (appDirectory: string, ignored?: string[]) => Record<string, ManifestEntry>;
};
// Remix's own reader of the route files (remix.config.js ignores **/.* and tests)
const manifest = flatRoutes(APP, ["**/.*", "**/*.test.{ts,tsx}"]);
const fullPath = (entry: ManifestEntry): string => {
  const parent = entry.parentId ? manifest[entry.parentId] : undefined;
  return [parent ? fullPath(parent) : "", entry.path ?? ""].filter(Boolean).join("/");
};

/** a route file's URL, with a sample value for each parameter */
function urlOf(file: string): string {
  const entry = Object.values(manifest).find((e) => path.join(APP, e.file) === file);
  if (!entry) throw new Error(`${file} is not a route`);
  return `/${fullPath(entry)}`
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "12" : segment === "*" ? "any" : segment.replace(/\?$/, "")))
    .join("/");
}

const routeFiles = Object.values(manifest)
  .filter((entry) => entry.id !== "root")
  .map((entry) => path.join(APP, entry.file));

/** a route without an action takes no post (a file route that shares a service with its page) */
const hasAction = (file: string) =>
  /export\s+(?:async\s+function\s+action\b|const\s+action\b|\{[^}]*\baction\b)/.test(readFileSync(file, "utf8"));

const uploadRoutes = routeFiles.filter(
  (file) =>
    hasAction(file) && moduleGraph(file).some((module) => UPLOAD_MARKERS.some((marker) => marker.test(readFileSync(module, "utf8")))),
);

describe("the upload table", () => {
  test("the walk finds the routes known to take uploads (so it does walk)", () => {
    const urls = uploadRoutes.map(urlOf);
    expect(urls).toEqual(
      expect.arrayContaining([
        "/admin/s3-bucket-manager",
        "/admin/s3-bucket-manager/upload",
        "/admin/posts/post",
        "/admin/settings",
        "/admin/edit-provider-details/12",
        "/provider/complete-profile",
      ]),
    );
  });

  test.each(uploadRoutes.map((file) => [path.basename(file), urlOf(file)]))(
    "%s (%s) has its row, for its URL and its .data twin",
    (_file, url) => {
      expect(uploadRouteOf(url), `${url} takes uploads: give it a row in app/models/upload-limits.ts`).toBeDefined();
      expect(uploadRouteOf(`${url}.data`), `${url}.data (with JavaScript)`).toBe(uploadRouteOf(url));
    },
  );

  test("every row is a route that takes uploads (no row left behind), and its limits hold its files", () => {
    const urls = uploadRoutes.map(urlOf);
    for (const [name, row] of Object.entries(UPLOAD_ROUTES)) {
      expect(
        urls.some((url) => row.path.test(url)),
        `${name} matches no route that takes uploads`,
      ).toBe(true);
      const largestFile = Math.max(0, ...Object.values(row.files as Record<string, number>));
      expect(row.maxBodyBytes, name).toBeGreaterThan(largestFile);
      expect(row.tooLarge.length, name).toBeGreaterThan(0);
    }
    // the bucket manager's promise: 10 MB a file, 20 files, 50 MB a request
    expect(UPLOAD_ROUTES.bucketPage.files.files).toBe(10 * 1024 * 1024);
    expect(UPLOAD_ROUTES.bucketPage.maxFiles).toBe(20);
    expect(UPLOAD_ROUTES.bucketPage.maxBodyBytes).toBeGreaterThanOrEqual(50 * 1024 * 1024);
    expect(UPLOAD_ROUTES.postEditor.files.image).toBe(5 * 1024 * 1024);
  });
});
