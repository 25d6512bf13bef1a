/**
 * How a page reaches a slow browser: compressed as a whole (not in 2 KB pieces that gzip cannot
 * share a dictionary across), painted before its scripts are fetched, and still hydrated after.
 */
import http from "node:http";
import { gunzipSync, gzipSync } from "node:zlib";
import { expect, sessionCookieValue, test, E2E } from "./fixtures";

// a browser's user agent: pages are streamed to browsers (a bot gets the page in one piece)
const BROWSER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36";

test("a list page goes out compressed as a whole page would be", async () => {
  const cookie = `__admin_session=${await sessionCookieValue("admin")}`;
  const { status, encoding, raw } = await rawGet("/admin/service-provider", {
    cookie,
    "accept-encoding": "gzip",
    "user-agent": BROWSER_AGENT,
  });
  expect(status).toBe(200);
  expect(encoding).toBe("gzip");
  const html = gunzipSync(raw).toString("utf8");
  expect(html).toContain("Service Providers");
  const wholeGzip = gzipSync(html).length;
  expect(raw.length, `sent ${raw.length} B; the same page gzipped whole is ${wholeGzip} B`).toBeLessThan(wholeGzip * 1.25);
});

/** A page's bytes as they come off the socket (fetch would decode them). */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; encoding: string | undefined; raw: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${E2E.adminUrl}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, encoding: response.headers["content-encoding"], raw: Buffer.concat(chunks) }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

test("the page's scripts are fetched once its HTML is parsed and painted, and then it works as a script-driven page", async ({
  page,
  loginAs,
}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "scripts only run with JavaScript on");
  await loginAs("admin");
  await page.goto("/admin/service-provider");
  // hydrated: the Email button counts the checked rows, which only the script does
  await expect(page.getByRole("button", { name: "Email 0" })).toBeVisible();
  const timing = await page.evaluate(() => {
    const parsed = (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)?.domInteractive ?? null;
    const scripts = performance
      .getEntriesByType("resource")
      .filter((entry) => /\/build\/.*\.js$/.test(entry.name))
      .map((entry) => entry.startTime);
    return {
      parsed,
      firstScript: scripts.length ? Math.min(...scripts) : null,
      preloadsLeftInert: document.querySelectorAll('link[rel="x-deferred-modulepreload"]').length,
    };
  });
  // Without the deferral Chromium's preload scanner requests them while it parses the HTML. (The
  // paint's own timestamp is when the compositor showed the frame, which on a busy machine comes
  // later than the frames the loader waits for: not a steady mark to compare with.)
  expect(timing.parsed, "the browser reports when the HTML was parsed").not.toBeNull();
  expect(timing.firstScript, "the page's scripts were fetched").not.toBeNull();
  expect(timing.firstScript!).toBeGreaterThan(timing.parsed!);
  expect(timing.preloadsLeftInert).toBe(0);

  // and the page acts as a scripted one: checking a row counts it
  await page.getByRole("table", { name: "Service Providers" }).locator("tbody").getByRole("checkbox").first().check();
  await expect(page.getByRole("button", { name: "Email 1" })).toBeVisible();
});

test("the boosting dialog's code comes on demand: a bookmarked dialog is whole at once, and a failed fetch is said", async ({
  page,
  loginAs,
}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "without JavaScript the server's HTML is the dialog (service-providers.spec.ts)");
  await loginAs("admin");
  await page.goto("/admin/service-provider");
  const add = page.getByRole("link", { name: /^Add boosting point for / }).first();
  const href = await add.getAttribute("href");
  expect(href).toMatch(/dialog=boost&id=\d+/);

  // opened by its URL: the server's dialog, then the script's (Save waits for a reason)
  await page.goto(href!);
  const dialog = page.getByRole("dialog", { name: "Add Boosting Point" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Points").fill("5");
  await expect(dialog.getByRole("button", { name: "Save" })).toBeDisabled();

  // a new page whose dialog code cannot be fetched (offline, a new deploy): the admin is told
  await page.route(/\/build\/.*boosting-dialog.*\.js$/, (route) => route.abort());
  await page.goto("/admin/service-provider");
  await expect(page.getByRole("button", { name: "Email 0" })).toBeVisible();
  await page
    .getByRole("link", { name: /^Add boosting point for / })
    .first()
    .click();
  await expect(
    page.getByRole("alert").filter({ hasText: "This part of the page could not be loaded. Please reload the page." }),
  ).toBeVisible();
});
