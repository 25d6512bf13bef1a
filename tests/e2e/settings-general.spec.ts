/**
 * /admin/settings?tab=general (spec 2 §2 General Settings): saved and read back, each rule's message,
 * logo and favicon uploads (a wrong type, a wrong size, a right one previewed and served), an image
 * kept by a refused post, and a stale save answered 409 with the values kept.
 *
 * General Settings is one row every test here saves: each Playwright worker has its own API and
 * database (tests/support/e2e-server.mjs), so the tests of one worker run one after another on it,
 * and each asserts on unique values of its own.
 */
import type { Page } from "@playwright/test";
import { icoOfPng, png } from "../support/images";
import { expect, test } from "./fixtures";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const TAB = "/admin/settings?tab=general";
const unique = (label: string) => `${label} ${test.info().project.name} ${Math.random().toString(36).slice(2, 8)}`;
const toasts = (page: Page) => page.locator(".toasts");
const form = (page: Page) => page.getByRole("form", { name: "General Settings" });
const save = (page: Page) => form(page).getByRole("button", { name: "Save" }).click();

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("saves the site's details and reads them back after a reload", async ({ page, apiCall }) => {
  const site = unique("E2E Site");
  const email = `e2e-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto(TAB);
  await expect(page.getByRole("heading", { level: 2, name: "General Settings" })).toBeVisible();
  await form(page).getByLabel("Site Name").fill(site);
  await form(page).getByLabel("Contact Email").fill(email);
  await form(page).getByLabel("Contact Phone").fill("+91 98450 12345");
  await form(page).getByLabel("Address").fill("12 Residency Road\nBengaluru 560025");
  await form(page).getByLabel("Facebook").fill("https://facebook.com/e2e-site");
  await form(page).getByLabel("YouTube").fill("");
  await save(page);
  await expect(toasts(page)).toContainText("Settings Saved Successfully");
  await expect(page).toHaveURL(/\?tab=general$/);

  await page.reload();
  await expect(form(page).getByLabel("Site Name")).toHaveValue(site);
  await expect(form(page).getByLabel("Contact Email")).toHaveValue(email);
  await expect(form(page).getByLabel("Contact Phone")).toHaveValue("+91 98450 12345");
  await expect(form(page).getByLabel("Address")).toHaveValue("12 Residency Road\nBengaluru 560025");
  await expect(form(page).getByLabel("Facebook")).toHaveValue("https://facebook.com/e2e-site");
  await expect(form(page).getByText(/^Last saved .* by admin$/)).toBeVisible();
  const stored = (await apiCall("/get-setting?setting_name=GeneralSetting")).data.setting1;
  expect(stored).toMatchObject({ siteName: site, contactEmail: email, socialLinks: { facebook: "https://facebook.com/e2e-site" } });
});

test("shows each rule's message beside its field, keeps what was typed and saves nothing", async ({ page, apiCall }) => {
  await page.goto(TAB);
  const before = (await apiCall("/get-setting?setting_name=GeneralSetting")).data;
  await form(page).getByLabel("Site Name").fill("");
  await form(page).getByLabel("Contact Email").fill("not-an-email");
  await form(page).getByLabel("Contact Phone").fill("12ab");
  await form(page).getByLabel("Twitter").fill("twitter.com/e2e");
  await save(page);
  await expect(form(page).getByText("Site Name is required")).toBeVisible();
  await expect(form(page).getByText("Please enter a valid email!")).toBeVisible();
  await expect(form(page).getByText("Phone must be 7 to 15 digits, optionally with +, spaces or dashes")).toBeVisible();
  await expect(form(page).getByText("Must be an http(s) address")).toBeVisible();
  await expect(form(page).getByLabel("Site Name")).toHaveAttribute("aria-invalid", "true");
  await expect(form(page).getByLabel("Contact Email")).toHaveValue("not-an-email");
  await expect(form(page).getByLabel("Contact Phone")).toHaveValue("12ab");
  await expect(form(page).getByLabel("Twitter")).toHaveValue("twitter.com/e2e");
  await expect(toasts(page)).not.toContainText("Settings Saved Successfully");
  expect((await apiCall("/get-setting?setting_name=GeneralSetting")).data.updated_at).toBe(before.updated_at);
});

test("a text file named .png is refused as a logo; a png logo is saved, previewed and served", async ({ page, apiCall }) => {
  await page.goto(TAB);
  const before = (await apiCall("/get-setting?setting_name=GeneralSetting")).data;
  const logoInput = form(page).getByLabel("Logo", { exact: true });
  await expect(form(page).getByText("Recommended 150×150, png or ico; at most 1 MB")).toBeVisible();
  await logoInput.setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: Buffer.from("This is a text file, not a picture.\n"),
  });
  await save(page);
  await expect(form(page).getByText("The logo must be a png or ico image")).toBeVisible();
  expect((await apiCall("/get-setting?setting_name=GeneralSetting")).data.updated_at).toBe(before.updated_at);

  const logo = png(150, 150, { colour: [20, 140, 90] });
  await form(page).getByLabel("Logo", { exact: true }).setInputFiles({ name: "brand.png", mimeType: "image/png", buffer: logo });
  await save(page);
  await expect(toasts(page)).toContainText("Settings Saved Successfully");
  const current = form(page).getByRole("img", { name: "Current logo" });
  await expect(current).toBeVisible();
  await expect.poll(() => current.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(150);
  await expect(form(page).getByText("150×150", { exact: true })).toBeVisible();

  const stored = (await apiCall("/get-setting?setting_name=GeneralSetting")).data.setting1.logo;
  expect(await current.getAttribute("src")).toBe(`/admin/settings/files/${stored}`);
  const served = await page.request.get(`/admin/settings/files/${stored}`);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/png");
  expect(Buffer.from(await served.body())).toEqual(logo);
});

test("issue 29: a logo named a;b.png (as Chromium sends it) is stored under a name of its own and saved", async ({ page, apiCall }) => {
  await page.goto(TAB);
  const logo = png(150, 150, { colour: [140, 20, 90] });
  await form(page).getByLabel("Logo", { exact: true }).setInputFiles({ name: "a;b.png", mimeType: "image/png", buffer: logo });
  await save(page);
  await expect(toasts(page)).toContainText("Settings Saved Successfully");
  const stored = (await apiCall("/get-setting?setting_name=GeneralSetting")).data.setting1.logo;
  expect(stored).toMatch(/^logo-[0-9a-f]{16}-150x150\.png$/);
  await expect(form(page).getByRole("img", { name: "Current logo" })).toHaveAttribute("src", `/admin/settings/files/${stored}`);
});

test("a logo over 1 MB gets its message beside the field, the other values kept, nothing saved", async ({ page, apiCall }) => {
  await page.goto(TAB);
  const before = (await apiCall("/get-setting?setting_name=GeneralSetting")).data;
  const site = unique("E2E Too Large");
  await form(page).getByLabel("Site Name").fill(site);
  await form(page)
    .getByLabel("Logo", { exact: true })
    .setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: png(150, 150, { atLeastBytes: 1024 * 1024 + 1 }) });
  // with JavaScript the message comes at once and the file is not sent; without, after the post
  if (test.info().project.name === "no-js") await save(page);
  await expect(form(page).getByText("The logo must be at most 1 MB")).toBeVisible();
  await expect(form(page).getByLabel("Site Name")).toHaveValue(site);
  expect((await apiCall("/get-setting?setting_name=GeneralSetting")).data.updated_at).toBe(before.updated_at);
});

test("a favicon of the wrong size is refused; a 32×32 ico is saved", async ({ page, apiCall }) => {
  await page.goto(TAB);
  const before = (await apiCall("/get-setting?setting_name=GeneralSetting")).data;
  await expect(form(page).getByText("16×16 or 32×32, png or ico; at most 100 KB")).toBeVisible();
  await form(page)
    .getByLabel("Favicon", { exact: true })
    .setInputFiles({ name: "favicon.png", mimeType: "image/png", buffer: png(48, 48) });
  await save(page);
  await expect(form(page).getByText("The favicon must be 16×16 or 32×32 pixels")).toBeVisible();
  expect((await apiCall("/get-setting?setting_name=GeneralSetting")).data.updated_at).toBe(before.updated_at);

  await form(page)
    .getByLabel("Favicon", { exact: true })
    .setInputFiles({ name: "favicon.ico", mimeType: "image/x-icon", buffer: icoOfPng(32, 32) });
  await save(page);
  await expect(toasts(page)).toContainText("Settings Saved Successfully");
  const current = form(page).getByRole("img", { name: "Current favicon" });
  await expect.poll(() => current.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(32);
  expect((await apiCall("/get-setting?setting_name=GeneralSetting")).data.setting1.favicon).toMatch(/^favicon-[0-9a-f]{16}-32x32\.ico$/);
});

test("a logo stored by a refused save stays chosen, is saved next time, and can be removed", async ({ page, apiCall }) => {
  await page.goto(TAB);
  await form(page).getByLabel("Site Name").fill("");
  await form(page)
    .getByLabel("Logo", { exact: true })
    .setInputFiles({ name: "wide.png", mimeType: "image/png", buffer: png(300, 100) });
  await save(page);
  await expect(form(page).getByText("Site Name is required")).toBeVisible();
  const chosen = form(page).getByRole("img", { name: "New logo, not saved yet" });
  await expect(chosen).toBeVisible();
  await expect(form(page).getByText("300×100: 150×150 is recommended · chosen, not saved yet")).toBeVisible();

  const site = unique("E2E Kept Logo");
  await form(page).getByLabel("Site Name").fill(site);
  await save(page);
  await expect(toasts(page)).toContainText("Settings Saved Successfully");
  await expect(form(page).getByRole("img", { name: "Current logo" })).toBeVisible();
  await expect(form(page).getByText("300×100: 150×150 is recommended", { exact: true })).toBeVisible();
  const stored = (await apiCall("/get-setting?setting_name=GeneralSetting")).data.setting1;
  expect(stored).toMatchObject({ siteName: site, logo: expect.stringMatching(/^logo-[0-9a-f]{16}-300x100\.png$/) });

  await form(page).getByLabel("Remove the logo").check();
  await save(page);
  await expect(form(page).getByText("No logo yet")).toBeVisible();
  expect((await apiCall("/get-setting?setting_name=GeneralSetting")).data.setting1.logo).toBeNull();
});

test("a stale save is answered 409 naming who saved meanwhile, the typed values kept; Save again replaces theirs", async ({
  page,
  apiCall,
}) => {
  await page.goto(TAB);
  const mine = unique("E2E Mine");
  await form(page).getByLabel("Site Name").fill(mine);
  await form(page).getByLabel("Contact Phone").fill("080 4000 1234");

  // another admin saves between this page's load and its Save
  const loaded: Any = (await apiCall("/get-setting?setting_name=GeneralSetting")).data;
  const theirs = unique("E2E Theirs");
  await apiCall("/upsert-setting?setting_name=GeneralSetting", {
    method: "PUT",
    actingAdmin: "catalog",
    body: { settingName: "GeneralSetting", setting1: { ...loaded.setting1, siteName: theirs }, updated_at: loaded.updated_at },
  });

  await save(page);
  await expect(
    form(page)
      .getByRole("alert")
      .filter({ hasText: /^catalog saved these settings at .* Nothing was saved/ }),
  ).toBeVisible();
  await expect(form(page).getByLabel("Site Name")).toHaveValue(mine);
  await expect(form(page).getByLabel("Contact Phone")).toHaveValue("080 4000 1234");
  await expect(form(page).getByRole("link", { name: "Reload to see theirs" })).toBeVisible();
  expect((await apiCall("/get-setting?setting_name=GeneralSetting")).data.setting1.siteName).toBe(theirs);

  await save(page);
  await expect(toasts(page)).toContainText("Settings Saved Successfully");
  await expect(form(page).getByLabel("Site Name")).toHaveValue(mine);
  expect((await apiCall("/get-setting?setting_name=GeneralSetting")).data.setting1.siteName).toBe(mine);
});
