/**
 * What operations sees of the admin process (issue 35), over real HTTP: the real admin server
 * (createAdminServer) in front of a small test Remix build whose routes call the real test API
 * through the admin's own marketplace client. Each request gets an id, answered in x-request-id,
 * sent with every API call it makes and stored on the audit entries those calls write; one JSON log
 * line per request names the route pattern and the admin; /metrics (METRICS_TOKEN) counts requests
 * by route pattern and the API calls made; nothing secret reaches the log.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAdminServer } from "../../server/admin-server";
import { routePatterns } from "../../server/observability";
import { createCategory, getCategory } from "~/services/marketplace/categories.server";
import { inRequestScope } from "~/services/marketplace/client.server";
import { createLogger } from "~shared/observability/logger";
import { CreateCategoryBody } from "~contract/categories";
import { capturedLog, sample } from "../support/observability";
import { apiCall, testApi } from "../support/routes";

const ORIGIN = "http://admin.observed.test";

/**
 * Routes shaped like the admin's: a record page reading a category (`/admin/categories/:id`) and a
 * form adding one (`/admin/categories/new`), both through the real marketplace client as admin 1.
 */
function observedBuild(): ServerBuild {
  const asAdmin = { adminUserId: 1 };
  const showCategory = async ({ params }: { params: { id?: string } }) => {
    const category = await getCategory(asAdmin, Number(params.id));
    return new Response(category.categoryName, { headers: { "Content-Type": "text/plain" } });
  };
  const addCategory = async ({ request }: { request: Request }) => {
    const form = await request.formData();
    const name = String(form.get("categoryName"));
    const created = await createCategory(asAdmin, CreateCategoryBody.parse({ categoryName: name, desc: `${name} description` }));
    return new Response(String(created.category_id), { headers: { "Content-Type": "text/plain" } });
  };
  return {
    mode: "production",
    basename: undefined,
    publicPath: "/build/",
    assetsBuildDirectory: "/nonexistent-test-build",
    isSpaMode: false,
    future: {},
    assets: { url: "/build/manifest.js", version: "test", entry: { module: "/build/entry.js", imports: [] }, routes: {} },
    entry: { module: { default: () => new Response("no documents in this build", { status: 404 }), inRequestScope } },
    routes: {
      root: { id: "root", path: "", module: {} },
      "routes/admin": { id: "routes/admin", parentId: "root", path: "admin", module: {} },
      "routes/admin.categories.$id": {
        id: "routes/admin.categories.$id",
        parentId: "routes/admin",
        path: "categories/:id",
        module: { loader: showCategory },
      },
      "routes/admin.categories.new": {
        id: "routes/admin.categories.new",
        parentId: "routes/admin",
        path: "categories/new",
        module: { action: addCategory, loader: () => new Response("the form") },
      },
    },
  } as unknown as ServerBuild;
}

