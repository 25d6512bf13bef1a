/**
 * axe-core (WCAG 2.0–2.2 A and AA) on every admin page, in the light and the dark appearance: any
 * serious or critical violation fails. One load per page (the appearance follows the system's,
 * switched with emulateMedia, so the dark run needs no reload, and checks only the colour rules);
 * lists show 10 rows (the same markup as 50, a fifth of axe's work); detail and edit pages open records
 * this file makes through the API and its test fixtures. Every admin page route must be listed here
 * (the last test checks), so a new page is checked from its first day.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { newBankFile, newCategory, newPlan, uniqueSuffix } from "../support/records";
import { apiCall, expect, test } from "./fixtures";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const FAILING = new Set(["serious", "critical"]);
const PROVIDER_PASSWORD = "Provider@Axe12345";

test.skip(
  ({ javaScriptEnabled }) => !javaScriptEnabled,
  "axe-core runs as a script in the page; the no-JS project serves the same HTML and CSS",
);
// a full axe run on a big page takes seconds on a busy machine
test.describe.configure({ mode: "parallel", timeout: 60_000 });

type Records = {
  category: number;
  sub: number;
  faq: number;
  plan: number;
  provider: number;
  orderId: number;
  shortId: string;
  post: number;
  terms: [number, number];
  template: number;
  account: string;
  user: number;
  job: number;
  bankFile: number;
};

let made: Promise<Records> | null = null;

/** The records the detail and edit pages open: made once per worker, through the API. */
function records(): Promise<Records> {
  made ??= (async () => {
    const tag = uniqueSuffix();
    const category = await newCategory(apiCall, { categoryName: `Axe ${tag}` });
    const sub = await newCategory(apiCall, { categoryName: `Axe sub ${tag}`, parentCategoryId: category.category_id });
    const { data: faq } = await apiCall<{ data: { id: number } }>("/create-faq", {
      method: "POST",
      actingAdmin: "admin",
      body: { category: category.category_id, content: "<h3>Is every page accessible?</h3><p>axe says so.</p>" },
    });
    const plan = await newPlan(apiCall, { plan_name: `Axe ${tag}` });
    const { data: provider } = await apiCall<{ data: { serviceProvider_id: number } }>("/test-fixtures/providers", {
      method: "POST",
      body: { variant: 2 },
    });
    const { data: order } = await apiCall<{ data: { order_id: number; short_id: string } }>("/test-fixtures/orders", {
      method: "POST",
      body: { serviceType: "Service", status: "Completed", variant: 1 },
    });
    const { data: post } = await apiCall<{ data: { id: number } }>("/blog/articles/", {
      method: "POST",
      actingAdmin: "admin",
      body: { title: `Axe ${tag}`, content: "<p>Accessible</p>" },
    });
    const terms = async (n: number) =>
      (
        await apiCall<{ data: { id: number } }>("/clickwrap/clickwraps/", {
          method: "POST",
          actingAdmin: "admin",
          body: { version: `axe-${tag}-${n}`, text: `<p>Terms ${n}</p>` },
        })
      ).data.id;
    const { data: account } = await apiCall<{ data: { username: string } }>("/test-fixtures/provider-accounts", {
      method: "POST",
      body: { password: PROVIDER_PASSWORD },
    });
    const { data: user } = await apiCall<{ data: { user_id: number } }>("/test-fixtures/users", { method: "POST", body: {} });
    // a job over a filter that matches nothing: done at once, its pages whole
    const { data: job } = await apiCall<{ data: { id: number } }>("/bulk-jobs", {
      method: "POST",
      actingAdmin: "admin",
      body: { kind: "user-activate", filter: { search: `axe-nobody-${tag}` } },
    });
    return {
      user: user.user_id,
      job: job.id,
      category: category.category_id,
      sub: sub.category_id,
      faq: faq.id,
      plan: plan.plan_id,
      provider: provider.serviceProvider_id,
      orderId: order.order_id,
      shortId: order.short_id,
      post: post.id,
      terms: [await terms(1), await terms(2)],
      template: await payoutTemplate(),
      account: account.username,
      bankFile: await newBankFile(apiCall),
    };
  })();
  return made;
}

/** The provider "Payout released" template (no other test uses that pair): made by this file's first test in this worker's database. */
async function payoutTemplate(): Promise<number> {
  const pair = new URLSearchParams({ user_type: "ServiceProvider", notification_type: "payout_released" });
  const id = (await apiCall<{ data: { id: number }[] }>(`/list-create-notification-template/?${pair}`)).data[0]?.id;
  if (id) return id;
  const body = {
    user_type: "ServiceProvider",
    notification_type: "payout_released",
    web_notification: "Your payout for {order_id} is released.",
  };
  return (await apiCall<{ data: { id: number } }>("/list-create-notification-template/", { method: "POST", actingAdmin: "admin", body }))
    .data.id;
}

