/**
 * Set Instructions/Content (/admin/settings?tab=content&block=…): one rich-text block per URL,
 * typed through the lexical editor with JavaScript and as HTML in the textarea without, saved,
 * read back after a reload in the field and in the preview; a script never comes back; a stale
 * save of the same block answered with who saved it, the values kept.
 *
 * DynamicContent is one row: each test writes unique text into a block no other test saves at the
 * same time (the js and no-js projects run the same test in parallel, so the block is per project),
 * and puts the block's demo text back afterwards.
 */
import type { Page } from "@playwright/test";
import type { DynamicContentKey } from "../../app/models/setting-labels";
import { expect, test, type apiCall as ApiCall, type DemoAdminName } from "./fixtures";

type Content = Record<DynamicContentKey, string>;
type Stored = { setting1: Content; updated_at: string };

const tabUrl = (block: DynamicContentKey) => `/admin/settings?tab=content&block=${block}`;
const marker = (label: string) => `${label} ${test.info().project.name} ${Math.random().toString(36).slice(2, 8)}`;
const toasts = (page: Page) => page.locator(".toasts");
const preview = (page: Page) => page.getByRole("region", { name: "Preview (as saved)" }).locator(".content-preview");
const htmlField = (page: Page) => page.locator('textarea[name="content"]');

const stored = async (apiCall: typeof ApiCall) => (await apiCall<{ data: Stored }>("/get-setting?setting_name=DynamicContent")).data;

/** One block saved straight through the API, as another admin would (re-read when a parallel save won). */
async function saveBlock(apiCall: typeof ApiCall, block: DynamicContentKey, html: string, as: DemoAdminName = "admin") {
  for (let attempt = 0; ; attempt++) {
    const now = await stored(apiCall);
    try {
      await apiCall("/upsert-setting?setting_name=DynamicContent", {
        method: "PUT",
        actingAdmin: as,
        body: { settingName: "DynamicContent", setting1: { ...now.setting1, [block]: html }, updated_at: now.updated_at },
      });
      return;
    } catch (error) {
      if (attempt >= 4) throw error;
    }
  }
}

/** With JavaScript the lexical editor covers the textarea once it has loaded (its toolbar shows then). */
async function richEditor(page: Page, label: string) {
  await expect(page.getByRole("toolbar", { name: "Formatting" })).toBeVisible({ timeout: 30_000 });
  const editor = page.getByRole("textbox", { name: label });
  await expect(editor).toHaveAttribute("contenteditable", "true");
  return editor;
}

// a script typed into the content that ran would alert: none may
let dialogs: string[] = [];
test.beforeEach(async ({ loginAs, page }) => {
  await loginAs("admin");
  dialogs = [];
  page.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
});
test.afterEach(() => {
  expect(dialogs, "dialogs opened by a script on the page").toEqual([]);
});

test("the blocks are links, one per URL; the first is shown by default", async ({ page }, testInfo) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto("/admin/settings?tab=payment-gateway");
  await page.getByRole("navigation", { name: "Settings tabs" }).getByRole("link", { name: "Set Instructions/Content" }).click();
  await expect(page).toHaveURL(/\?tab=content$/);
  const blocks = page.getByRole("navigation", { name: "Content blocks" });
  await expect(blocks.getByRole("link")).toHaveText(["Category", "Create Service", "Add Service", "Documents", "Choose Plans"]);
  await expect(blocks.getByRole("link", { name: "Category" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("Category content", { exact: true })).toBeVisible();
  await expect(preview(page)).toBeVisible();

  await blocks.getByRole("link", { name: "Choose Plans" }).click();
  await expect(page).toHaveURL(/\?tab=content&block=ChoosePlans$/);
  await expect(blocks.getByRole("link", { name: "Choose Plans" })).toHaveAttribute("aria-current", "page");
  await expect(blocks.getByRole("link", { name: "Category" })).not.toHaveAttribute("aria-current", "page");
  await expect(page.getByText("Choose Plans content", { exact: true })).toBeVisible();
  // one editor on the page
  await expect(htmlField(page)).toHaveCount(1);
  if (testInfo.project.name === "js") {
    await richEditor(page, "Choose Plans content");
    // the editor's code came only once the content tab was shown
    const editorChunk = scripts.findIndex((url) => /lexical-editor/.test(url));
    expect(editorChunk, scripts.join("\n")).toBeGreaterThan(-1);
  } else {
    await expect(htmlField(page)).toBeVisible();
    await expect(page.getByRole("toolbar", { name: "Formatting" })).toHaveCount(0);
  }

  await page.goto("/admin/settings?tab=content&block=Nonsense");
  await expect(page.getByRole("alert").filter({ hasText: "Unknown content block" })).toBeVisible();
  await expect(htmlField(page)).toHaveCount(0);
});

test("the editor is not loaded on the other tabs", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "no script loads without JavaScript");
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto("/admin/settings?tab=payment-gateway");
  await page.waitForLoadState("networkidle");
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => /lexical/.test(url))).toEqual([]);
});

