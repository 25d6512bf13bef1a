import { describe, expect, it } from "vitest";
import * as listRoute from "~/routes/admin.payments._index";
import type { PaymentRecord } from "~contract/payments";
import { formatInr, groupInr } from "~shared/money";
import { apiCall, callRoute, readToast, requestAs, statusOf } from "../support/routes";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function payload(result: unknown): any {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: unknown }).data;
  return result;
}

async function apiPayments(query: Record<string, string>) {
  const params = new URLSearchParams({ page_size: "200", ...query });
  return apiCall<{ data: PaymentRecord[]; total_results: number }>(`/payments?${params}`);
}

/** The first payment (in the API's order) that can be released: this file's database is its own, so it is the same every run. */
async function releasablePayment(): Promise<PaymentRecord> {
  const { data } = await apiPayments({ releasable: "yes" });
  expect(data.length).toBeGreaterThan(0);
  return data[0];
}

/** What the release dialog shows for a payment: what the provider receives, and from what. */
function confirmationOf(p: PaymentRecord) {
  const sp = p.invoice.service_provider;
  return {
    id: p.payment_id,
    shortId: p.short_id,
    provider: p.serviceProviderUsername,
    payable: formatInr(sp.payable),
    amount: formatInr(sp.amount),
    serviceCharge: formatInr(sp.service_charge),
    serviceFeePercent: sp.service_fee_percent,
    gst: formatInr(sp.gst),
    gstPercent: 18,
    // no two-person threshold in this file: every release is one admin's
    needsApproval: false,
  };
}

describe("INR formatting", () => {
  it("groups the API's exact strings the Indian way, without floats", () => {
    expect(formatInr("1499.50")).toBe("₹1,499.50");
    expect(formatInr("1234567.05")).toBe("₹12,34,567.05");
    expect(formatInr("999.00")).toBe("₹999.00");
    expect(formatInr("0.5")).toBe("₹0.50");
    expect(formatInr("-20.00")).toBe("-₹20.00");
    expect(formatInr("123456789012345678.99")).toBe("₹1,23,45,67,89,01,23,45,678.99");
    expect(groupInr("abc")).toBeNull();
    expect(formatInr(null)).toBe("—");
  });
});

