/**
 * Two-person release through the admin's routes (issue 34 §1): the threshold saved on Settings →
 * Payment Gateway; a Release at or above it becomes a request; another admin approves or rejects
 * it from the payments list; the requester is never offered Approve; the dashboard counts requests.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as listRoute from "~/routes/admin.payments._index";
import * as settingsRoute from "~/routes/admin.settings";
import * as dashboardRoute from "~/routes/admin._index";
import * as detailRoute from "~/routes/admin.payments.$bookingid";
import type { PaymentRecord } from "~contract/payments";
import { PAYOUT_MESSAGES } from "~contract/payouts";
import type { PaymentsPageData } from "~/models/payments";
import { apiCall, callRoute, readToast, requestAs, statusOf } from "../support/routes";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- loader/action payloads read by property
function payload(result: unknown): any {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: unknown }).data;
  return result;
}

const THRESHOLD = "300000.00";
const settingsUrl = "/admin/settings?tab=payment-gateway";

async function saveThreshold(threshold: string) {
  const panel = payload(await callRoute(settingsRoute, await requestAs("admin", settingsUrl))).panel.data;
  const { frame } = panel.payout;
  return callRoute(
    settingsRoute,
    await requestAs("admin", settingsUrl, {
      form: { intent: "save-release-threshold", version: frame.version, part: frame.part, threshold },
    }),
  );
}

/** A completed order of the test's own, its successful payment this many rupees. */
async function paymentOf(amount: string): Promise<PaymentRecord> {
  const made = await apiCall<{ data: { short_id: string; payments: { payment_id: number; payment_status: string }[] } }>(
    "/test-fixtures/orders",
    { method: "POST", body: { serviceType: "Service", status: "Completed", variant: 1, amount, payment_status: "PAYMENT_SUCCESS" } },
  );
  const id = made.data.payments.find((p) => p.payment_status === "PAYMENT_SUCCESS")!.payment_id;
  return (await apiCall<{ data: PaymentRecord }>(`/payments/${id}`)).data;
}

const listOf = async (who: "admin" | "finance", search: string) =>
  payload(await callRoute(listRoute, await requestAs(who, `/admin/payments?${search}`))) as PaymentsPageData;
const post = async (who: "admin" | "finance", search: string, form: Record<string, string>) =>
  callRoute(listRoute, await requestAs(who, `/admin/payments?${search}`, { form }));

