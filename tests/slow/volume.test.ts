/**
 * Volume tests, out of the unit suites (they take seconds each): the "slow" vitest project, which
 * `npm test` runs once after the API tests. Each runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { count, isNull } from "drizzle-orm";
import { categories } from "../../api/src/db/schema";
import { ORDER_PAYMENT_STATUS_MAX_ROWS } from "../../api/src/routes/order-payment-status";
import { seedExtraOrders } from "../../api/src/seed/orders";
import { seedDemo, SEED_BASE_DATE } from "../../api/src/seed/seed";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { reportJson, reportLines, reportStream } from "../api/helpers";

describeEachDriver("demo seed at volume", (driver) => {
  const apis: TestApi[] = [];
  const fresh = async () => {
    const api = await startTestApi({ driver, seed: false });
    apis.push(api);
    return api;
  };
  afterAll(async () => {
    await Promise.all(apis.map((api) => api.close()));
  });

  it("adds 10,000 generated top-level categories (its time is printed, not asserted)", async () => {
    const api = await fresh();
    const started = performance.now();
    const summary = await seedDemo(api.db, { seed: 42, scale: 10_000 });
    const ms = performance.now() - started;
    console.log(`[${driver}] seedDemo scale 10000: ${Math.round(ms)} ms`);
    expect(summary.generated).toBe(10_000);
    const [{ n }] = await api.db.select({ n: count() }).from(categories).where(isNull(categories.parentCategoryId));
    expect(Number(n)).toBe(10_000 + 11);
    const names = await api.db.select({ name: categories.categoryName }).from(categories);
    expect(new Set(names.map((r) => r.name)).size).toBe(names.length);
  }, 60_000);
});

const json = reportJson;
const stream = reportStream;
const lines = reportLines;

describeEachDriver("order payment status report at volume, streamed (format=ndjson)", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver });
  });
  afterAll(() => api?.close());

  it("has no row cap: over 10,000 orders it streams every one, once, newest first", async () => {
    await seedExtraOrders(api.db, { seed: 7, count: ORDER_PAYMENT_STATUS_MAX_ROWS + 150, base: SEED_BASE_DATE });
    // seeding PGlite blocks this process's event loop for seconds (the test server runs in it), so
    // the kept-alive socket of the last call may be closed under the first one: that call retries
    const capped = await json(api).catch(() => json(api));
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
