import type { Page } from "@playwright/test";
import { expect, sortByHeader, test } from "./fixtures";
import { uniqueSuffix } from "../support/records";

type Queued = { id: number; channel: string };
const toasts = (page: Page) => page.locator(".toasts");

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

/**
 * A message of the test's own to its own provider copy, failed as the delivery leaves it after its
 * last try (the e2e API has no SMTP server, so rows stay queued until the fixture fails them).
 */
async function failedMessage(apiCall: typeof import("./fixtures").apiCall, reason: string) {
  const subject = `E2E outbox ${uniqueSuffix()}`;
  const { data: copy } = await apiCall<{ data: { serviceProvider_id: number } }>("/test-fixtures/providers", {
    method: "POST",
    body: { variant: 20 },
  });
  const provider = (
    await apiCall<{ data: { userId: { id: number; username: string } } }>(
      `/get-serviceProvider-by-id?serviceProvider_id=${copy.serviceProvider_id}`,
    )
  ).data;
  await apiCall("/send-email", { method: "POST", actingAdmin: "admin", body: { to: [provider.userId.id], subject, body: "<p>Hello</p>" } });
  const [row] = (await apiCall<{ data: Queued[] }>(`/outbox?search=${encodeURIComponent(subject)}`)).data;
  await apiCall("/test-fixtures/outbox-failed", { method: "POST", body: { ids: [row.id], error: reason } });
  return { subject, username: provider.userId.username };
}

test("a failed message shows its reason, and Retry queues it again", async ({ page, apiCall }) => {
  const reason = `Mailbox unavailable ${uniqueSuffix()}`;
  const { subject, username } = await failedMessage(apiCall, reason);

  await page.goto("/admin/service-provider");
  await page.getByRole("link", { name: "Sent Messages" }).click();
  await expect(page).toHaveURL(/\/admin\/service-provider\/messages$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sent Messages" })).toBeVisible();
  // the e2e API has no SMTP server or WhatsApp webhook: the page says so
  await expect(page.getByRole("status").filter({ hasText: "delivery is not set up on the marketplace API" })).toContainText(
    "Email and WhatsApp delivery is not set up on the marketplace API (SMTP_URL, WHATSAPP_WEBHOOK_URL): those messages stay queued until it is.",
  );

  await page.getByRole("link", { name: /^Failed \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/status=failed/);
  await page.getByLabel("Search messages").fill(subject);
  await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/status=failed&search=/);
  const row = page.getByRole("row").filter({ hasText: subject });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(username);
  await expect(row).toContainText(`Failed: ${reason}`);
  await expect(row).toContainText("5 of 5");

  await row.getByRole("button", { name: /^Retry the Email to/ }).click();
  await expect(toasts(page)).toContainText("1 message queued again");
  // back on the failed tab, filters kept: the message has left it
  await expect(page).toHaveURL(/status=failed&search=/);
  await expect(page.getByRole("row").filter({ hasText: subject })).toHaveCount(0);

  await page.getByRole("link", { name: /^Queued \(\d+\)$/ }).click();
  const queued = page.getByRole("row").filter({ hasText: subject });
  await expect(queued).toContainText(`Queued (last error: ${reason})`);
  await expect(queued).toContainText("0 of 5");
});

test("Retry All Failed asks first; Cancel changes nothing", async ({ page, apiCall }) => {
  const reason = `Connection refused ${uniqueSuffix()}`;
  const { subject } = await failedMessage(apiCall, reason);
  await page.goto(`/admin/service-provider/messages?search=${encodeURIComponent(subject)}`);
  await page.getByRole("link", { name: "Retry All Failed" }).click();
  const dialog = page.getByRole("dialog", { name: "Retry All Failed?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Every failed message will be queued again");
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: subject })).toContainText(`Failed: ${reason}`);
});

