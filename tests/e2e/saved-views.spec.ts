import type { Page } from "@playwright/test";
import { expect, signInAsNewAdmin, signInThroughForm, test } from "./fixtures";

const toasts = (page: Page) => page.locator(".toasts");

/**
 * The toast says `text`; with JavaScript it is then closed as an admin would (it sits over the page
 * header's buttons, the Views disclosure among them); without, it has no button and lets clicks through.
 */
async function toastSays(page: Page, text: string) {
  await expect(toasts(page)).toContainText(text);
  const close = toasts(page).getByRole("button", { name: "Close notification" });
  for (let n = await close.count(); n > 0; n--) await close.first().click();
  await expect(close).toHaveCount(0);
}
const summary = (page: Page, text: string | RegExp) => page.locator("summary", { hasText: text });
const header = (page: Page, name: string) => page.getByRole("columnheader", { name, exact: true });
const tag = () => Math.random().toString(36).slice(2, 8);

/** Opens the Views disclosure unless it is open (with JS it stays open across a save; without, the page is new). */
async function openViews(page: Page) {
  const details = page.locator("details.list-views");
  if (!(await details.evaluate((el) => (el as HTMLDetailsElement).open))) await details.locator("summary").click();
  await expect(page.getByLabel("Save this view as")).toBeVisible();
}

async function saveView(page: Page, name: string, options: { shared?: boolean; first?: boolean } = {}) {
  await openViews(page);
  await page.getByLabel("Save this view as").fill(name);
  if (options.shared) await page.getByLabel("Share with every admin").check();
  if (options.first) await page.getByLabel("Open this view first on this list").check();
  // a double click saves one view (the form's one-time key; the same name replaces it anyway)
  await page.getByRole("button", { name: "Save view" }).dblclick();
  await toastSays(page, `View "${name}" saved`);
  await expect(summary(page, `View: ${name}`)).toBeVisible();
}

test("columns, search and sort kept as a view: it opens from its link and first on the list, and the list can be shown without it", async ({
  page,
}) => {
  await signInAsNewAdmin(page, ["User"]);
  await page.goto("/admin/user?sortField=rating&sortOrder=desc");
  await page.getByRole("link", { name: "Columns (7 of 7)" }).click();
  const chooser = page.getByRole("region", { name: "Columns" });
  await chooser.getByRole("checkbox", { name: "Email" }).uncheck();
  await chooser.getByRole("checkbox", { name: "Phone" }).uncheck();
  await page.getByRole("button", { name: "Show columns" }).click();
  await expect(page).toHaveURL(/columns=username/);
  // the sort stays; the two columns are gone, the others and the row actions stay
  await expect(page).toHaveURL(/sortField=rating&sortOrder=desc/);
  await expect(header(page, "Email")).toHaveCount(0);
  await expect(header(page, "Phone")).toHaveCount(0);
  await expect(page.getByRole("columnheader", { name: /^Rating/ })).toHaveAttribute("aria-sort", "descending");
  await expect(page.getByRole("link", { name: "Columns (5 of 7)" })).toBeVisible();
  await expect(chooser).toHaveCount(0);

  const name = `Top rated ${tag()}`;
  await saveView(page, name, { first: true });
  await openViews(page);
  await expect(page.getByRole("list", { name: "Saved views" }).getByRole("link", { name })).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Saved views" })).toContainText("Opens first");

  // the list opened plainly (the sidebar's link) opens the default view
  await page.goto("/admin/user");
  await expect(page).toHaveURL(/columns=username/);
  await expect(header(page, "Email")).toHaveCount(0);
  // and can be shown without it
  await openViews(page);
  await page.getByRole("link", { name: "Show the list without a view" }).click();
  await expect(page).toHaveURL(/view=none/);
  await expect(header(page, "Email")).toBeVisible();
  await expect(summary(page, /^Views \(\d+\)$/)).toBeVisible();
  // its link opens it again
  await openViews(page);
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(/columns=username/);
  await expect(header(page, "Phone")).toHaveCount(0);
});

