import type { Page } from "@playwright/test";
import { newQueryChat, type QueryChatFixture } from "../support/records";
import { expect, test } from "./fixtures";

const toasts = (page: Page) => page.locator(".toasts");
const rows = (page: Page) => page.locator("table.data-table tbody tr");

type Made = QueryChatFixture;
const newChat = newQueryChat;

/** The list searched for this test's pair, its Query Details opened from the row. */
async function openQuery(page: Page, made: Made) {
  await page.goto("/admin/query-msg");
  await expect(page.getByRole("heading", { name: "Customer Queries", level: 1 })).toBeVisible();
  await page.getByRole("main").getByLabel("Search").fill(made.tag);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(new RegExp(`search=${made.tag}`));
  await expect(rows(page)).toHaveCount(1);
  const row = rows(page).first();
  await expect(row).toContainText(made.user_name);
  await expect(row).toContainText(made.provider_name);
  await expect(page.getByText("Showing 1 to 1 of 1 entries")).toBeVisible();
  const phone = row.getByRole("link", { name: new RegExp(`Chat with ${made.user_name}`) });
  await expect(phone).toHaveAttribute("href", /^https:\/\/wa\.me\/9197\d{8}$/);
  await expect(phone).toHaveAttribute("target", "_blank");
  await expect(phone).toHaveAttribute("rel", /noopener/);
  await row.getByRole("link", { name: /View Details/ }).click();
  const dialog = page.getByRole("dialog", { name: "Query Details" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("opens a query: both sides, their contact share attempts and the chat; deletes a message and an attempt after confirming", async ({
  page,
  apiCall,
}) => {
  const made = await newChat(apiCall);
  const dialog = await openQuery(page, made);
  await expect(dialog).toContainText("Customer Information");
  await expect(dialog).toContainText("Service Provider Information");
  const userAttempts = dialog.getByRole("list", { name: "Contact Share Attempts", exact: true });
  await expect(userAttempts.getByRole("listitem")).toHaveCount(2);
  await expect(userAttempts).toContainText(`98765 ${made.tag.slice(0, 5)}`);
  await expect(userAttempts).toContainText("Unknown");
  await expect(userAttempts).toContainText(`Provider: ${made.provider_name}`);
  const providerAttempts = dialog.getByRole("list", { name: "Provider Contact Share Attempts" });
  await expect(providerAttempts).toContainText(`User: ${made.user_name}`);
  await expect(providerAttempts).toContainText(`pro.${made.tag}@mail.test`);
  const chat = dialog.getByRole("list", { name: "Chat History" });
  await expect(chat.getByRole("listitem")).toHaveCount(6);
  // a service query alone shows its requirements, as text
  await expect(chat.getByRole("listitem").first()).toContainText(`Need GST filing for ${made.tag}`);
  await expect(chat.getByRole("listitem").first()).not.toContainText("<strong>");
  // Escape does not close it (static)
  if (test.info().project.name === "js") {
    await page.keyboard.press("Escape");
    await expect(dialog).toBeVisible();
  }
  await page.screenshot({ path: `test-results/shots/customer-queries-details-${test.info().project.name}.png` });

  // delete the second message
  const second = made.messages[1].text!;
  await chat
    .getByRole("listitem")
    .filter({ hasText: second })
    .getByRole("link", { name: /Delete the message/ })
    .click();
  const confirm = page.getByRole("dialog", { name: "Are you sure?" });
  await expect(confirm).toContainText("This message will be permanently deleted.");
  await confirm.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(toasts(page)).toContainText("Deleted!");
  await expect(toasts(page)).toContainText("The message has been deleted.");
  const after = page.getByRole("dialog", { name: "Query Details" });
  await expect(after.getByRole("list", { name: "Chat History" }).getByRole("listitem")).toHaveCount(5);
  await expect(after).not.toContainText(second);

  // delete the provider's attempt: the section goes (no attempts left)
  await after
    .getByRole("list", { name: "Provider Contact Share Attempts" })
    .getByRole("link", { name: /Delete attempt/ })
    .click();
  const confirmAttempt = page.getByRole("dialog", { name: "Are you sure?" });
  await expect(confirmAttempt).toContainText("This contact share attempt will be permanently deleted.");
  await confirmAttempt.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(toasts(page)).toContainText("The contact share attempt has been deleted.");
  const last = page.getByRole("dialog", { name: "Query Details" });
  await expect(last.getByRole("list", { name: "Chat History" })).toBeVisible();
  await expect(last.getByRole("list", { name: "Provider Contact Share Attempts" })).toHaveCount(0);
  await expect(last.getByRole("list", { name: "Contact Share Attempts", exact: true }).getByRole("listitem")).toHaveCount(2);

  // closing goes back to the list, whose count went down
  await last.getByRole("link", { name: "Close" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(
    rows(page)
      .first()
      .getByRole("link", { name: /View Details/ }),
  ).toContainText("(5)");
});

test("a failed delete says Error! with the spec's words", async ({ page, apiCall }) => {
  const made = await newChat(apiCall, 4);
  const dialog = await openQuery(page, made);
  await dialog
    .getByRole("list", { name: "Chat History" })
    .getByRole("link", { name: /Delete the message/ })
    .first()
    .click();
  // someone else deletes it first
  await apiCall(`/delete-query-chat/${made.messages[0].query_chat_id}`, { method: "DELETE", actingAdmin: "admin" });
  await page.getByRole("dialog", { name: "Are you sure?" }).getByRole("button", { name: "Yes, delete it" }).click();
  const notice = page.getByRole("dialog", { name: "Error!" });
  await expect(notice).toContainText("Failed to delete the message.");
});

test("shows the service details: requirements as plain text, the chosen price variation outlined", async ({ page, apiCall }) => {
  const made = await newChat(apiCall);
  const dialog = await openQuery(page, made);
  await dialog.getByRole("link", { name: "View service details" }).click();
  const service = page.getByRole("dialog", { name: "Service details" });
  await expect(service).toContainText("GST Filing");
  await expect(service.getByTestId("service-requirements")).toHaveText(`Need GST filing for ${made.tag}\nThree quarters`);
  await expect(service.getByTestId("service-requirements")).not.toContainText("<");
  await expect(service).toContainText(`Can you reconcile ITC for ${made.tag}?`);
  await expect(service).toContainText("Quarterly GST returns");
  await expect(service).toContainText("Retainership");
  await expect(service).toContainText("₹1,999.00");
  const chosen = service.locator('.price-block[data-chosen="true"]');
  await expect(chosen).toHaveCount(1);
  await expect(chosen).toContainText("Price variation 2");
  await expect(chosen).toContainText("₹4,999.00");
  await expect(chosen).toHaveCSS("border-top-style", "solid");
  const blue = await chosen.evaluate((el) => getComputedStyle(el).borderTopColor);
  const other = await service
    .locator('.price-block[data-chosen="false"]')
    .first()
    .evaluate((el) => getComputedStyle(el).borderTopColor);
  expect(blue).not.toBe(other);
  await page.screenshot({ path: `test-results/shots/customer-queries-service-${test.info().project.name}.png` });
  await service.getByRole("link", { name: "Close" }).click();
  await expect(page.getByRole("dialog", { name: "Query Details" })).toBeVisible();
});

test("a long chat shows its latest messages and older ones on demand", async ({ page, apiCall }) => {
  const made = await newChat(apiCall, 70);
  const dialog = await openQuery(page, made);
  const chat = dialog.getByRole("list", { name: "Chat History" });
  await expect(chat.getByRole("listitem")).toHaveCount(50);
  await expect(chat).toContainText(`Message 70 from the provider ${made.tag}`);
  await dialog.getByRole("link", { name: "Older messages" }).click();
  const now = page.getByRole("dialog", { name: "Query Details" }).getByRole("list", { name: "Chat History" });
  await expect(now).toContainText(`Message 5 from the customer ${made.tag}`);
  await expect(page.getByRole("dialog", { name: "Query Details" }).getByRole("link", { name: "Older messages" })).toHaveCount(0);
  // with JS the older page is added above; without, it is the page before
  await expect(now.getByRole("listitem")).toHaveCount(test.info().project.name === "js" ? 70 : 20);
});

test("an admin without QueryMessage access cannot open the list", async ({ page, loginAs }) => {
  await loginAs("catalog");
  const response = await page.goto("/admin/query-msg");
  expect(response?.status()).toBe(403);
});
