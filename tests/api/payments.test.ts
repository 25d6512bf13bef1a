import { afterAll, beforeAll, expect, it } from "vitest";
import { ApiErrorBody } from "../../app/models/api";
import { DashboardStats } from "../../app/models/audit";
import { PaymentRecord } from "../../app/models/payment";
import { inrToPaise, providerInvoiceSplit } from "../../api/src/lib/money";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed } from "./helpers";

const list = (api: TestApi, query: Record<string, string | number> = {}) => get(api, "/payments", { query });
const rows = (body: any) => (body.data as unknown[]).map((r) => parsed(PaymentRecord, r));
const lastAudit = async (api: TestApi) => (await get(api, "/audit-log", { query: { limit: 1 } })).body.data[0];
const release = (api: TestApi, id: number, body: unknown = { payment_status: "WITHDRAWN" }, actingAdmin?: number | null) =>
  call(api, "PUT", `/payments/${id}`, { body, ...(actingAdmin === undefined ? {} : { actingAdmin }) });

describeEachDriver("payments", (driver) => {
  let api: TestApi;
  let all: PaymentRecord[];
  beforeAll(async () => {
    api = await startTestApi({ driver });
    all = rows((await list(api, { page_size: 200 })).body);
  });
  afterAll(() => api?.close());

  it("lists every payment, newest payment_date first, paged, in every status", async () => {
    const answer = await list(api);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ current_page: 1, page_size: 10 });
    expect(answer.body.total_results).toBe(all.length);
    expect(all.length).toBeGreaterThanOrEqual(56);
    const dates = all.map((r) => r.payment_date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(all.map((r) => r.payment_status))).toEqual(
      new Set(["PAYMENT_SUCCESS", "PAYMENT_FAILED", "PAYMENT_ERROR", "PAYMENT_CANCELLED", "PAYMENT_PENDING", "WITHDRAWN"]),
    );
    const second = rows((await list(api, { page: 2, page_size: 5 })).body);
    expect(second.map((r) => r.payment_id)).toEqual(all.slice(5, 10).map((r) => r.payment_id));
  });

  it("answers exact rupee strings, PhonePe raw responses and both invoice views", () => {
    for (const r of all) {
      expect(r.total_amount).toMatch(/^\d+\.\d{2}$/);
      const response = r.phonepe_response as any;
      expect(response.data).toMatchObject({ merchantId: expect.any(String), transactionId: r.transaction_id, amount: inrToPaise(r.total_amount) });
      expect(response.data.paymentInstrument).toMatchObject({ type: "UPI", utr: expect.any(String) });
      expect(r.invoice.user.amount).toBe(r.total_amount);
      const split = providerInvoiceSplit(inrToPaise(r.total_amount), r.invoice.service_provider.service_fee_percent);
      expect(inrToPaise(r.invoice.service_provider.service_charge)).toBe(split.service_charge);
      expect(inrToPaise(r.invoice.service_provider.gst)).toBe(split.gst);
      expect(inrToPaise(r.invoice.service_provider.payable)).toBe(inrToPaise(r.total_amount) - split.service_charge - split.gst);
      expect(r.invoice.service_provider.gst_percent).toBe(18);
      if (r.payment_status === "PAYMENT_SUCCESS" || r.payment_status === "WITHDRAWN") {
        expect(r.invoice_number).toMatch(/^INV\//);
        expect(r.platform_commission).toBe(r.invoice.service_provider.service_charge);
        expect(r.gst).toBe(r.invoice.service_provider.gst);
        expect(r.service_provider_amount).toBe(r.invoice.service_provider.payable);
      }
      if (r.payment_status === "WITHDRAWN") expect(r.release_date).not.toBeNull();
    }
    expect(all.some((r) => r.gst_no)).toBe(true);
  });

  it("filters by status, provider (id or username) and payment days (IST)", async () => {
    const failed = await list(api, { status: "PAYMENT_FAILED", page_size: 200 });
    expect(rows(failed.body).every((r) => r.payment_status === "PAYMENT_FAILED")).toBe(true);
    expect(failed.body.total_results).toBe(all.filter((r) => r.payment_status === "PAYMENT_FAILED").length);
    expect((await list(api, { status: "All" })).body.total_results).toBe(all.length);
    const one = all[3];
    const byId = rows((await list(api, { provider: one.serviceProvider_id, page_size: 200 })).body);
    expect(byId.map((r) => r.payment_id).sort()).toEqual(all.filter((r) => r.serviceProvider_id === one.serviceProvider_id).map((r) => r.payment_id).sort());
    const byName = rows((await list(api, { provider: one.serviceProviderUsername.slice(0, -1).toUpperCase(), page_size: 200 })).body);
    expect(byName.map((r) => r.payment_id)).toContain(one.payment_id);
    for (const r of byName) expect(r.serviceProviderUsername).toContain(one.serviceProviderUsername.slice(0, -1));
    const day = new Date(new Date(one.payment_date).getTime() + 5.5 * 3600_000).toISOString().slice(0, 10);
    const onDay = rows((await list(api, { start_date: day, end_date: day, page_size: 200 })).body);
    expect(onDay.map((r) => r.payment_id)).toContain(one.payment_id);
    for (const r of onDay) expect(new Date(new Date(r.payment_date).getTime() + 5.5 * 3600_000).toISOString().slice(0, 10)).toBe(day);
    expect((await list(api, { provider: "nobody-like-this" })).body.total_results).toBe(0);
    const bad = await list(api, { start_date: "2026-02-02", end_date: "2026-02-01" });
    expect(bad.status).toBe(400);
    expect((await list(api, { status: "PAID" })).status).toBe(400);
    expect((await list(api, { start_date: "01-02-2026" })).status).toBe(400);
  });

  it("filters by short_id: exactly that order's payments, every attempt", async () => {
    const retried = all.find((r) => all.filter((o) => o.order_id === r.order_id).length > 1) ?? all[0];
    const answer = await list(api, { short_id: retried.short_id, page_size: 200 });
    expect(answer.status).toBe(200);
    const got = rows(answer.body);
    expect(got.map((r) => r.payment_id).sort()).toEqual(all.filter((r) => r.order_id === retried.order_id).map((r) => r.payment_id).sort());
    expect(answer.body.total_results).toBe(got.length);
    expect((await list(api, { short_id: retried.short_id.slice(0, -1) })).body.total_results).toBe(0);
    expect((await list(api, { short_id: "no such id" })).status).toBe(400);
    expect((await list(api, { short_id: retried.short_id, status: "PAID" })).status).toBe(400);
  });

  it("answers one payment by id (the list's record); unknown 404, bad id 400, no key 401", async () => {
    for (const sample of [all[0], all[all.length - 1], all.find((r) => r.payment_status === "WITHDRAWN")!]) {
      const answer = await get(api, `/payments/${sample.payment_id}`);
      expect(answer.status).toBe(200);
      expect(parsed(PaymentRecord, answer.body.data)).toEqual(sample);
    }
    const unknown = await get(api, "/payments/999999");
    expect(unknown.status).toBe(404);
    expect(parsed(ApiErrorBody, unknown.body).message).toBe("Payment not found");
    for (const bad of ["0", "abc", "-3", "1.5", "99999999999"]) expect((await get(api, `/payments/${bad}`)).status, bad).toBe(400);
    expect((await get(api, `/payments/${all[0].payment_id}`, { key: null })).status).toBe(401);
  });

  it("releases a successful payment once: WITHDRAWN, release_date, audited; twice refused", async () => {
    const before = parsed(DashboardStats, (await get(api, "/dashboard-stats")).body.data) as any;
    const target = all.find((r) => r.payment_status === "PAYMENT_SUCCESS")!;
    const answer = await release(api, target.payment_id);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe("Payment Status Updated Successfully");
    const released = parsed(PaymentRecord, answer.body.data);
    expect(released.payment_status).toBe("WITHDRAWN");
    expect(released.release_date).not.toBeNull();
    expect(released.paid_to_provider).toBe(target.service_provider_amount);
    const audit = await lastAudit(api);
    expect(audit).toMatchObject({ action: "update", entity: "payment", entity_id: String(target.payment_id), admin_username: "admin" });
    expect(audit.before.payment_status).toBe("PAYMENT_SUCCESS");
    expect(audit.after.payment_status).toBe("WITHDRAWN");
    const after = (await get(api, "/dashboard-stats")).body.data;
    expect(after.paymentsAwaitingRelease).toBe(before.paymentsAwaitingRelease - 1);

    const again = await release(api, target.payment_id);
    expect(again.status).toBe(409);
    expect(parsed(ApiErrorBody, again.body).message).toBe("Payment already released");
    expect((await lastAudit(api)).id).toBe(audit.id);
  });

  it("refuses releasing anything but a successful payment", async () => {
    for (const status of ["PAYMENT_FAILED", "PAYMENT_ERROR", "PAYMENT_CANCELLED", "PAYMENT_PENDING"]) {
      const target = all.find((r) => r.payment_status === status)!;
      const answer = await release(api, target.payment_id);
      expect(answer.status, status).toBe(400);
      expect(answer.body.message).toBe(`Only a successful payment can be released (this one is ${status})`);
    }
    const target = all.find((r) => r.payment_status === "PAYMENT_SUCCESS" && r.payment_id !== all.find((x) => x.payment_status === "PAYMENT_SUCCESS")!.payment_id)!;
    expect((await release(api, target.payment_id, { payment_status: "PAYMENT_FAILED" })).status).toBe(400);
    expect((await release(api, target.payment_id, {})).status).toBe(400);
    expect((await release(api, target.payment_id, undefined, null)).status).toBe(400);
    expect((await release(api, 999_999)).status).toBe(404);
    expect((await release(api, 0)).status).toBe(400);
    expect((await call(api, "PUT", `/payments/${target.payment_id}`, { body: { payment_status: "WITHDRAWN" }, key: null })).status).toBe(401);
    const still = rows((await list(api, { page_size: 200 })).body).find((r) => r.payment_id === target.payment_id)!;
    expect(still.payment_status).toBe("PAYMENT_SUCCESS");
  });

  it("two releases at once: exactly one succeeds", async () => {
    const current = rows((await list(api, { status: "PAYMENT_SUCCESS", page_size: 200 })).body);
    const target = current[current.length - 1];
    const answers = await Promise.all([release(api, target.payment_id), release(api, target.payment_id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const audits = (await get(api, "/audit-log", { query: { limit: 100 } })).body.data.filter(
      (e: any) => e.entity === "payment" && e.entity_id === String(target.payment_id),
    );
    expect(audits).toHaveLength(1);
  });

  it("adds money figures to the dashboard stats", async () => {
    const stats = (await get(api, "/dashboard-stats")).body.data;
    expect(stats).toMatchObject({ bookingsToday: expect.any(Number), paymentsAwaitingRelease: expect.any(Number) });
    expect(stats.revenueThisMonth).toMatch(/^\d+\.\d{2}$/);
    const awaiting = rows((await list(api, { status: "PAYMENT_SUCCESS", page_size: 200 })).body).length;
    expect(stats.paymentsAwaitingRelease).toBe(awaiting);
  });
});