type Checked = { name: string; url: (r: Records) => string; as?: "provider" | "nobody" };

const PAGES: Checked[] = [
  { name: "Dashboard", url: () => "/admin" },
  { name: "Categories", url: () => "/admin/category?page_size=10" },
  { name: "Add Category", url: () => "/admin/add-categories" },
  { name: "Edit Category", url: (r) => `/admin/edit-categories/${r.category}` },
  { name: "Add FAQ", url: (r) => `/admin/edit-categories/${r.category}/add-faq` },
  { name: "Edit FAQ", url: (r) => `/admin/edit-categories/${r.category}/edit-faq/${r.faq}` },
  { name: "Sub-categories", url: (r) => `/admin/sub-categories/${r.category}` },
  { name: "Sub-sub-categories", url: (r) => `/admin/subsub-categories/${r.sub}` },
  { name: "Add Sub-category", url: (r) => `/admin/add-subcategories/${r.category}` },
  { name: "Edit Sub-category", url: (r) => `/admin/edit-subcategories/${r.sub}` },
  { name: "Service Providers", url: () => "/admin/service-provider?page_size=10" },
  { name: "Provider details", url: (r) => `/admin/provider-details/${r.provider}` },
  { name: "Edit provider (wizard, admin)", url: (r) => `/admin/edit-provider-details/${r.provider}` },
  { name: "Send Email", url: () => "/admin/service-provider/send-email?page_size=10" },
  { name: "Sent Messages", url: () => "/admin/service-provider/messages?page_size=10" },
  { name: "Users", url: () => "/admin/user?page_size=10" },
  { name: "Subscriptions", url: () => "/admin/subscriptions?page_size=10" },
  { name: "Add Subscription", url: () => "/admin/add-subscriptions" },
  { name: "Edit Subscription", url: (r) => `/admin/edit-subscriptions/${r.plan}` },
  { name: "Settings", url: () => "/admin/settings" },
  { name: "Documents", url: () => "/admin/documents?page_size=10" },
  { name: "Ratings", url: () => "/admin/rating?page_size=10" },
  { name: "Payments", url: () => "/admin/payments?page_size=10" },
  { name: "Payment detail", url: (r) => `/admin/payments/${r.shortId}` },
  { name: "Invoice", url: (r) => `/admin/payments/${r.shortId}/invoice/user` },
  { name: "Payout ledger (choose a provider)", url: () => "/admin/payments/ledger" },
  { name: "Payout ledger", url: (r) => `/admin/payments/ledger?provider=${r.provider}` },
  { name: "Bank files", url: () => "/admin/payments/bank-files" },
  { name: "Bank file", url: (r) => `/admin/payments/bank-files/${r.bankFile}` },
  { name: "Bank file, mark sent", url: (r) => `/admin/payments/bank-files/${r.bankFile}?dialog=sent` },
  { name: "Profile", url: () => "/admin/profile" },
  { name: "Search", url: () => "/admin/search?q=sharma" },
  { name: "Bookings", url: () => "/admin/bookings?page_size=10" },
  { name: "Booking detail", url: (r) => `/admin/bookings/${r.orderId}` },
  { name: "Admin Users", url: () => "/admin/list-admin-users?page_size=10" },
  { name: "Contacts", url: () => "/admin/list-contacts?page_size=10" },
  { name: "Posts", url: () => "/admin/posts?page_size=10" },
  { name: "Post editor", url: (r) => `/admin/posts/post?post=${r.post}` },
  { name: "Comments", url: () => "/admin/comments?page_size=10" },
  { name: "Terms versions", url: () => "/admin/clickwrap-agreement?page_size=10" },
  { name: "Terms editor", url: (r) => `/admin/clickwrap-agreement/add?terms_id=${r.terms[0]}` },
  { name: "Terms compare", url: (r) => `/admin/clickwrap-agreement/compare?a=${r.terms[0]}&b=${r.terms[1]}` },
  { name: "Notification templates", url: () => "/admin/notification?page_size=10" },
  { name: "Add template", url: () => "/admin/notification/add" },
  { name: "Edit template", url: (r) => `/admin/notification/edit/${r.template}` },
  { name: "Customer queries", url: () => "/admin/query-msg?page_size=10" },
  { name: "Pending Bookings", url: () => "/admin/track-booking-journey?page_size=10" },
  { name: "Bank details", url: () => "/admin/service-provider-bank-details?page_size=10" },
  { name: "S3 Bucket Manager", url: () => "/admin/s3-bucket-manager?page_size=10" },
  { name: "Order payment status", url: () => "/admin/order-payment-status" },
  { name: "Audit log", url: () => "/admin/audit-log?page_size=10" },
  { name: "User's page", url: (r) => `/admin/user/${r.user}` },
  { name: "Bulk jobs", url: () => "/admin/jobs" },
  { name: "New bulk job", url: () => "/admin/jobs/new?list=user&search=axe" },
  { name: "Bulk job", url: (r) => `/admin/jobs/${r.job}` },
  { name: "Bulk job failures", url: (r) => `/admin/jobs/${r.job}/failures` },
  { name: "Page not found", url: () => "/admin/no-such-page" },
  { name: "Admin sign-in", url: () => "/admin/login", as: "nobody" },
  // without a sign-in under way these say so and link back to the sign-in (tests/e2e/two-factor.spec.ts drives their forms)
  { name: "Two-factor sign-in", url: () => "/admin/login/two-factor", as: "nobody" },
  { name: "Two-factor setup at sign-in", url: () => "/admin/login/two-factor-setup", as: "nobody" },
  { name: "Provider sign-in", url: () => "/provider/login", as: "nobody" },
  { name: "Provider two-factor sign-in", url: () => "/provider/login/two-factor", as: "nobody" },
  { name: "Provider sign-up", url: () => "/provider/sign-up", as: "nobody" },
  { name: "Provider wizard", url: () => "/provider/complete-profile", as: "provider" },
];

