/**
 * The present-day demo (issue 33 §2): `npm start` on an empty database dates the demo up to today —
 * the hand-written rows within the last 90 days, recent joins and orders every week, bookings today
 * — and nothing after the moment it seeded. Seeded here for a fixed "now" so the figures are exact.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { and, count, eq, gt, gte, lte, max, min } from "drizzle-orm";
import {
  adminUsers,
  bankFileLines,
  bankFiles,
  bookingJourneys,
  contacts,
  orders,
  payments,
  payouts,
  serviceProviders,
  users,
} from "../../api/src/db/schema";
import { PRESENT_DEMO_DAYS, presentSeedBase, seedDemo, startOfIstDay } from "../../api/src/seed/seed";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";

const DAY = 24 * 3600_000;
// a Saturday afternoon in India
const NOW = new Date("2026-11-28T15:00:00.000+05:30");
const MIDNIGHT = new Date("2026-11-28T00:00:00.000+05:30");

describeEachDriver("present-day demo", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver, seed: false });
    await seedDemo(api.db, { base: presentSeedBase(NOW), present: NOW });
  });
  afterAll(async () => {
    await api?.close();
  });

  it("has a payout history: every release with who approved it, a paid and a sent bank file, a failed line, two requests waiting", async () => {
    const [released] = await api.db.select({ n: count() }).from(payments).where(eq(payments.payment_status, "WITHDRAWN"));
    const rows = await api.db.select().from(payouts);
    const live = rows.filter((p) => p.state !== "Requested");
    expect(live).toHaveLength(Number(released.n));
    // at or above the threshold, asked by admin and approved by finance; below it, admin's alone
    const [adminRow, financeRow] = await Promise.all(
      ["admin", "finance"].map(async (name) => (await api.db.select().from(adminUsers).where(eq(adminUsers.adminUsername, name)))[0]),
    );
    for (const p of live) {
      expect(p.requested_by).toBe(adminRow.adminUserId);
      expect(p.decided_by).toBe(p.amount >= 1_000_000 ? financeRow.adminUserId : adminRow.adminUserId);
      expect(p.decided_at!.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
    expect(rows.filter((p) => p.state === "Requested")).toHaveLength(2);
    const files = await api.db.select().from(bankFiles);
    expect(files.map((f) => f.state).sort()).toEqual(["Paid", "Sent to bank"]);
    const lines = await api.db.select().from(bankFileLines);
    for (const file of files) {
      const own = lines.filter((l) => l.bank_file_id === file.bank_file_id);
      // the file's total is its lines', and each line's is its payouts'
      expect(own.reduce((sum, l) => sum + l.amount, 0)).toBe(file.total);
      for (const line of own) {
        expect(rows.filter((p) => line.payout_ids.includes(p.payout_id)).reduce((sum, p) => sum + p.amount, 0)).toBe(line.amount);
      }
    }
    const failed = lines.filter((l) => l.state === "Failed");
    expect(failed).toHaveLength(1);
    expect(
      rows.filter((p) => failed[0].payout_ids.includes(p.payout_id)).every((p) => p.state === "Approved" && p.bank_file_id === null),
    ).toBe(true);
  });

  it("starts its IST day at midnight in India, and its hand-written rows 90 days before", () => {
    expect(startOfIstDay(NOW).toISOString()).toBe(MIDNIGHT.toISOString());
    expect(startOfIstDay(new Date("2026-11-27T18:29:59.000Z")).toISOString()).toBe("2026-11-26T18:30:00.000Z");
    expect(presentSeedBase(NOW).getTime()).toBe(MIDNIGHT.getTime() - PRESENT_DEMO_DAYS * DAY);
  });

  it("has bookings today, between midnight and now", async () => {
    const [{ n }] = await api.db
      .select({ n: count() })
      .from(orders)
      .where(and(gte(orders.created_at, MIDNIGHT), lte(orders.created_at, NOW)));
    expect(Number(n)).toBeGreaterThanOrEqual(5);
  });

  it("has orders, new providers and new users in every week of the last 90 days", async () => {
    for (let week = 0; week < 12; week++) {
      const to = new Date(MIDNIGHT.getTime() - week * 7 * DAY);
      const from = new Date(to.getTime() - 7 * DAY);
      const inWeek = <T extends typeof orders.created_at | typeof serviceProviders.created_at | typeof users.created_at>(column: T) =>
        and(gte(column, from), lte(column, to));
      const [[o], [p], [u]] = await Promise.all([
        api.db.select({ n: count() }).from(orders).where(inWeek(orders.created_at)),
        api.db.select({ n: count() }).from(serviceProviders).where(inWeek(serviceProviders.created_at)),
        api.db.select({ n: count() }).from(users).where(inWeek(users.created_at)),
      ]);
      expect(Number(o.n), `orders in the week ending ${to.toISOString()}`).toBeGreaterThan(10);
      expect(Number(p.n), `providers joined in the week ending ${to.toISOString()}`).toBeGreaterThan(0);
      expect(Number(u.n), `users joined in the week ending ${to.toISOString()}`).toBeGreaterThan(0);
    }
  });

  it("dates the hand-written demo within the last 90 days: orders, journeys and contact leads are recent", async () => {
    const since = MIDNIGHT.getTime() - PRESENT_DEMO_DAYS * DAY - DAY;
    const [[journeys], [leads], [firstOrder]] = await Promise.all([
      api.db
        .select({ first: min(bookingJourneys.journey_started_at), last: max(bookingJourneys.journey_started_at) })
        .from(bookingJourneys),
      api.db.select({ last: max(contacts.created_at) }).from(contacts),
      api.db.select({ first: min(orders.created_at) }).from(orders),
    ]);
    expect(new Date(journeys.first!).getTime()).toBeGreaterThan(since);
    expect(new Date(journeys.last!).getTime()).toBeGreaterThan(NOW.getTime() - 30 * DAY);
    expect(new Date(leads.last!).getTime()).toBeGreaterThan(NOW.getTime() - 90 * DAY);
    // the generated providers' older history aside, no order is older than the demo's base
    expect(new Date(firstOrder.first!).getTime()).toBeGreaterThan(since);
  });

  it("dates nothing after the moment it seeded: no order accepted, completed or paid out in the future", async () => {
    const after = async (
      table: typeof orders | typeof payments | typeof users | typeof serviceProviders,
      column: Parameters<typeof gt>[0],
    ) => Number((await api.db.select({ n: count() }).from(table).where(gt(column, NOW)))[0].n);
    expect(await after(orders, orders.created_at)).toBe(0);
    expect(await after(orders, orders.updated_at)).toBe(0);
    expect(await after(orders, orders.acceptedAt)).toBe(0);
    expect(await after(orders, orders.completedAt)).toBe(0);
    expect(await after(payments, payments.payment_date)).toBe(0);
    expect(await after(payments, payments.release_date)).toBe(0);
    expect(await after(users, users.created_at)).toBe(0);
    expect(await after(users, users.lastSeen)).toBe(0);
    expect(await after(serviceProviders, serviceProviders.created_at)).toBe(0);
    expect(await after(serviceProviders, serviceProviders.updated_at)).toBe(0);
  });
});
