import { existsSync } from "node:fs";
import { SIDEBAR } from "../../app/models/access";
import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";

/** The sidebar entries' names, top to bottom. */
async function sidebarNames(page: Page) {
  return page.getByRole("navigation", { name: "Sidebar" }).locator(".sidebar-label").allTextContents();
}

test("the sidebar shows what each admin may open", async ({ page, loginAs }) => {
  await loginAs("catalog");
  await page.goto("/admin");
  expect(await sidebarNames(page)).toEqual(["Dashboard", "Categories"]);

  await loginAs("admin");
  await page.goto("/admin");
  expect(await sidebarNames(page)).toEqual(SIDEBAR.map((entry) => entry.name));
});

test("every sidebar entry is a link to its page (none leads to a 404), in the sidebar and the main menu", async ({ page, loginAs }) => {
  test.setTimeout(120_000);
  await loginAs("admin");
  await page.goto("/admin");
  const nav = page.getByRole("navigation", { name: "Sidebar" });
  await expect(nav.getByRole("link")).toHaveCount(SIDEBAR.length);
  const hrefs = await nav.getByRole("link").evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).pathname));
  expect(hrefs).toEqual(SIDEBAR.map((entry) => entry.to));
  // the header's main menu lists the same pages
  const menu = page.locator("details.header-menu", { has: page.getByLabel("Main menu") });
  await page.getByLabel("Main menu").click();
  const menuHrefs = await menu.getByRole("link").evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).pathname));
  expect(menuHrefs).toEqual(SIDEBAR.map((entry) => entry.to));

  for (const href of hrefs) {
    const response = await page.goto(href);
    expect(response?.status(), href).toBe(200);
    await expect(page.getByRole("heading", { name: "Page not found" })).toHaveCount(0);
  }

  // a URL the admin has no page at: the 404 page
  const response = await page.goto("/admin/no-such-area");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page).toHaveTitle("Admin | Page not found");
});

test("the mini sidebar keeps each entry's name, and the mobile menu opens the sidebar", async ({ page, loginAs }) => {
  const entry = SIDEBAR.find((e) => e.to === "/admin/query-msg")!;
  await loginAs("admin");
  await page.goto("/admin");
  await page.getByRole("button", { name: "Collapse sidebar" }).click();
  await expect(page.locator(".shell")).toHaveClass(/is-mini/);
  const nav = page.getByRole("navigation", { name: "Sidebar" });
  // icons only, and the entry still says what it is (tooltip and accessible name)
  const link = nav.getByRole("link", { name: entry.name, exact: true });
  await expect(link).toHaveAttribute("title", entry.name);
  await expect(link.locator(".sidebar-icon")).toHaveText("QM");
  await page.getByRole("button", { name: "Expand sidebar" }).click();
  await expect(page.locator(".shell")).not.toHaveClass(/is-mini/);

  await page.setViewportSize({ width: 400, height: 800 });
  await page.getByLabel("Menu", { exact: true }).click();
  await expect(nav).toBeVisible();
  await nav.getByRole("link", { name: entry.name, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/query-msg$/);
  await expect(page.getByRole("heading", { name: "Customer Queries" })).toBeVisible();
});

test("the dashboard welcomes the admin with real figures", async ({ page, loginAs, apiCall }) => {
  const { data: stats } = await apiCall<{ data: { categories: number } }>("/dashboard-stats");
  await loginAs("admin");
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Welcome, admin" })).toBeVisible();
  await expect(page.getByRole("link", { name: new RegExp(`^Categories\\W+${stats.categories.toLocaleString("en-IN")}\\b`) })).toBeVisible();
});

test("the dashboard shows only figures of the areas the admin may open", async ({ page, loginAs }) => {
  await loginAs("catalog");
  await page.goto("/admin");
  const figures = page.getByRole("region", { name: "At a glance" });
  await expect(figures.getByText("Categories", { exact: true })).toBeVisible();
  await expect(figures.getByText("Revenue this month")).toHaveCount(0);
  await expect(figures.getByText("Payments awaiting release")).toHaveCount(0);

  await loginAs("viewer");
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Welcome, viewer" })).toBeVisible();
  await expect(figures.getByText(/No figures for your account/)).toBeVisible();
  await expect(figures.locator(".stat-card")).toHaveCount(0);
});

test("the page title follows the sidebar entry", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/admin");
  await expect(page).toHaveTitle("Admin | Dashboard");
  await page.getByRole("navigation", { name: "Sidebar" }).getByRole("link", { name: "Categories" }).click();
  await expect(page).toHaveURL(/\/admin\/category$/);
  await expect(page).toHaveTitle("Admin | Categories");
});

