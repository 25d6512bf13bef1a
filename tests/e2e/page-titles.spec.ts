/**
 * Every page an admin can reach, found by following the links from the dashboard (one URL per
 * route pattern), answers without a 404 and titles itself "Admin | …"; every page route of the app
 * is among them.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { newBankFile } from "../support/records";
import { expect, test } from "./fixtures";

const suffix = () => Math.random().toString(36).slice(2, 8);

// Links that download a file or end the session, not pages.
const NOT_PAGES = [/\/files\//, /\/export$/, /\/csv$/, /^\/admin\/logout$/, /^\/admin\/login$/];

/** "/admin/edit-categories/12/edit-faq/3" → "/admin/edit-categories/:/edit-faq/:" (ids are segments with a digit). */
const patternOf = (url: string) =>
  url
    .split("?")[0]
    .split("/")
    .map((segment) => (/\d/.test(segment) ? ":" : segment))
    .join("/");

/** The URL patterns of the app's /admin page routes (route files with a component), from their flat-route names. */
function pageRoutePatterns(): { file: string; re: RegExp }[] {
  const dir = path.resolve("app/routes");
  return (
    readdirSync(dir)
      .filter((file) => file.startsWith("admin") && /\.tsx$/.test(file))
      .filter((file) => /export default/.test(readFileSync(path.join(dir, file), "utf8")))
      // the sign-in's pages (its two-factor steps too) are reached before there is a session, not by links
      .filter((file) => !/^admin_\.(login|logout|\$)(_\.[a-z-]+)?\.tsx$/.test(file) && file !== "admin.tsx")
      .map((file) => {
        const segments = file
          .replace(/\.tsx$/, "")
          .split(".")
          .filter((s) => s !== "_index")
          .map((s) => s.replace(/_$/, "").replace(/^admin_$/, "admin"));
        const source = segments.map((s) => (s.startsWith("$") ? "[^/]+" : s.replace(/[-]/g, "\\-"))).join("/");
        return { file, re: new RegExp(`^/${source}$`) };
      })
  );
}

test("every page an admin can reach is titled 'Admin | …' and none is a 404", async ({ page, loginAs, apiCall }) => {
  test.setTimeout(180_000);
  // a category of this test's own with a sub-category and an FAQ, so their pages have links
  const category = (
    await apiCall<{ data: { category_id: number } }>("/create-category", {
      method: "POST",
      actingAdmin: "admin",
      body: { categoryName: `Titles ${suffix()}`, desc: "Page titles", status: "Active" },
    })
  ).data;
  await apiCall("/create-category", {
    method: "POST",
    actingAdmin: "admin",
    body: { categoryName: `Titles sub ${suffix()}`, desc: "Page titles", status: "Active", parentCategoryId: category.category_id },
  });
  await apiCall("/create-faq", {
    method: "POST",
    actingAdmin: "admin",
    body: { category: category.category_id, content: "<h3>Is every title right?</h3><p>Yes.</p>" },
  });

  // a bulk job of this test's own (over a filter that matches nothing: done at once), for its pages
  const job = (
    await apiCall<{ data: { id: number } }>("/bulk-jobs", {
      method: "POST",
      actingAdmin: "admin",
      body: { kind: "user-activate", filter: { search: `titles-nobody-${suffix()}` } },
    })
  ).data;

  // a bank file of this test's own (issue 34), for its page
  const bankFile = await newBankFile(apiCall);

  await loginAs("admin");
  // the start, this test's category and job, and pages reached by a GET form rather than a link
  const queue = [
    "/admin",
    "/admin/profile",
    `/admin/edit-categories/${category.category_id}`,
    `/admin/sub-categories/${category.category_id}`,
    "/admin/service-provider/send-email",
    // a new bulk job names its list in the query (the crawler follows paths only)
    "/admin/jobs/new?list=user",
    `/admin/jobs/${job.id}/failures`,
    // the header's global search (a GET form on every page)
    "/admin/search",
    "/admin/payments/bank-files",
    `/admin/payments/bank-files/${bankFile}`,
  ];
  const seen = new Set<string>();
  const tried = new Set<string>();
  const visited: { url: string; status: number; title: string }[] = [];
  /** record pages that answered 404: a record another test deleted after its list was read */
  const gone: typeof visited = [];
  while (queue.length > 0 && visited.length < 80) {
    const url = queue.shift()!;
    const pattern = patternOf(url);
    if (seen.has(pattern) || tried.has(url)) continue;
    tried.add(url);
    const response = await page.goto(url);
    const answer = { url, status: response?.status() ?? 0, title: await page.title() };
    // other tests run beside this one and delete their own records: try another link to that page
    if (answer.status === 404 && pattern.includes(":")) {
      gone.push(answer);
      continue;
    }
    seen.add(pattern);
    visited.push(answer);
    const hrefs = await page.locator("a[href^='/admin']").evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).pathname));
    for (const href of hrefs) {
      if (!NOT_PAGES.some((re) => re.test(href)) && !seen.has(patternOf(href))) queue.push(href);
    }
  }

  // a record page none of whose links opened is wrong too
  const wrong = [
    ...visited.filter((v) => v.status >= 400 || !/^Admin \| \S/.test(v.title)),
    ...gone.filter((g) => !seen.has(patternOf(g.url))),
  ];
  expect.soft(wrong, `visited ${visited.length} pages`).toEqual([]);
  const missed = pageRoutePatterns().filter((route) => !visited.some((v) => route.re.test(v.url.split("?")[0])));
  expect(
    missed.map((route) => route.file),
    "page routes no link led to",
  ).toEqual([]);
});
