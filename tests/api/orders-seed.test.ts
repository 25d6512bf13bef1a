import { afterAll, beforeAll, expect, it } from "vitest";
import { asc, count, eq } from "drizzle-orm";
import {
  cancellationReasons,
  cancelledOrders,
  mainConsultations,
  orderChats,
  orderFiles,
  orders,
  payments,
  videoCallLogs,
} from "../../api/src/db/schema";
import { providerInvoiceSplit } from "../../api/src/lib/money";
import { seedDemo, seedExtraOrders, SEED_BASE_DATE } from "../../api/src/seed/seed";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";

describeEachDriver("orders seed", (driver) => {
  let a: TestApi;
  let b: TestApi;
  beforeAll(async () => {
    [a, b] = await Promise.all([startTestApi({ driver, seed: false }), startTestApi({ driver, seed: false })]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it("seeds the same demo orders for the same seed, covering every type, status and payment status", async () => {
    const [sa, sb] = await Promise.all([seedDemo(a.db, { seed: 9 }), seedDemo(b.db, { seed: 9 })]);
    expect(sa.orders).toBe(56);
    expect(sb).toEqual(sa);
    const dump = async (api: TestApi) => ({
      orders: await api.db.select().from(orders).orderBy(asc(orders.order_id)),
      payments: await api.db.select().from(payments).orderBy(asc(payments.payment_id)),
      chats: await api.db.select().from(orderChats).orderBy(asc(orderChats.order_chat_id)),
      consultations: await api.db.select().from(mainConsultations).orderBy(asc(mainConsultations.id)),
    });
    const [da, db] = await Promise.all([dump(a), dump(b)]);
    expect(db).toEqual(da);
    const combos = new Set(da.orders.map((o) => `${o.serviceType}/${o.status}`));
    expect(combos.size).toBe(4 * 7);
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
    expect((await a.db.select({ n: count() }).from(videoCallLogs))[0].n).toBeGreaterThan(0);
    expect((await a.db.select({ n: count() }).from(cancelledOrders))[0].n).toBe(8);
    expect((await a.db.select({ n: count() }).from(cancellationReasons))[0].n).toBe(48);
  });

  it("adds generated orders with payments in bulk", async () => {
    const started = performance.now();
    expect(await seedExtraOrders(a.db, { seed: 9, count: 5_000, base: SEED_BASE_DATE })).toBe(5_000);
    expect(performance.now() - started).toBeLessThan(20_000);
    expect((await a.db.select({ n: count() }).from(orders))[0].n).toBe(5_056);
    expect((await a.db.select({ n: count() }).from(payments))[0].n).toBeGreaterThanOrEqual(5_056);
    const [last] = await a.db.select().from(orders).orderBy(asc(orders.created_at)).limit(1);
    expect(last.short_id).toMatch(/^ORD\d{6}$/);
    expect(last.created_at.getTime()).toBeLessThan(SEED_BASE_DATE.getTime());
  });
});
