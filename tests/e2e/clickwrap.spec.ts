import type { Page } from "@playwright/test";
import { expect, test, fillRichTextHtml } from "./fixtures";

const suffix = () => Math.random().toString(36).slice(2, 8);
const toasts = (page: Page) => page.locator(".toasts");
const LOCKED = "This version is published: its text can no longer change. Publish a new version instead.";

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("add a terms version, publish it, see it locked, and compare it with the one before", async ({ page }, testInfo) => {
  const tag = `E2E${suffix()}`;
  await page.goto("/admin/clickwrap-agreement");
  await expect(page.getByRole("heading", { name: "Terms and Conditions" })).toBeVisible();
  await page.getByRole("link", { name: "Add", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/clickwrap-agreement\/add$/);
  await expect(page.getByRole("heading", { name: "Add Terms Version" })).toBeVisible();

  // the first version, a draft
  await page.getByLabel("Version", { exact: true }).fill(`${tag}-1.0`);
  await fillRichTextHtml(page, testInfo, "text", "<h3>Payments</h3><p>Paid within 7 days of completion.</p><p>Old clause on refunds.</p>");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toasts(page)).toContainText("Terms version saved");
  await expect(page).toHaveURL(/\/admin\/clickwrap-agreement\/add\?terms_id=\d+$/);
  await expect(page.getByRole("heading", { name: `Edit version ${tag}-1.0` })).toBeVisible();

  // publish it: asked first (nothing published yet), then from then on the text is shown, not edited
  await page.getByLabel("Status").selectOption({ label: "Publish" });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: `Publish version ${tag}-1.0? Once published, its text can no longer change` }),
  ).toBeVisible();
  await expect(page.getByLabel("Status")).toHaveValue("published");
  await expect(page.getByRole("heading", { name: `Edit version ${tag}-1.0` })).toBeVisible();
  await page.getByRole("button", { name: "Yes, publish" }).click();
  await expect(toasts(page)).toContainText("Terms version published");
  await expect(page.getByText(LOCKED)).toBeVisible();
  await expect(page.getByRole("heading", { name: `Version ${tag}-1.0` })).toBeVisible();
  await expect(page.locator('textarea[name="text"]')).toHaveCount(0);
  await expect(page.getByLabel(`Text of version ${tag}-1.0`)).toContainText("Paid within 7 days of completion.");

  // a second version from this one's text
  await page.getByRole("link", { name: "Start a new version from this one" }).click();
  await expect(page.getByText(`Starting from the text of version ${tag}-1.0.`)).toBeVisible();
  await page.getByLabel("Version", { exact: true }).fill(`${tag}-1.0`);
  await fillRichTextHtml(
    page,
    testInfo,
    "text",
    "<h3>Payments</h3><p>Paid within 5 working days of completion.</p><p>New clause on disputes.</p>",
  );
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`Version ${tag}-1.0 already exists`)).toBeVisible();
  await expect(page.getByLabel("Version", { exact: true })).toHaveValue(`${tag}-1.0`);
  await page.getByLabel("Version", { exact: true }).fill(`${tag}-1.1`);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toasts(page)).toContainText("Terms version saved");

  // the list shows both, newest first, with their status
  await page.goto(`/admin/clickwrap-agreement?search=${tag}`);
  const rows = page.getByRole("row").filter({ hasText: tag });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`${tag}-1.1`);
  await expect(rows.nth(0)).toContainText("Draft");
  await expect(rows.nth(1)).toContainText("Published");

  // compare the new one with the one before: removed words on the left, added on the right
  await rows
    .nth(0)
    .getByRole("link", { name: `Compare version ${tag}-1.1 with the one before` })
    .click();
  await expect(page.getByRole("heading", { name: "Compare versions" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: `Version ${tag}-1.0` })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: `Version ${tag}-1.1` })).toBeVisible();
  await expect(page.locator("del", { hasText: "7" }).first()).toBeVisible();
  await expect(page.locator("ins", { hasText: "5 working" })).toBeVisible();
  await expect(page.getByText("2 paragraphs changed.")).toBeVisible();

  // the selects are a plain GET form: swap the two
  await page.getByLabel("Compare").selectOption({ label: `${tag}-1.1 (Draft)` });
  await page.getByLabel("With").selectOption({ label: `${tag}-1.0 (Published)` });
  await page.getByRole("button", { name: "Compare" }).click();
  await expect(page).toHaveURL(/compare\?a=\d+&b=\d+/);
  await expect(page.locator("ins", { hasText: "7" }).first()).toBeVisible();
});

