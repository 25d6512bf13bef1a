import type { Page } from "@playwright/test";
import { expect, test, fillRichTextHtml } from "./fixtures";

const suffix = () => Math.random().toString(36).slice(2, 8);
const toasts = (page: Page) => page.locator(".toasts");

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("add, edit and delete an FAQ of a category", async ({ page, apiCall }, testInfo) => {
  const category = (
    await apiCall<{ data: { category_id: number; categoryName: string } }>("/create-category", {
      method: "POST",
      actingAdmin: "admin",
      body: { categoryName: `FAQ Cat ${suffix()}`, desc: "Has FAQs", status: "Active" },
    })
  ).data;
  const editUrl = `/admin/edit-categories/${category.category_id}`;

  await page.goto(editUrl);
  await expect(page.getByRole("heading", { name: "FAQs" })).toBeVisible();
  await expect(page.getByText("No FAQs yet")).toBeVisible();
  await page.getByRole("link", { name: "Add FAQ" }).click();
  await expect(page).toHaveURL(new RegExp(`${editUrl}/add-faq$`));
  await expect(page.locator("#faq-category")).toHaveValue(category.categoryName);

  // the question must be an H3
  await fillRichTextHtml(page, testInfo, "content", "<p>Where is the question?</p>");
  await page.getByRole("button", { name: "Save FAQ" }).click();
  await expect(page.getByText("The question must be in an H3 heading")).toBeVisible();

  await fillRichTextHtml(page, testInfo, "content", "<h3>How do refunds work?</h3><p>Within 7 days.</p>");
  await page.getByRole("button", { name: "Save FAQ" }).click();
  await expect(page).toHaveURL(new RegExp(`${editUrl}$`));
  await expect(toasts(page)).toContainText("Faq saved successfully");
  const row = page.getByRole("row", { name: /How do refunds work\?/ });
  await expect(row).toContainText("1");

  await row.getByRole("link", { name: "How do refunds work?" }).click();
  await expect(page).toHaveURL(/\/edit-faq\/\d+$/);
  await expect(
    page.getByRole("region", { name: "Preview (as saved)" }).getByRole("heading", { name: "How do refunds work?" }),
  ).toBeVisible();
  await fillRichTextHtml(page, testInfo, "content", "<h3>How do refunds really work?</h3><p>Within 14 days.</p>");
  await page.getByRole("button", { name: "Update FAQ" }).click();
  await expect(toasts(page)).toContainText("Faq updated successfully");
  await expect(page).toHaveURL(new RegExp(`${editUrl}$`));

  await page.getByRole("link", { name: "How do refunds really work?" }).click();
  await page.getByRole("link", { name: "Delete FAQ" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this FAQ?" });
  await expect(dialog).toContainText("You won't be able to revert this!");
  await dialog.getByRole("button", { name: "Yes, delete it!" }).click();
  await expect(toasts(page)).toContainText("Faq deleted successfully");
  await expect(page).toHaveURL(new RegExp(`${editUrl}$`));
  await expect(page.getByText("No FAQs yet")).toBeVisible();
});

test("the rich-text editor writes the question as an H3", async ({ page, apiCall }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "the lexical editor needs JavaScript");
  const category = (
    await apiCall<{ data: { category_id: number } }>("/create-category", {
      method: "POST",
      actingAdmin: "admin",
      body: { categoryName: `FAQ Rich ${suffix()}`, desc: "Has FAQs", status: "Active" },
    })
  ).data;
  await page.goto(`/admin/edit-categories/${category.category_id}/add-faq`);
  // the textarea is the Content box until lexical mounts over it (its toolbar appears then);
  // clicking earlier would hold on to the textarea that lexical then hides
  await expect(page.getByRole("button", { name: "H3" })).toBeVisible({ timeout: 30_000 });
  const editor = page.getByRole("textbox", { name: "Content" });
  await expect(editor).toHaveAttribute("contenteditable", "true");
  await editor.click();
  await page.getByRole("button", { name: "H3" }).click();
  await page.keyboard.type("Can I cancel a booking?");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Yes, up to a day before.");
  await expect(page.locator('textarea[name="content"]')).toHaveValue(/<h3[^>]*>.*Can I cancel a booking\?.*<\/h3>/);
  await page.getByRole("button", { name: "Save FAQ" }).click();
  await expect(toasts(page)).toContainText("Faq saved successfully");
  await expect(page.getByRole("link", { name: "Can I cancel a booking?" })).toBeVisible();
});