describe("two-person release", () => {
  beforeAll(async () => {
    const saved = await saveThreshold(THRESHOLD);
    expect(statusOf(saved)).toBe(302);
  });
  afterAll(async () => {
    await saveThreshold("");
  });

  it("the threshold is saved on Payment Gateway and shown back; a bad amount is refused beside the field", async () => {
    const panel = payload(await callRoute(settingsRoute, await requestAs("admin", settingsUrl))).panel.data;
    expect(panel.payout.draft.threshold).toBe(THRESHOLD);
    const { frame } = panel.payout;
    const refused = await callRoute(
      settingsRoute,
      await requestAs("admin", settingsUrl, {
        form: { intent: "save-release-threshold", version: frame.version, part: frame.part, threshold: "12.345" },
      }),
    );
    expect(statusOf(refused)).toBe(400);
    expect(payload(refused).fieldErrors.threshold).toBeTruthy();
    const after = payload(await callRoute(settingsRoute, await requestAs("admin", settingsUrl))).panel.data;
    expect(after.payout.draft.threshold).toBe(THRESHOLD);
  });

  it("a Release at the threshold asks first, then becomes a request; the requester sees no Approve, another admin approves", async () => {
    const payment = await paymentOf("600000.00");
    const search = `provider=${payment.serviceProvider_id}&release_state=&page_size=100`;
    const dialog = (await listOf("admin", `dialog=release&id=${payment.payment_id}`)).dialog;
    expect(dialog).toMatchObject({ id: payment.payment_id, needsApproval: true });

    const released = await post("admin", search, { intent: "release", id: String(payment.payment_id) });
    expect(statusOf(released)).toBe(302);
    expect((await readToast(released as Response))?.message).toBe(PAYOUT_MESSAGES.requested);

    const mine = (await listOf("admin", `release_state=requested&page_size=100`)).rows.find((r) => r.id === payment.payment_id);
    expect(mine?.release).toMatchObject({ state: "Requested", text: "Requested by admin", own: true, decidable: true });
    expect(mine?.releasable).toBe(false);
    // the requester's own Approve: told, nothing to confirm; and the API refuses it too
    const ownDialog = await listOf("admin", `dialog=approve-release&id=${payment.payment_id}`);
    expect(ownDialog.requestDialog).toBeNull();
    expect(ownDialog.notice?.title).toBe("You requested this release");
    const payoutId = mine!.release && (await apiCall<{ data: PaymentRecord }>(`/payments/${payment.payment_id}`)).data.release!.payout_id;
    const own = await post("admin", `dialog=approve-release&id=${payment.payment_id}`, { intent: "approve-release", id: String(payoutId) });
    expect(statusOf(own)).toBe(403);
    expect(payload(own).formError).toBe(PAYOUT_MESSAGES.ownRequest);

    // the dashboard counts it for an admin with Payment access
    const dashboard = payload(await callRoute(dashboardRoute, await requestAs("finance", "/admin")));
    const card = JSON.stringify(dashboard).includes("Release requests awaiting approval");
    expect(card).toBe(true);

    const theirs = (await listOf("finance", `release_state=requested&page_size=100`)).rows.find((r) => r.id === payment.payment_id);
    expect(theirs?.release).toMatchObject({ own: false, decidable: true });
    const approveDialog = (await listOf("finance", `dialog=approve-release&id=${payment.payment_id}`)).requestDialog;
    expect(approveDialog).toMatchObject({ kind: "approve-release", payoutId, requestedBy: "admin", own: false });
    const approved = await post("finance", `dialog=approve-release&id=${payment.payment_id}`, {
      intent: "approve-release",
      id: String(payoutId),
    });
    expect(statusOf(approved)).toBe(302);
    expect((approved as Response).headers.get("Location")).not.toContain("dialog=");
    expect((await readToast(approved as Response))?.message).toBe(PAYOUT_MESSAGES.approved);
    const after = (await apiCall<{ data: PaymentRecord }>(`/payments/${payment.payment_id}`)).data;
    expect(after.payment_status).toBe("WITHDRAWN");
    expect(after.release).toMatchObject({ state: "Approved", requested_by: "admin", decided_by: "finance" });
    // the payment's detail page says who asked and who approved
    const detail = payload(
      await callRoute(detailRoute, await requestAs("finance", `/admin/payments/${payment.short_id}`), { bookingid: payment.short_id }),
    );
    expect(detail.release.state).toBe("Approved");
    const items = Object.fromEntries(detail.release.items.map((i: { label: string; value: string }) => [i.label, i.value]));
    expect(items["Requested by"]).toMatch(/^admin on /);
    expect(items["Approved by"]).toMatch(/^finance on /);
    expect(detail.release.ledgerHref).toBe(`/admin/payments/ledger?provider=${payment.serviceProvider_id}`);
    // approving again: the dialog says what became of it
    const again = await listOf("finance", `dialog=approve-release&id=${payment.payment_id}`);
    expect(again.requestDialog).toBeNull();
    expect(again.notice?.message).toContain("Approved by finance");
  });

  it("Reject needs a reason (the dialog comes back with it), then the payment can be released again", async () => {
    const payment = await paymentOf("650000.00");
    expect(statusOf(await post("admin", "", { intent: "release", id: String(payment.payment_id) }))).toBe(302);
    const payoutId = (await apiCall<{ data: PaymentRecord }>(`/payments/${payment.payment_id}`)).data.release!.payout_id;
    const at = `dialog=reject-release&id=${payment.payment_id}`;
    const empty = await post("finance", at, { intent: "reject-release", id: String(payoutId), reason: "   " });
    expect(statusOf(empty)).toBe(400);
    expect(payload(empty).fieldErrors.reason).toBe(PAYOUT_MESSAGES.reasonRequired);
    const rejected = await post("finance", at, { intent: "reject-release", id: String(payoutId), reason: "Provider disputes the amount" });
    expect(statusOf(rejected)).toBe(302);
    expect((await readToast(rejected as Response))?.message).toBe(PAYOUT_MESSAGES.rejected);
    const row = (await listOf("admin", "release_state=rejected&page_size=100")).rows.find((r) => r.id === payment.payment_id);
    expect(row?.release).toMatchObject({ state: "Rejected", text: "Rejected by finance", detail: "Provider disputes the amount" });
    expect(row?.releasable).toBe(true);
  });

  it("an admin without Payment access cannot open or post to the payments list", async () => {
    expect(statusOf(await callRoute(listRoute, await requestAs("support", "/admin/payments")))).toBe(403);
    expect(statusOf(await post("support" as "admin", "", { intent: "approve-release", id: "1" }))).toBe(403);
  });
});
