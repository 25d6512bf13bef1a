import { afterAll, beforeAll, expect, it } from "vitest";
import { OrderPaymentStatusRow } from "../../app/models/payment";
import { ORDER_PAYMENT_STATUS_MAX_ROWS } from "../../api/src/routes/payments";
import { SEED_BASE_DATE } from "../../api/src/seed/seed";
import { seedExtraOrders } from "../../api/src/seed/orders";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { get, parsed } from "./helpers";

const json = (api: TestApi, query: Record<string, string> = {}) => get(api, "/order-payment-status/", { query });
const stream = (api: TestApi, query: Record<string, string> = {}) => get(api, "/order-payment-status/", { query: { format: "ndjson", ...query } });
const lines = (text: string) => {
  expect(text.endsWith("\n") || text === "").toBe(true);
  return text.split("\n").filter(Boolean).map((l) => parsed(OrderPaymentStatusRow, JSON.parse(l)));
};

describeEachDriver("order payment status report, streamed (format=ndjson)", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver });
  });
  afterAll(() => api?.close());

  it("streams the same rows as the JSON form, in small keyset batches", async () => {
    for (const query of [{}, { order_status: "Completed" }, { payment_status: "WITHDRAWN" }, { start_date: "2025-01-01", end_date: "2030-01-01" }] as Record<string, string>[]) {
      const expected = (await json(api, query)).body.data.data;
      for (const batch_size of ["1", "7", "2000"]) {
        const answer = await stream(api, { ...query, batch_size });
        expect(answer.status).toBe(200);
        const got = lines(answer.text);
        expect(got, JSON.stringify({ query, batch_size })).toEqual(expected);
      }
    }
    const head = await fetch(new URL("/order-payment-status/?format=ndjson", api.url), { headers: { [api.apiKeyHeader]: api.apiKey } });
    expect(head.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    await head.body?.cancel();
  });

  it("refuses bad filters with 400 JSON before streaming, and wants the secret", async () => {
    for (const query of [{ order_status: "Cancelled" }, { payment_status: "PAID" }, { start_date: "2026-02-02", end_date: "2026-02-01" }, { batch_size: "0" }, { batch_size: "99999" }] as Record<string, string>[]) {
      const answer = await stream(api, query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body).toMatchObject({ message: expect.any(String) });
    }
    expect((await json(api, { format: "csv" })).status).toBe(400);
    expect((await get(api, "/order-payment-status/", { query: { format: "ndjson" }, key: "wrong-key-123" })).status).toBe(401);
    expect((await get(api, "/order-payment-status/", { query: { format: "ndjson" }, key: null })).status).toBe(401);
  });

  it("has no row cap: over 10,000 orders it streams every one, once, newest first", async () => {
    await seedExtraOrders(api.db, { seed: 7, count: ORDER_PAYMENT_STATUS_MAX_ROWS + 150, base: SEED_BASE_DATE });
    const capped = await json(api);
    expect(capped.body.truncated).toBe(true);
    const total = capped.body.total_results as number;
    expect(total).toBeGreaterThan(ORDER_PAYMENT_STATUS_MAX_ROWS);
    const answer = await stream(api);
    const got = lines(answer.text);
    expect(got).toHaveLength(total);
    expect(new Set(got.map((r) => r.order_id)).size).toBe(total);
    expect(got.slice(0, ORDER_PAYMENT_STATUS_MAX_ROWS)).toEqual(capped.body.data.data);
    for (let i = 1; i < got.length; i++) {
      const [a, b] = [got[i - 1], got[i]];
      expect(a.createdDate > b.createdDate || (a.createdDate === b.createdDate && a.order_id > b.order_id)).toBe(true);
    }
    const completed = await json(api, { order_status: "Completed" });
    expect(lines((await stream(api, { order_status: "Completed", batch_size: "500" })).text)).toHaveLength(completed.body.total_results);
  }, 120_000);
});