test("a shared view: another admin sees and opens it, may make it their default, but cannot delete it; its owner deletes it", async ({
  page,
}) => {
  const owner = await signInAsNewAdmin(page, ["User"]);
  const search = `zz-${tag()}`;
  await page.goto(`/admin/user?search=${search}`);
  const shared = `Shared ${tag()}`;
  const mine = `Private ${tag()}`;
  await saveView(page, shared, { shared: true });
  await saveView(page, mine);

  const other = await signInAsNewAdmin(page, ["User"]);
  await page.goto("/admin/user");
  await openViews(page);
  const views = page.getByRole("list", { name: "Saved views" });
  await expect(views.getByRole("listitem").filter({ hasText: shared })).toContainText(`Shared by ${owner}`);
  await expect(views.getByRole("link", { name: mine })).toHaveCount(0);
  await expect(page.getByRole("button", { name: `Delete view: ${shared}` })).toHaveCount(0);
  await page.getByRole("button", { name: `Open first: ${shared}` }).click();
  await toastSays(page, `"${shared}" now opens first on this list`);
  await page.goto("/admin/user");
  await expect(page).toHaveURL(new RegExp(`search=${search}`));
  await expect(page.getByText(`Results for “${search}”`)).toBeVisible();

  // the owner deletes it: it is gone for everyone, and no longer anyone's default
  await signInThroughForm(page, owner);
  await page.goto(`/admin/user?search=${search}`);
  await openViews(page);
  await page.getByRole("button", { name: `Delete view: ${shared}` }).click();
  await toastSays(page, `View "${shared}" deleted`);
  await signInThroughForm(page, other);
  await page.goto("/admin/user");
  await expect(page).toHaveURL(/\/admin\/user$/);
});

test("a view without a name is refused with the words, nothing kept", async ({ page }) => {
  await signInAsNewAdmin(page, ["User"]);
  await page.goto("/admin/user?sortField=username&sortOrder=asc");
  // other tests' shared views may be listed: the count must not change
  const before = await summary(page, /^Views/).textContent();
  await openViews(page);
  await page.getByLabel("Save this view as").fill("   ");
  await page.getByRole("button", { name: "Save view" }).click();
  // without JS the browser's required check passes spaces: the server answers
  await toastSays(page, "Name is required");
  await expect(summary(page, /^Views/)).toHaveText(before ?? "Views");
  await expect(page).toHaveURL(/sortField=username&sortOrder=asc/);
});

test("Service Providers: the columns hidden by the chooser leave the table and the export, and a view keeps them", async ({ page }) => {
  await signInAsNewAdmin(page, ["ServiceProvider"]);
  await page.goto("/admin/service-provider");
  await page.getByRole("link", { name: "Columns (15 of 15)" }).click();
  const chooser = page.getByRole("region", { name: "Columns" });
  await chooser.getByRole("checkbox", { name: "Contact No" }).uncheck();
  await chooser.getByRole("checkbox", { name: "Plan", exact: true }).uncheck();
  await chooser.getByRole("button", { name: "Show columns" }).click();
  await expect(page).toHaveURL(/columns=username/);
  await expect(header(page, "Contact No")).toBeHidden();
  await expect(header(page, "Plan")).toBeHidden();
  await expect(header(page, "Category")).toBeVisible();
  await expect(page.getByRole("link", { name: "Columns (13 of 15)" })).toBeVisible();

  const href = await page.getByRole("link", { name: "Export to CSV" }).getAttribute("href");
  const csv = await page.request.get(href!);
  const [head] = (await csv.text()).replace(/^\uFEFF/, "").split("\r\n");
  expect(head.split(",")).toEqual(expect.arrayContaining(["Provider Username", "Category", "Status"]));
  expect(head).not.toContain("Contact No");
  expect(head.split(",")).not.toContain("Plan");

  const name = `Without contacts ${tag()}`;
  await saveView(page, name);
  await page.goto("/admin/service-provider?view=none");
  await expect(header(page, "Contact No")).toBeVisible();
  await openViews(page);
  await page.getByRole("link", { name, exact: true }).click();
  await expect(header(page, "Contact No")).toBeHidden();
});