test("saves a block and reads it back after a reload; a script typed in never comes back", async ({ page, apiCall }, testInfo) => {
  const js = testInfo.project.name === "js";
  const block: DynamicContentKey = js ? "CreateService" : "AddService";
  const label = js ? "Create Service content" : "Add Service content";
  const original = (await stored(apiCall)).setting1[block];
  const bold = marker("Bold");
  try {
    await page.goto(tabUrl(block));
    if (js) {
      const editor = await richEditor(page, label);
      await editor.click();
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.press("Delete");
      await page.keyboard.type("Before you start ");
      await page.keyboard.press("ControlOrMeta+b");
      await page.keyboard.type(bold);
      await page.keyboard.press("ControlOrMeta+b");
      await page.keyboard.press("Enter");
      await page.getByRole("button", { name: "• List" }).click();
      await page.keyboard.type("First item");
      await page.keyboard.press("Enter");
      await page.keyboard.type("Second item");
      await expect(htmlField(page)).toHaveValue(new RegExp(`<strong[^>]*>${bold}</strong>`));
      // the HTML view shows the same field: a script added there goes to the server as typed
      await page.getByRole("button", { name: "Edit HTML" }).click();
      await expect(htmlField(page)).toBeVisible();
      const html = await htmlField(page).inputValue();
      await htmlField(page).fill(`${html}<script>alert("script")</script><p><img src="x" onerror="alert('onerror')">End</p>`);
    } else {
      const field = page.getByRole("textbox", { name: label });
      await expect(field).toBeVisible();
      await field.fill(
        `<p>Before you start <strong>${bold}</strong></p><ul><li>First item</li><li>Second item</li></ul>` +
          `<script>alert("script")</script><p><img src="x" onerror="alert('onerror')">End</p>`,
      );
    }
    await page.getByRole("button", { name: "Save" }).click();
    await expect(toasts(page)).toContainText("Settings Saved Successfully");
    await expect(page).toHaveURL(new RegExp(`block=${block}$`));

    await page.reload();
    if (js) {
      const editor = await richEditor(page, label);
      await expect(editor.locator("strong")).toHaveText(bold);
      await expect(editor.getByRole("listitem")).toHaveText(["First item", "Second item"]);
      await expect(editor).toContainText("End");
    } else {
      // the field holds the HTML as stored (with JavaScript, the editor's own rendering of it)
      await expect(page.getByRole("textbox", { name: label })).toHaveValue(
        `<p>Before you start <strong>${bold}</strong></p><ul><li>First item</li><li>Second item</li></ul><p>End</p>`,
      );
    }
    await expect(htmlField(page)).not.toHaveValue(/<script|onerror|alert/);
    await expect(page.locator("[onerror]")).toHaveCount(0);
    await expect(preview(page).locator("strong")).toHaveText(bold);
    await expect(preview(page).getByRole("listitem")).toHaveText(["First item", "Second item"]);
    await expect(preview(page)).toContainText("End");
    await expect(preview(page).locator("script, img, [onerror]")).toHaveCount(0);
    // "Last saved … by …" is the whole setting's: a parallel test may have saved another block since
    await expect(page.getByText(/^Last saved \d\d-\d\d-\d{4} \d\d:\d\d by \w+$/)).toBeVisible();
  } finally {
    await saveBlock(apiCall, block, original);
  }
});

test("a stale save of the same block names who saved it, keeps the values, and Save again wins", async ({ page, apiCall }, testInfo) => {
  const js = testInfo.project.name === "js";
  const block: DynamicContentKey = js ? "Documents" : "ChoosePlans";
  const label = js ? "Documents content" : "Choose Plans content";
  const original = (await stored(apiCall)).setting1[block];
  const theirs = marker("Theirs");
  const mine = marker("Mine");
  try {
    await page.goto(tabUrl(block));
    const field = js ? await richEditor(page, label) : page.getByRole("textbox", { name: label });
    // another admin saves this block after the page was opened
    await saveBlock(apiCall, block, `<p>${theirs}</p>`, "catalog");

    if (js) {
      await field.click();
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type(mine);
      await expect(htmlField(page)).toHaveValue(new RegExp(mine));
    } else {
      await field.fill(`<p>${mine}</p>`);
    }
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "catalog saved these settings at" })).toContainText("Nothing was saved");
    await expect(page.getByRole("link", { name: "Reload to see theirs" })).toBeVisible();
    if (js) await expect(field).toHaveText(mine);
    else await expect(field).toHaveValue(`<p>${mine}</p>`);
    expect((await stored(apiCall)).setting1[block]).toBe(`<p>${theirs}</p>`);

    await page.getByRole("button", { name: "Save" }).click();
    await expect(toasts(page)).toContainText("Settings Saved Successfully");
    await expect(preview(page)).toHaveText(mine);
    await expect(page.getByRole("alert").filter({ hasText: "catalog saved these settings" })).toHaveCount(0);
    expect((await stored(apiCall)).setting1[block]).toContain(mine);
  } finally {
    await saveBlock(apiCall, block, original);
  }
});

test("content over the length limit is refused with the message beside the field, the text kept", async ({ page, apiCall }, testInfo) => {
  const js = testInfo.project.name === "js";
  const before = (await stored(apiCall)).setting1.Category;
  const typed = `<p>${marker("Too long")}</p>${"x".repeat(100_000)}`;
  const message = "Content must be at most 1,00,000 characters of HTML";
  await page.goto(tabUrl("Category"));
  if (js) {
    await richEditor(page, "Category content");
    await page.getByRole("button", { name: "Edit HTML" }).click();
  }
  const field = page.getByRole("textbox", { name: "Category content" });
  await expect(field).toBeVisible();
  await field.fill(typed);
  // with JavaScript it is said as soon as the limit is passed
  if (js) await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.locator("#content-error")).toHaveText(message);
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveValue(typed);
  await expect(toasts(page)).not.toContainText("Settings Saved Successfully");
  expect((await stored(apiCall)).setting1.Category).toBe(before);
});
