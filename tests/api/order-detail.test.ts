import { afterAll, beforeAll, expect, it } from "vitest";
import { BookingRow } from "~contract/bookings";
import { MainConsultation, OrderActivity, OrderChat, OrderDetail, OrderFile, OrderRecord, VideoCallLog } from "~contract/orders";
import { orderDashboardStats } from "../../api/src/routes/payments";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed } from "./helpers";

const lastAudit = async (api: TestApi) => (await get(api, "/audit-log", { query: { limit: 1 } })).body.data[0];

describeEachDriver("order detail and its records", (driver) => {
  let api: TestApi;
  let bookings: BookingRow[];
  const find = (serviceType: string, status: string, nth = 0) =>
    bookings.filter((b) => b.serviceType === serviceType && b.status === status).sort((a, b) => a.order_id - b.order_id)[nth];
  beforeAll(async () => {
    api = await startTestApi({ driver });
    bookings = (await get(api, "/get-bookings", { query: { page_size: 200 } })).body.data.map((r: unknown) => parsed(BookingRow, r));
  });
  afterAll(() => api?.close());

  it("GET /get-order-by-id answers data.data with both parties, cancellations and the payment", async () => {
    const cancelled = find("Service", "Cancelled");
    const answer = await get(api, "/get-order-by-id", { query: { order_id: cancelled.order_id } });
    expect(answer.status).toBe(200);
    const order = parsed(OrderRecord, answer.body.data.data);
    expect(order).toMatchObject({
      order_id: cancelled.order_id,
      short_id: cancelled.short_id,
      status: "Cancelled",
      charges: cancelled.charges,
    });
    expect(order.userId.email).toContain("@");
    expect(order.serviceProviderId.userId.username).toBe(cancelled.serviceProviderUsername);
    expect(order.userUsername).toBe(cancelled.userUsername);
    expect(order.cancelled_orders).toHaveLength(1);
    expect(order.cancelled_orders[0]).toMatchObject({
      cancelled_by: expect.stringMatching(/^(User|ServiceProvider)$/),
      reason: expect.any(String),
      comment: expect.any(String),
    });
    expect(order.payment?.transaction_id).toBe(order.transaction_id);
    expect(order.booked_service.offerings).toBeTruthy();
    const tickets = parsed(
      OrderRecord,
      (await get(api, "/get-order-by-id", { query: { order_id: find("Service", "Tickets").order_id } })).body.data.data,
    );
    expect(tickets.service.ticketRaisedAt).not.toBeNull();
    expect(tickets.service.acceptedAt).not.toBeNull();
    expect((await get(api, "/get-order-by-id", { query: { order_id: 999_999 } })).status).toBe(404);
    expect((await get(api, "/get-order-by-id", { query: { order_id: "abc" } })).status).toBe(400);
    expect((await get(api, "/get-order-by-id")).status).toBe(400);
  });

  it("GET /get-order-detail bundles milestones, consultation, chats, files, activities, calls and what may be done", async () => {
    const first = bookings.find((b) => b.short_id === "ORD000001")!;
    const detail = parsed(OrderDetail, (await get(api, "/get-order-detail", { query: { order_id: first.order_id } })).body.data.data);
    expect(detail.status).toBe("Pending");
    expect(detail.consultation?.consultationDetails.selectedSlot?.startTime).toBeTruthy();
    expect(detail.counts.chats).toBe(detail.chats.length);
    expect(detail.chats.some((c) => c.sender_name === null)).toBe(true);
    expect(detail.chats.some((c) => c.timestamp === "not-a-date")).toBe(true);
    expect(detail.files.some((f) => f.final_status === "Final")).toBe(true);
    expect(detail.activities.length).toBeGreaterThan(0);
    expect(detail).toMatchObject({ can_cancel: true, can_complete: true, cancellation_reason_set: "PRE" });
    const inProgress = find("Consultation", "InProgress");
    const call = parsed(OrderDetail, (await get(api, "/get-order-detail", { query: { order_id: inProgress.order_id } })).body.data.data);
    expect(call.video_calls).toHaveLength(6);
    expect(call.call_overlap_seconds).toBe(505 + 1085);
    expect(call.cancellation_reason_set).toBe("POST");
    const done = parsed(
      OrderDetail,
      (await get(api, "/get-order-detail", { query: { order_id: find("Service", "Completed").order_id } })).body.data.data,
    );
    expect(done).toMatchObject({ can_cancel: false, can_complete: false });
    expect(done.consultation).toBeNull();
    expect((await get(api, "/get-order-detail", { query: { order_id: 999_999 } })).status).toBe(404);
  });

  it("answers the chat, files, activities, call log and consultation calls", async () => {
    const first = bookings.find((b) => b.short_id === "ORD000001")!;
    const chats = await get(api, "/get-order-chats", { query: { short_id: first.short_id } });
    expect(chats.status).toBe(200);
    const messages = chats.body.data.map((r: unknown) => parsed(OrderChat, r));
    expect(messages.length).toBeGreaterThan(1);
    expect(messages.map((m: OrderChat) => m.order_chat_id)).toEqual(
      [...messages.map((m: OrderChat) => m.order_chat_id)].sort((a, b) => a - b),
    );
    expect((await get(api, "/get-order-chats", { query: { short_id: "ord000001" } })).status).toBe(404);
    expect((await get(api, "/get-order-chats")).status).toBe(400);
    const empty = bookings.find((b) => b.short_id === "ORD000004")!;
    expect((await get(api, "/get-order-chats", { query: { short_id: empty.short_id } })).body.data).toEqual([]);

    const files = (await get(api, "/get-order-related-files", { query: { order_id: first.order_id } })).body.data.map((r: unknown) =>
      parsed(OrderFile, r),
    );
    expect(files.map((f: OrderFile) => f.final_status)).toContain("Final");
    const activities = (
      await get(api, "/activity_tracker/user-activities/by_order/", { query: { order_id: first.order_id } })
    ).body.results.map((r: unknown) => parsed(OrderActivity, r));
    expect(activities[0].activity_type).toBeTruthy();
    const times = activities.map((a: OrderActivity) => a.activity_timestamp);
    expect(times).toEqual([...times].sort().reverse());
    const inProgress = find("Consultation", "InProgress");
    const calls = await get(api, "/get-video-call-by-order-id", { query: { order_id: inProgress.order_id } });
    expect(calls.body.data.map((r: unknown) => parsed(VideoCallLog, r))).toHaveLength(6);
    expect(new Set(calls.body.data.map((l: VideoCallLog) => l.user_id)).size).toBe(2);
    expect(calls.body.overlap_seconds).toBe(1590);
    const consultation = parsed(
      MainConsultation,
      (await get(api, "/get-main-consultation-by-order-id", { query: { order_id: first.order_id } })).body.data,
    );
    expect(consultation.timeSlots).toHaveLength(3);
    for (const path of [
      "/get-order-related-files",
      "/activity_tracker/user-activities/by_order/",
      "/get-video-call-by-order-id",
      "/get-main-consultation-by-order-id",
    ]) {
      expect((await get(api, path, { query: { order_id: 999_999 } })).status, path).toBe(404);
      expect((await get(api, path, { query: { order_id: "x" } })).status, path).toBe(400);
    }
    expect(
      (await get(api, "/get-main-consultation-by-order-id", { query: { order_id: find("Service", "Pending").order_id } })).status,
    ).toBe(404);
  });

  it("reschedules to a future slot only; the end follows the offerings' minutes; audited", async () => {
    const first = bookings.find((b) => b.short_id === "ORD000001")!; // "45 Minutes Video Consultation"
    const put = (orderId: number, startTime: string, actingAdmin?: null) =>
      call(api, "PUT", "/update-main-consultation-by-order-id", {
        query: { order_id: orderId },
        body: { consultationDetails: { selectedSlot: { startTime } } },
        ...(actingAdmin === null ? { actingAdmin } : {}),
      });
    const past = await put(first.order_id, new Date(Date.now() - 60_000).toISOString());
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual({ startTime: "Please select a future date" });
    for (const far of ["9999-12-31T10:00:00.000Z", new Date(Date.now() + 366 * 86_400_000).toISOString()]) {
      const tooFar = await put(first.order_id, far);
      expect(tooFar.status, far).toBe(400);
      expect(tooFar.body.errors).toEqual({ startTime: "Please select a date within a year from today" });
    }
    const start = new Date(Date.now() + 3 * 86_400_000);
    start.setUTCSeconds(0, 0);
    const ok = await put(first.order_id, start.toISOString());
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe("Consultation Rescheduled Successfully");
    const slot = parsed(MainConsultation, ok.body.data).consultationDetails.selectedSlot!;
    expect(slot.startTime).toBe(start.toISOString());
    expect(new Date(slot.endTime).getTime() - start.getTime()).toBe(45 * 60_000);
    const audit = await lastAudit(api);
    expect(audit).toMatchObject({ entity: "main_consultation", entity_id: String(first.order_id), action: "update" });
    expect(audit.after.selectedSlot.startTime).toBe(start.toISOString());
    const read = parsed(
      MainConsultation,
      (await get(api, "/get-main-consultation-by-order-id", { query: { order_id: first.order_id } })).body.data,
    );
    expect(read.consultationDetails.selectedSlot).toEqual(slot);

    const noMinutes = bookings.find((b) => b.short_id === "ORD000002")!; // "Quick Video Consultation"
    const refused = await put(noMinutes.order_id, start.toISOString());
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/minutes/);
    expect((await put(first.order_id, "not a date")).status).toBe(400);
    expect((await put(first.order_id, start.toISOString(), null)).status).toBe(400);
    expect((await put(999_999, start.toISOString())).status).toBe(404);
    const completed = find("Consultation", "Completed");
    expect((await put(completed.order_id, start.toISOString())).status).toBe(400);
    expect((await put(find("Service", "Pending").order_id, start.toISOString())).status).toBe(404);
  });

  it("reschedules an offering that names no minutes with the end the caller gives (1 to 1440 minutes); a named length wins", async () => {
    // the demo's "Quick Video Consultation" (found by its text, not by its place in the seed)
    const open = bookings.filter((b) => b.serviceType === "Consultation" && !["Completed", "Cancelled"].includes(b.status));
    const details = await Promise.all(
      open.map(async (b) => parsed(OrderDetail, (await get(api, "/get-order-detail", { query: { order_id: b.order_id } })).body.data.data)),
    );
    const quick = details.find((d) => d.consultation && d.booked_service.offerings === "Quick Video Consultation")!;
    const named = details.find((d) => d.consultation && /^\d+ Minutes/.test(d.booked_service.offerings))!;
    expect(quick).toBeDefined();
    const put = (orderId: number, selectedSlot: Record<string, string>) =>
      call(api, "PUT", "/update-main-consultation-by-order-id", {
        query: { order_id: orderId },
        body: { consultationDetails: { selectedSlot } },
      });
    const start = new Date(Date.now() + 5 * 86_400_000);
    start.setUTCSeconds(0, 0);
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000).toISOString();

    const none = await put(quick.order_id, { startTime: start.toISOString() });
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual({ endTime: "Please enter how many minutes the consultation lasts" });
    for (const bad of [at(0), at(-10), at(1441)]) {
      const refused = await put(quick.order_id, { startTime: start.toISOString(), endTime: bad });
      expect(refused.status).toBe(400);
      expect(refused.body.errors.endTime).toBe("The end must be 1 to 1440 minutes after the start");
    }
    expect((await put(quick.order_id, { startTime: start.toISOString(), endTime: "soon" })).status).toBe(400);

    const ok = await put(quick.order_id, { startTime: start.toISOString(), endTime: at(25) });
    expect(ok.status).toBe(200);
    expect(parsed(MainConsultation, ok.body.data).consultationDetails.selectedSlot).toEqual({
      startTime: start.toISOString(),
      endTime: at(25),
    });
    const audit = await lastAudit(api);
    expect(audit).toMatchObject({ entity: "main_consultation", entity_id: String(quick.order_id) });
    expect(audit.after.selectedSlot.endTime).toBe(at(25));

    // an offering that names its minutes: the end follows them; a different end is refused
    const minutes = Number(/^(\d+)/.exec(named.booked_service.offerings)![1]);
    const mismatch = await put(named.order_id, { startTime: start.toISOString(), endTime: at(minutes + 5) });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors.endTime).toMatch(new RegExp(`lasts ${minutes} minutes`));
    const same = await put(named.order_id, { startTime: start.toISOString(), endTime: at(minutes) });
    expect(same.status).toBe(200);
    expect(same.body.data.consultationDetails.selectedSlot.endTime).toBe(at(minutes));
  });

  it("marks an order complete, refused when Cancelled or Completed; audited", async () => {
    const target = find("Retainership", "InProgress");
    const put = (shortId: string, body: unknown = { user_mark_as_done: true }) =>
      call(api, "PUT", "/update-order", { query: { shortId }, body });
    const answer = await put(target.short_id);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe("Order has been marked as completed");
    const order = parsed(OrderRecord, answer.body.data.data);
    expect(order).toMatchObject({ status: "Completed", user_mark_as_done: true });
    expect(order.completedAt).not.toBeNull();
    expect(await lastAudit(api)).toMatchObject({
      entity: "order",
      entity_id: String(target.order_id),
      after: { status: "Completed", user_mark_as_done: true },
    });
    const again = await put(target.short_id);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe("The order is already Completed");
    const cancelled = await put(find("Retainership", "Cancelled").short_id);
    expect(cancelled.status).toBe(400);
    expect(cancelled.body.message).toBe("The order is already Cancelled");
    expect((await put(find("Retainership", "Pending").short_id, { user_mark_as_done: false })).status).toBe(400);
    expect((await put("NOPE")).status).toBe(404);
    expect(
      (
        await call(api, "PUT", "/update-order", {
          query: { shortId: target.short_id },
          body: { user_mark_as_done: true },
          actingAdmin: null,
        })
      ).status,
    ).toBe(400);
  });

  it("counts revenue this IST month exactly", async () => {
    const payments = (await get(api, "/payments", { query: { page_size: 200 } })).body.data as {
      payment_status: string;
      payment_date: string;
      total_amount: string;
    }[];
    const inJanuary = payments.filter(
      (p) =>
        ["PAYMENT_SUCCESS", "WITHDRAWN"].includes(p.payment_status) &&
        new Date(new Date(p.payment_date).getTime() + 5.5 * 3600_000).toISOString().startsWith("2026-01"),
    );
    const paise = inJanuary.reduce((sum, p) => sum + BigInt(p.total_amount.replace(".", "")), 0n);
    const stats = await orderDashboardStats(api.db, new Date("2026-01-20T12:00:00+05:30"));
    expect(stats.revenueThisMonth).toBe(`${paise / 100n}.${String(paise % 100n).padStart(2, "0")}`);
    expect(stats.revenueThisMonth).not.toBe("0.00");
  });
});
