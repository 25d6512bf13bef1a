/**
 * /admin/settings: the tabs (one URL each) and Cancellation Settings: reasons added, edited (a stale
 * edit answered 409 with the typed values kept), deleted, reordered, and then offered in that order
 * by an order's cancel dialog. Each test makes its own reasons (User, AddOnService: a set no other
 * spec lists whole) with unique texts, and asserts the relative order of its own reasons only.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test, type apiCall as ApiCall } from "./fixtures";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const TAB = "/admin/settings?tab=cancellation";
const unique = (label: string) => `${label} ${test.info().project.name} ${Math.random().toString(36).slice(2, 8)}`;
const toasts = (page: Page) => page.locator(".toasts");
const userTable = (page: Page) => page.getByRole("region", { name: "User", exact: true });
const rowOf = (table: Locator, text: string) => table.getByRole("row").filter({ hasText: text });

async function makeReason(apiCall: typeof ApiCall, reason: string, status: "PRE" | "POST" = "PRE"): Promise<Any> {
  return apiCall("/cancellation-reason/", {
    method: "POST",
    actingAdmin: "admin",
    body: { reason, repercussion: "Nothing kept", status, service_type: "AddOnService", user_type: "User" },
  });
}
const removeReasons = (apiCall: typeof ApiCall, ids: number[]) =>
  Promise.all(ids.map((id) => apiCall(`/cancellation-reason/${id}/`, { method: "DELETE", actingAdmin: "admin" }).catch(() => undefined)));

/** The texts among `mine` in the order the User table shows them. */
async function shownOrder(page: Page, mine: string[]): Promise<string[]> {
  const cells = await userTable(page).locator("tbody tr td:nth-child(2)").allTextContents();
  return cells.filter((text) => mine.includes(text));
}

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("one tab per URL: the tabs are a nav, General Settings first", async ({ page }) => {
  await page.goto("/admin/settings");
  await expect(page).toHaveTitle("Admin | Settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Settings tabs" });
  await expect(tabs.getByRole("link")).toHaveText([
    "General Settings",
    "Category Settings",
    "Payment Gateway",
    "Set Instructions/Content",
    "Create Service Settings",
    "Cancellation Settings",
  ]);
  await expect(tabs.getByRole("link", { name: "General Settings" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("form", { name: "General Settings" })).toBeVisible();

  await tabs.getByRole("link", { name: "Cancellation Settings" }).click();
  await expect(page).toHaveURL(/\?tab=cancellation$/);
  await expect(tabs.getByRole("link", { name: "Cancellation Settings" })).toHaveAttribute("aria-current", "page");
  await expect(tabs.getByRole("link", { name: "General Settings" })).not.toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("region", { name: "Service Provider" })).toBeVisible();
  await expect(userTable(page).getByRole("columnheader")).toHaveText([
    "Position",
    "Reason",
    "Repercussion",
    "Stage",
    "Service Type",
    "Actions",
  ]);
  await expect(page.getByText("This tab is coming in the next release")).toHaveCount(0);
  await expect(page).toHaveTitle("Admin | Settings");
});