test("the main menu and the user menu are never open together", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/admin");
  const mainMenu = page.locator("details.header-menu", { has: page.getByLabel("Main menu") });
  const userMenu = page.locator("details.header-menu", { has: page.locator("summary", { hasText: "admin: user menu" }) });
  await page.getByLabel("Main menu").click();
  await expect(mainMenu).toHaveAttribute("open", "");
  await page.locator("summary", { hasText: "admin: user menu" }).click();
  await expect(userMenu).toHaveAttribute("open", "");
  await expect(mainMenu).not.toHaveAttribute("open", "");
  await expect(userMenu.getByRole("link", { name: "Profile" })).toBeVisible();
  await page.getByLabel("Main menu").click();
  await expect(userMenu).not.toHaveAttribute("open", "");
});

test("notifications list recent changes from the audit log", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/admin");
  await page.getByLabel("Notifications").click();
  const panel = page.locator("details.header-menu", { has: page.getByLabel("Notifications") }).locator(".menu-panel");
  await expect(panel.getByText("Recent changes", { exact: true })).toBeVisible();
  await expect(panel.getByText("Notifications unavailable")).toHaveCount(0);
});

test("the mini sidebar survives a reload", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/admin");
  const shell = page.locator(".shell");
  await expect(shell).not.toHaveClass(/is-mini/);
  // with JS the shell switches at once; wait until the preference is saved before reloading
  const saved = (page: Page) => page.waitForResponse((r) => r.url().includes("/admin/sidebar") && r.request().method() === "POST");
  await Promise.all([saved(page), page.getByRole("button", { name: "Collapse sidebar" }).click()]);
  await expect(shell).toHaveClass(/is-mini/);
  await expect(page.getByRole("button", { name: "Expand sidebar" })).toBeVisible();
  await page.reload();
  await expect(shell).toHaveClass(/is-mini/);
  await Promise.all([saved(page), page.getByRole("button", { name: "Expand sidebar" }).click()]);
  await expect(shell).not.toHaveClass(/is-mini/);
  await page.reload();
  await expect(shell).not.toHaveClass(/is-mini/);
});

test("the mobile menu slides the sidebar in and an entry takes the admin there", async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 400, height: 800 });
  await loginAs("catalog");
  await page.goto("/admin");
  const nav = page.getByRole("navigation", { name: "Sidebar" });
  await expect(nav).toBeHidden();
  await page.getByLabel("Menu", { exact: true }).click();
  await expect(nav).toBeVisible();
  await nav.getByRole("link", { name: "Categories" }).click();
  await expect(page).toHaveURL(/\/admin\/category$/);
  await expect(nav).toBeHidden();
});

test("the header gets its fixed look after 30px of scrolling", async ({ page, loginAs, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the header is sticky without JS; the extra class needs JS");
  await page.setViewportSize({ width: 1280, height: 300 });
  await loginAs("admin");
  await page.goto("/admin");
  const header = page.locator("header.app-header");
  await expect(header).not.toHaveClass(/fixed/);
  await page.mouse.wheel(0, 200);
  await expect(header).toHaveClass(/fixed/);
});

test("a route without access shows the 403 page inside the shell", async ({ page, loginAs }) => {
  await loginAs("viewer");
  const response = await page.goto("/admin/category");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "You do not have access to this page" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Sidebar" })).toBeVisible();
});

test("catalog gets the 403 page for Admin Users", async ({ page, loginAs }) => {
  test.skip(
    !existsSync("app/routes/admin.list-admin-users.tsx") && !existsSync("app/routes/admin.list-admin-users._index.tsx"),
    "no Admin Users route yet (the route walker covers the guard)",
  );
  await loginAs("catalog");
  const response = await page.goto("/admin/list-admin-users");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "You do not have access to this page" })).toBeVisible();
});

test("an unknown /admin URL shows the 404 page without the shell", async ({ page, loginAs }) => {
  await page.goto("/admin/no-such-page");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fno-such-page$/);
  await loginAs("admin");
  const response = await page.goto("/admin/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Sidebar" })).toHaveCount(0);
  await page.getByRole("link", { name: "Back to the dashboard" }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test("/ goes to the admin", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/");
  await expect(page).toHaveURL(/\/admin$/);
});

test("a toast fades after 3 s, unless the admin asks for less motion: then it stays until closed", async ({ page }, testInfo) => {
  const flash = async () => {
    // a toast of our own: sign in afresh through the form
    await page.context().clearCookies();
    await page.goto("/admin/login");
    const form = page.getByRole("form", { name: "Admin sign-in" });
    await form.getByLabel("Username").fill("catalog");
    await form.getByLabel("Password").fill("Catalog@12345");
    await form.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/admin$/);
  };
  const toast = page.locator(".toasts").getByRole("status").filter({ hasText: "Login Successful" });

  await page.emulateMedia({ reducedMotion: "reduce" });
  await flash();
  await expect(toast).toBeVisible();
  await page.waitForTimeout(3500); // the fade's length: the toast must outlast it
  await expect(toast).toBeVisible();
  if (testInfo.project.name === "js") {
    await toast.getByRole("button", { name: "Close notification" }).click();
    await expect(toast).toHaveCount(0);
  }

  await page.emulateMedia({ reducedMotion: "no-preference" });
  await flash();
  await expect(toast).toBeHidden({ timeout: 10_000 });
});
