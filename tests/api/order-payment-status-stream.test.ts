import { afterAll, beforeAll, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import type { OrderPaymentStatusRow } from "~contract/order-payment-status";
import { orders, payments, users } from "../../api/src/db/schema";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { get, reportJson, reportLines, reportStream } from "./helpers";

const json = reportJson;
const stream = reportStream;
const lines = reportLines;

describeEachDriver("order payment status report, streamed (format=ndjson)", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver });
  });
  afterAll(() => api?.close());

  it("streams the same rows as the JSON form, in small keyset batches", async () => {
    for (const query of [
      {},
      { order_status: "Completed" },
      { payment_status: "WITHDRAWN" },
      { start_date: "2025-01-01", end_date: "2030-01-01" },
    ] as Record<string, string>[]) {
      const expected = (await json(api, query)).body.data.data;
      for (const batch_size of ["1", "7", "5000", undefined]) {
        const answer = await stream(api, batch_size ? { ...query, batch_size } : query);
        expect(answer.status).toBe(200);
        const got = lines(answer.text);
        expect(got, JSON.stringify({ query, batch_size })).toEqual(expected);
      }
    }
    const head = await fetch(new URL("/order-payment-status/?format=ndjson", api.url), { headers: { [api.apiKeyHeader]: api.apiKey } });
    expect(head.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    await head.body?.cancel();
  });

  it("writes awkward values exactly as the JSON form does: escapes, blanks, no payment, a gateway state that is not text", async () => {
    const [first, second] = await api.db.select().from(orders).orderBy(desc(orders.created_at), desc(orders.order_id)).limit(2);
    // a client whose name needs JSON escapes (quotes, backslash, non-ASCII, an emoji) and trimming
    const [odd] = await api.db
      .insert(users)
      .values({ username: "odd_client_1", firstName: "", lastName: 'Ünïcødé "Quote" \\ 🚀 <b>', email: "odd@example.com", phone: "" })
      .returning();
    await api.db.update(orders).set({ user_id: odd.id }).where(eq(orders.order_id, first.order_id));
    // its latest attempt: a gateway state that is a number, a few paise, a millisecond date
    await api.db.insert(payments).values({
      order_id: first.order_id,
      transaction_id: "T-ODD-1",
      payment_status: "PAYMENT_FAILED",
      total_amount: 5,
      payment_date: new Date("2026-02-03T04:05:06.007Z"),
      phonepe_response: { data: { state: 5 } },
      paid_to_client: 5,
      gst: 1,
    });
    // an order with no payment at all
    await api.db.delete(payments).where(eq(payments.order_id, second.order_id));
    const expected = (await json(api)).body.data.data as OrderPaymentStatusRow[];
    const got = lines((await stream(api)).text);
    expect(got).toEqual(expected);
    const oddRow = got.find((r) => r.order_id === first.order_id)!;
    expect(oddRow).toMatchObject({
      client_user: { name: 'Ünïcødé "Quote" \\ 🚀 <b>', email: "odd@example.com", phone: "", username: "odd_client_1", id: odd.id },
      final_pay_status: "PAYMENT_FAILED",
      order_payment_status: "PAYMENT_FAILED",
      pay_date: "2026-02-03T04:05:06.007Z",
      paid_to_client: "0.05",
      gst: "0.01",
      company_invoice_number: null,
    });
    expect(got.find((r) => r.order_id === second.order_id)).toMatchObject({
      pay_date: null,
      final_pay_status: null,
      order_payment_status: null,
      provider_gst: null,
      paid_to_client: "0.00",
      paid_to_provider: "0.00",
      platform_commission: "0.00",
      gst: "0.00",
    });
    // the order without a payment has no latest status: a payment status filter leaves it out
    const failed = lines((await stream(api, { payment_status: "PAYMENT_FAILED", batch_size: "3" })).text);
    expect(failed).toEqual((await json(api, { payment_status: "PAYMENT_FAILED" })).body.data.data);
    expect(failed.map((r) => r.order_id)).toContain(first.order_id);
    expect(failed.map((r) => r.order_id)).not.toContain(second.order_id);
  });

  it("a filter that matches nothing streams an empty body (200, no lines)", async () => {
    const answer = await stream(api, { start_date: "2099-01-01", end_date: "2099-12-31" });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe("");
    expect((await json(api, { start_date: "2099-01-01", end_date: "2099-12-31" })).body).toMatchObject({
      data: { data: [] },
      total_results: 0,
    });
  });

  it("a reader that goes away mid-stream leaves the API answering (the batch read ahead is dropped)", async () => {
    const response = await fetch(new URL("/order-payment-status/?format=ndjson&batch_size=5", api.url), {
      headers: { [api.apiKeyHeader]: api.apiKey },
    });
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    expect(new TextDecoder().decode(first.value).split("\n").filter(Boolean).length).toBeGreaterThan(0);
    await reader.cancel();
    const after = await json(api, { order_status: "Completed" });
    expect(after.status).toBe(200);
    expect(after.body.total_results).toBe(after.body.data.data.length);
    expect(lines((await stream(api, { order_status: "Completed" })).text)).toEqual(after.body.data.data);
  });

  it("refuses bad filters with 400 JSON before streaming, and wants the secret", async () => {
    for (const query of [
      { order_status: "Cancelled" },
      { payment_status: "PAID" },
      { start_date: "2026-02-02", end_date: "2026-02-01" },
      { batch_size: "0" },
      { batch_size: "99999" },
    ] as Record<string, string>[]) {
      const answer = await stream(api, query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body).toMatchObject({ message: expect.any(String) });
    }
    expect((await json(api, { format: "csv" })).status).toBe(400);
    expect((await get(api, "/order-payment-status/", { query: { format: "ndjson" }, key: "wrong-key-123" })).status).toBe(401);
    expect((await get(api, "/order-payment-status/", { query: { format: "ndjson" }, key: null })).status).toBe(401);
  });
});
