/**
 * Issue 29 item 9: Remix's legacy data requests (`?_data=<route id>`) are answered 400 by the
 * admin's server before any route runs, signed in or not, and log nothing. Before, each logged a
 * stack trace and these routes answered 500 (their loaders answer in single fetch's shape).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "./fixtures";

const LOG = path.resolve("test-results/e2e-server.log");
/** lines of the servers' log about data requests (other tests log their own lines meanwhile) */
const dataLines = async () =>
  (await readFile(LOG, "utf8").catch(() => "")).split("\n").filter((line) => /_data|init\["status"\]|reading 'status'/.test(line)).length;

/** page → its route id: the ones that answered 500 before, and a few that did not */
const PAGES: [string, string][] = [
  ["/admin/login", "routes/admin_.login"],
  ["/provider/sign-up", "routes/provider_.sign-up"],
  ["/admin/add-categories", "routes/admin.add-categories"],
  ["/admin/add-subscriptions", "routes/admin.add-subscriptions"],
  ["/admin/clickwrap-agreement", "routes/admin.clickwrap-agreement._index"],
  ["/admin/comments", "routes/admin.comments"],
  ["/admin/posts", "routes/admin.posts._index"],
  ["/admin/profile", "routes/admin.profile"],
  ["/admin/service-provider/messages", "routes/admin.service-provider_.messages"],
  ["/admin/category", "routes/admin.category._index"],
  ["/admin", "root"],
];

test("?_data= requests answer 400 on every page, signed in or not, and log nothing", async ({ page, loginAs }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "requests only: the same for both projects");
  const before = await dataLines();
  const ask = async () => {
    for (const [url, id] of PAGES) {
      for (const data of [id, "routes/no-such-route"]) {
        const answer = await page.request.get(`${url}?_data=${encodeURIComponent(data)}`, { maxRedirects: 0 });
        expect(answer.status(), `${url}?_data=${data}`).toBe(400);
        expect(await answer.text()).toContain("_data");
      }
    }
    const posted = await page.request.post("/admin/login?_data=routes/admin_.login", {
      form: { username: "admin", password: "x" },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(400);
  };
  await ask();
  await loginAs("admin");
  await ask();
  // the page itself still answers
  expect((await page.request.get("/admin/category")).status()).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await dataLines()).toBe(before);
});
