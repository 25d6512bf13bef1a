import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PayoutLedgerPage, type PayoutLedgerRow } from "~contract/payout-ledger";
import { PaymentRecord } from "~contract/payments";
import { inrToPaiseNumber as paise, paiseToInr } from "~shared/money";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed } from "./helpers";

/** The India day of an ISO time (YYYY-MM-DD). */
const istDay = (iso: string) => new Date(Date.parse(iso) + 5.5 * 3600_000).toISOString().slice(0, 10);

describeEachDriver("payout ledger", (driver) => {
  let api: TestApi;
  let provider: { serviceProvider_id: number; username: string };
  let approverId: number;
  /** payment ids: the old release (before payouts), two one-admin releases, an approved request, a re-requested one, a waiting one */
  const ids = { old: 0, small1: 0, small2: 0, approved: 0, rejectedThenApproved: 0, waiting: 0, otherProvider: 0 };

  const ledger = async (query: Record<string, string | number> = {}) => {
    const answer = await get(api, "/payout-ledger", { query: { provider: provider.serviceProvider_id, page_size: 100, ...query } });
    expect(answer.status, answer.text).toBe(200);
    return parsed(PayoutLedgerPage, answer.body);
  };

  /** A Completed Service order of `providerId` (variant 0: already released in the demo data, before payouts; 1: paid, not released). */
  async function order(providerId: number, variant: 0 | 1, amount: string) {
    const answer = await call(api, "POST", "/test-fixtures/orders", {
      body: { serviceType: "Service", status: "Completed", service_provider_id: providerId, variant, amount },
    });
    expect(answer.status, answer.text).toBe(201);
    const payments = answer.body.data.payments as { payment_id: number; payment_status: string }[];
    expect(payments).toHaveLength(1);
    expect(payments[0].payment_status).toBe(variant === 0 ? "WITHDRAWN" : "PAYMENT_SUCCESS");
    return payments[0].payment_id;
  }

  const release = async (paymentId: number, expected: 200 | 202, actingAdmin = 1) => {
    const answer = await call(api, "PUT", `/payments/${paymentId}`, { body: { payment_status: "WITHDRAWN" }, actingAdmin });
    expect(answer.status, answer.text).toBe(expected);
    return parsed(PaymentRecord, answer.body.data);
  };

  async function setThreshold(rupees: string | null) {
    const settings = (await get(api, "/get-general-setting")).body.data;
    const answer = await call(api, "PUT", "/upsert-setting", {
      query: { setting_name: "PayoutSetting" },
      body: {
        settingName: "PayoutSetting",
        setting1: { release_approval_threshold: rupees },
        updated_at: settings.PayoutSetting.updated_at,
      },
    });
    expect(answer.status, answer.text).toBe(200);
  }

  beforeAll(async () => {
    api = await startTestApi({ driver, testFixtures: true });
    const made = await call(api, "POST", "/test-fixtures/providers", { body: { prefix: "ledger" } });
    expect(made.status, made.text).toBe(201);
    provider = made.body.data;
    const other = (await call(api, "POST", "/test-fixtures/providers", { body: { prefix: "ledger" } })).body.data;
    const second = await call(api, "POST", "/register-admin-user", {
      body: {
        adminUsername: "ledger_checker",
        adminPassword: "Ledger-test-2026",
        adminEmail: "ledger_checker@example.com",
        adminStatus: "Active",
        adminRole: "Support",
        adminAccessRoleSettings: ["Payment"],
      },
    });
    expect(second.status, second.text).toBe(201);
    approverId = second.body.data.adminUserId;

    ids.old = await order(provider.serviceProvider_id, 0, "1000.00");
    ids.small1 = await order(provider.serviceProvider_id, 1, "2000.00");
    ids.small2 = await order(provider.serviceProvider_id, 1, "3000.50");
    ids.approved = await order(provider.serviceProvider_id, 1, "600000.00");
    ids.rejectedThenApproved = await order(provider.serviceProvider_id, 1, "700000.00");
    ids.waiting = await order(provider.serviceProvider_id, 1, "800000.00");
    ids.otherProvider = await order(other.serviceProvider_id, 1, "5000.00");

    await release(ids.small1, 200);
    await release(ids.otherProvider, 200);
    await setThreshold("100000.00");
    // a request approved by the second admin
    const asked = await release(ids.approved, 202);
    expect((await call(api, "POST", `/release-requests/${asked.release!.payout_id}/approve`, { actingAdmin: approverId })).status).toBe(
      200,
    );
    // a request rejected, then asked again and approved: only the approved payout is its row
    const first = await release(ids.rejectedThenApproved, 202);
    const rejected = await call(api, "POST", `/release-requests/${first.release!.payout_id}/reject`, {
      body: { reason: "Check the invoice" },
    });
    expect(rejected.status, rejected.text).toBe(200);
    const again = await release(ids.rejectedThenApproved, 202);
    expect(again.release!.payout_id).not.toBe(first.release!.payout_id);
    expect((await call(api, "POST", `/release-requests/${again.release!.payout_id}/approve`, { actingAdmin: approverId })).status).toBe(
      200,
    );
    // a request still waiting: not released, so not in the ledger
    await release(ids.waiting, 202);
    await setThreshold(null);
    await release(ids.small2, 200);
  });
  afterAll(() => api?.close());

  it("lists the provider's releases newest first, each with its order, money, who and payout state", async () => {
    const page = await ledger();
    expect(page.provider).toEqual({ serviceProvider_id: provider.serviceProvider_id, username: provider.username });
    expect(page.data.map((r) => r.payment_id)).toEqual([ids.small2, ids.rejectedThenApproved, ids.approved, ids.small1, ids.old]);
    expect(page.total_results).toBe(5);
    const byId = new Map(page.data.map((r) => [r.payment_id, r]));
    // one admin below the threshold: requested and approved by the same admin
    expect(byId.get(ids.small1)).toMatchObject({ requested_by: "admin", approved_by: "admin", payout_state: "Approved" });
    expect(byId.get(ids.approved)).toMatchObject({ requested_by: "admin", approved_by: "ledger_checker", payout_state: "Approved" });
    expect(byId.get(ids.rejectedThenApproved)).toMatchObject({
      requested_by: "admin",
      approved_by: "ledger_checker",
      payout_state: "Approved",
    });
    // released before payouts existed: no who, no state
    expect(byId.get(ids.old)).toMatchObject({ requested_by: null, approved_by: null, payout_state: null, payout_id: null });
    for (const row of page.data) {
      expect(row.short_id).toMatch(/^ORD\d+$/);
      expect(row.release_date).not.toBeNull();
      // gross = service charge + GST + amount paid (the provider invoice's split)
      expect(paise(row.total_amount)).toBe(paise(row.platform_commission) + paise(row.gst) + paise(row.paid_to_provider));
    }
    expect(byId.get(ids.small2)!.total_amount).toBe("3000.50");
    // the other provider's release and the waiting request are not rows
    expect(byId.has(ids.otherProvider)).toBe(false);
    expect(byId.has(ids.waiting)).toBe(false);
  });

  it("answers the running total over all releases in release order, the same under a date filter", async () => {
    const all = (await ledger({ sortOrder: "asc" })).data;
    expect(all.map((r) => r.payment_id)).toEqual([ids.old, ids.small1, ids.approved, ids.rejectedThenApproved, ids.small2]);
    let running = 0;
    for (const row of all) {
      running += paise(row.paid_to_provider);
      expect(row.running_total).toBe(paiseToInr(running));
    }
    // newest first reads the same figures
    const desc = (await ledger()).data;
    expect(desc).toEqual([...all].reverse());

    // the old release lies days before today's: a filter on today leaves it out, but not out of the running total
    const today = istDay(all.at(-1)!.release_date!);
    const oldDay = istDay(all[0].release_date!);
    expect(oldDay < today).toBe(true);
    const filtered = await ledger({ start_date: today, end_date: today });
    expect(filtered.data.map((r) => r.payment_id)).toEqual(desc.slice(0, 4).map((r) => r.payment_id));
    expect(filtered.data.map((r) => r.running_total)).toEqual(desc.slice(0, 4).map((r) => r.running_total));
    expect(filtered.all_time_paid).toBe(paiseToInr(running));

    const onlyOld = await ledger({ start_date: oldDay, end_date: oldDay });
    expect(onlyOld.data.map((r) => r.payment_id)).toEqual([ids.old]);
    expect(onlyOld.data[0].running_total).toBe(all[0].paid_to_provider);
  });

  it("totals every row under the filter (not only the page), equal to the sum of the rows", async () => {
    const sumOf = (rows: PayoutLedgerRow[], key: "total_amount" | "platform_commission" | "gst" | "paid_to_provider") =>
      paiseToInr(rows.reduce((total, r) => total + paise(r[key]), 0));
    const queries: Record<string, string>[] = [{}, { start_date: istDay(new Date().toISOString()) }];
    for (const query of queries) {
      const everything = await ledger(query);
      const { totals } = everything;
      expect(totals.count).toBe(everything.data.length);
      expect(totals.total_amount).toBe(sumOf(everything.data, "total_amount"));
      expect(totals.platform_commission).toBe(sumOf(everything.data, "platform_commission"));
      expect(totals.gst).toBe(sumOf(everything.data, "gst"));
      expect(totals.paid_to_provider).toBe(sumOf(everything.data, "paid_to_provider"));
      // a page of two carries the whole range's totals
      const small = await ledger({ ...query, page_size: 2 });
      expect(small.totals).toEqual(totals);
      expect(small.data).toHaveLength(2);
    }
  });

  it("pages in order: the pages together are the whole ledger", async () => {
    const whole = (await ledger()).data;
    const pages: PayoutLedgerRow[] = [];
    for (let page = 1; page <= 3; page++) pages.push(...(await ledger({ page, page_size: 2 })).data);
    expect(pages).toEqual(whole);
    expect((await ledger({ page: 4, page_size: 2 })).data).toEqual([]);
  });

  it("answers an empty ledger for a provider with no releases", async () => {
    const fresh = (await call(api, "POST", "/test-fixtures/providers", { body: { prefix: "ledger" } })).body.data;
    const page = await ledger({ provider: fresh.serviceProvider_id });
    expect(page).toMatchObject({ data: [], total_results: 0, all_time_paid: "0.00" });
    expect(page.totals).toEqual({ count: 0, total_amount: "0.00", platform_commission: "0.00", gst: "0.00", paid_to_provider: "0.00" });
  });

  describe("refuses", () => {
    it("an unknown provider with 404", async () => {
      const answer = await get(api, "/payout-ledger", { query: { provider: 2_147_483_000 } });
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe("Service provider not found");
    });

    it("a bad query with 400 naming the field", async () => {
      const bad = async (query: Record<string, string>, field: string) => {
        const answer = await get(api, "/payout-ledger", { query });
        expect(answer.status, JSON.stringify(query)).toBe(400);
        expect(Object.keys(answer.body.errors ?? {}), JSON.stringify(query)).toContain(field);
      };
      const id = String(provider.serviceProvider_id);
      await bad({}, "provider");
      await bad({ provider: "abc" }, "provider");
      await bad({ provider: "0" }, "provider");
      await bad({ provider: id, start_date: "2026-02-30" }, "start_date");
      await bad({ provider: id, start_date: "2026-03-02", end_date: "2026-03-01" }, "end_date");
      await bad({ provider: id, sortOrder: "up" }, "sortOrder");
      await bad({ provider: id, sortField: "gst", sortOrder: "asc" }, "sortField");
      await bad({ provider: id, page: "0" }, "page");
      await bad({ provider: id, page_size: "5000" }, "page_size");
    });
  });
});