async function signInProvider(page: Page, username: string) {
  await page.goto("/provider/login");
  const form = page.getByRole("form", { name: "Provider sign-in" });
  await form.getByLabel("Username").fill(username);
  await form.getByLabel("Password").fill(PROVIDER_PASSWORD);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/provider\/complete-profile/);
}

/** Rules whose outcome depends on colours: all the dark appearance can change. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** The serious and critical violations on the page as it is now (every rule, or only `rules`), one line each. */
async function seriousViolations(page: Page, rules?: string[]): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const results = await (rules ? builder.withRules(rules) : builder.withTags(TAGS)).analyze();
  return results.violations
    .filter((v) => FAILING.has(v.impact ?? ""))
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id} (${v.impact}): ${v.help} — ${n.target.join(" ")} — ${n.failureSummary?.replace(/\s+/g, " ") ?? ""}`),
    );
}

for (const checked of PAGES) {
  test(`${checked.name}: no serious or critical WCAG 2.2 A/AA violation, light and dark`, async ({ page, loginAs }) => {
    const r = await records();
    if (checked.as === "provider") await signInProvider(page, r.account);
    else if (checked.as !== "nobody") await loginAs("admin");
    await page.emulateMedia({ colorScheme: "light" });
    const url = checked.url(r);
    const response = await page.goto(url);
    expect(response?.status(), url).toBeLessThan(url.includes("no-such-page") ? 500 : 400);
    const light = await seriousViolations(page);
    await page.emulateMedia({ colorScheme: "dark" });
    const dark = await seriousViolations(page, COLOUR_RULES);
    expect({ light, dark }, `axe on ${url}`).toEqual({ light: [], dark: [] });
  });
}

test("every admin page route is checked here", () => {
  const dir = path.resolve("app/routes");
  const pattern = (file: string) =>
    file
      .replace(/\.tsx$/, "")
      .split(".")
      .filter((s) => s !== "_index")
      .map((s) => s.replace(/_$/, "").replace(/^admin_$/, "admin"))
      .map((s) => (s.startsWith("$") ? "[^/?]+" : s.replace(/-/g, "\\-")))
      .join("/");
  const routes = readdirSync(dir)
    .filter((file) => /^(admin|provider)[._].*\.tsx$/.test(file) && /export default/.test(readFileSync(path.join(dir, file), "utf8")))
    .filter((file) => !/^(admin|provider)_\.logout\.tsx$/.test(file) && !/^admin_\.\$\.tsx$/.test(file))
    .filter((file) => !/^provider[._]/.test(file) || /complete-profile|login|sign-up/.test(file))
    .map((file) => ({ file, re: new RegExp(`^/${pattern(file)}(\\?|$)`) }));
  const sample: Records = {
    category: 1,
    sub: 2,
    faq: 3,
    plan: 4,
    provider: 5,
    orderId: 6,
    shortId: "ORD7",
    post: 8,
    terms: [9, 10],
    template: 11,
    account: "x",
    user: 12,
    job: 13,
    bankFile: 14,
  };
  const urls = PAGES.map((p) => p.url(sample));
  expect(routes.filter((route) => !urls.some((u) => route.re.test(u))).map((route) => route.file)).toEqual([]);
});
