/**
 * The route walker: every /admin route module the app has (found with Remix's own flat-routes
 * reader, so routes added later are covered without editing this file) is called with no session,
 * as "viewer" (Active, no access) and as "admin" ('*'), for its loader and its action.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, test } from "vitest";
import { sidebarEntryFor } from "../../app/models/access";
import { callRoute, requestAs, type DemoAdminName, type RouteModule } from "../support/routes";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const appDir = path.join(root, "app");
const require = createRequire(import.meta.url);

type ManifestEntry = { id: string; parentId?: string; path?: string; index?: boolean; file: string };
const { flatRoutes } = require("@remix-run/dev/dist/config/flat-routes.js") as {
  flatRoutes: (appDirectory: string, ignored?: string[]) => Record<string, ManifestEntry>;
};

// A value no record has, so an action called with it cannot change real data.
const DUMMY_PARAM = "999999999";
const EXCLUDED = [/^\/admin\/login(\/|$)/, /^\/admin\/logout(\/|$)/, /\.(css|js|png|svg|ico|txt|webmanifest)$/];

type AdminRoute = { id: string; file: string; pattern: string; url: string; module: RouteModule };

async function enumerateAdminRoutes(): Promise<AdminRoute[]> {
  const config = (await import(pathToFileURL(path.join(root, "remix.config.js")).href)).default as {
    ignoredRouteFiles?: string[];
  };
  const manifest = flatRoutes(appDir, config.ignoredRouteFiles ?? []);
  const fullPath = (entry: ManifestEntry): string => {
    const parent = entry.parentId ? manifest[entry.parentId] : undefined;
    const own = entry.path ?? "";
    const base = parent ? fullPath(parent) : "";
    return [base, own].filter(Boolean).join("/");
  };
  const found: AdminRoute[] = [];
  for (const entry of Object.values(manifest)) {
    if (entry.id === "root") continue;
    const pattern = "/" + fullPath(entry);
    if (!/^\/admin(\/|$)/.test(pattern)) continue;
    const url = pattern
      .split("/")
      .map((segment) => {
        if (segment === "*") return "no-such-page";
        if (segment.startsWith(":")) return DUMMY_PARAM;
        return segment.replace(/\?$/, "");
      })
      .join("/");
    if (EXCLUDED.some((re) => re.test(url))) continue;
    const file = path.join(appDir, entry.file);
    if (!existsSync(file)) throw new Error(`Route file ${file} listed but missing`);
    const module = (await import(pathToFileURL(file).href)) as RouteModule;
    found.push({ id: entry.id, file: entry.file, pattern, url, module });
  }
  return found.sort((a, b) => a.url.localeCompare(b.url) || a.id.localeCompare(b.id));
}

const routes = await enumerateAdminRoutes();

// Routes outside every sidebar entry (dashboard, profile …) are open to any signed-in admin.
function needsAccess(url: string): boolean {
  const entry = sidebarEntryFor(url);
  return entry !== undefined && entry.access !== "always";
}

function describeResult(result: unknown): string {
  if (result instanceof Response) return `${result.status} Location=${result.headers.get("Location") ?? "-"}`;
  return `data ${JSON.stringify(result)?.slice(0, 120)}`;
}

async function call(route: AdminRoute, kind: "loader" | "action", who: DemoAdminName | null) {
  const target = `${route.url}?x=1`;
  const request =
    kind === "loader" ? await requestAs(who, target) : await requestAs(who, target, { form: { intent: "route-guard-probe" } });
  return { target, result: await callRoute(route.module, request, paramsFor(route)) };
}

function paramsFor(route: AdminRoute): Record<string, string> {
  const params: Record<string, string> = {};
  for (const segment of route.pattern.split("/")) {
    if (segment === "*") params["*"] = "no-such-page";
    else if (segment.startsWith(":")) params[segment.slice(1).replace(/\?$/, "")] = DUMMY_PARAM;
  }
  return params;
}

function isLoginRedirect(result: unknown): boolean {
  if (!(result instanceof Response) || result.status < 300 || result.status >= 400) return false;
  return (result.headers.get("Location") ?? "").startsWith("/admin/login");
}

test("the walker finds the app's admin routes", () => {
  // Guard against a broken enumeration passing vacuously.
  expect(routes.length, `found only: ${routes.map((r) => r.url).join(", ")}`).toBeGreaterThanOrEqual(5);
  expect(routes.filter((r) => r.module.loader).length).toBeGreaterThanOrEqual(5);
});

for (const route of routes) {
  const kinds = (["loader", "action"] as const).filter((kind) => typeof route.module[kind] === "function");
  if (kinds.length === 0) continue;
  describe(`${route.url} (${route.file})`, () => {
    for (const kind of kinds) {
      test(`${kind}: no session → login, coming back to this URL`, async () => {
        const { target, result } = await call(route, kind, null);
        expect(result, describeResult(result)).toBeInstanceOf(Response);
        const response = result as Response;
        expect(response.status, describeResult(result)).toBeGreaterThanOrEqual(300);
        expect(response.status, describeResult(result)).toBeLessThan(400);
        const location = new URL(response.headers.get("Location") ?? "", "http://admin.test");
        expect(location.pathname).toBe("/admin/login");
        expect(location.searchParams.get("redirectTo")).toBe(target);
      });

      if (needsAccess(route.url)) {
        test(`${kind}: "viewer" (no access) → 403`, async () => {
          const { result } = await call(route, kind, "viewer");
          expect(result, describeResult(result)).toBeInstanceOf(Response);
          expect((result as Response).status, describeResult(result)).toBe(403);
        });
      } else {
        test(`${kind}: "viewer" (open to any admin) → not 403, not login`, async () => {
          const { result } = await call(route, kind, "viewer");
          expect(isLoginRedirect(result), describeResult(result)).toBe(false);
          expect(result instanceof Response && result.status === 403, describeResult(result)).toBe(false);
        });
      }

      test(`${kind}: "admin" ('*') → not 403, not login`, async () => {
        const { result } = await call(route, kind, "admin");
        expect(isLoginRedirect(result), describeResult(result)).toBe(false);
        expect(result instanceof Response && result.status === 403, describeResult(result)).toBe(false);
      });
    }
  });
}
