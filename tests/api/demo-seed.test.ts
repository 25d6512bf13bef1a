import { afterAll, beforeAll, expect, it } from "vitest";
import { asc, count, eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import {
  activities,
  bankAccounts,
  boostingPoints,
  cancellationReasons,
  cancelledOrders,
  mainConsultations,
  orderChats,
  orderFiles,
  orders,
  panVerifications,
  payments,
  plans,
  providerAgreements,
  serviceProviders,
  users,
  videoCallLogs,
} from "../../api/src/db/schema";
import { providerInvoiceSplit } from "~shared/money";
import { seedDemo, seedExtraOrders, seedExtraProviders, SEED_BASE_DATE } from "../../api/src/seed/seed";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { providersOffTheirHistory } from "./helpers";

const rowCount = async (api: TestApi, table: PgTable) => Number((await api.db.select({ n: count() }).from(table))[0].n);

describeEachDriver("demo seed", (driver) => {
  let a: TestApi;
  let b: TestApi;
  beforeAll(async () => {
    [a, b] = await Promise.all([startTestApi({ driver, seed: false }), startTestApi({ driver, seed: false })]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it("seeds the same demo data for the same seed, covering every filter value, order type, status and payment status", async () => {
    const [sa, sb] = await Promise.all([seedDemo(a.db, { seed: 7 }), seedDemo(b.db, { seed: 7 })]);
    expect(sa.providers).toBe(60);
    expect(sa.orders).toBe(56);
    expect(sb).toEqual(sa);
    const dump = async (api: TestApi) => ({
      users: await api.db.select().from(users).orderBy(asc(users.id)),
      providers: await api.db.select().from(serviceProviders).orderBy(asc(serviceProviders.serviceProvider_id)),
      activities: await api.db.select().from(activities).orderBy(asc(activities.id)),
      banks: await api.db.select().from(bankAccounts).orderBy(asc(bankAccounts.id)),
      orders: await api.db.select().from(orders).orderBy(asc(orders.order_id)),
      payments: await api.db.select().from(payments).orderBy(asc(payments.payment_id)),
      chats: await api.db.select().from(orderChats).orderBy(asc(orderChats.order_chat_id)),
      consultations: await api.db.select().from(mainConsultations).orderBy(asc(mainConsultations.id)),
    });
    const [da, db] = await Promise.all([dump(a), dump(b)]);
    expect(db).toEqual(da);

    // providers: every value the list's filters offer
    expect(new Set(da.users.map((u) => u.status))).toEqual(new Set(["Active", "Inactive", "Hold"]));
    expect(new Set(da.users.map((u) => u.verified))).toEqual(new Set([true, false]));
    expect(new Set(da.providers.map((p) => p.stage)).size).toBe(5);
    expect(da.providers.some((p) => p.plan_id === null) && da.providers.some((p) => p.category_id === null)).toBe(true);
    expect(da.users.every((u) => /^\+91 \d{10}$/.test(u.phone))).toBe(true);
    expect((await a.db.select().from(plans)).map((p) => p.plan_name)).toEqual(["Free", "Basic", "Elite", "Pro"]);
    expect(await rowCount(a, providerAgreements)).toBeGreaterThan(0);
    expect(await rowCount(a, panVerifications)).toBeGreaterThan(0);
    expect(da.activities.some((x) => x.details !== null && !x.details.startsWith('{"'))).toBe(true);

    // orders: every service type in every status, every payment status, exact invoice splits
    expect(new Set(da.orders.map((o) => `${o.serviceType}/${o.status}`)).size).toBe(4 * 7);
    expect(new Set(da.payments.map((p) => p.payment_status)).size).toBe(6);
    for (const p of da.payments.filter((x) => x.payment_status === "PAYMENT_SUCCESS" || x.payment_status === "WITHDRAWN")) {
      const split = providerInvoiceSplit(p.total_amount, p.service_fee_percent);
      expect([p.platform_commission, p.gst, p.service_provider_amount]).toEqual([split.service_charge, split.gst, split.payable]);
      expect(p.invoice_number).toBeTruthy();
    }
    const slots = da.consultations.map((c) => Date.parse(c.consultationDetails.selectedSlot!.startTime));
    expect(slots.some((t) => t > Date.now()) && slots.some((t) => t < Date.now())).toBe(true);
    expect(da.chats.some((c) => c.sender_name === null) && da.chats.some((c) => c.timestamp === "not-a-date")).toBe(true);
    expect((await a.db.select().from(orderFiles).where(eq(orderFiles.final_status, "Final"))).length).toBeGreaterThan(0);
    expect(await rowCount(a, videoCallLogs)).toBeGreaterThan(0);
    expect(await rowCount(a, cancelledOrders)).toBe(8);
    expect(await rowCount(a, cancellationReasons)).toBe(48);
  });

  it("adds generated providers and orders in bulk, older than the demo data", async () => {
    await seedExtraProviders(a.db, { seed: 7, count: 5_000, base: SEED_BASE_DATE });
    // 60 demo providers, the fresh demo provider account (demo.provider) and 5,000 generated
    expect(await rowCount(a, serviceProviders)).toBe(5_061);
    // their booster points come with their history: every total is its rows' sum
    expect(await providersOffTheirHistory(a.db)).toEqual([]);
    expect(await rowCount(a, boostingPoints)).toBeGreaterThan(100);
    expect(await seedExtraOrders(a.db, { seed: 7, count: 5_000, base: SEED_BASE_DATE })).toBe(5_000);
    expect(await rowCount(a, orders)).toBe(5_056);
    expect(await rowCount(a, payments)).toBeGreaterThanOrEqual(5_056);
    const [oldest] = await a.db.select().from(orders).orderBy(asc(orders.created_at)).limit(1);
    expect(oldest.short_id).toMatch(/^ORD\d{6}$/);
    expect(oldest.created_at.getTime()).toBeLessThan(SEED_BASE_DATE.getTime());
  });
});
