import { afterAll, beforeAll, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { createApi } from "../../api/src/app";
import { orders, outbox, payments, serviceProviders } from "../../api/src/db/schema";
import { ApiErrorBody } from "~contract/api";
import { DashboardTrends, MAX_TREND_DAYS, TREND_MESSAGES } from "~contract/dashboard";
import { PaymentRecord } from "~contract/payments";
import { inrToPaiseNumber } from "~shared/money";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { get, parsed } from "./helpers";

const Answer = z.object({ data: DashboardTrends });
/** Wednesday 5 … Tuesday 18 March 2031 (IST): weeks of Monday 3 (cut to 5–9), 10 and 17 (cut to 17–18); no demo data then */
const RANGE = { from: "2031-03-05", to: "2031-03-18" };
const at = (day: string, time: string) => new Date(`${day}T${time}:00.000+05:30`);

describeEachDriver("dashboard trends", (driver) => {
  let api: TestApi;
  let fixture: (path: string, body: object) => Promise<Record<string, unknown>>;
  beforeAll(async () => {
    api = await startTestApi({ driver });
    const app = createApi({ db: api.db, apiKey: api.apiKey, apiKeyHeader: api.apiKeyHeader, testFixtures: true });
    fixture = async (path, body) => {
      const answer = await app.request(`/test-fixtures/${path}`, {
        method: "POST",
        headers: { [api.apiKeyHeader]: api.apiKey, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(answer.status, await answer.clone().text()).toBe(201);
      return ((await answer.json()) as { data: Record<string, unknown> }).data;
    };
  });
  afterAll(() => api?.close());

  const trends = async (query: Record<string, string> = {}) => {
    const answer = await get(api, "/dashboard-trends", { query: { ...RANGE, ...query } });
    expect(answer.status, answer.text).toBe(200);
    return parsed(Answer, answer.body).data;
  };

  it("counts the records made in the range by IST day and week, in integer paise, and nothing outside it", async () => {
    const before = await trends();
    expect(before.bookingsPerDay).toHaveLength(14);
    expect(before.bookingsPerDay!.every((d) => d.count === 0)).toBe(true);
    expect(before.revenuePerWeek!.map((w) => [w.week, w.from, w.to])).toEqual([
      ["2031-03-03", "2031-03-05", "2031-03-09"],
      ["2031-03-10", "2031-03-10", "2031-03-16"],
      ["2031-03-17", "2031-03-17", "2031-03-18"],
    ]);

    // orders: two on the 5th (one late in the IST evening), one just after IST midnight (still the 5th in UTC), one after the range
    const made = [];
    for (const status of ["Completed", "Cancelled", "Completed", "Pending"] as const) {
      made.push((await fixture("orders", { serviceType: "Service", status })) as { order_id: number });
    }
    const created = [at("2031-03-05", "10:00"), at("2031-03-05", "23:30"), at("2031-03-06", "00:30"), at("2031-03-19", "00:00")];
    for (const [i, order] of made.entries()) {
      await api.db.update(orders).set({ created_at: created[i] }).where(eq(orders.order_id, order.order_id));
    }
    // payments of their own: the copies' are replaced
    const ids = made.map((o) => o.order_id);
    await api.db.delete(payments).where(inArray(payments.order_id, ids));
    const payment = (
      order_id: number,
      payment_status: "PAYMENT_SUCCESS" | "WITHDRAWN" | "PAYMENT_FAILED",
      total_amount: number,
      payment_date: Date,
    ) => ({
      order_id,
      transaction_id: `TTREND${order_id}`,
      payment_status,
      total_amount,
      payment_date,
    });
    await api.db.insert(payments).values([
      // Sunday 9th 23:00 IST: the first week; Monday 10th 00:10 IST (Sunday in UTC): the second
      payment(ids[0], "PAYMENT_SUCCESS", 150_000, at("2031-03-09", "23:00")),
      payment(ids[1], "WITHDRAWN", 99_950, at("2031-03-10", "00:10")),
      payment(ids[2], "PAYMENT_FAILED", 50_000, at("2031-03-10", "12:00")),
      payment(ids[3], "PAYMENT_SUCCESS", 70_000, at("2031-03-19", "09:00")),
    ]);

    // users: two in the first week, one on the last day, one the day after the range
    for (const when of [at("2031-03-05", "00:00"), at("2031-03-08", "18:00"), at("2031-03-18", "23:59"), at("2031-03-19", "00:00")]) {
      await fixture("users", { created_at: when.toISOString() });
    }
    // providers: one in the second week, one deleted (not counted)
    const providers = [];
    for (let n = 0; n < 2; n++) providers.push((await fixture("providers", { variant: n })) as { serviceProvider_id: number });
    const providerIds = providers.map((p) => Number(p.serviceProvider_id));
    expect(providerIds.every(Number.isInteger)).toBe(true);
    await api.db
      .update(serviceProviders)
      .set({ created_at: at("2031-03-12", "12:00") })
      .where(inArray(serviceProviders.serviceProvider_id, providerIds));
    await api.db.update(serviceProviders).set({ deleted_at: new Date() }).where(eq(serviceProviders.serviceProvider_id, providerIds[1]));

    // journeys started in the range: stopped at 1, 3, 3, all five done, and one that became an order; one after the range
    const started = at("2031-03-11", "09:00").toISOString();
    await fixture("booking-journeys", {
      journeys: [
        { stop: 1, started_at: started },
        { stop: 3, started_at: started },
        { stop: 3, started_at: started },
        { stop: 6, started_at: started },
        { stop: 6, started_at: started, converted: true },
        { stop: 2, started_at: at("2031-03-19", "09:00").toISOString() },
      ],
    });
    // failed messages (of any day): two emails, one WhatsApp; a sent one is not counted
    await api.db.insert(outbox).values([
      { channel: "email", recipient: "a@trend.test", status: "failed" },
      { channel: "email", recipient: "b@trend.test", status: "failed" },
      { channel: "whatsapp", recipient: "+910000000001", status: "failed" },
      { channel: "email", recipient: "c@trend.test", status: "sent" },
    ]);

    const after = await trends();
    const perDay = Object.fromEntries(after.bookingsPerDay!.filter((d) => d.count > 0).map((d) => [d.day, d.count]));
    expect(perDay).toEqual({ "2031-03-05": 2, "2031-03-06": 1 });
    expect(after.revenuePerWeek!.map((w) => [w.week, w.paise, w.count])).toEqual([
      ["2031-03-03", 150_000, 1],
      ["2031-03-10", 99_950, 1],
      ["2031-03-17", 0, 0],
    ]);
    expect(after.newUsersPerWeek!.map((w) => w.count)).toEqual([2, 0, 1]);
    expect(after.newProvidersPerWeek!.map((w) => w.count)).toEqual([0, 1, 0]);
    expect(after.bookingFunnel).toEqual({
      started: 5,
      steps: [
        { step: 1, name: "Book Now Dialogue", reached: 5, stopped: 1 },
        { step: 2, name: "Basic Info", reached: 4, stopped: 0 },
        { step: 3, name: "Order Summary", reached: 4, stopped: 2 },
        { step: 4, name: "Address Details", reached: 2, stopped: 0 },
        { step: 5, name: "Payment", reached: 2, stopped: 0 },
      ],
      allStepsNoOrder: 1,
      booked: 1,
    });
    const failed = (t: typeof before) => Object.fromEntries(t.failedMessages!.byChannel.map((c) => [c.channel, c.count]));
    expect(failed(after)).toEqual({ email: failed(before).email + 2, whatsapp: failed(before).whatsapp + 1 });
    expect(after.failedMessages!.total).toBe(before.failedMessages!.total + 3);

    // every order by its status now: the four made here added to theirs
    const byStatus = (t: typeof before) => Object.fromEntries(t.ordersByStatus!.map((s) => [s.status, s.count]));
    expect(byStatus(after)).toEqual({
      ...byStatus(before),
      Completed: byStatus(before).Completed + 2,
      Cancelled: byStatus(before).Cancelled + 1,
      Pending: byStatus(before).Pending + 1,
    });

    // awaiting release: exactly the rows of the Payments list's releasable filter, and their total
    const releasable = await get(api, "/payments", { query: { releasable: "yes", page_size: 200 } });
    const rows = (releasable.body.data as unknown[]).map((r) => parsed(PaymentRecord, r));
    expect(after.paymentsAwaitingRelease).toEqual({
      count: releasable.body.total_results,
      paise: rows.reduce((sum, r) => sum + inrToPaiseNumber(r.total_amount), 0),
    });
    // the completed order paid on the 9th is one of them
    expect(after.paymentsAwaitingRelease!.count).toBe(before.paymentsAwaitingRelease!.count + 1);
    expect(after.paymentsAwaitingRelease!.paise).toBe(before.paymentsAwaitingRelease!.paise + 150_000);

    // a one-day range sees only its own day
    const day = await trends({ from: "2031-03-06", to: "2031-03-06" });
    expect(day.bookingsPerDay).toEqual([{ day: "2031-03-06", count: 1 }]);
    expect(day.revenuePerWeek).toEqual([{ week: "2031-03-03", from: "2031-03-06", to: "2031-03-06", paise: 0, count: 0 }]);
  });

  it("answers only the sections asked for", async () => {
    const users = await trends({ sections: "users" });
    expect(Object.keys(users).sort()).toEqual(["from", "newUsersPerWeek", "to"]);
    const money = await trends({ sections: "payments,messages" });
    expect(Object.keys(money).sort()).toEqual(["failedMessages", "from", "paymentsAwaitingRelease", "revenuePerWeek", "to"]);
    const none = await trends({ sections: "" });
    expect(Object.keys(none).sort()).toEqual(["from", "to"]);
    const unknown = await get(api, "/dashboard-trends", { query: { ...RANGE, sections: "users,secrets" } });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain("Unknown sections: secrets");
  });

  it("refuses a range that is backwards, too long, not a date or missing, with a clear message", async () => {
    const refused = async (query: Record<string, string>) => {
      const answer = await get(api, "/dashboard-trends", { query });
      expect(answer.status, JSON.stringify(query)).toBe(400);
      return parsed(ApiErrorBody, answer.body);
    };
    expect((await refused({ from: "2031-03-10", to: "2031-03-09" })).errors?.to).toBe(TREND_MESSAGES.fromAfterTo);
    expect((await refused({ from: "2030-01-01", to: "2031-01-02" })).errors?.to).toBe(`The range is at most ${MAX_TREND_DAYS} days`);
    expect((await refused({ from: "2031-02-30", to: "2031-03-09" })).errors?.from).toBe("Not a valid date");
    expect((await refused({ from: "yesterday", to: "2031-03-09" })).errors?.from).toBe("Use the date format YYYY-MM-DD");
    expect((await refused({ to: "2031-03-09" })).errors?.from).toBeTruthy();
    // the longest range is taken: 366 days, both ends included
    const longest = await trends({ from: "2030-01-01", to: "2031-01-01", sections: "bookings" });
    expect(longest.bookingsPerDay).toHaveLength(MAX_TREND_DAYS);
  });
});