describe("payments list", () => {
  it("shows a page of payments with the footer's figures", async () => {
    const result = payload(await callRoute(listRoute, await requestAs("admin", "/admin/payments")));
    const api = await apiPayments({ page_size: "10" });
    expect(result.total).toBe(api.total_results);
    expect(result.rows).toHaveLength(Math.min(10, api.total_results));
    expect(result.rows[0].shortId).toBe(api.data[0].short_id);
    expect(result.rows[0].amount).toBe(formatInr(api.data[0].total_amount));
    expect(result.dialog).toBeNull();
  });

  it("passes every filter through to the API", async () => {
    const sample = await releasablePayment();
    const day = new Date(new Date(sample.payment_date).getTime() + 5.5 * 3600_000).toISOString().slice(0, 10);
    const query = { provider: sample.serviceProviderUsername, status: "PAYMENT_SUCCESS", start_date: day, end_date: day };
    const result = payload(
      await callRoute(listRoute, await requestAs("admin", `/admin/payments?${new URLSearchParams({ ...query, page_size: "100" })}`)),
    );
    const api = await apiPayments(query);
    expect(result.filtered).toBe(true);
    expect(result.total).toBe(api.total_results);
    expect(result.rows.map((r: { id: number }) => r.id)).toEqual(api.data.slice(0, 100).map((p) => p.payment_id));
    expect(result.rows.some((r: { id: number }) => r.id === sample.payment_id)).toBe(true);
    for (const row of result.rows) {
      expect(row.status).toBe("PAYMENT_SUCCESS");
      expect(row.provider).toBe(sample.serviceProviderUsername);
    }
  });

  it("filters by each status", async () => {
    for (const status of ["PAYMENT_FAILED", "WITHDRAWN", "PAYMENT_PENDING"]) {
      const result = payload(await callRoute(listRoute, await requestAs("admin", `/admin/payments?status=${status}&page_size=50`)));
      expect(result.total).toBe((await apiPayments({ status })).total_results);
      expect(result.rows.every((r: { status: string }) => r.status === status)).toBe(true);
    }
  });

  it("reports a wrong filter instead of applying it", async () => {
    const result = await callRoute(listRoute, await requestAs("admin", "/admin/payments?status=NOPE&start_date=2025-13-45"));
    expect(statusOf(result)).toBe(400);
    expect(payload(result).filterErrors).toHaveLength(2);
  });

  it("passes the URL's sort to the API (the Date, Release date, Payment Status and Amount headers' links); refuses one it cannot apply", async () => {
    for (const [sortField, sortOrder] of [
      ["total_amount", "asc"],
      ["total_amount", "desc"],
      ["release_date", "asc"],
      ["payment_status", "desc"],
      ["payment_date", "asc"],
    ]) {
      const result = payload(
        await callRoute(listRoute, await requestAs("admin", `/admin/payments?sortField=${sortField}&sortOrder=${sortOrder}&page_size=50`)),
      );
      const api = await apiPayments({ sortField, sortOrder, page_size: "50" });
      expect(result.sort).toEqual({ field: sortField, order: sortOrder });
      expect(result.rows.map((r: { id: number }) => r.id)).toEqual(api.data.map((p) => p.payment_id));
    }
    const refused = await callRoute(listRoute, await requestAs("admin", "/admin/payments?sortField=gateway&sortOrder=asc"));
    expect(statusOf(refused)).toBe(400);
    expect(payload(refused).filterErrors).toEqual(['Sort: this list cannot be sorted by "gateway".']);
    expect(payload(refused).sort).toBeNull();
    expect(
      payload(await callRoute(listRoute, await requestAs("admin", "/admin/payments?sortField=total_amount&sortOrder=up"))).filterErrors,
    ).toEqual(["Sort: the order must be ascending or descending."]);
  });

  it("pages, and a page past the end goes to the last one", async () => {
    const second = payload(await callRoute(listRoute, await requestAs("admin", "/admin/payments?page=2&page_size=10")));
    expect(second.page).toBe(2);
    const far = await callRoute(listRoute, await requestAs("admin", "/admin/payments?page=99999&page_size=10"));
    expect(far).toHaveRedirect("/admin/payments?page=");
  });

  it("opens the release dialog from the URL with what the provider receives, the gross and the deductions", async () => {
    const sample = await releasablePayment();
    const result = payload(
      await callRoute(
        listRoute,
        await requestAs(
          "admin",
          `/admin/payments?provider=${sample.serviceProvider_id}&page_size=100&dialog=release&id=${sample.payment_id}`,
        ),
      ),
    );
    expect(result.dialog).toEqual(confirmationOf(sample));
    // the provider is credited less than the user paid: the service charge and its GST stay
    const sp = sample.invoice.service_provider;
    expect(Number(sp.payable)).toBeLessThan(Number(sp.amount));
    expect(result.dialog.payable).not.toBe(formatInr(sample.total_amount));
    expect(result.notice).toBeNull();
  });

  it("opens the release dialog by id when the payment is not on the page (bookmarked or shared URL)", async () => {
    const firstPage = new Set((await apiPayments({ page_size: "10" })).data.map((p) => p.payment_id));
    const { data } = await apiPayments({ releasable: "yes" });
    const offPage = data.filter((p) => !firstPage.has(p.payment_id));
    expect(offPage.length).toBeGreaterThan(0);
    const sample = offPage[0];
    // page 1 of everything, and a filter that excludes it: the dialog opens all the same
    for (const listQuery of ["page=1&page_size=10", "status=PAYMENT_FAILED", `provider=nobody-like-this`]) {
      const result = payload(
        await callRoute(listRoute, await requestAs("admin", `/admin/payments?${listQuery}&dialog=release&id=${sample.payment_id}`)),
      );
      expect(
        result.rows.some((r: { id: number }) => r.id === sample.payment_id),
        listQuery,
      ).toBe(false);
      expect(result.dialog, listQuery).toEqual(confirmationOf(sample));
      expect(result.notice).toBeNull();
    }
  });

  it("an unknown or malformed id says Payment not found, with nothing to confirm", async () => {
    for (const id of ["999999", "abc", "0", ""]) {
      const result = payload(await callRoute(listRoute, await requestAs("admin", `/admin/payments?dialog=release&id=${id}`)));
      expect(result.dialog, id).toBeNull();
      expect(result.notice, id).toMatchObject({ kind: "not-found", title: "Payment not found" });
      expect(result.notice.message, id).toContain(
        id === "999999" ? "No payment has the id 999999" : id ? `"${id}" is not a payment id` : "does not name a payment",
      );
      expect(result.rows.length).toBeGreaterThan(0);
    }
  });

  it("an already released payment says so, on the page or off it, and offers no Release", async () => {
    const { data } = await apiPayments({ status: "WITHDRAWN" });
    const released = data[data.length - 1];
    for (const listQuery of ["status=WITHDRAWN&page_size=100", "status=PAYMENT_FAILED"]) {
      const result = payload(
        await callRoute(listRoute, await requestAs("admin", `/admin/payments?${listQuery}&dialog=release&id=${released.payment_id}`)),
      );
      expect(result.dialog, listQuery).toBeNull();
      expect(result.notice).toMatchObject({ kind: "released", title: "Payment already released" });
      expect(result.notice.message).toContain(released.short_id);
      expect(result.notice.message).toContain(formatInr(released.total_amount));
      expect(result.notice.message).toMatch(/already released on \d{2}-[A-Z][a-z]{2}-\d{4}\./);
    }
  });

  it("a payment that did not succeed cannot be released: the dialog says why", async () => {
    const { data } = await apiPayments({ status: "PAYMENT_FAILED" });
    const result = payload(await callRoute(listRoute, await requestAs("admin", `/admin/payments?dialog=release&id=${data[0].payment_id}`)));
    expect(result.dialog).toBeNull();
    expect(result.notice).toMatchObject({ kind: "not-releasable", title: "This payment cannot be released" });
    expect(result.notice.message).toContain("Payment Failed");
  });

  it("a successful payment whose order is not completed cannot be released: the dialog says why", async () => {
    const { data } = await apiPayments({ status: "PAYMENT_SUCCESS" });
    const cancelled = data.find((p) => p.order_status === "Cancelled")!;
    const result = payload(
      await callRoute(listRoute, await requestAs("admin", `/admin/payments?dialog=release&id=${cancelled.payment_id}`)),
    );
    expect(result.dialog).toBeNull();
    expect(result.notice).toMatchObject({ kind: "not-releasable", title: "This payment cannot be released" });
    expect(result.notice.message).toContain(`Order ${cancelled.short_id} is Cancelled: only a completed order's payment can be released`);
  });

  it("offers Release only where it can succeed, Print only for paid payments, and numbers retried orders' attempts", async () => {
    const result = payload(await callRoute(listRoute, await requestAs("admin", "/admin/payments?page_size=100")));
    const api = (await apiPayments({ page_size: "100" })).data;
    expect(result.rows.map((r: { id: number }) => r.id)).toEqual(api.map((p) => p.payment_id));
    for (const [i, p] of api.entries()) {
      const row = result.rows[i];
      expect(row.releasable, p.short_id).toBe(p.payment_status === "PAYMENT_SUCCESS" && p.order_status === "Completed");
      expect(row.hasInvoice, p.short_id).toBe(p.payment_status === "PAYMENT_SUCCESS" || p.payment_status === "WITHDRAWN");
      expect(row.attempt).toBe(p.attempts > 1 ? `Attempt ${p.attempt} of ${p.attempts}` : null);
      expect(row.service).toBe(p.serviceType === "AddOnService" ? "Add-On Service" : p.serviceType);
      if (p.payment_status === "PAYMENT_SUCCESS" && p.order_status === "Cancelled") {
        expect(row.releaseNote).toEqual({ text: "Order Cancelled", reason: p.release_refusal });
      }
      if (p.payment_status !== "PAYMENT_SUCCESS") expect(row.releaseNote).toBeNull();
    }
    expect(result.rows.some((r: { attempt: string | null }) => r.attempt === "Attempt 2 of 2")).toBe(true);
    expect(result.rows.some((r: { releaseNote: unknown }) => r.releaseNote)).toBe(true);
  });

  it("filters the payments that can be released now", async () => {
    const result = payload(await callRoute(listRoute, await requestAs("admin", "/admin/payments?releasable=yes&page_size=100")));
    expect(result.filtered).toBe(true);
    expect(result.total).toBe((await apiPayments({ releasable: "yes" })).total_results);
    expect(result.rows.length).toBeGreaterThan(0);
    expect(result.rows.every((r: { releasable: boolean }) => r.releasable)).toBe(true);
    const wrong = await callRoute(listRoute, await requestAs("admin", "/admin/payments?releasable=maybe"));
    expect(statusOf(wrong)).toBe(400);
    expect(payload(wrong).filterErrors).toEqual(["Release: choose an option from the list."]);
  });

  it("refuses admins without Payment access", async () => {
    for (const who of ["viewer", "catalog"] as const) {
      expect(statusOf(await callRoute(listRoute, await requestAs(who, "/admin/payments")))).toBe(403);
      expect(statusOf(await callRoute(listRoute, await requestAs(who, "/admin/payments", { form: { intent: "release", id: "1" } })))).toBe(
        403,
      );
    }
    expect(await callRoute(listRoute, await requestAs(null, "/admin/payments"))).toHaveRedirect("/admin/login");
  });
});

