import type { Page, TestInfo } from "@playwright/test";
import { apiCall, expect, test, fillRichTextHtml } from "./fixtures";

const toasts = (page: Page) => page.locator(".toasts");

type Template = { id: number; user_type: string; notification_type: string; updated_at: string };

/**
 * One template per user type and notification type: each project works on its own user type
 * (js: User, no-js: ServiceProvider) and each test on its own notification type, so the two
 * projects never meet; leftovers of an earlier run of the same test go first.
 */
function userTypeOf(testInfo: TestInfo) {
  return testInfo.project.name === "js" ? "User" : "ServiceProvider";
}

async function freshPair(user_type: string, notification_type: string) {
  const query = new URLSearchParams({ user_type, notification_type });
  const { data } = await apiCall<{ data: Template[] }>(`/list-create-notification-template/?${query}`);
  for (const t of data) await apiCall(`/delete-notification-template/${t.id}/`, { method: "DELETE", actingAdmin: "admin" });
}

async function createTemplate(body: Record<string, string>) {
  await freshPair(body.user_type, body.notification_type);
  return (await apiCall<{ data: Template }>("/list-create-notification-template/", { method: "POST", actingAdmin: "admin", body })).data;
}

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("add a template from the list, with its placeholders and previews", async ({ page }, testInfo) => {
  const userType = userTypeOf(testInfo);
  await freshPair(userType, "welcome");
  await page.goto("/admin/notification");
  await expect(page.getByRole("heading", { name: "Notification Templates" })).toBeVisible();
  await page.getByRole("link", { name: "Add", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/notification\/add$/);

  await expect(page.getByLabel("User Type")).toHaveValue("");
  await expect(page.getByLabel("Notification Type").locator("option").first()).toHaveText("Choose a notification type");
  await page.getByLabel("User Type").selectOption(userType);
  await page.getByLabel("Notification Type").selectOption("welcome");
  await page.getByLabel("Web Notification").fill("Welcome aboard, {username}!");
  await page.getByLabel("Whatsapp Notification").fill("Hi {username}, sign in at {login_url}");
  await fillRichTextHtml(page, testInfo, "email_template", "<p>Hello <strong>{username}</strong></p><script>alert(1)</script>");

  // placeholders and previews: live with JS, after "Show placeholders and preview" without
  await page.getByRole("button", { name: "Show placeholders and preview" }).click();
  await expect(page.getByRole("list", { name: "Placeholders of Welcome / account created" })).toContainText("{login_url}");
  await expect(page.getByRole("group", { name: "Web preview" })).toContainText("Welcome aboard, Priya Sharma!");
  await expect(page.getByRole("group", { name: "Email preview" }).locator("strong")).toHaveText("Priya Sharma");
  await expect(page.getByLabel("Web Notification")).toHaveValue("Welcome aboard, {username}!");

  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(toasts(page)).toContainText("Template added successfully");
  await expect(page).toHaveURL(/\/admin\/notification$/);

  await page.goto(`/admin/notification?user_type=${userType}&notification_type=welcome`);
  const row = page.getByRole("row", { name: /Welcome \/ account created/ });
  await expect(row).toContainText(userType);
  await expect(row).toContainText("Web");
  await expect(row).toContainText("Whatsapp");
  await expect(row).toContainText("Email");
});

test("edit a template: an unknown placeholder is refused, then fixed", async ({ page }, testInfo) => {
  const userType = userTypeOf(testInfo);
  const t = await createTemplate({
    user_type: userType,
    notification_type: "consultation_reminder",
    web_notification: "Reminder: {service_name} at {booking_date}",
    whatsapp_template: "Your consultation {order_id} starts soon",
  });
  await page.goto(`/admin/notification?user_type=${userType}&notification_type=consultation_reminder`);
  await page
    .getByRole("row", { name: /Consultation reminder/ })
    .getByRole("link", { name: "Edit" })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/notification/edit/${t.id}$`));
  await expect(page.getByLabel("Notification Type")).toHaveValue("consultation_reminder");
  await expect(page.getByRole("group", { name: "Web preview" })).toContainText("Reminder: GST Registration at 12-Mar-2026 04:30 PM");

  await page.getByLabel("Web Notification").fill("Reminder for {foo}: {service_name}");
  await page.getByLabel("Whatsapp Notification").fill("Consultation {order_id} with {provider_name} starts soon");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText(/^Unknown placeholder \{foo\} in Web Notification; allowed: \{username\}, \{provider_name\}/)).toBeVisible();
  await expect(page.getByLabel("Web Notification")).toHaveAttribute("aria-invalid", "true");
  // what the admin typed is kept
  await expect(page.getByLabel("Whatsapp Notification")).toHaveValue("Consultation {order_id} with {provider_name} starts soon");

  await page.getByLabel("Web Notification").fill("Reminder for {username}: {service_name}");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(toasts(page)).toContainText("Template updated successfully");
  await expect(page).toHaveURL(/\/admin\/notification$/);
  const saved = (await apiCall<{ data: Record<string, string> }>(`/retrive-notification-template/${t.id}/`)).data;
  expect(saved).toMatchObject({
    web_notification: "Reminder for {username}: {service_name}",
    whatsapp_template: "Consultation {order_id} with {provider_name} starts soon",
  });
});

test("delete a template after confirming", async ({ page }, testInfo) => {
  const userType = userTypeOf(testInfo);
  const t = await createTemplate({
    user_type: userType,
    notification_type: "comment_reply",
    web_notification: "{comment_author} replied on {post_title}",
  });
  await page.goto(`/admin/notification/edit/${t.id}`);
  await page.getByRole("link", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: "Are you sure you want to delete the Template" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("link", { name: "Delete" }).click();
  await page
    .getByRole("dialog", { name: "Are you sure you want to delete the Template" })
    .getByRole("button", { name: "Yes, proceed!" })
    .click();
  await expect(toasts(page)).toContainText("Template deleted successfully");
  await expect(page).toHaveURL(/\/admin\/notification$/);
  await page.goto(`/admin/notification?user_type=${userType}&notification_type=comment_reply`);
  await expect(page.getByRole("row", { name: /New reply to a comment/ })).toHaveCount(0);
});

test("sort the list by a column: the sort is in the URL and kept by the filters", async ({ page }, testInfo) => {
  const userType = userTypeOf(testInfo);
  // two types whose templates this test needs (kept if they exist: the order is checked on what is visible)
  for (const notification_type of ["order_completed", "payment_received"]) {
    const query = new URLSearchParams({ user_type: userType, notification_type });
    const { data } = await apiCall<{ data: Template[] }>(`/list-create-notification-template/?${query}`);
    if (data.length === 0) await createTemplate({ user_type: userType, notification_type, web_notification: "Update on {order_id}" });
  }
  await page.goto(`/admin/notification?user_type=${userType}&page_size=100`);
  const header = page.getByRole("columnheader", { name: /Notification Type/ });
  const labels = () => page.locator("table.data-table tbody tr td:nth-child(2)").allTextContents();
  const byLabel = (list: string[]) => [...list].sort((a, b) => a.localeCompare(b, "en"));

  await header.getByRole("link").click();
  await expect(page).toHaveURL(/sortField=notification_type&sortOrder=asc/);
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  const ascending = await labels();
  expect(ascending).toEqual(expect.arrayContaining(["Order completed", "Payment received"]));
  expect(ascending).toEqual(byLabel(ascending));
  expect(ascending.indexOf("Order completed")).toBeLessThan(ascending.indexOf("Payment received"));

  await header.getByRole("link").click();
  await expect(page).toHaveURL(/sortField=notification_type&sortOrder=desc/);
  await expect(header).toHaveAttribute("aria-sort", "descending");
  const descending = await labels();
  expect(descending).toEqual(byLabel(descending).reverse());
  expect(descending.indexOf("Order completed")).toBeGreaterThan(descending.indexOf("Payment received"));
  expect(new URL(page.url()).searchParams.get("user_type")).toBe(userType);

  // the filter keeps the sort (and the page size)
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/sortField=notification_type&sortOrder=desc/);
  await expect(page).toHaveURL(/page_size=100/);
  await expect(header).toHaveAttribute("aria-sort", "descending");
});