test("the dashboard's Failed messages card counts failures and opens them", async ({ page, apiCall }) => {
  const reason = `Relay denied ${uniqueSuffix()}`;
  const { subject } = await failedMessage(apiCall, reason);
  const { data: stats } = await apiCall<{ data: { failedMessages: number } }>("/dashboard-stats?sections=messages");
  expect(stats.failedMessages).toBeGreaterThanOrEqual(1);

  await page.goto("/admin");
  const card = page.getByRole("link", { name: /^Failed messages\W+[\d,]+/ });
  await expect(card).toBeVisible();
  await card.click();
  await expect(page).toHaveURL(/\/admin\/service-provider\/messages\?status=failed$/);
  await expect(page.getByRole("link", { name: /^Failed \(\d+\)$/ })).toHaveAttribute("aria-current", "page");
  await page.getByLabel("Search messages").fill(subject);
  await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("row").filter({ hasText: subject })).toContainText(`Failed: ${reason}`);
});

test("sort by Channel, Attempts and Queued At: a header click orders the rows, a second click reverses them; a search keeps the sort", async ({
  page,
  apiCall,
}) => {
  // this test's own messages, to its own provider copy (found by the copy's tag, in its email and phone)
  const { data: copy } = await apiCall<{ data: { serviceProvider_id: number; username: string } }>("/test-fixtures/providers", {
    method: "POST",
    body: { variant: 20 },
  });
  const hex = copy.username.slice("e2e.".length);
  const provider = (
    await apiCall<{ data: { userId: { id: number } } }>(`/get-serviceProvider-by-id?serviceProvider_id=${copy.serviceProvider_id}`)
  ).data;
  const first = `E2E sorted first ${uniqueSuffix()}`;
  const second = `E2E sorted second ${uniqueSuffix()}`;
  await apiCall("/send-email", {
    method: "POST",
    actingAdmin: "admin",
    body: { to: [provider.userId.id], subject: first, body: "<p>1</p>" },
  });
  await apiCall("/send-email", {
    method: "POST",
    actingAdmin: "admin",
    body: { to: [provider.userId.id], subject: second, body: "<p>2</p>", whatsappTemplate: "bookings_now_open" },
  });
  const [early] = (await apiCall<{ data: Queued[] }>(`/outbox?search=${encodeURIComponent(first)}`)).data;
  // the first message failed after 5 tries: the most attempts
  await apiCall("/test-fixtures/outbox-failed", { method: "POST", body: { ids: [early.id], error: "Mailbox unavailable", attempts: 5 } });
  const rowsOf = page.locator("table.data-table tbody tr");
  const column = async (n: number) => (await rowsOf.locator(`td:nth-child(${n})`).allTextContents()).map((t) => t.trim());

  await page.goto(`/admin/service-provider/messages?search=${hex}&page_size=100`);
  await expect(rowsOf).toHaveCount(3);

  await sortByHeader(page, "Channel", "ascending");
  await expect(page).toHaveURL(/sortField=channel&sortOrder=asc/);
  await expect.poll(() => column(2)).toEqual(["Email", "Email", "WhatsApp"]);
  await sortByHeader(page, "Channel", "descending");
  await expect.poll(() => column(2)).toEqual(["WhatsApp", "Email", "Email"]);

  await sortByHeader(page, "Attempts", "ascending");
  await sortByHeader(page, "Attempts", "descending");
  await expect(page).toHaveURL(/sortField=attempts&sortOrder=desc/);
  await expect(rowsOf.first()).toContainText(first);
  await expect(rowsOf.first()).toContainText("5 of");
  await sortByHeader(page, "Attempts", "ascending");
  await expect(rowsOf.last()).toContainText(first);

  await sortByHeader(page, "Queued At", "ascending");
  await expect(page).toHaveURL(/sortField=created_at&sortOrder=asc/);
  await expect(rowsOf.first()).toContainText(first);
  await sortByHeader(page, "Queued At", "descending");
  await expect(rowsOf.last()).toContainText(first);

  // a new search keeps the sort
  await page.getByRole("searchbox", { name: "Search messages" }).fill(second);
  await page.getByRole("searchbox", { name: "Search messages" }).press("Enter");
  await expect(page).toHaveURL(/sortField=created_at&sortOrder=desc/);
  await expect(rowsOf).toHaveCount(1);
});