describe("release", () => {
  it("releases once, back to the same list URL; a second release is refused with the API's reason", async () => {
    const sample = await releasablePayment();
    const listUrl = `/admin/payments?status=PAYMENT_SUCCESS&page=1`;
    const response = await callRoute(
      listRoute,
      await requestAs("admin", `${listUrl}&dialog=release&id=${sample.payment_id}`, {
        form: { intent: "release", id: String(sample.payment_id) },
      }),
    );
    expect(response).toHaveRedirect(listUrl);
    expect((response as Response).headers.get("Location")).toBe(listUrl);
    await expect(response).toSendToast({ type: "success", message: "Payment Status Updated Successfully" });
    const after = (await apiPayments({ provider: String(sample.serviceProvider_id), status: "WITHDRAWN" })).data.find(
      (p) => p.payment_id === sample.payment_id,
    );
    expect(after?.release_date).toBeTruthy();

    const again = await callRoute(
      listRoute,
      await requestAs("admin", listUrl, { form: { intent: "release", id: String(sample.payment_id) } }),
    );
    expect(again).toHaveRedirect(listUrl);
    const toast = await readToast(again as Response);
    expect(toast?.type).toBe("error");
    expect(toast?.message).toContain("Error updating payment status");
    expect(toast?.message).toContain("already released");
  });

  it("does not release a payment that did not succeed", async () => {
    const { data } = await apiPayments({ status: "PAYMENT_FAILED" });
    const failed = data[0];
    const response = await callRoute(
      listRoute,
      await requestAs("admin", "/admin/payments", { form: { intent: "release", id: String(failed.payment_id) } }),
    );
    expect(response).toHaveRedirect("/admin/payments");
    const toast = await readToast(response as Response);
    expect(toast?.message).toContain("Error updating payment status");
    expect(toast?.message).toContain("Only a successful payment can be released (this one is Payment Failed)");
  });

  it("does not pay out a successful payment of a cancelled order: the admin is told why", async () => {
    const { data } = await apiPayments({ status: "PAYMENT_SUCCESS" });
    const cancelled = data.find((p) => p.order_status === "Cancelled")!;
    const response = await callRoute(
      listRoute,
      await requestAs("admin", "/admin/payments", { form: { intent: "release", id: String(cancelled.payment_id) } }),
    );
    const toast = await readToast(response as Response);
    expect(toast).toMatchObject({
      type: "error",
      message: `Error updating payment status: Order ${cancelled.short_id} is Cancelled: only a completed order's payment can be released`,
    });
    const after = (await apiCall<{ data: PaymentRecord }>(`/payments/${cancelled.payment_id}`)).data;
    expect(after.payment_status).toBe("PAYMENT_SUCCESS");
  });

  it("answers an unknown payment and an unknown intent", async () => {
    const unknown = await callRoute(listRoute, await requestAs("admin", "/admin/payments", { form: { intent: "release", id: "999999" } }));
    await expect(unknown).toSendToast({ type: "error" });
    const bad = await callRoute(listRoute, await requestAs("admin", "/admin/payments", { form: { intent: "explode" } }));
    expect(statusOf(bad)).toBe(400);
  });
});

