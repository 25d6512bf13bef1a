import { describe, expect, it } from "vitest";
import * as invoiceRoute from "~/routes/admin.payments_.$bookingid.invoice.$view";
import type { PaymentRecord } from "~contract/payments";
import { formatInr } from "~shared/money";
import { apiCall, callRoute, requestAs, statusOf } from "../support/routes";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const payload = (result: unknown): any => result;

async function somePayments(status: string) {
  const answer = await apiCall<{ data: PaymentRecord[] }>(`/payments?status=${status}&page_size=20`);
  expect(answer.data.length).toBeGreaterThan(0);
  return answer.data;
}

const invoice = async (who: "admin" | "viewer" | "catalog", shortId: string, view: string) =>
  callRoute(invoiceRoute, await requestAs(who, `/admin/payments/${shortId}/invoice/${view}`), { bookingid: shortId, view });

describe("invoices", () => {
  it("the service provider view shows the API's exact figures", async () => {
    for (const payment of [...(await somePayments("WITHDRAWN")).slice(0, 3), ...(await somePayments("PAYMENT_SUCCESS")).slice(0, 2)]) {
      const result = payload(await invoice("admin", payment.short_id, "service-provider"));
      const sp = payment.invoice.service_provider;
      expect(result.title).toBe("Service Provider Invoice");
      expect(result.service.orderId).toBe(payment.short_id);
      expect(result.lines).toEqual([
        { label: "Amount", value: formatInr(sp.amount) },
        { label: `Service Charge (${sp.service_fee_percent}%)`, value: `- ${formatInr(sp.service_charge)}` },
        { label: "GST (18% on Service Charge)", value: `- ${formatInr(sp.gst)}` },
        { label: "Payable Amount", value: formatInr(sp.payable), strong: true },
      ]);
      expect(result.parties[0].lines).toContain(payment.serviceProviderUsername);
      expect(result.parties[1].lines).toContain(payment.userUsername);
    }
  });

  it("the user view shows the amount paid", async () => {
    const [payment] = await somePayments("PAYMENT_SUCCESS");
    const result = payload(await invoice("admin", payment.short_id, "user"));
    expect(result.title).toBe("User Invoice");
    expect(result.lines).toEqual([{ label: "Amount Paid", value: formatInr(payment.invoice.user.amount), strong: true }]);
  });

  it("only a paid payment has invoices: an order never paid says so (404), a retried order prints its paid attempt", async () => {
    const all = (await apiCall<{ data: PaymentRecord[] }>("/payments?page_size=200")).data;
    const unpaid = all.find(
      (p) => p.payment_status === "PAYMENT_CANCELLED" && all.filter((o) => o.order_id === p.order_id).every((o) => !o.has_invoice),
    )!;
    for (const view of ["service-provider", "user"]) {
      const result = await invoice("admin", unpaid.short_id, view);
      expect(statusOf(result)).toBe(404);
      expect((result as { data: { noInvoice: string } }).data.noInvoice).toBe(
        `Order ${unpaid.short_id} has no successful payment, so it has no invoice`,
      );
    }
    const retried = all.find((p) => p.attempts > 1 && p.has_invoice && all.some((o) => o.order_id === p.order_id && !o.has_invoice))!;
    const result = payload(await invoice("admin", retried.short_id, "user"));
    expect(result.lines).toEqual([{ label: "Amount Paid", value: formatInr(retried.invoice.user.amount), strong: true }]);
    expect(result.status).toBe(retried.payment_status === "WITHDRAWN" ? "Released" : "Payment Success");
  });

  it("an unknown payment or view is a 404; no Payment access is a 403", async () => {
    expect(statusOf(await invoice("admin", "ORD999999999", "user"))).toBe(404);
    expect(statusOf(await invoice("admin", "not a short id", "user"))).toBe(404);
    const [payment] = await somePayments("PAYMENT_SUCCESS");
    expect(statusOf(await invoice("admin", payment.short_id, "customer"))).toBe(404);
    expect(statusOf(await invoice("viewer", payment.short_id, "user"))).toBe(403);
    expect(statusOf(await invoice("catalog", payment.short_id, "service-provider"))).toBe(403);
  });
});
