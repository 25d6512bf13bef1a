import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { Response } from "@playwright/test";
import { ROUTES_TEST_ENV } from "../support/test-env.mjs";
import { E2E, expect, test } from "./fixtures";

// What must never reach a browser: the API secret, the session secret, and the names of
// server-only settings (their presence in a bundle means a *.server module leaked into it).
const SECRETS = [E2E.apiKey, ROUTES_TEST_ENV.SESSION_SECRET];
const SERVER_ONLY_NAMES = ["MARKETPLACE_API_KEY", "SESSION_SECRET"];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

test("no file under public/build holds a secret or a server-only setting", async () => {
  test.skip(test.info().project.name !== "js", "a file check: once is enough");
  const files = filesUnder("public/build");
  expect(files.length).toBeGreaterThan(3);
  const leaks: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, "latin1");
    for (const needle of [...SECRETS, ...SERVER_ONLY_NAMES]) {
      if (text.includes(needle)) leaks.push(`${file} contains ${needle === E2E.apiKey ? "the API key" : needle}`);
    }
  }
  expect(leaks).toEqual([]);
});

test("served pages and everything they load hold no secret", async ({ page, loginAs }) => {
  const checked: Promise<string[]>[] = [];
  page.on("response", (response: Response) => {
    checked.push(
      (async () => {
        const found: string[] = [];
        const headers = JSON.stringify(await response.allHeaders());
        let body = "";
        try {
          body = (await response.body()).toString("latin1");
        } catch {
          // redirects and aborted requests have no body
        }
        for (const secret of SECRETS) {
          if (headers.includes(secret) || body.includes(secret)) found.push(`${response.url()} leaks a secret`);
        }
        return found;
      })(),
    );
  });

  await page.goto("/admin/login");
  await expect(page.getByLabel("Username")).toBeVisible();
  await loginAs("admin");
  for (const url of ["/admin", "/admin/category", "/admin/category?page=2&search=a", "/admin/no-such-page"]) {
    await page.goto(url);
    await page.waitForLoadState("networkidle");
  }
  const leaks = (await Promise.all(checked)).flat();
  expect(checked.length).toBeGreaterThan(4);
  expect(leaks).toEqual([]);
});
