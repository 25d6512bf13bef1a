/**
 * Two-person release (issue 34 §1), JS on and off: at or above the threshold admin's Release asks a
 * second admin; finance approves it (or rejects it with a reason) from the payments list.
 */
import type { Page } from "@playwright/test";
import { expect, test, type apiCall as ApiCall } from "./fixtures";
import type { PaymentRecord } from "~contract/payments";
import { formatInr } from "~shared/money";

// the same value every test sets: the demo's payments (far below) release as before meanwhile
const THRESHOLD = "300000.00";

async function setThreshold(apiCall: typeof ApiCall) {
  const { data } = await apiCall<{ data: { updated_at: string | null; setting1: { release_approval_threshold?: string | null } | null } }>(
    "/get-setting?setting_name=PayoutSetting",
  );
  if (data.setting1?.release_approval_threshold === THRESHOLD) return;
  await apiCall("/upsert-setting?setting_name=PayoutSetting", {
    method: "PUT",
    actingAdmin: "admin",
    body: { settingName: "PayoutSetting", setting1: { release_approval_threshold: THRESHOLD }, updated_at: data.updated_at },
  }).catch(async () => {
    // another worker saved it meanwhile: the same value
    const again = await apiCall<{ data: { setting1: { release_approval_threshold?: string | null } | null } }>(
      "/get-setting?setting_name=PayoutSetting",
    );
    expect(again.data.setting1?.release_approval_threshold).toBe(THRESHOLD);
  });
}

/** A completed order of this test's own whose successful payment pays the provider above the threshold. */
async function largePayment(apiCall: typeof ApiCall): Promise<PaymentRecord> {
  const { data: order } = await apiCall<{ data: { payments: { payment_id: number; payment_status: string }[] } }>("/test-fixtures/orders", {
    method: "POST",
    body: { serviceType: "Service", status: "Completed", variant: 1, amount: "700000.00", payment_status: "PAYMENT_SUCCESS" },
  });
  const paid = order.payments.find((p) => p.payment_status === "PAYMENT_SUCCESS")!;
  const { data } = await apiCall<{ data: PaymentRecord }>(`/payments/${paid.payment_id}`);
  expect(data.release_needs_approval).toBe(true);
  return data;
}

const listUrl = (p: PaymentRecord) => `/admin/payments?provider=${p.serviceProvider_id}&status=PAYMENT_SUCCESS&page_size=100`;
const rowOf = (page: Page, p: PaymentRecord) => page.getByRole("row").filter({ hasText: p.short_id });

async function requestRelease(page: Page, payment: PaymentRecord) {
  await page.goto(listUrl(payment));
  await page.getByRole("link", { name: `Release ${payment.short_id}` }).click();
  const dialog = page.getByRole("dialog", { name: "Request this release?" });
  await expect(dialog).toContainText(
    `Release ${formatInr(payment.invoice.service_provider.payable)} to ${payment.serviceProviderUsername}`,
  );
  await expect(dialog).toContainText("needs a second admin");
  await dialog.getByRole("button", { name: "Request release" }).click();
  await expect(page.locator(".toasts")).toContainText("Release requested: another admin with Payment access must approve it");
  await expect(page).not.toHaveURL(/dialog=/);
  const row = rowOf(page, payment);
  await expect(row).toContainText("Requested by admin");
  await expect(row).toContainText("Awaiting another admin");
  await expect(row.getByRole("link", { name: `Approve the release of ${payment.short_id}` })).toHaveCount(0);
}

test("a large release waits for a second admin, who approves it", async ({ page, apiCall, loginAs }) => {
  await setThreshold(apiCall);
  const payment = await largePayment(apiCall);
  await loginAs("admin");
  await requestRelease(page, payment);
  expect((await apiCall<{ data: PaymentRecord }>(`/payments/${payment.payment_id}`)).data.payment_status).toBe("PAYMENT_SUCCESS");

  await loginAs("finance");
  await page.goto("/admin/payments?release_state=requested&page_size=100");
  await expect(page.getByLabel("Release state")).toHaveValue("requested");
  await page.getByRole("link", { name: `Approve the release of ${payment.short_id}` }).click();
  const dialog = page.getByRole("dialog", { name: "Approve this release?" });
  await expect(dialog).toContainText("admin asked on");
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expect(page.locator(".toasts")).toContainText("Release approved: the payment is released");
  await expect(page).not.toHaveURL(/dialog=/);
  const after = (await apiCall<{ data: PaymentRecord }>(`/payments/${payment.payment_id}`)).data;
  expect(after.payment_status).toBe("WITHDRAWN");
  expect(after.release).toMatchObject({ state: "Approved", requested_by: "admin", decided_by: "finance" });
  await page.goto(`/admin/payments?provider=${payment.serviceProvider_id}&status=WITHDRAWN&page_size=100`);
  await expect(rowOf(page, payment)).toContainText("Approved by finance");
});

test("a rejection needs a reason; the payment can then be asked again", async ({ page, apiCall, loginAs }) => {
  await setThreshold(apiCall);
  const payment = await largePayment(apiCall);
  await loginAs("admin");
  await requestRelease(page, payment);

  await loginAs("finance");
  await page.goto(listUrl(payment));
  await page.getByRole("link", { name: `Reject the release of ${payment.short_id}` }).click();
  const dialog = page.getByRole("dialog", { name: "Reject this release request?" });
  await expect(dialog).toBeVisible();
  // the browser's own check is not the only one: a blank reason (spaces) is refused by the server
  await dialog.getByLabel("Reason").fill("   ");
  await dialog.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByRole("dialog", { name: "Reject this release request?" })).toContainText("Please enter the reason");
  await page.getByRole("dialog").getByLabel("Reason").fill("Provider disputes the amount");
  await page.getByRole("dialog").getByRole("button", { name: "Reject" }).click();
  await expect(page.locator(".toasts")).toContainText("Release request rejected");
  const row = rowOf(page, payment);
  // the reason is the cell's title, and on the payment's page
  await expect(row.getByText("Rejected by finance")).toHaveAttribute("title", "Provider disputes the amount");
  // released again by someone else: a new request
  await expect(row.getByRole("link", { name: `Release ${payment.short_id}` })).toBeVisible();
});

test("the threshold is set on Settings → Payment Gateway", async ({ page, loginAs, apiCall }) => {
  await setThreshold(apiCall);
  await loginAs("admin");
  await page.goto("/admin/settings?tab=payment-gateway");
  const form = page.getByRole("form", { name: "Two-person release" });
  await expect(form.getByLabel("Releases needing a second admin from (₹)")).toHaveValue(THRESHOLD);
  await form.getByLabel("Releases needing a second admin from (₹)").fill("12.345");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("form", { name: "Two-person release" })).toContainText("at most 2 decimals");
  // the stored value did not change
  const { data } = await apiCall<{ data: { setting1: { release_approval_threshold: string | null } } }>(
    "/get-setting?setting_name=PayoutSetting",
  );
  expect(data.setting1.release_approval_threshold).toBe(THRESHOLD);
});
