import type { Page } from "@playwright/test";
import { DateTime } from "luxon";
import { expect, test, type apiCall as ApiCall } from "./fixtures";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

/**
 * An order of this type and status of the test's own (a copy of the demo seed's, made through the
 * e2e API's test fixture): no other test, project or retry changes it.
 */
async function orderFor(apiCall: typeof ApiCall, status: string, serviceType: string, variant = 0): Promise<Any> {
  const { data: made } = await apiCall("/test-fixtures/orders", { method: "POST", body: { serviceType, status, variant } });
  const { data } = await apiCall(`/get-bookings?search=${made.short_id}`);
  const order = data.find((o: Any) => o.order_id === made.order_id);
  expect(order, `the copied order ${made.short_id} is listed`).toMatchObject({ serviceType, status });
  return order;
}

async function statusOf(apiCall: typeof ApiCall, id: number): Promise<string> {
  return (await apiCall(`/get-order-detail?order_id=${id}`)).data.data.status;
}

const toasts = (page: Page) => page.locator(".toasts");
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/shots/${name}-${test.info().project.name}.png`, fullPage: true });

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("detail: chat with Unknown User and Invalid date, Final file, summary", async ({ page, apiCall }) => {
  const { data } = await apiCall("/get-bookings?search=ORD000001");
  const order = data[0];
  await page.goto(`/admin/bookings/${order.order_id}`);
  await expect(page.getByRole("heading", { name: `Booking ${order.short_id}` })).toBeVisible();
  const summary = page.getByRole("region", { name: "Booking Details" });
  for (const label of [
    "Type",
    "Amount",
    "Transaction Id",
    "Booking Id",
    "Paid At",
    "Service Provider",
    "Cancelled By",
    "Order Status",
    "Comment",
    "User",
    "Cancellation Reason",
  ]) {
    await expect(summary.getByText(label, { exact: true })).toBeVisible();
  }
  const chat = page.getByRole("region", { name: "Order Chat" });
  await expect(chat.getByText("Unknown User")).toBeVisible();
  await expect(chat.getByText("Invalid date")).toBeVisible();
  const files = page.getByRole("region", { name: "Order Files" });
  await expect(files.locator("tr[data-final]")).toContainText("final-1.pdf");
  await expect(files.locator("tr[data-final] .rt-Badge")).toHaveText("Final");
  await expect(page.getByRole("region", { name: "Order Data" })).toContainText("Ticket Raised At");
  await shot(page, "order-detail");
});

test("detail: video call overlap in minutes and seconds; empty chat message", async ({ page, apiCall }) => {
  const { data } = await apiCall("/get-bookings?status=InProgress&serviceType=Consultation&page_size=1");
  const detail = (await apiCall(`/get-order-detail?order_id=${data[0].order_id}`)).data.data;
  const s = detail.call_overlap_seconds;
  await page.goto(`/admin/bookings/${data[0].order_id}`);
  await expect(page.getByTestId("call-overlap")).toHaveText(`${Math.floor(s / 60)} min ${s % 60} s`);
  await expect(page.getByRole("region", { name: "Video Call Log" }).getByRole("row")).toHaveCount(detail.video_calls.length + 1);

  // an order with no chat says so
  const all = (await apiCall("/get-bookings?page_size=100")).data;
  for (const row of all) {
    const d = (await apiCall(`/get-order-detail?order_id=${row.order_id}`)).data.data;
    if (d.chats.length === 0) {
      await page.goto(`/admin/bookings/${row.order_id}`);
      await expect(page.getByText("No messages in this conversation yet.")).toBeVisible();
      return;
    }
  }
  throw new Error("no order without chats in the demo data");
});

test("unknown booking id → 404 in the shell", async ({ page }) => {
  const response = await page.goto("/admin/bookings/999999999");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("navigation").first()).toBeVisible();
});

test("reschedule: the past is refused beside the field, a future time moves the slot", async ({ page, apiCall }) => {
  const order = await orderFor(apiCall, "Scheduled", "Consultation");
  await page.goto(`/admin/bookings/${order.order_id}`);
  await page.getByRole("link", { name: "Reschedule" }).click();
  await expect(page).toHaveURL(/dialog=reschedule/);
  const dialog = page.getByRole("dialog", { name: "Reschedule Consultation" });
  const past = DateTime.now().setZone("Asia/Kolkata").minus({ days: 1 }).toFormat("yyyy-MM-dd'T'HH:mm");
  await dialog.getByLabel("New start (India time)").fill(past);
  await dialog.getByRole("button", { name: "Reschedule" }).click();
  await expect(dialog.getByText("Please select a future date")).toBeVisible();
  await expect(dialog.getByLabel("New start (India time)")).toHaveValue(past);

  const future = DateTime.now().setZone("Asia/Kolkata").plus({ days: 20 }).set({ hour: 11, minute: 15 });
  await dialog.getByLabel("New start (India time)").fill(future.toFormat("yyyy-MM-dd'T'HH:mm"));
  await dialog.getByRole("button", { name: "Reschedule" }).click();
  await expect(toasts(page)).toContainText("Consultation Rescheduled Successfully");
  await expect(page.getByRole("region", { name: "Consultation" })).toContainText(future.toFormat("yyyy-MM-dd HH:mm:00"));
  await expect(page.getByText(/The consultation now ends at \d{4}-\d{2}-\d{2}/)).toBeVisible();
  // the activity, in words: Field / Old / New, India time, by the admin
  const activity = page
    .getByRole("region", { name: "Activities" })
    .getByRole("listitem")
    .filter({ hasText: "Consultation rescheduled by admin" })
    .first();
  await expect(activity).toContainText("by Admin (admin)");
  const changes = activity.getByRole("table", { name: "Changed fields" });
  await expect(changes.getByRole("columnheader")).toHaveText(["Field", "Old", "New"]);
  await expect(changes.getByRole("row", { name: /Start time/ })).toContainText(future.toFormat("yyyy-MM-dd HH:mm:00"));
  // the stored JSON is not shown unless asked for
  await expect(activity.locator("pre")).toBeHidden();
  expect(await activity.innerText()).not.toContain("startTime");
  await shot(page, "order-activity-rescheduled");
});

test("cancel before acceptance: PRE reasons per party, comment required", async ({ page, apiCall }) => {
  const project = test.info().project.name;
  const order = await orderFor(apiCall, "Pending", "Service");
  const pre = (await apiCall("/cancellation-reason/?userType=ServiceProvider&status=PRE&serviceType=Service")).results;
  await page.goto(`/admin/bookings/${order.order_id}`);
  await page.getByRole("link", { name: "Cancel", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Cancel order ${order.short_id}` });
  await dialog.getByRole("link", { name: "Service Provider" }).click();
  await expect(page).toHaveURL(/by=ServiceProvider/);
  await expect(dialog.getByText("Reasons before acceptance (PRE)")).toBeVisible();
  const options = await dialog.getByLabel("Reason").locator("option").allTextContents();
  expect(options).toEqual(pre.map((r: Any) => r.reason));
  await dialog.getByLabel("Reason").selectOption(pre[1].reason);
  const confirm = dialog.getByRole("button", { name: "Confirm Cancel" });
  if (project === "js") {
    await expect(confirm).toBeDisabled();
  } else {
    await confirm.click();
    await expect(dialog.getByText("Please enter a comment")).toBeVisible();
    await expect(dialog.getByLabel("Reason")).toHaveValue(pre[1].reason);
  }
  await dialog.getByLabel("Comment").fill("Provider asked us to cancel");
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(toasts(page)).toContainText("Order has been cancelled successfully");
  const summary = page.getByRole("region", { name: "Booking Details" });
  await expect(summary.locator(".rt-DataListItem").filter({ hasText: "Cancelled By" })).toContainText("Service Provider");
  await expect(summary).toContainText(pre[1].reason);
  await expect(page.getByRole("button", { name: "Cancel", exact: true })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Mark Complete" })).toBeDisabled();
  expect(await statusOf(apiCall, order.order_id)).toBe("Cancelled");
  // the activity, in words; the stored JSON only behind "Raw details"
  const activity = page.getByRole("region", { name: "Activities" }).getByRole("listitem").filter({ hasText: "Cancelled by admin" }).first();
  await expect(activity).toContainText("by Admin (admin)");
  const pairs = activity.locator("dl");
  await expect(pairs).toContainText("On behalf of");
  await expect(pairs).toContainText("Service Provider");
  expect(await pairs.innerText()).not.toContain("ServiceProvider");
  await expect(pairs).toContainText(pre[1].reason);
  await expect(pairs).toContainText("Provider asked us to cancel");
  const raw = activity.locator("pre");
  await expect(raw).toBeHidden();
  await activity.getByText("Raw details").click();
  await expect(raw).toBeVisible();
  await expect(raw).toContainText(`"on_behalf_of": "ServiceProvider"`);
  await shot(page, "order-cancelled");
});