test("adds, edits and deletes a reason", async ({ page, apiCall }) => {
  const text = unique("E2E reason");
  const edited = `${text} edited`;
  try {
    await page.goto(TAB);
    await userTable(page).getByRole("link", { name: "Add Reason for User" }).click();
    await expect(page).toHaveURL(/dialog=add&party=User/);
    const dialog = page.getByRole("dialog", { name: "Add Cancellation Reason" });
    await expect(dialog.getByLabel("Party")).toHaveValue("User");
    // refused: the field messages, the typed values kept
    await dialog.getByLabel("Repercussion").fill("Fee kept");
    await dialog.getByRole("button", { name: "Add Reason" }).click();
    await expect(dialog.getByText("Please enter a reason")).toBeVisible();
    // the messages name the choices as the dialog shows them
    await expect(dialog.getByText("Please choose Pre-Acceptance or Post-Acceptance", { exact: true })).toBeVisible();
    await expect(
      dialog.getByText("Please select a service type (Consultation, Service, Retainership, Add-On Service)", { exact: true }),
    ).toBeVisible();
    await expect(dialog.getByLabel("Repercussion")).toHaveValue("Fee kept");

    await dialog.getByLabel("Reason").fill(text);
    await dialog.getByLabel("Stage").selectOption("PRE");
    await dialog.getByLabel("Service Type").selectOption("AddOnService");
    await dialog.getByRole("button", { name: "Add Reason" }).click();
    await expect(toasts(page)).toContainText("Settings Saved Successfully");
    await expect(page).toHaveURL(/\?tab=cancellation$/);
    const row = rowOf(userTable(page), text);
    await expect(row).toContainText("Fee kept");
    await expect(row).toContainText("Pre-Acceptance");
    await expect(row).toContainText("Add-On Service");

    await row.getByRole("link", { name: `Edit: ${text}` }).click();
    const editor = page.getByRole("dialog", { name: "Edit Cancellation Reason" });
    await expect(editor.getByLabel("Reason")).toHaveValue(text);
    await editor.getByLabel("Reason").fill(edited);
    await editor.getByLabel("Stage").selectOption("POST");
    await editor.getByRole("button", { name: "Save Changes" }).click();
    await expect(toasts(page)).toContainText("Settings Saved Successfully");
    const editedRow = rowOf(userTable(page), edited);
    await expect(editedRow).toContainText("Post-Acceptance");

    await editedRow.getByRole("link", { name: `Delete: ${edited}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Cancellation Reason" });
    await expect(confirm).toContainText(edited);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toasts(page)).toContainText("Cancellation Reason Deleted Successfully");
    await expect(rowOf(userTable(page), edited)).toHaveCount(0);
  } finally {
    const left = (await apiCall("/cancellation-reason/?userType=User")).results.filter((r: Any) => r.reason.startsWith(text));
    await removeReasons(
      apiCall,
      left.map((r: Any) => r.reasons_id),
    );
  }
});

test("a stale edit is answered with who saved it, the typed values kept", async ({ page, apiCall }) => {
  const mine = await makeReason(apiCall, unique("E2E stale"));
  try {
    await page.goto(`${TAB}&dialog=edit&id=${mine.reasons_id}`);
    const editor = page.getByRole("dialog", { name: "Edit Cancellation Reason" });
    await expect(editor.getByLabel("Reason")).toHaveValue(mine.reason);
    await apiCall(`/cancellation-reason/${mine.reasons_id}/`, {
      method: "PUT",
      actingAdmin: "catalog",
      body: { repercussion: "Theirs", updated_at: mine.updated_at },
    });
    await editor.getByLabel("Repercussion").fill("Mine to re-apply");
    await editor.getByRole("button", { name: "Save Changes" }).click();
    await expect(editor.getByRole("alert").filter({ hasText: "catalog changed this cancellation reason" })).toBeVisible();
    await expect(editor.getByText(/Saved by catalog at/)).toBeVisible();
    await expect(editor.getByLabel("Repercussion")).toHaveValue("Mine to re-apply");
    expect((await apiCall(`/cancellation-reason/${mine.reasons_id}/`)).data.repercussion).toBe("Theirs");
  } finally {
    await removeReasons(apiCall, [mine.reasons_id]);
  }
});

test("issue 29: the same reason again (spaces and case aside) is refused beside the Reason field, naming the existing one", async ({
  page,
  apiCall,
}) => {
  const mine = await makeReason(apiCall, unique("E2E twin"), "POST");
  try {
    await page.goto(`${TAB}&dialog=add&party=User`);
    const dialog = page.getByRole("dialog", { name: "Add Cancellation Reason" });
    const typed = ` ${mine.reason.toUpperCase().replace(/ /g, "  ")} `;
    await dialog.getByLabel("Reason").fill(typed);
    await dialog.getByLabel("Stage").selectOption("POST");
    await dialog.getByLabel("Service Type").selectOption("AddOnService");
    await dialog.getByLabel("Repercussion").fill("Kept text");
    await dialog.getByRole("button", { name: "Add Reason" }).click();
    const message = `This reason already exists for User, Post-Acceptance, Add-On Service: "${mine.reason}" (#${mine.reasons_id})`;
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    await expect(dialog.getByLabel("Reason")).toHaveAccessibleDescription(message);
    await expect(dialog.getByLabel("Reason")).toHaveValue(typed);
    await expect(dialog.getByLabel("Repercussion")).toHaveValue("Kept text");
    const list = (await apiCall("/cancellation-reason/?userType=User")).results as Any[];
    expect(list.filter((r) => r.reason.toLowerCase() === mine.reason.toLowerCase())).toHaveLength(1);
  } finally {
    await removeReasons(apiCall, [mine.reasons_id]);
  }
});

test("reordered with Move up / Move down, the cancel dialog offers them in that order", async ({ page, apiCall }) => {
  const [a, b, c] = [unique("E2E order A"), unique("E2E order B"), unique("E2E order C")];
  const made = [await makeReason(apiCall, a), await makeReason(apiCall, b), await makeReason(apiCall, c)];
  try {
    await page.goto(TAB);
    expect(await shownOrder(page, [a, b, c])).toEqual([a, b, c]);

    await userTable(page)
      .getByRole("button", { name: `Move up: ${c}` })
      .click();
    await expect(toasts(page)).toContainText("Settings Saved Successfully");
    await expect.poll(() => shownOrder(page, [a, b, c])).toEqual([a, c, b]);
    await userTable(page)
      .getByRole("button", { name: `Move up: ${c}` })
      .click();
    await expect.poll(() => shownOrder(page, [a, b, c])).toEqual([c, a, b]);
    await userTable(page)
      .getByRole("button", { name: `Move down: ${a}` })
      .click();
    await expect.poll(() => shownOrder(page, [a, b, c])).toEqual([c, b, a]);
    await page.reload();
    expect(await shownOrder(page, [a, b, c])).toEqual([c, b, a]);

    // an AddOnService order before acceptance offers the User's PRE reasons in the list's order
    const { data: order } = await apiCall("/test-fixtures/orders", {
      method: "POST",
      body: { serviceType: "AddOnService", status: "Pending", variant: 0 },
    });
    await page.goto(`/admin/bookings/${order.order_id}?dialog=cancel&by=User`);
    const dialog = page.getByRole("dialog", { name: /^Cancel order/ });
    const options = await dialog.getByLabel("Reason").locator("option").allTextContents();
    expect(options.filter((o) => [a, b, c].includes(o))).toEqual([c, b, a]);
  } finally {
    await removeReasons(
      apiCall,
      made.map((r) => r.reasons_id),
    );
  }
});

test("reordered by dragging a row (JS)", async ({ page, apiCall }) => {
  test.skip(test.info().project.name !== "js", "drag and drop needs JavaScript; without it the Move buttons reorder");
  const [x, y] = [unique("E2E drag X"), unique("E2E drag Y")];
  const made = [await makeReason(apiCall, x), await makeReason(apiCall, y)];
  try {
    await page.goto(TAB);
    expect(await shownOrder(page, [x, y])).toEqual([x, y]);
    await expect(rowOf(userTable(page), y)).toHaveAttribute("draggable", "true");
    await rowOf(userTable(page), y).dragTo(rowOf(userTable(page), x));
    await expect(toasts(page)).toContainText("Settings Saved Successfully");
    await expect.poll(() => shownOrder(page, [x, y])).toEqual([y, x]);
    const api = (await apiCall("/cancellation-reason/?userType=User")).results
      .map((r: Any) => r.reason)
      .filter((r: string) => r === x || r === y);
    expect(api).toEqual([y, x]);
  } finally {
    await removeReasons(
      apiCall,
      made.map((r) => r.reasons_id),
    );
  }
});

test("a reason's delete confirmation opened by its URL focuses Cancel: Enter deletes nothing", async ({ page, apiCall }) => {
  const mine = await makeReason(apiCall, unique("E2E focus"));
  try {
    await page.goto(`${TAB}&dialog=delete&id=${mine.reasons_id}`);
    const confirm = page.getByRole("dialog", { name: "Delete Cancellation Reason" });
    await expect(confirm.getByRole("link", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(confirm).toBeHidden();
    expect((await apiCall(`/cancellation-reason/${mine.reasons_id}/`)).data.reason).toBe(mine.reason);
  } finally {
    await removeReasons(apiCall, [mine.reasons_id]);
  }
});
