/**
 * Two-person release (issue 34 §1): at or above the threshold a Release is a request a different
 * admin with Payment access approves or rejects; below it one admin releases as before.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { PaymentRecord } from "~contract/payments";
import { PAYOUT_MESSAGES } from "~contract/payouts";
import { payouts } from "../../api/src/db/schema";
import { DEMO_ADMINS } from "../../api/src/seed/demo-admins";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed } from "./helpers";

const THRESHOLD = "300000.00";

describeEachDriver("release requests", (driver) => {
  let api: TestApi;
  let rootId: number;
  let financeId: number;
  let supportId: number;

  const adminId = async (username: string) => {
    const answer = await get(api, "/get-all-admin-users", { query: { search: username, page_size: 50 } });
    const found = (answer.body.data as { adminUserId: number; adminUsername: string }[]).find((a) => a.adminUsername === username);
    expect(found, answer.text).toBeTruthy();
    return found!.adminUserId;
  };
  const setThreshold = async (rupees: string | null) => {
    const current = (await get(api, "/get-setting", { query: { setting_name: "PayoutSetting" } })).body.data;
    const answer = await call(api, "PUT", "/upsert-setting", {
      query: { setting_name: "PayoutSetting" },
      body: { settingName: "PayoutSetting", setting1: { release_approval_threshold: rupees }, updated_at: current?.updated_at ?? null },
    });
    expect(answer.status, answer.text).toBe(200);
  };
  /** A completed order of the test's own whose successful payment is this many rupees. */
  const paymentOf = async (amount: string) => {
    const made = await call(api, "POST", "/test-fixtures/orders", {
      body: { serviceType: "Service", status: "Completed", variant: 1, amount },
    });
    expect(made.status, made.text).toBe(201);
    const success = (made.body.data.payments as { payment_id: number; payment_status: string }[]).find(
      (p) => p.payment_status === "PAYMENT_SUCCESS",
    );
    expect(success).toBeTruthy();
    return success!.payment_id;
  };
  const payment = async (id: number) => parsed(PaymentRecord, (await get(api, `/payments/${id}`)).body.data);
  const release = (id: number, actingAdmin = rootId) =>
    call(api, "PUT", `/payments/${id}`, { body: { payment_status: "WITHDRAWN" }, actingAdmin });
  const approve = (payoutId: number, actingAdmin: number) => call(api, "POST", `/release-requests/${payoutId}/approve`, { actingAdmin });
  const reject = (payoutId: number, actingAdmin: number, reason: unknown = "Invoice does not match the work") =>
    call(api, "POST", `/release-requests/${payoutId}/reject`, { actingAdmin, body: { reason } });
  const auditOf = async (entity: string, id: number) =>
    (await get(api, "/audit-entries", { query: { entity, entity_id: String(id), page_size: 20 } })).body.data as {
      action: string;
      admin_username: string;
      after: Record<string, unknown>;
    }[];

  beforeAll(async () => {
    api = await startTestApi({ driver, testFixtures: true });
    rootId = await adminId("admin");
    financeId = await adminId("finance");
    supportId = await adminId("support");
    expect(DEMO_ADMINS.finance.access).toContain("Payment");
    await setThreshold(THRESHOLD);
  });
  afterAll(() => api?.close());

  it("below the threshold one admin releases at once, with an Approved payout naming them twice", async () => {
    const id = await paymentOf("1000.00");
    expect((await payment(id)).release_needs_approval).toBe(false);
    const answer = await release(id);
    expect(answer.status, answer.text).toBe(200);
    const after = await payment(id);
    expect(after.payment_status).toBe("WITHDRAWN");
    expect(after.release).toMatchObject({ state: "Approved", requested_by: "admin", decided_by: "admin", amount: after.paid_to_provider });
  });

  it("at the threshold a Release is a request: nothing released, the payment waits, the list filters it", async () => {
    const id = await paymentOf("600000.00");
    const before = await payment(id);
    expect(before.release_needs_approval).toBe(true);
    const answer = await release(id);
    expect(answer.status, answer.text).toBe(202);
    expect(answer.body.message).toBe(PAYOUT_MESSAGES.requested);
    const after = await payment(id);
    expect(after.payment_status).toBe("PAYMENT_SUCCESS");
    expect(after.releasable).toBe(false);
    expect(after.release_refusal).toBe(PAYOUT_MESSAGES.alreadyRequested("admin"));
    expect(after.release).toMatchObject({
      state: "Requested",
      requested_by: "admin",
      decided_by: null,
      amount: before.invoice.service_provider.payable,
    });
    // a second Release of the same payment is refused, and makes no second request
    const again = await release(id, financeId);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PAYOUT_MESSAGES.alreadyRequested("admin"));
    expect(await api.db.select().from(payouts).where(eq(payouts.payment_id, id))).toHaveLength(1);
    // the list's Release filter, and "awaiting release" no longer counts it
    const requested = await get(api, "/payments", { query: { release_state: "requested", page_size: 200 } });
    expect(requested.body.data.map((p: PaymentRecord) => p.payment_id)).toContain(id);
    const releasable = await get(api, "/payments", { query: { releasable: "yes", page_size: 200 } });
    expect(releasable.body.data.map((p: PaymentRecord) => p.payment_id)).not.toContain(id);
    expect((await auditOf("payout", after.release!.payout_id))[0]).toMatchObject({ action: "create", admin_username: "admin" });
  });

  it("the requester can never approve their own request; another Payment admin approves and the payment is released", async () => {
    const id = await paymentOf("750000.00");
    expect((await release(id)).status).toBe(202);
    const payoutId = (await payment(id)).release!.payout_id;
    const own = await approve(payoutId, rootId);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(PAYOUT_MESSAGES.ownRequest);
    // an admin without Payment access may not decide
    const support = await approve(payoutId, supportId);
    expect(support.status).toBe(403);
    expect(support.body.message).toBe(PAYOUT_MESSAGES.needsPayment);
    expect((await payment(id)).payment_status).toBe("PAYMENT_SUCCESS");
    const answer = await approve(payoutId, financeId);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.message).toBe(PAYOUT_MESSAGES.approved);
    const after = parsed(PaymentRecord, answer.body.data);
    expect(after.payment_status).toBe("WITHDRAWN");
    expect(after.paid_to_provider).toBe(after.invoice.service_provider.payable);
    expect(after.release).toMatchObject({ state: "Approved", requested_by: "admin", decided_by: "finance" });
    const trail = await auditOf("payout", payoutId);
    expect(trail.map((e) => [e.action, e.admin_username])).toEqual([
      ["update", "finance"],
      ["create", "admin"],
    ]);
    expect(trail[0].after).toMatchObject({ state: "Approved" });
    // deciding again: 409 naming who decided
    const twice = await reject(payoutId, rootId);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(PAYOUT_MESSAGES.alreadyDecided("Approved", "finance"));
  });

  it("two concurrent approvals give one approval and a 409", async () => {
    const id = await paymentOf("900000.00");
    expect((await release(id)).status).toBe(202);
    const payoutId = (await payment(id)).release!.payout_id;
    const other = await call(api, "POST", "/register-admin-user", {
      body: {
        adminUsername: `checker-${Date.now()}`,
        adminPassword: "Sturdy-pass-2026",
        adminEmail: `checker-${Date.now()}@example.com`,
        adminStatus: "Active",
        adminRole: "Admin",
        adminAccessRoleSettings: ["Payment"],
      },
    });
    expect(other.status, other.text).toBe(201);
    const answers = await Promise.all([approve(payoutId, financeId), approve(payoutId, other.body.data.adminUserId)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const after = await payment(id);
    expect(after.payment_status).toBe("WITHDRAWN");
    const rows = await api.db.select().from(payouts).where(eq(payouts.payment_id, id));
    expect(rows.map((r) => r.state)).toEqual(["Approved"]);
    expect((await auditOf("payment", id)).filter((e) => e.action === "update")).toHaveLength(1);
  });

  it("a rejection needs a reason, keeps the payment unreleased, and the payment can be requested again", async () => {
    const id = await paymentOf("550000.00");
    expect((await release(id)).status).toBe(202);
    const payoutId = (await payment(id)).release!.payout_id;
    for (const bad of ["", "   ", "x".repeat(501)]) {
      const refused = await reject(payoutId, financeId, bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await payment(id)).release!.state).toBe("Requested");
    const answer = await reject(payoutId, financeId, "  Wrong bank details on file  ");
    expect(answer.status, answer.text).toBe(200);
    const after = parsed(PaymentRecord, answer.body.data);
    expect(after.payment_status).toBe("PAYMENT_SUCCESS");
    expect(after.release).toMatchObject({ state: "Rejected", decided_by: "finance", reason: "Wrong bank details on file" });
    expect(after.releasable).toBe(true);
    const rejected = await get(api, "/payments", { query: { release_state: "rejected", page_size: 200 } });
    expect(rejected.body.data.map((p: PaymentRecord) => p.payment_id)).toContain(id);
    // asked again: a new request, the rejected one kept
    expect((await release(id)).status).toBe(202);
    const rows = await api.db.select().from(payouts).where(eq(payouts.payment_id, id));
    expect(rows.map((r) => r.state).sort()).toEqual(["Rejected", "Requested"]);
  });

  it("the payout rule is checked again when approving, and unknown requests are 404", async () => {
    expect((await approve(2_000_000_000, financeId)).status).toBe(404);
    expect((await call(api, "POST", "/release-requests/abc/approve", { actingAdmin: financeId })).status).toBe(400);
    expect((await call(api, "POST", "/release-requests/1/approve", { actingAdmin: null })).status).toBe(400);
  });

  it("turning the threshold off makes every release one admin's again", async () => {
    await setThreshold(null);
    const id = await paymentOf("800000.00");
    expect((await payment(id)).release_needs_approval).toBe(false);
    expect((await release(id)).status).toBe(200);
    expect((await payment(id)).payment_status).toBe("WITHDRAWN");
    await setThreshold(THRESHOLD);
  });
});
