import { afterAll, beforeAll, expect, it } from "vitest";
import { BookingRow } from "~contract/bookings";
import { CancellationReason, OrderRecord } from "~contract/orders";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed } from "./helpers";

const lastAudit = async (api: TestApi) => (await get(api, "/audit-log", { query: { limit: 1 } })).body.data[0];
const reasons = async (api: TestApi, query: Record<string, string>) =>
  (await get(api, "/cancellation-reason/", { query })).body.results.map((r: unknown) =>
    parsed(CancellationReason, r),
  ) as CancellationReason[];

describeEachDriver("cancellation", (driver) => {
  let api: TestApi;
  let bookings: BookingRow[];
  const find = (serviceType: string, status: string, nth = 0) =>
    bookings.filter((b) => b.serviceType === serviceType && b.status === status).sort((a, b) => a.order_id - b.order_id)[nth];
  const cancel = (body: Record<string, unknown>, actingAdmin?: null) =>
    call(api, "POST", "/cancellation/", { body, ...(actingAdmin === null ? { actingAdmin } : {}) });
  beforeAll(async () => {
    api = await startTestApi({ driver });
    bookings = (await get(api, "/get-bookings", { query: { page_size: 200 } })).body.data.map((r: unknown) => parsed(BookingRow, r));
  });
  afterAll(() => api?.close());

  it("lists reasons per party, stage and service type, by position", async () => {
    const all = await reasons(api, {});
    expect(all).toHaveLength(2 * 2 * 4 * 3);
    const set = await reasons(api, { userType: "User", status: "PRE", serviceType: "Service" });
    expect(set).toHaveLength(3);
    // positions in the party's whole list (see cancellation-reasons.test.ts), consecutive within a set in the demo
    expect(set.map((r) => r.order)).toEqual([set[0].order, set[0].order + 1, set[0].order + 2]);
    expect(set.every((r) => r.user_type === "User" && r.status === "PRE" && r.service_type === "Service")).toBe(true);
    expect((await reasons(api, { userType: "ServiceProvider" })).length).toBe(24);
    expect((await get(api, "/cancellation-reason/", { query: { userType: "Admin" } })).status).toBe(400);
  });

  it("cancels a Pending order with a PRE reason of that party and service type; audited", async () => {
    const target = find("Service", "Pending");
    const [reason] = await reasons(api, { userType: "User", status: "PRE", serviceType: "Service" });
    const answer = await cancel({
      comment: "Client called support",
      reason: reason.reason,
      cancelled_by: "User",
      order: target.order_id,
      orderStatus: "Pending",
    });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe("Order has been cancelled successfully");
    const order = parsed(OrderRecord, answer.body.data.data);
    expect(order.status).toBe("Cancelled");
    expect(order.statusComment).toBe("Client called support");
    expect(order.cancelled_orders).toEqual([
      expect.objectContaining({ cancelled_by: "User", reason: reason.reason, comment: "Client called support" }),
    ]);
    expect(await lastAudit(api)).toMatchObject({
      entity: "order",
      entity_id: String(target.order_id),
      before: { status: "Pending" },
      after: { status: "Cancelled" },
    });
    // then: cancel and complete are refused
    const again = await cancel({ comment: "again", reason: reason.reason, cancelled_by: "User", order: target.order_id });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe("The order is already Cancelled");
    const activities = (await get(api, "/activity_tracker/user-activities/by_order/", { query: { order_id: target.order_id } })).body
      .results;
    expect(activities[0].activity_type).toBe("Cancelled by admin");
  });

  it("uses the POST set once accepted, the PRE set while Scheduled, and the order's service type", async () => {
    const inProgress = find("Consultation", "InProgress");
    const [pre] = await reasons(api, { userType: "ServiceProvider", status: "PRE", serviceType: "Consultation" });
    const [post] = await reasons(api, { userType: "ServiceProvider", status: "POST", serviceType: "Consultation" });
    const wrongSet = await cancel({ comment: "x", reason: pre.reason, cancelled_by: "ServiceProvider", order: inProgress.order_id });
    expect(wrongSet.status).toBe(400);
    expect(wrongSet.body.errors).toEqual({ reason: "This reason is not offered for this order" });
    // a reason of the other party is refused too
    const [userPost] = await reasons(api, { userType: "User", status: "POST", serviceType: "Consultation" });
    expect(
      (await cancel({ comment: "x", reason: userPost.reason, cancelled_by: "ServiceProvider", order: inProgress.order_id })).status,
    ).toBe(400);
    // by reasons_id as well as by text
    const ok = await cancel({
      comment: "Provider unwell",
      reason: post.reasons_id,
      cancelled_by: "ServiceProvider",
      order: inProgress.order_id,
    });
    expect(ok.status).toBe(201);
    expect(parsed(OrderRecord, ok.body.data.data).cancelled_orders[0]).toMatchObject({
      cancelled_by: "ServiceProvider",
      reason: post.reason,
    });

    const scheduled = find("Retainership", "Scheduled");
    const [retainerPost] = await reasons(api, { userType: "User", status: "POST", serviceType: "Retainership" });
    expect((await cancel({ comment: "x", reason: retainerPost.reason, cancelled_by: "User", order: scheduled.order_id })).status).toBe(400);
    const [retainerPre] = await reasons(api, { userType: "User", status: "PRE", serviceType: "Retainership" });
    expect(
      (
        await cancel({
          comment: "x",
          reason: retainerPre.reason,
          cancelled_by: "User",
          order: scheduled.order_id,
          orderStatus: "Scheduled Consultation",
        })
      ).status,
    ).toBe(201);
  });

  it("requires a comment, a known order, a party and the acting admin; refuses Completed orders", async () => {
    const target = find("AddOnService", "Pending");
    const [reason] = await reasons(api, { userType: "User", status: "PRE", serviceType: "AddOnService" });
    const blank = await cancel({ comment: "  ", reason: reason.reason, cancelled_by: "User", order: target.order_id });
    expect(blank.status).toBe(400);
    expect(blank.body.errors.comment).toBe("Please enter a comment");
    expect((await cancel({ reason: reason.reason, cancelled_by: "User", order: target.order_id })).body.errors.comment).toBe(
      "Please enter a comment",
    );
    expect((await cancel({ comment: "x", reason: reason.reason, cancelled_by: "Admin", order: target.order_id })).status).toBe(400);
    expect((await cancel({ comment: "x", reason: reason.reason, cancelled_by: "User", order: 999_999 })).status).toBe(404);
    expect((await cancel({ comment: "x", reason: reason.reason, cancelled_by: "User", order: target.order_id }, null)).status).toBe(400);
    const completed = find("AddOnService", "Completed");
    const [post] = await reasons(api, { userType: "User", status: "POST", serviceType: "AddOnService" });
    const refused = await cancel({ comment: "x", reason: post.reason, cancelled_by: "User", order: completed.order_id });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("The order is already Completed");
    const order = parsed(OrderRecord, (await get(api, "/get-order-by-id", { query: { order_id: target.order_id } })).body.data.data);
    expect(order.status).toBe("Pending");
    expect((await call(api, "POST", "/cancellation/", { body: {}, key: null })).status).toBe(401);
  });
  // the reasons' own calls (add, edit, 409, reorder, delete): cancellation-reasons.test.ts
});
