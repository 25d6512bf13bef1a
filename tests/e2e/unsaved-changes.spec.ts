/**
 * The unsaved-changes warning (issue 28): with JavaScript, leaving a form with typed, unsaved values
 * asks first — a settings tab, Back in the wizard, Cancel in the post editor, a reload — and
 * staying keeps what was typed. Nothing is saved here, so no test changes a record. Without
 * JavaScript there is no script to ask: the same links leave at once, as plain links do.
 */
import type { Dialog, Page } from "@playwright/test";
import { UNSAVED_CHANGES_MESSAGE } from "../../app/components/unsaved-changes";
import { providerWithCategories } from "../support/wizard-details-setup";
import { expect, test } from "./fixtures";

/** Answers the next confirm with `accept` and resolves to its message. */
function answerNextDialog(page: Page, accept: boolean): Promise<string> {
  return new Promise((resolve) => {
    page.once("dialog", (dialog: Dialog) => {
      const message = dialog.message();
      void (accept ? dialog.accept() : dialog.dismiss()).then(() => resolve(message));
    });
  });
}

/** Opens a page with a watched form; with JavaScript, waits until leaving it would ask. */
async function openForm(page: Page, url: string) {
  await page.goto(url);
  if (test.info().project.name === "js") await page.locator("html[data-unsaved-guard]").waitFor({ state: "attached" });
}

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("leaving a settings tab with a typed value asks first; staying keeps the value, leaving goes", async ({ page }, testInfo) => {
  const typed = `Unsaved ${testInfo.project.name} ${Math.random().toString(36).slice(2, 8)}`;
  await openForm(page, "/admin/settings?tab=general");
  const siteName = page.getByLabel("Site Name");
  const saved = await siteName.inputValue();
  await siteName.fill(typed);

  if (testInfo.project.name === "no-js") {
    // no script: the tab link leaves at once, and nothing typed was saved
    await page.getByRole("link", { name: "Category Settings" }).click();
    await expect(page).toHaveURL(/tab=category/);
    await openForm(page, "/admin/settings?tab=general");
    await expect(page.getByLabel("Site Name")).toHaveValue(saved);
    return;
  }

  const stayed = answerNextDialog(page, false);
  await page.getByRole("link", { name: "Category Settings" }).click();
  expect(await stayed).toBe(UNSAVED_CHANGES_MESSAGE);
  await expect(page).toHaveURL(/tab=general/);
  await expect(siteName).toHaveValue(typed);

  const left = answerNextDialog(page, true);
  await page.getByRole("link", { name: "Category Settings" }).click();
  expect(await left).toBe(UNSAVED_CHANGES_MESSAGE);
  await expect(page).toHaveURL(/tab=category/);
});

test("a form only looked at, or typed back to what it was, leaves without asking", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "the warning is JavaScript's; without it every link leaves at once (first test)");
  let asked = false;
  page.on("dialog", (dialog) => {
    asked = true;
    void dialog.dismiss();
  });
  await openForm(page, "/admin/settings?tab=general");
  const siteName = page.getByLabel("Site Name");
  const saved = await siteName.inputValue();
  await siteName.fill(`${saved} changed`);
  await siteName.fill(saved);
  await page.getByRole("link", { name: "Category Settings" }).click();
  await expect(page).toHaveURL(/tab=category/);
  expect(asked).toBe(false);
});

test("Cancel in the post editor with a typed title asks first, and a reload asks too", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "the warning is JavaScript's; without it every link leaves at once (first test)");
  await openForm(page, "/admin/posts/post");
  const title = page.getByLabel("Title");
  await title.fill("A post I have not saved");

  const stayed = answerNextDialog(page, false);
  await page.getByRole("link", { name: "Cancel" }).click();
  expect(await stayed).toBe(UNSAVED_CHANGES_MESSAGE);
  await expect(page).toHaveURL(/\/admin\/posts\/post$/);
  await expect(title).toHaveValue("A post I have not saved");

  // a reload is the browser's own question (beforeunload); its text is the browser's
  const reloadAsked = new Promise<string>((resolve) =>
    page.once("dialog", (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    }),
  );
  void page.reload().catch(() => undefined);
  expect(await reloadAsked).toBe("beforeunload");
  await expect(title).toHaveValue("A post I have not saved");

  const left = answerNextDialog(page, true);
  await page.getByRole("link", { name: "Cancel" }).click();
  await left;
  await expect(page).toHaveURL(/\/admin\/posts$/);
});

test("Back in the wizard with a typed value asks first; saving the step does not", async ({ page, apiCall }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "the warning is JavaScript's; without it every link leaves at once (first test)");
  const provider = await providerWithCategories(apiCall);
  await openForm(page, `/admin/edit-provider-details/${provider.serviceProvider_id}?step=service-details`);
  await page.getByLabel("Tagline").fill("Careful tax help for small shops");

  const stayed = answerNextDialog(page, false);
  await page.getByRole("link", { name: "Back" }).click();
  expect(await stayed).toBe(UNSAVED_CHANGES_MESSAGE);
  await expect(page).toHaveURL(/step=service-details/);
  await expect(page.getByLabel("Tagline")).toHaveValue("Careful tax help for small shops");

  // Save & Continue is not leaving: no question, whatever the server answers
  let asked = false;
  const count = (dialog: Dialog) => {
    asked = true;
    void dialog.dismiss();
  };
  page.on("dialog", count);
  await page.getByRole("button", { name: "Save & Continue" }).click();
  await expect(page.locator('[aria-invalid="true"], .form-error').first()).toBeVisible();
  expect(asked).toBe(false);
  page.off("dialog", count);

  // the refused save kept the typed values: they are still unsaved, so Back still asks
  const again = answerNextDialog(page, false);
  await page.getByRole("link", { name: "Back" }).click();
  expect(await again).toBe(UNSAVED_CHANGES_MESSAGE);
  await expect(page.getByLabel("Tagline")).toHaveValue("Careful tax help for small shops");
});

test("values typed before the page's script has started count as typed: Back still asks", async ({ page, apiCall }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "the warning is JavaScript's; without it every link leaves at once (first test)");
  const provider = await providerWithCategories(apiCall);
  // a slow machine: the scripts arrive only after the admin has typed
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let heldScripts = 0;
  await page.route(/\/build\/.*\.js$/, async (route) => {
    heldScripts += 1;
    await held;
    await route.continue();
  });
  const opened = page.goto(`/admin/edit-provider-details/${provider.serviceProvider_id}?step=service-details`);
  await page.getByLabel("Tagline").fill("Typed while the page was still loading");
  // and moved on to the next field: the browser's change event has come and gone before any script
  await page.getByLabel("Tagline").press("Tab");
  expect(heldScripts, "the page's scripts were still on their way when the admin typed").toBeGreaterThan(0);
  expect(await page.evaluate(() => "__remixRouter" in window)).toBe(false);
  release();
  await opened;
  await page.locator("html[data-unsaved-guard]").waitFor({ state: "attached" });

  const stayed = answerNextDialog(page, false);
  await page.getByRole("link", { name: "Back" }).click();
  expect(await stayed).toBe(UNSAVED_CHANGES_MESSAGE);
  await expect(page).toHaveURL(/step=service-details/);
  await expect(page.getByLabel("Tagline")).toHaveValue("Typed while the page was still loading");
});