test("sort the versions by their Version header, numbers as numbers, with the search kept", async ({ page, apiCall }) => {
  const tag = `E2ESort${suffix()}`;
  // made in this order, so newest first is 1.9, 2.0, 1.10
  for (const version of ["1.10", "2.0", "1.9"]) {
    await apiCall("/clickwrap/clickwraps/", {
      method: "POST",
      actingAdmin: "admin",
      body: { version: `${tag}-${version}`, text: "<p>Terms</p>" },
    });
  }
  await page.goto("/admin/clickwrap-agreement");
  await page.getByLabel("Search by version").fill(tag);
  await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  const versions = page
    .getByRole("row")
    .filter({ hasText: tag })
    .getByRole("link", { name: /^Open version/ });
  await expect(versions).toHaveText([`${tag}-1.9`, `${tag}-2.0`, `${tag}-1.10`]);

  await page.getByRole("link", { name: /^Version/ }).click();
  await expect(page).toHaveURL(/sortField=version&sortOrder=asc/);
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  await expect(page.getByRole("columnheader", { name: /^Version/ })).toHaveAttribute("aria-sort", "ascending");
  await expect(versions).toHaveText([`${tag}-1.9`, `${tag}-1.10`, `${tag}-2.0`]);

  await page.getByRole("link", { name: /^Version/ }).click();
  await expect(page).toHaveURL(/sortField=version&sortOrder=desc/);
  await expect(versions).toHaveText([`${tag}-2.0`, `${tag}-1.10`, `${tag}-1.9`]);
});

test("a draft can be deleted from the list after a confirmation; a published version offers no delete", async ({ page, apiCall }) => {
  const tag = `E2EDel${suffix()}`;
  await apiCall("/clickwrap/clickwraps/", {
    method: "POST",
    actingAdmin: "admin",
    body: { version: `${tag}-draft`, text: "<p>Draft terms</p>" },
  });
  await apiCall("/clickwrap/clickwraps/", {
    method: "POST",
    actingAdmin: "admin",
    body: { version: `${tag}-pub`, status: "published", text: "<p>Published terms</p>" },
  });
  await page.goto(`/admin/clickwrap-agreement?search=${tag}`);
  await expect(page.getByRole("link", { name: `Delete draft ${tag}-pub` })).toHaveCount(0);
  await page.getByRole("link", { name: `Delete draft ${tag}-draft` }).click();
  const dialog = page.getByRole("dialog", { name: "Delete This Draft?" });
  await expect(dialog).toContainText(`Delete the draft ${tag}-draft? You won't be able to revert this!`);
  // Cancel keeps it
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("link", { name: `Open version ${tag}-draft` })).toBeVisible();
  await page.getByRole("link", { name: `Delete draft ${tag}-draft` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Yes, delete it!" }).dblclick();
  await expect(toasts(page)).toContainText("Terms version deleted");
  await expect(page).toHaveURL(new RegExp(`/admin/clickwrap-agreement\\?search=${tag}$`));
  await expect(page.getByRole("link", { name: `Open version ${tag}-draft` })).toHaveCount(0);
  await expect(page.getByRole("link", { name: `Open version ${tag}-pub` })).toBeVisible();
});