test("cancel after acceptance offers the POST reasons", async ({ page, apiCall }) => {
  const order = await orderFor(apiCall, "InProgress", "Service");
  const post = (await apiCall("/cancellation-reason/?userType=User&status=POST&serviceType=Service")).results;
  await page.goto(`/admin/bookings/${order.order_id}?dialog=cancel&by=User`);
  const dialog = page.getByRole("dialog", { name: `Cancel order ${order.short_id}` });
  await expect(dialog.getByText("Reasons after acceptance (POST)")).toBeVisible();
  expect(await dialog.getByLabel("Reason").locator("option").allTextContents()).toEqual(post.map((r: Any) => r.reason));
  await shot(page, "order-cancel-dialog");
  await dialog.getByLabel("Comment").fill("Client changed plans");
  await dialog.getByRole("button", { name: "Confirm Cancel" }).click();
  await expect(toasts(page)).toContainText("Order has been cancelled successfully");
  await expect(page.getByRole("region", { name: "Booking Details" }).locator('[data-status="Cancelled"]')).toBeVisible();
});

test("mark complete through the confirmation", async ({ page, apiCall }) => {
  const order = await orderFor(apiCall, "InProgress", "AddOnService");
  await page.goto(`/admin/bookings/${order.order_id}`);
  await page.getByRole("link", { name: "Mark Complete" }).click();
  await expect(page).toHaveURL(/dialog=complete/);
  const dialog = page.getByRole("dialog", { name: "Mark Complete" });
  await dialog.getByRole("button", { name: "Mark Complete" }).click();
  await expect(toasts(page)).toContainText("Order has been marked as completed");
  await expect(page.getByRole("button", { name: "Mark Complete" })).toBeDisabled();
  expect(await statusOf(apiCall, order.order_id)).toBe("Completed");
});

