import { afterAll, beforeAll, expect, it } from "vitest";
import { ApiErrorBody } from "~contract/api";
import type { AuditEntry } from "~contract/audit-log";
import { eq } from "drizzle-orm";
import { orderStatusLabel } from "~contract/order-labels";
import { PAYMENT_STATUS_LABELS, PaymentRecord } from "~contract/payments";
import { payments } from "../../api/src/db/schema";
import { inrToPaiseNumber as inrToPaise, providerInvoiceSplit } from "~shared/money";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed } from "./helpers";

const list = (api: TestApi, query: Record<string, string | number> = {}) => get(api, "/payments", { query });
const rows = (body: { data: unknown[] }) => body.data.map((r) => parsed(PaymentRecord, r));
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

  it("sorts by Date, Release date (not yet released first ascending), Amount and Status (each by date, the same way) both ways, ties by id", async () => {
    const time = (iso: string | null) => (iso ? Date.parse(iso) : -Infinity);
    const keys: Record<string, (r: PaymentRecord) => (number | string)[]> = {
      payment_date: (r) => [time(r.payment_date), r.payment_id],
      release_date: (r) => [time(r.release_date), r.payment_id],
      total_amount: (r) => [inrToPaise(r.total_amount), r.payment_id],
      payment_status: (r) => [r.payment_status, time(r.payment_date), r.payment_id],
    };
    const compare = (a: (number | string)[], b: (number | string)[]) => {
      for (const [i, x] of a.entries()) if (x !== b[i]) return x < b[i] ? -1 : 1;
      return 0;
    };
    for (const [sortField, key] of Object.entries(keys)) {
      for (const sortOrder of ["asc", "desc"] as const) {
        const answer = await list(api, { page_size: 200, sortField, sortOrder });
        expect(answer.status, answer.text).toBe(200);
        const sorted = rows(answer.body);
        expect(sorted).toHaveLength(answer.body.total_results);
        const expected = [...sorted].sort((a, b) => compare(key(a), key(b)) * (sortOrder === "asc" ? 1 : -1));
        expect(
          sorted.map((r) => r.payment_id),
          `${sortField} ${sortOrder}`,
        ).toEqual(expected.map((r) => r.payment_id));
        // the pages follow the sort
        const second = rows((await list(api, { page: 2, page_size: 5, sortField, sortOrder })).body);
        expect(second.map((r) => r.payment_id)).toEqual(sorted.slice(5, 10).map((r) => r.payment_id));
      }
    }
    // the seed has released and unreleased payments: ascending starts with the unreleased
    const byRelease = rows((await list(api, { page_size: 200, sortField: "release_date", sortOrder: "asc" })).body);
    expect(byRelease[0].release_date).toBeNull();
    expect(byRelease.at(-1)!.release_date).not.toBeNull();

    const unknown = await list(api, { sortField: "gateway", sortOrder: "asc" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.sortField).toBe("sortField must be one of payment_date, release_date, total_amount, payment_status");
    expect((await list(api, { sortOrder: "asc" })).body.errors.sortField).toBe("sortField is required with sortOrder");
  });

  it("answers exact rupee strings, PhonePe raw responses and both invoice views", () => {
    for (const r of all) {
      expect(r.total_amount).toMatch(/^\d+\.\d{2}$/);
      const response = r.phonepe_response as { data: { paymentInstrument: unknown } };
      expect(response.data).toMatchObject({
        merchantId: expect.any(String),
        transactionId: r.transaction_id,
        amount: inrToPaise(r.total_amount),
      });
      expect(response.data.paymentInstrument).toMatchObject({ type: "UPI", utr: expect.any(String) });
      expect(r.invoice.user.amount).toBe(r.total_amount);
      const split = providerInvoiceSplit(inrToPaise(r.total_amount), r.invoice.service_provider.service_fee_percent);
      expect(inrToPaise(r.invoice.service_provider.service_charge)).toBe(split.service_charge);
      expect(inrToPaise(r.invoice.service_provider.gst)).toBe(split.gst);
      expect(inrToPaise(r.invoice.service_provider.payable)).toBe(inrToPaise(r.total_amount) - split.service_charge - split.gst);
      expect(r.invoice.service_provider.gst_percent).toBe(18);
    }
    // paid payments carry their invoice's figures; only released ones a release date (both kinds are in the seed)
    const paid = all.filter((r) => r.payment_status === "PAYMENT_SUCCESS" || r.payment_status === "WITHDRAWN");
    const released = all.filter((r) => r.payment_status === "WITHDRAWN");
    expect(paid.length).toBeGreaterThan(released.length);
    expect(released.length).toBeGreaterThan(0);
    for (const r of paid) {
      expect(r.invoice_number).toMatch(/^INV\//);
      expect(r.platform_commission).toBe(r.invoice.service_provider.service_charge);
      expect(r.gst).toBe(r.invoice.service_provider.gst);
      expect(r.service_provider_amount).toBe(r.invoice.service_provider.payable);
    }
    expect(released.map((r) => r.release_date).filter((d) => d === null)).toEqual([]);
    expect(
      all
        .filter((r) => r.payment_status !== "WITHDRAWN")
        .map((r) => r.release_date)
        .filter((d) => d !== null),
    ).toEqual([]);
    expect(all.some((r) => r.gst_no)).toBe(true);
  });

  it("filters by status, provider (id or username) and payment days (IST)", async () => {
    const failed = await list(api, { status: "PAYMENT_FAILED", page_size: 200 });
    expect(rows(failed.body).every((r) => r.payment_status === "PAYMENT_FAILED")).toBe(true);
    expect(failed.body.total_results).toBe(all.filter((r) => r.payment_status === "PAYMENT_FAILED").length);
    expect((await list(api, { status: "All" })).body.total_results).toBe(all.length);
    const one = all[3];
    const byId = rows((await list(api, { provider: one.serviceProvider_id, page_size: 200 })).body);
    expect(byId.map((r) => r.payment_id).sort()).toEqual(
      all
        .filter((r) => r.serviceProvider_id === one.serviceProvider_id)
        .map((r) => r.payment_id)
        .sort(),
    );
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
    expect(got.map((r) => r.payment_id).sort()).toEqual(
      all
        .filter((r) => r.order_id === retried.order_id)
        .map((r) => r.payment_id)
        .sort(),
    );
    expect(answer.body.total_results).toBe(got.length);
    expect((await list(api, { short_id: retried.short_id.slice(0, -1) })).body.total_results).toBe(0);
    expect((await list(api, { short_id: "no such id" })).status).toBe(400);
    expect((await list(api, { short_id: retried.short_id, status: "PAID" })).status).toBe(400);
  });

  it("answers an order's detail by short_id as by order_id (the payments list links the detail by short id)", async () => {
    const sample = all[2];
    const byId = await get(api, "/get-order-detail", { query: { order_id: sample.order_id } });
    const byShortId = await get(api, "/get-order-detail", { query: { short_id: sample.short_id } });
    expect(byShortId.status).toBe(200);
    expect(byShortId.body.data.data.order_id).toBe(sample.order_id);
    expect(byShortId.body).toEqual(byId.body);
    const unknown = await get(api, "/get-order-detail", { query: { short_id: "ORD999999" } });
    expect(unknown.status).toBe(404);
    expect((await get(api, "/get-order-detail", { query: { short_id: "" } })).status).toBe(400);
    expect((await get(api, "/get-order-detail")).status).toBe(400);
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

  it("releases a successful payment of a completed order once: WITHDRAWN, the invoice's payable credited, audited; twice refused", async () => {
    const before = (await get(api, "/dashboard-stats")).body.data;
    const target = all.find((r) => r.payment_status === "PAYMENT_SUCCESS" && r.order_status === "Completed")!;
    expect(target.releasable).toBe(true);
    expect(target.release_refusal).toBeNull();
    const answer = await release(api, target.payment_id);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe("Payment Status Updated Successfully");
    const released = parsed(PaymentRecord, answer.body.data);
    expect(released.payment_status).toBe("WITHDRAWN");
    expect(released.release_date).not.toBeNull();
    // the provider gets what the confirmation and the invoice say: amount − service charge − GST
    expect(released.paid_to_provider).toBe(target.invoice.service_provider.payable);
    expect(inrToPaise(released.paid_to_provider)).toBeLessThan(inrToPaise(target.total_amount));
    expect(released).toMatchObject({ releasable: false, release_refusal: "Payment already released", has_invoice: true });
    const audit = (await get(api, "/audit-entries", { query: { entity: "payment", entity_id: String(target.payment_id), page_size: 1 } }))
      .body.data[0];
    expect(audit).toMatchObject({ action: "update", entity: "payment", entity_id: String(target.payment_id), admin_username: "admin" });
    // and the release's payout (the ledger's row), one admin both asking and approving below the threshold
    expect(await lastAudit(api)).toMatchObject({
      action: "create",
      entity: "payout",
      after: { state: "Approved", payment_id: target.payment_id },
    });
    const lastBefore = (await lastAudit(api)).id;
    expect(audit.before.payment_status).toBe("PAYMENT_SUCCESS");
    expect(audit.after.payment_status).toBe("WITHDRAWN");
    const after = (await get(api, "/dashboard-stats")).body.data;
    expect(after.paymentsAwaitingRelease).toBe(before.paymentsAwaitingRelease - 1);

    const again = await release(api, target.payment_id);
    expect(again.status).toBe(409);
    expect(parsed(ApiErrorBody, again.body).message).toBe("Payment already released");
    expect((await lastAudit(api)).id).toBe(lastBefore);
  });

  it("says beforehand which payments can be released, by the payout rule", () => {
    for (const r of all) {
      const expected =
        r.payment_status === "WITHDRAWN"
          ? "Payment already released"
          : r.payment_status !== "PAYMENT_SUCCESS"
            ? `Only a successful payment can be released (this one is ${PAYMENT_STATUS_LABELS[r.payment_status]})`
            : r.order_status !== "Completed"
              ? `Order ${r.short_id} is ${orderStatusLabel(r.order_status)}: only a completed order's payment can be released`
              : null;
      expect(r.release_refusal, r.short_id).toBe(expected);
      expect(r.releasable).toBe(expected === null);
      expect(r.has_invoice).toBe(r.payment_status === "PAYMENT_SUCCESS" || r.payment_status === "WITHDRAWN");
    }
    // the demo data has each case, so every screen shows each
    expect(all.some((r) => r.releasable)).toBe(true);
    expect(all.some((r) => r.payment_status === "PAYMENT_SUCCESS" && r.order_status === "Cancelled")).toBe(true);
    expect(
      all.some((r) => r.payment_status === "PAYMENT_SUCCESS" && r.order_status !== "Completed" && r.order_status !== "Cancelled"),
    ).toBe(true);
  });

  it("refuses (409, with the reason) a failed, pending or cancelled payment and one whose order is not completed; nothing changes", async () => {
    const audit = await lastAudit(api);
    for (const status of ["PAYMENT_FAILED", "PAYMENT_ERROR", "PAYMENT_CANCELLED", "PAYMENT_PENDING"] as const) {
      const target = all.find((r) => r.payment_status === status)!;
      const answer = await release(api, target.payment_id);
      expect(answer.status, status).toBe(409);
      expect(answer.body.message).toBe(`Only a successful payment can be released (this one is ${PAYMENT_STATUS_LABELS[status]})`);
    }
    const cancelled = all.find((r) => r.payment_status === "PAYMENT_SUCCESS" && r.order_status === "Cancelled")!;
    const refused = await release(api, cancelled.payment_id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Order ${cancelled.short_id} is Cancelled: only a completed order's payment can be released`);
    const pending = all.find(
      (r) => r.payment_status === "PAYMENT_SUCCESS" && ["InProgress", "PartialyCompleted"].includes(r.order_status),
    )!;
    expect((await release(api, pending.payment_id)).body.message).toMatch(
      /^Order ORD\d+ is (In Progress|Partially Completed): only a completed/,
    );
    for (const unchanged of [cancelled, pending]) {
      const now = parsed(PaymentRecord, (await get(api, `/payments/${unchanged.payment_id}`)).body.data);
      expect(now).toMatchObject({ payment_status: "PAYMENT_SUCCESS", release_date: null, paid_to_provider: unchanged.paid_to_provider });
    }
    expect((await lastAudit(api)).id).toBe(audit.id);

    const target = all.find((r) => r.releasable && r.payment_id !== all.find((x) => x.releasable)!.payment_id)!;
    expect((await release(api, target.payment_id, { payment_status: "PAYMENT_FAILED" })).status).toBe(400);
    expect((await release(api, target.payment_id, {})).status).toBe(400);
    expect((await release(api, target.payment_id, undefined, null)).status).toBe(400);
    expect((await release(api, 999_999)).status).toBe(404);
    expect((await release(api, 0)).status).toBe(400);
    expect((await call(api, "PUT", `/payments/${target.payment_id}`, { body: { payment_status: "WITHDRAWN" }, key: null })).status).toBe(
      401,
    );
    const still = parsed(PaymentRecord, (await get(api, `/payments/${target.payment_id}`)).body.data);
    expect(still.payment_status).toBe("PAYMENT_SUCCESS");
  });

  it("numbers each order's attempts; pays an order out once even when two attempts succeeded", async () => {
    const byOrder = new Map<number, PaymentRecord[]>();
    for (const r of all) byOrder.set(r.order_id, [...(byOrder.get(r.order_id) ?? []), r]);
    const retried = [...byOrder.values()].find((attempts) => attempts.length > 1)!;
    expect(retried).toBeDefined();
    const sorted = [...retried].sort((a, b) => a.payment_id - b.payment_id);
    expect(sorted.map((r) => [r.attempt, r.attempts])).toEqual(sorted.map((_, i) => [i + 1, sorted.length]));
    for (const r of all.filter((r) => byOrder.get(r.order_id)!.length === 1)) expect([r.attempt, r.attempts]).toEqual([1, 1]);

    // a second successful attempt on a completed order (a gateway retry that also went through)
    const paid = all.find(
      (r) => r.releasable && byOrder.get(r.order_id)!.length === 1 && r.payment_id !== all.find((x) => x.releasable)!.payment_id,
    )!;
    const { payment_id: _id, ...copy } = (await api.db.select().from(payments).where(eq(payments.payment_id, paid.payment_id)))[0];
    const [second] = await api.db
      .insert(payments)
      .values({ ...copy, transaction_id: `${copy.transaction_id}R`, payment_date: new Date(copy.payment_date.getTime() + 60_000) })
      .returning();
    const both = rows((await list(api, { short_id: paid.short_id })).body);
    expect(both.map((r) => [r.payment_id, r.attempt, r.attempts, r.releasable])).toEqual([
      [second.payment_id, 2, 2, true],
      [paid.payment_id, 1, 2, true],
    ]);
    expect((await release(api, second.payment_id)).status).toBe(200);
    const refused = await release(api, paid.payment_id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Another payment of order ${paid.short_id} was already released`);
    const first = parsed(PaymentRecord, (await get(api, `/payments/${paid.payment_id}`)).body.data);
    expect(first).toMatchObject({ payment_status: "PAYMENT_SUCCESS", releasable: false, release_refusal: refused.body.message });
  });

  it("two releases at once: exactly one succeeds", async () => {
    const current = rows((await list(api, { releasable: "yes", page_size: 200 })).body);
    const target = current[current.length - 1];
    const answers = await Promise.all([release(api, target.payment_id), release(api, target.payment_id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const audits = (await get(api, "/audit-log", { query: { limit: 100 } })).body.data.filter(
      (e: AuditEntry) => e.entity === "payment" && e.entity_id === String(target.payment_id),
    );
    expect(audits).toHaveLength(1);
  });

  it("filters the payments that can be released; the dashboard's awaiting-release figure counts exactly those", async () => {
    const stats = (await get(api, "/dashboard-stats")).body.data;
    expect(stats).toMatchObject({ bookingsToday: expect.any(Number), paymentsAwaitingRelease: expect.any(Number) });
    expect(stats.revenueThisMonth).toMatch(/^\d+\.\d{2}$/);
    const answer = await list(api, { releasable: "yes", page_size: 200 });
    const releasable = rows(answer.body);
    expect(releasable.length).toBeGreaterThan(0);
    expect(releasable.every((r) => r.releasable)).toBe(true);
    const current = rows((await list(api, { page_size: 200 })).body);
    expect(releasable.map((r) => r.payment_id)).toEqual(current.filter((r) => r.releasable).map((r) => r.payment_id));
    expect(stats.paymentsAwaitingRelease).toBe(answer.body.total_results);
    expect((await list(api, { releasable: "no" })).status).toBe(400);
  });
});
