import type { Page } from "@playwright/test";
import { expect, test, type apiCall as ApiCall } from "./fixtures";

const toasts = (page: Page) => page.locator(".toasts");
const rows = (page: Page) => page.locator("table.data-table tbody tr");
const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

type Made = { id: number; article_id: number; article_title: string };
/** A reader's comment of this test's own (the API's test fixture: readers write them, not admins). */
async function newComment(apiCall: typeof ApiCall, body: Record<string, unknown>): Promise<Made> {
  return (await apiCall<{ data: Made }>("/test-fixtures/comments", { method: "POST", body: { name: "E2E Reader", ...body } })).data;
}

/** The list searched for this test's text (so the other project's rows never mix in). */
async function searchFor(page: Page, text: string) {
  await page.goto("/admin/comments");
  await expect(page.getByRole("heading", { name: "Comment Moderation", level: 1 })).toBeVisible();
  await page.getByLabel("Search comments").fill(text);
  await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`search=${text}`));
}

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("moderates comments one by one: approve in the row, un-approve in the dialog, delete one with its reply", async ({
  page,
  apiCall,
}) => {
  const tag = suffix();
  const parent = await newComment(apiCall, {
    name: `Meera ${tag}`,
    email: `meera.${tag}@example.in`,
    content: `Does this apply to freelancers? ${tag}`,
  });
  await newComment(apiCall, { parent_id: parent.id, name: `Ravi ${tag}`, email: null, content: `Yes it does, ${tag}` });

  await searchFor(page, tag);
  await expect(rows(page)).toHaveCount(2);
  const meera = rows(page).filter({ hasText: `Meera ${tag}` });
  const ravi = rows(page).filter({ hasText: `Ravi ${tag}` });
  await expect(meera).toContainText(`meera.${tag}@example.in`);
  await expect(meera).toContainText(`${parent.article_title.slice(0, 30)}…`);
  await expect(meera).toContainText(/[A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2}/);
  await expect(meera).toContainText("Pending");
  await expect(ravi).toContainText("Anonymous");

  // approve in the row
  await meera.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(toasts(page)).toContainText("Comment approved successfully");
  await expect(meera).toContainText("Approved");
  await expect(meera.getByRole("button", { name: "Un-Approve" })).toBeVisible();

  // the reply's dialog shows what it answers; un-approve the parent from its dialog
  await ravi.getByRole("link", { name: `View the comment by Ravi ${tag}` }).click();
  await expect(page).toHaveURL(/comment=\d+/);
  const replyDialog = page.getByRole("dialog", { name: `Comment by Ravi ${tag}` });
  await expect(replyDialog).toContainText(`Yes it does, ${tag}`);
  await expect(replyDialog).toContainText(`In reply to: Meera ${tag}`);
  await expect(replyDialog).toContainText(`Does this apply to freelancers? ${tag}`);
  await page.screenshot({ path: `test-results/shots/comments-dialog-${test.info().project.name}.png` });
  await replyDialog.getByRole("link", { name: "Close" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await meera.getByRole("link", { name: `View the comment by Meera ${tag}` }).click();
  const dialog = page.getByRole("dialog", { name: `Comment by Meera ${tag}` });
  await expect(dialog).toContainText("Approved");
  await expect(dialog).not.toContainText("In reply to:");
  await dialog.getByRole("button", { name: "Un-Approve" }).click();
  await expect(toasts(page)).toContainText("Comment un-approved successfully");
  await expect(dialog).toContainText("Pending");
  await expect(meera).toContainText("Pending");

  // delete from the dialog: the confirmation says its reply goes with it
  await dialog.getByRole("link", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this comment?" });
  await expect(confirm).toContainText(`Meera ${tag}`);
  await expect(confirm).toContainText("Its 1 reply (and any replies to them) will be deleted with it.");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toasts(page)).toContainText("Comment deleted successfully");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  await expect(page.getByText("No Data Found")).toBeVisible();
});

test("moderates in bulk: select several and approve; select and delete after a confirmation", async ({ page, apiCall }) => {
  const tag = suffix();
  const names = ["Anil", "Bela", "Chitra"].map((n) => `${n} ${tag}`);
  for (const name of names) await newComment(apiCall, { name, content: `Bulk comment ${tag}` });

  await searchFor(page, tag);
  await expect(rows(page)).toHaveCount(3);
  await page.getByRole("checkbox", { name: `Select the comment by ${names[0]}` }).check();
  await page.getByRole("checkbox", { name: `Select the comment by ${names[1]}` }).check();
  await page.getByRole("button", { name: "Approve selected", exact: true }).click();
  await expect(toasts(page)).toContainText("2 comments approved successfully");
  await expect(rows(page).filter({ hasText: names[0] })).toContainText("Approved");
  await expect(rows(page).filter({ hasText: names[1] })).toContainText("Approved");
  await expect(rows(page).filter({ hasText: names[2] })).toContainText("Pending");

  // the status filter finds just the approved two
  await page.goto(`/admin/comments?search=${tag}&status=pending`);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(names[2]);

  await page.goto(`/admin/comments?search=${tag}`);
  await page.getByRole("checkbox", { name: `Select the comment by ${names[0]}` }).check();
  await page.getByRole("checkbox", { name: `Select the comment by ${names[2]}` }).check();
  await page.getByRole("button", { name: "Delete selected" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete 2 comments?" });
  await expect(confirm).toContainText(names[0]);
  await expect(confirm).toContainText(names[2]);
  await expect(confirm).toContainText("They have no replies.");
  await page.screenshot({ path: `test-results/shots/comments-bulk-delete-${test.info().project.name}.png` });
  // cancel changes nothing
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(rows(page)).toHaveCount(3);

  await page.getByRole("checkbox", { name: `Select the comment by ${names[0]}` }).check();
  await page.getByRole("checkbox", { name: `Select the comment by ${names[2]}` }).check();
  await page.getByRole("button", { name: "Delete selected" }).click();
  await page.getByRole("dialog", { name: "Delete 2 comments?" }).getByRole("button", { name: "Delete" }).click();
  await expect(toasts(page)).toContainText("2 comments deleted successfully");
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(names[1]);
});

test("sorts by Date from the column header; the sort stays in the URL through an approval", async ({ page, apiCall }) => {
  const tag = suffix();
  const at = (day: number) => new Date(Date.UTC(2024, 2, day, 8)).toISOString();
  const names = ["Oldest", "Middle", "Newest"].map((n) => `${n} ${tag}`);
  for (const [i, name] of names.entries()) await newComment(apiCall, { name, content: `Sorted comment ${tag}`, created_at: at(i + 1) });
  const authors = (page: Page) => rows(page).locator("td:nth-child(2)");

  await searchFor(page, tag);
  await expect(authors(page)).toHaveText([names[2], names[1], names[0]]);
  const dateHeader = page.getByRole("columnheader", { name: "Date" });
  await dateHeader.getByRole("link").click();
  await expect(page).toHaveURL(/sortField=created_at&sortOrder=asc/);
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  await expect(dateHeader).toHaveAttribute("aria-sort", "ascending");
  await expect(authors(page)).toHaveText([names[0], names[1], names[2]]);

  // an action comes back to the same sorted list
  await rows(page).filter({ hasText: names[0] }).getByRole("button", { name: "Approve", exact: true }).click();
  await expect(toasts(page)).toContainText("Comment approved successfully");
  await expect(page).toHaveURL(/sortField=created_at&sortOrder=asc/);
  await expect(authors(page)).toHaveText([names[0], names[1], names[2]]);

  await dateHeader.getByRole("link").click();
  await expect(page).toHaveURL(/sortField=created_at&sortOrder=desc/);
  await expect(dateHeader).toHaveAttribute("aria-sort", "descending");
  await expect(authors(page)).toHaveText([names[2], names[1], names[0]]);
});

test("an admin without Comments access cannot open the list", async ({ page, loginAs }) => {
  await loginAs("catalog");
  const response = await page.goto("/admin/comments");
  expect(response?.status()).toBe(403);
});