test("Mark Complete opened by its URL focuses Cancel: Enter completes nothing", async ({ page, apiCall }) => {
  const order = await orderFor(apiCall, "InProgress", "AddOnService");
  await page.goto(`/admin/bookings/${order.order_id}?dialog=complete`);
  const dialog = page.getByRole("dialog", { name: "Mark Complete" });
  await expect(dialog.getByRole("link", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  expect(await statusOf(apiCall, order.order_id)).toBe("InProgress");
});

test("a Completed order offers neither Cancel nor Mark Complete", async ({ page, apiCall }) => {
  const { data } = await apiCall("/get-bookings?status=Completed&serviceType=Retainership&page_size=1");
  await page.goto(`/admin/bookings/${data[0].order_id}?dialog=cancel`);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cancel", exact: true })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Mark Complete" })).toBeDisabled();
});

test("the same screen under /admin/payments/{id}", async ({ page, apiCall, loginAs }) => {
  const { data } = await apiCall("/get-bookings?status=Completed&page_size=1");
  await page.goto(`/admin/payments/${data[0].order_id}`);
  await expect(page.getByRole("heading", { name: `Booking ${data[0].short_id}` })).toBeVisible();
  await loginAs("support");
  const response = await page.goto(`/admin/payments/${data[0].order_id}`);
  expect(response?.status()).toBe(403);
});

