import { afterAll, beforeAll, expect, it } from "vitest";
import { PaymentRecord } from "~contract/payments";
import { OrderPaymentStatusRow } from "~contract/order-payment-status";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { get, parsed } from "./helpers";

const report = (api: TestApi, query: Record<string, string> = {}) => get(api, "/order-payment-status/", { query });
const rows = (body: { data: { data: unknown[] } }) => body.data.data.map((r) => parsed(OrderPaymentStatusRow, r));
const istDay = (iso: string) => new Date(new Date(iso).getTime() + 5.5 * 3600_000).toISOString().slice(0, 10);

describeEachDriver("order payment status report", (driver) => {
  let api: TestApi;
  let all: OrderPaymentStatusRow[];
  beforeAll(async () => {
    api = await startTestApi({ driver });
    all = rows((await report(api)).body);
  });
  afterAll(() => api?.close());

  it("answers one row per order in data.data with the spec's fields", async () => {
    const answer = await report(api);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ total_results: 56, truncated: false });
    expect(all).toHaveLength(56);
    const completed = all.find((r) => r.status === "Completed" && r.final_pay_status === "WITHDRAWN")!;
    expect(completed.completedDate).not.toBeNull();
    expect(completed.paid_to_provider).not.toBe("0.00");
    expect(completed.company_invoice_number).toMatch(/^MPC\//);
    expect(completed.sp_invoice_to_user_number).toMatch(/^SPU\//);
    expect(completed.client_user).toMatchObject({
      name: expect.stringMatching(/ /),
      email: expect.stringContaining("@"),
      username: expect.any(String),
    });
    expect(completed.provider.phone).toMatch(/^\+91/);
    expect(completed.order_payment_status).toBe("COMPLETED");
    // the latest attempt's status: an order whose first attempt failed shows its success
    const payments = (await get(api, "/payments", { query: { page_size: 200 } })).body.data.map((p: unknown) => parsed(PaymentRecord, p));
    for (const r of all) {
      const latest = payments
        .filter((p: PaymentRecord) => p.order_id === r.order_id)
        .sort((a: PaymentRecord, b: PaymentRecord) => b.payment_id - a.payment_id)[0];
      expect(r.final_pay_status).toBe(latest.payment_status);
      expect(r.charges).toBe(latest.total_amount);
    }
  });

  it("filters by order status, payment status and creation days", async () => {
    for (const order_status of ["Completed", "PartialyCompleted", "Pending"]) {
      const got = rows((await report(api, { order_status })).body);
      expect(got.length, order_status).toBe(8);
      expect(got.every((r) => r.status === order_status)).toBe(true);
    }
    for (const payment_status of ["PAYMENT_SUCCESS", "PAYMENT_FAILED", "PAYMENT_PENDING", "WITHDRAWN", "PAYMENT_CANCELLED"]) {
      const got = rows((await report(api, { payment_status })).body);
      expect(got.length).toBe(all.filter((r) => r.final_pay_status === payment_status).length);
      expect(got.every((r) => r.final_pay_status === payment_status)).toBe(true);
    }
    const both = rows((await report(api, { order_status: "Completed", payment_status: "WITHDRAWN" })).body);
    expect(both.length).toBeGreaterThan(0);
    expect(both.every((r) => r.status === "Completed" && r.final_pay_status === "WITHDRAWN")).toBe(true);
    expect(rows((await report(api, { order_status: "All", payment_status: "All" })).body)).toHaveLength(56);
    const day = istDay(all[20].createdDate);
    const onDay = rows((await report(api, { start_date: day, end_date: day })).body);
    expect(onDay.map((r) => r.order_id)).toContain(all[20].order_id);
    expect(onDay.every((r) => istDay(r.createdDate) === day)).toBe(true);
    expect(onDay.length).toBe(all.filter((r) => istDay(r.createdDate) === day).length);
  });

  it("refuses bad filters", async () => {
    expect((await report(api, { order_status: "Cancelled" })).status).toBe(400);
    expect((await report(api, { payment_status: "PAID" })).status).toBe(400);
    expect((await report(api, { start_date: "2026-02-02", end_date: "2026-02-01" })).status).toBe(400);
    expect((await get(api, "/order-payment-status/", { key: "wrong-key-123" })).status).toBe(401);
  });
});