describe("release of a malformed id", () => {
  it("is refused with the error toast, back to the list without the dialog, and releases nothing", async () => {
    for (const id of ["abc", "0", ""]) {
      const response = await callRoute(
        listRoute,
        await requestAs("admin", `/admin/payments?status=PAYMENT_SUCCESS&dialog=release&id=${id}`, { form: { intent: "release", id } }),
      );
      expect(response, id).toHaveRedirect("/admin/payments?status=PAYMENT_SUCCESS");
      expect(await readToast(response as Response), id).toMatchObject({
        type: "error",
        message: "Error updating payment status: unknown payment",
      });
    }
  });
});

describe("dashboard money cards", () => {
  it("shows bookings today, payments awaiting release and revenue this month from /dashboard-stats", async () => {
    const dashboard = await import("~/routes/admin._index");
    const { data: stats } = await apiCall<{ data: { bookingsToday: number; paymentsAwaitingRelease: number; revenueThisMonth: string } }>(
      "/dashboard-stats",
    );
    const data = payload(await callRoute(dashboard, await requestAs("admin", "/admin")));
    const card = (label: string) => data.cards.find((c: { label: string }) => c.label === label);
    expect(card("Bookings today")).toMatchObject({ value: stats.bookingsToday.toLocaleString("en-IN"), to: "/admin/bookings" });
    expect(card("Payments awaiting release")).toMatchObject({
      value: stats.paymentsAwaitingRelease.toLocaleString("en-IN"),
      to: "/admin/payments?releasable=yes",
    });
    // the card's figure is the count of the list it links to
    expect((await apiPayments({ releasable: "yes" })).total_results).toBe(stats.paymentsAwaitingRelease);
    expect(card("Revenue this month")).toMatchObject({ value: formatInr(stats.revenueThisMonth) });
    const catalog = payload(await callRoute(dashboard, await requestAs("catalog", "/admin")));
    // no Payment access: no money figure at all (shell.test.ts checks every card per admin)
    expect(catalog.cards.find((c: { label: string }) => c.label === "Payments awaiting release")).toBeUndefined();
    expect(catalog.cards.find((c: { label: string }) => c.label === "Revenue this month")).toBeUndefined();
  });
});