/** An order's files (GET /get-order-related-files). */
async function filesOf(apiCall: typeof ApiCall, orderId: number): Promise<string[]> {
  return (await apiCall(`/get-order-related-files?order_id=${orderId}`)).data.map((f: Any) => f.file);
}

/** Two orders with files, found through the API (their files are read, never changed). */
async function ordersWithFiles(apiCall: typeof ApiCall): Promise<{ order: Any; files: string[] }[]> {
  const found: { order: Any; files: string[] }[] = [];
  for (const order of (await apiCall("/get-bookings?page_size=100")).data) {
    const files = await filesOf(apiCall, order.order_id);
    if (files.length >= 2) found.push({ order, files });
    if (found.length === 2) return found;
  }
  throw new Error("the demo data has fewer than two orders with files");
}

test("order files open and download through the admin, under the page's own path; another order's file is told", async ({
  page,
  apiCall,
}) => {
  const [{ order, files }, { files: otherFiles }] = await ordersWithFiles(apiCall);
  const name = files[0];
  await page.goto(`/admin/bookings/${order.order_id}`);
  const region = page.getByRole("region", { name: "Order Files" });
  const open = region.getByRole("link", { name, exact: true });
  await expect(open).toHaveAttribute("href", `/admin/bookings/${order.order_id}/files/${encodeURIComponent(name)}`);
  // the demo seed stored a real file: a PDF shown inline
  const inline = await page.request.get((await open.getAttribute("href")) as string);
  expect(inline.status()).toBe(200);
  expect(inline.headers()["content-type"]).toBe("application/pdf");
  expect(inline.headers()["content-disposition"]).toMatch(/^inline;/);
  expect((await inline.body()).subarray(0, 8).toString("latin1")).toBe("%PDF-1.4");
  const [download] = await Promise.all([page.waitForEvent("download"), region.getByRole("link", { name: `Download ${name}` }).click()]);
  expect(download.suggestedFilename()).toBe(name);

  // the payment detail (named by short id) links to its own route (Payment access)
  await page.goto(`/admin/payments/${order.short_id}`);
  const viaPayments = page.getByRole("region", { name: "Order Files" }).getByRole("link", { name, exact: true });
  await expect(viaPayments).toHaveAttribute("href", `/admin/payments/${order.short_id}/files/${encodeURIComponent(name)}`);
  expect((await page.request.get((await viaPayments.getAttribute("href")) as string)).status()).toBe(200);

  // another order's file is not served through this booking: back to it, with the reason
  const foreign = otherFiles.find((f) => !files.includes(f))!;
  await page.goto(`/admin/bookings/${order.order_id}/files/${encodeURIComponent(foreign)}`);
  await expect(page).toHaveURL(new RegExp(`/admin/bookings/${order.order_id}$`));
  await expect(toasts(page)).toContainText(`The file could not be downloaded: ${foreign} was not found.`);
});

/** An open Consultation order whose booked offerings text matches (found by its text through the API). */
async function openConsultation(apiCall: typeof ApiCall, matches: (offerings: string) => boolean): Promise<Any> {
  for (const status of ["Pending", "Scheduled"]) {
    for (const row of (await apiCall(`/get-bookings?status=${status}&serviceType=Consultation&page_size=100`)).data) {
      const detail = (await apiCall(`/get-order-detail?order_id=${row.order_id}`)).data.data;
      if (detail.consultation && matches(detail.booked_service.offerings)) return detail;
    }
  }
  throw new Error("no such open Consultation order in the demo data");
}

