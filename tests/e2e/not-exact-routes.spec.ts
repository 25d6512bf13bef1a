import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";

/**
 * Spec 3 §2.12's "not exact" routes (/admin/payments/{bookingid}, /admin/posts/post,
 * /admin/clickwrap-agreement/add, /admin/notification/add) also answer their sub-paths: a record id
 * under an editor opens that record's editor, anything else the screen itself, the query kept.
 */

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("a sub-path of a post editor opens the post it names, or a new post", async ({ page, apiCall }) => {
  const tag = randomBytes(4).toString("hex");
  const { data: post } = await apiCall<{ data: { id: number } }>("/blog/articles/", {
    method: "POST",
    actingAdmin: "admin",
    body: { title: `Not exact ${tag}` },
  });
  const response = await page.goto(`/admin/posts/post/${post.id}`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/admin/posts/post\\?post=${post.id}$`));
  await expect(page.getByRole("heading", { name: "Edit Post", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`Not exact ${tag}`);

  await page.goto("/admin/posts/post/new/draft");
  await expect(page).toHaveURL(/\/admin\/posts\/post$/);
  await expect(page.getByRole("heading", { name: "Add Post", level: 1 })).toBeVisible();
});

test("a sub-path of Add Terms Version opens the version it names; of Add Template, the add screen", async ({ page, apiCall }) => {
  const tag = randomBytes(4).toString("hex");
  const { data: terms } = await apiCall<{ data: { id: number } }>("/clickwrap/clickwraps/", {
    method: "POST",
    actingAdmin: "admin",
    body: { version: `ne-${tag}`, text: "<p>Terms</p>" },
  });
  expect((await page.goto(`/admin/clickwrap-agreement/add/${terms.id}`))?.status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/admin/clickwrap-agreement/add\\?terms_id=${terms.id}$`));
  await expect(page.getByRole("heading", { name: `Edit version ne-${tag}`, level: 1 })).toBeVisible();
  await page.goto("/admin/clickwrap-agreement/add/x/y");
  await expect(page).toHaveURL(/\/admin\/clickwrap-agreement\/add$/);
  await expect(page.getByRole("heading", { name: "Add Terms Version", level: 1 })).toBeVisible();

  expect((await page.goto("/admin/notification/add/x"))?.status()).toBe(200);
  await expect(page).toHaveURL(/\/admin\/notification\/add$/);
  await expect(page.getByRole("heading", { name: "Add Template", level: 1 })).toBeVisible();
});

test("a sub-path of a payment's detail opens that detail", async ({ page, apiCall }) => {
  const { data } = await apiCall<{ data: { short_id: string }[] }>("/payments?page_size=10");
  const { short_id: shortId } = data[0];
  expect((await page.goto(`/admin/payments/${shortId}/anything/else?x=1`))?.status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/admin/payments/${shortId}\\?x=1$`));
  await expect(page.getByRole("heading", { name: `Booking ${shortId}`, level: 1 })).toBeVisible();
});