describe("the admin's request ids, request log and /metrics", () => {
  const log = capturedLog();
  const token = `metrics-${randomBytes(12).toString("hex")}`;
  let server: Server;
  let url: string;
  const scrape = async () => {
    const answer = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    return answer.text();
  };

  beforeAll(async () => {
    const app = createAdminServer({
      build: observedBuild(),
      root: "/nonexistent-test-root",
      apiUrl: testApi().url,
      publicOrigins: [ORIGIN],
      logger: createLogger({ name: "admin", level: "debug", format: "json", destination: log.stream }),
      metricsToken: token,
    });
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server?.closeAllConnections();
    server?.close();
  });

  test("/metrics needs the bearer token", async () => {
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    expect((await fetch(`${url}/metrics`, { headers: { authorization: "Bearer wrong" } })).status).toBe(401);
    const text = await scrape();
    expect(text).toContain("process_resident_memory_bytes");
    expect(text).toContain("nodejs_eventloop_lag_seconds");
  });

  test("an admin without METRICS_TOKEN answers /metrics 404", async () => {
    const app = createAdminServer({ build: observedBuild(), root: "/nonexistent-test-root", publicOrigins: [ORIGIN] });
    const off = createServer(app);
    await new Promise<void>((resolve) => off.listen(0, "127.0.0.1", resolve));
    try {
      const answer = await fetch(`http://127.0.0.1:${(off.address() as AddressInfo).port}/metrics`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.status).toBe(404);
      expect(await answer.text()).toMatch(/METRICS_TOKEN/);
    } finally {
      off.closeAllConnections();
      off.close();
    }
  });

  test("a form's request id reaches the API and its audit entry; its log line names the route pattern and the admin", async () => {
    const name = `Observed ${randomBytes(4).toString("hex")}`;
    const answer = await fetch(`${url}/admin/categories/new`, {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ categoryName: name, password: "Hunter2-never-logged" }),
    });
    expect(answer.status).toBe(200);
    const categoryId = Number(await answer.text());
    const requestId = answer.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    const audit = (await apiCall(`/audit-entries?entity=category&entity_id=${categoryId}`)) as {
      data: { action: string; request_id: string | null }[];
    };
    expect(audit.data).toEqual([expect.objectContaining({ action: "create", request_id: requestId })]);

    const line = log.records().find((record) => record.reqId === requestId);
    expect(line).toMatchObject({ name: "admin", method: "POST", route: "/admin/categories/new", status: 200, admin: 1, msg: "request" });
    expect(log.lines.join("\n")).not.toContain("Hunter2-never-logged");
  });

  test("a browser's own x-request-id is not taken (no proxy is trusted); each request has its own", async () => {
    const first = await fetch(`${url}/admin/categories/new`, { headers: { "x-request-id": "chosen-by-the-browser" } });
    const second = await fetch(`${url}/admin/categories/new`);
    expect(first.headers.get("x-request-id")).not.toBe("chosen-by-the-browser");
    expect(first.headers.get("x-request-id")).not.toBe(second.headers.get("x-request-id"));
  });

  test("requests are counted by route pattern, not by URL, and the API calls they made are counted", async () => {
    const before = await scrape();
    const { data } = (await apiCall("/get-all-category")) as { data: { category_id: number }[] };
    const ids = data.slice(0, 3).map((category) => category.category_id);
    for (const id of ids) {
      const shown = await fetch(`${url}/admin/categories/${id}`);
      expect(shown.status).toBe(200);
      await shown.text(); // the answer ends, so it is counted
    }
    const after = await scrape();
    const page = { method: "GET", route: "/admin/categories/:id", status: "200" };
    expect(sample(after, "http_requests_total", page) - sample(before, "http_requests_total", page)).toBe(ids.length);
    const calls = { method: "GET", status: "200" };
    expect(
      sample(after, "marketplace_api_calls_total", calls) - sample(before, "marketplace_api_calls_total", calls),
    ).toBeGreaterThanOrEqual(ids.length);
    expect(after).not.toMatch(/route="\/admin\/categories\/\d+"/);
    // a refused form (another site) is counted as what it was
    const refused = await fetch(`${url}/admin/categories/new`, { method: "POST", headers: { Origin: "http://evil.test" } });
    expect(refused.status).toBe(403);
    await refused.text();
    expect(sample(await scrape(), "http_requests_total", { method: "POST", route: "/admin/categories/new", status: "403" })).toBe(1);
  });

  test("route patterns: a page and its data request share one; static files and unknown URLs are grouped", () => {
    const routeOf = routePatterns(observedBuild());
    expect(routeOf("/admin/categories/12")).toBe("/admin/categories/:id");
    expect(routeOf("/admin/categories/12.data")).toBe("/admin/categories/:id");
    expect(routeOf("/admin/categories/new")).toBe("/admin/categories/new");
    expect(routeOf("/build/_shared/chunk-ABC.js")).toBe("static");
    expect(routeOf("/nowhere/at/all")).toBe("unmatched");
    // the server's own paths, answered before Remix
    expect(routeOf("/readyz")).toBe("/readyz");
    expect(routeOf("/metrics")).toBe("/metrics");
  });
});