test("reschedule an offering that names no minutes: the dialog asks for the duration", async ({ page, apiCall }) => {
  // a copy of the seed's "Quick Video Consultation" (the one the API used to refuse), of this test's own
  const made = await orderFor(apiCall, "Pending", "Consultation", 1);
  const order = (await apiCall(`/get-order-detail?order_id=${made.order_id}`)).data.data;
  expect(order.booked_service.offerings).not.toMatch(/\d/);
  const js = test.info().project.name === "js";
  await page.goto(`/admin/bookings/${order.order_id}`);
  await page.getByRole("link", { name: "Reschedule" }).click();
  await expect(page).toHaveURL(/dialog=reschedule/);
  const dialog = page.getByRole("dialog", { name: "Reschedule Consultation" });
  await expect(dialog).toContainText(`“${order.booked_service.offerings}” does not say how long the consultation lasts`);
  const duration = dialog.getByLabel("Duration (minutes)");
  const slot = order.consultation.consultationDetails.selectedSlot;
  await expect(duration).toHaveValue(String((Date.parse(slot.endTime) - Date.parse(slot.startTime)) / 60_000));

  const start = DateTime.now()
    .setZone("Asia/Kolkata")
    .plus({ days: js ? 40 : 41 })
    .set({ hour: js ? 10 : 16, minute: js ? 5 : 50, second: 0, millisecond: 0 });
  const minutes = js ? 20 : 35;
  await dialog.getByLabel("New start (India time)").fill(start.toFormat("yyyy-MM-dd'T'HH:mm"));
  await duration.fill("");
  await duration.fill(String(minutes));
  await dialog.getByRole("button", { name: "Reschedule" }).click();
  await expect(toasts(page)).toContainText("Consultation Rescheduled Successfully");
  const mine = page
    .getByRole("region", { name: "Activities" })
    .getByRole("listitem")
    .filter({ hasText: "Consultation rescheduled by admin" })
    .filter({ hasText: start.toFormat("yyyy-MM-dd HH:mm:00") });
  await expect(mine.getByRole("row", { name: /End time/ })).toContainText(start.plus({ minutes }).toFormat("yyyy-MM-dd HH:mm:00"));
});

test("reschedule of an offering that names its minutes says so and asks no duration", async ({ page, apiCall }) => {
  const order = await openConsultation(apiCall, (offerings) => /^\d+ Minutes/.test(offerings));
  await page.goto(`/admin/bookings/${order.order_id}?dialog=reschedule`);
  const dialog = page.getByRole("dialog", { name: "Reschedule Consultation" });
  await expect(dialog).toContainText(
    `Duration: ${/^(\d+)/.exec(order.booked_service.offerings)![1]} minutes, as the booked offering “${order.booked_service.offerings}” says.`,
  );
  await expect(dialog.getByLabel("Duration (minutes)")).toHaveCount(0);
});

test("parties and service types read in words on the booking detail (Service Provider, Add-On Service)", async ({ page, apiCall }) => {
  let cancelled: Any = null;
  for (const row of (await apiCall("/get-bookings?status=Cancelled&page_size=100")).data) {
    const detail = (await apiCall(`/get-order-detail?order_id=${row.order_id}`)).data.data;
    if (detail.cancelled_orders.at(-1)?.cancelled_by === "ServiceProvider") {
      cancelled = detail;
      break;
    }
  }
  expect(cancelled).not.toBeNull();
  await page.goto(`/admin/bookings/${cancelled.order_id}`);
  const summary = page.getByRole("region", { name: "Booking Details" });
  await expect(summary.locator(".rt-DataListItem").filter({ hasText: "Cancelled By" })).toContainText("Service Provider");
  await expect(page.getByRole("table", { name: "Cancellations" })).toContainText("Service Provider");
  expect(await page.locator("main").innerText()).not.toContain("ServiceProvider");

  // (a Partially Completed order: no other test changes those)
  const [addOn] = (await apiCall("/get-bookings?serviceType=AddOnService&status=PartialyCompleted&page_size=1")).data;
  await page.goto(`/admin/bookings/${addOn.order_id}`);
  await expect(page.getByRole("region", { name: "Booking Details" })).toContainText("Add-On Service");
  await expect(page.getByRole("region", { name: "Order Data" }).getByText("Partially Completed", { exact: true })).toBeVisible();
  expect(await page.locator("main").innerText()).not.toMatch(/AddOnService|PartialyCompleted/);
});
