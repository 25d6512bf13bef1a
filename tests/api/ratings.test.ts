import { MAX_PAGE_SIZE } from "~contract/list-query";
import { afterAll, beforeAll, expect, it } from "vitest";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { orders, ratings, RATING_TYPE_VALUES } from "../../api/src/db/schema";
import { END_BEFORE_START } from "~contract/list-query";
import { RATING_MESSAGES, RATING_TYPES, RatingRecord } from "~contract/ratings";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed } from "./helpers";

/** GET /get-all-ratings: the rows (checked against the model) and x-total-count. */
async function list(api: TestApi, query: Record<string, string | number> = {}) {
  const url = new URL("/get-all-ratings", api.url);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  const response = await fetch(url, { headers: { [api.apiKeyHeader]: api.apiKey } });
  const body = (await response.json()) as { data: unknown[] };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return { rows: body.data.map((r) => parsed(RatingRecord, r)), total: Number(response.headers.get("x-total-count")) };
}
const rate = (api: TestApi, body: unknown, options: Parameters<typeof call>[3] = {}) =>
  call(api, "POST", "/create-rating", { actingAdmin: null, ...options, body });

describeEachDriver("ratings", (driver) => {
  let api: TestApi;
  /** Completed orders with no rating, taken one by one by the tests */
  let unrated: { id: number; short_id: string; serviceType: string }[];
  const take = () => unrated.shift()!;

  beforeAll(async () => {
    api = await startTestApi({ driver });
    // more Completed orders to rate: every demo InProgress order becomes Completed
    await api.db.update(orders).set({ status: "Completed" }).where(eq(orders.status, "InProgress"));
    unrated = await api.db
      .select({ id: orders.order_id, short_id: orders.short_id, serviceType: orders.serviceType })
      .from(orders)
      .leftJoin(ratings, eq(ratings.order_id, orders.order_id))
      .where(and(eq(orders.status, "Completed"), isNull(ratings.rating_id)))
      .orderBy(asc(orders.order_id));
  });
  afterAll(() => api?.close());

  it("the seed rated three in four of the demo Completed orders; the list is newest first with each order's parties", async () => {
    expect(RATING_TYPES).toEqual(RATING_TYPE_VALUES);
    const seeded = await api.db.select().from(ratings);
    expect(seeded).toHaveLength(6);
    const rated = await api.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.order_id,
          seeded.map((r) => r.order_id),
        ),
      );
    expect(rated.every((o) => o.status === "Completed")).toBe(true);

    const { rows, total } = await list(api);
    expect(total).toBe(6);
    expect(rows).toHaveLength(6);
    const times = rows.map((r) => Date.parse(r.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const detail = (await get(api, "/get-order-detail", { query: { order_id: rows[0].order_id } })).body.data.data;
    expect(rows[0]).toMatchObject({
      short_id: detail.short_id,
      order_status: "Completed",
      userUsername: detail.userUsername,
      serviceProviderUsername: detail.serviceProviderUsername,
      serviceType: detail.serviceType,
    });
    expect(RATING_TYPES).toContain(rows[0].type);
  });

  it("rates a Completed order once: 201 with the rating, then 409 for a second; not audited (a customer acts)", async () => {
    const order = take();
    const auditBefore = (await get(api, "/audit-log", { query: { limit: 1 } })).body.data;
    const answer = await rate(api, { order_id: order.id, type: "Very Good", comment: "  Quick and clear.  " });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body.message).toBe("Rating Added Successfully");
    const record = parsed(RatingRecord, answer.body.data);
    expect(record).toMatchObject({
      order_id: order.id,
      short_id: order.short_id,
      type: "Very Good",
      comment: "Quick and clear.",
      serviceType: order.serviceType,
    });
    expect(Date.now() - Date.parse(record.created_at)).toBeLessThan(60_000);
    expect((await list(api, { page_size: 1 })).rows[0]).toEqual(record);
    expect((await get(api, "/audit-log", { query: { limit: 1 } })).body.data).toEqual(auditBefore);

    const again = await rate(api, { order_id: order.id, type: "Poor" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`Order ${order.short_id} has already been rated`);
    // a comment is optional
    const plain = await rate(api, { order_id: take().id, type: "Good" });
    expect(plain.status).toBe(201);
    expect(plain.body.data.comment).toBe("");
  });

  it("two ratings of one order at once: one is stored, the other is told", async () => {
    const order = take();
    const answers = await Promise.all([
      rate(api, { order_id: order.id, type: "Fair" }),
      rate(api, { order_id: order.id, type: "Excellent" }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await api.db.select().from(ratings).where(eq(ratings.order_id, order.id))).toHaveLength(1);
  });

  it("refuses an order that is not Completed (409 saying its status), an unknown order (404), bad input (400)", async () => {
    const [pending] = await api.db.select().from(orders).where(eq(orders.status, "PartialyCompleted")).limit(1);
    const notDone = await rate(api, { order_id: pending.order_id, type: "Good" });
    expect(notDone.status).toBe(409);
    expect(notDone.body.message).toBe(`Order ${pending.short_id} is Partially Completed: only a completed order can be rated`);
    const unknown = await rate(api, { order_id: 999999, type: "Good" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Order not found");

    const order = unrated[0];
    const noType = await rate(api, { order_id: order.id });
    expect(noType.status).toBe(400);
    expect(noType.body.errors).toEqual({ type: "Please choose a rating: Poor, Fair, Good, Very Good, Excellent" });
    expect((await rate(api, { order_id: order.id, type: "Superb" })).body.errors.type).toBe(RATING_MESSAGES.typeRequired);
    const noOrder = await rate(api, { type: "Good" });
    expect(noOrder.status).toBe(400);
    expect(noOrder.body.errors).toEqual({ order_id: "order_id must be an order's id" });
    for (const bad of ["12", 0, -1, 1.5, 2_147_483_648]) {
      expect((await rate(api, { order_id: bad, type: "Good" })).body.errors, String(bad)).toEqual({
        order_id: "order_id must be an order's id",
      });
    }
    const long = await rate(api, { order_id: order.id, type: "Good", comment: "c".repeat(1001) });
    expect(long.body.errors).toEqual({ comment: "The comment is at most 1000 characters" });
    expect((await rate(api, { order_id: order.id, type: "Good" }, { key: null })).status).toBe(401);
    expect(await api.db.select().from(ratings).where(eq(ratings.order_id, order.id))).toEqual([]);
  });

  it("filters by the order's service type, the rating type and India calendar days; pages", async () => {
    // three ratings of our own at chosen moments around a day's edges in India (UTC+05:30)
    const made: { id: number; serviceType: string }[] = [];
    for (const type of ["Excellent", "Poor", "Excellent"] as const) {
      const order = take();
      const answer = await rate(api, { order_id: order.id, type });
      expect(answer.status).toBe(201);
      made.push({ id: answer.body.data.rating_id, serviceType: order.serviceType });
    }
    const at = ["2025-03-09T18:29:59.999Z", "2025-03-09T18:30:00.000Z", "2025-03-10T18:29:59.999Z"]; // 9 Mar 23:59:59, 10 Mar 00:00, 10 Mar 23:59:59 IST
    for (const [i, rating] of made.entries())
      await api.db
        .update(ratings)
        .set({ created_at: new Date(at[i]) })
        .where(eq(ratings.rating_id, rating.id));
    const ids = async (query: Record<string, string | number>) =>
      (await list(api, { page_size: 200, ...query })).rows.map((r) => r.rating_id);

    expect(await ids({ start_date: "2025-03-10", end_date: "2025-03-10" })).toEqual([made[2].id, made[1].id]);
    expect(await ids({ start_date: "2025-03-09", end_date: "2025-03-09" })).toEqual([made[0].id]);
    expect(await ids({ end_date: "2025-03-10" })).toEqual([made[2].id, made[1].id, made[0].id]);
    expect(await ids({ start_date: "2025-03-10", end_date: "2025-03-10", type: "Excellent" })).toEqual([made[2].id]);
    expect(await ids({ start_date: "2025-03-09", end_date: "2025-03-10", type: "Poor" })).toEqual([made[1].id]);
    expect(await ids({ start_date: "2025-03-09", end_date: "2025-03-10", type: "All", serviceType: "All" })).toHaveLength(3);

    const all = await list(api, { page_size: 200 });
    for (const serviceType of ["Consultation", "Service", "Retainership", "AddOnService"]) {
      const { rows, total } = await list(api, { serviceType, page_size: 200 });
      expect(
        rows.every((r) => r.serviceType === serviceType),
        serviceType,
      ).toBe(true);
      expect(total).toBe(all.rows.filter((r) => r.serviceType === serviceType).length);
    }
    for (const type of RATING_TYPES) {
      const { rows, total } = await list(api, { type, page_size: 200 });
      expect(rows.every((r) => r.type === type)).toBe(true);
      expect(total).toBe(all.rows.filter((r) => r.type === type).length);
    }
    const mine = made[0];
    const byService = await list(api, {
      serviceType: mine.serviceType,
      type: "Excellent",
      start_date: "2025-03-09",
      end_date: "2025-03-09",
    });
    expect(byService.rows.map((r) => r.rating_id)).toEqual([mine.id]);

    const second = await list(api, { page: 2, page_size: 2 });
    expect(second.rows.map((r) => r.rating_id)).toEqual(all.rows.slice(2, 4).map((r) => r.rating_id));
    expect(second.total).toBe(all.total);
    expect((await list(api)).rows).toHaveLength(Math.min(10, all.total));
  });

  it("sorts by Date and by Type (worst to best, each by date the same way) both ways, ties by id; refuses an unknown sort", async () => {
    // three ratings of our own on one India day, so the day's filter holds only them
    const made: number[] = [];
    for (const type of ["Good", "Poor", "Good"] as const) {
      const answer = await rate(api, { order_id: take().id, type });
      expect(answer.status).toBe(201);
      made.push(answer.body.data.rating_id);
    }
    const at = ["2025-05-01T05:00:00.000Z", "2025-05-01T07:00:00.000Z", "2025-05-01T06:00:00.000Z"];
    for (const [i, id] of made.entries())
      await api.db
        .update(ratings)
        .set({ created_at: new Date(at[i]) })
        .where(eq(ratings.rating_id, id));
    const ids = async (sortField: string, sortOrder: string) =>
      (await list(api, { start_date: "2025-05-01", end_date: "2025-05-01", sortField, sortOrder })).rows.map((r) => r.rating_id);
    const [goodEarly, poor, goodLate] = made;
    expect(await ids("created_at", "asc")).toEqual([goodEarly, goodLate, poor]);
    expect(await ids("created_at", "desc")).toEqual([poor, goodLate, goodEarly]);
    expect(await ids("type", "asc")).toEqual([poor, goodEarly, goodLate]);
    expect(await ids("type", "desc")).toEqual([goodLate, goodEarly, poor]);
    // the whole list by type: ranks never go down ascending
    const rank = (t: string) => RATING_TYPES.indexOf(t as (typeof RATING_TYPES)[number]);
    const all = (await list(api, { page_size: 200, sortField: "type", sortOrder: "asc" })).rows.map((r) => rank(r.type));
    expect([...all].sort((a, b) => a - b)).toEqual(all);

    const unknown = await get(api, "/get-all-ratings", { query: { sortField: "comment", sortOrder: "asc" } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.sortField).toBe("sortField must be one of created_at, type");
    const alone = await get(api, "/get-all-ratings", { query: { sortField: "type" } });
    expect(alone.status).toBe(400);
    expect(alone.body.errors.sortOrder).toBe("sortOrder (asc or desc) is required with sortField");
  });

  it("refuses a bad filter with its message", async () => {
    const backwards = await get(api, "/get-all-ratings", { query: { start_date: "2026-02-01", end_date: "2026-01-01" } });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors.end_date).toBe(END_BEFORE_START);
    const notADate = await get(api, "/get-all-ratings", { query: { start_date: "01-02-2026" } });
    expect(notADate.body.errors.start_date).toBe("Use the date format YYYY-MM-DD");
    expect((await get(api, "/get-all-ratings", { query: { start_date: "2026-13-01" } })).status).toBe(400);
    expect((await get(api, "/get-all-ratings", { query: { type: "Superb" } })).status).toBe(400);
    expect((await get(api, "/get-all-ratings", { query: { serviceType: "Haircut" } })).status).toBe(400);
    expect((await get(api, "/get-all-ratings", { query: { page_size: MAX_PAGE_SIZE + 1 } })).status).toBe(400);
    expect((await get(api, "/get-all-ratings", { key: null })).status).toBe(401);
  });
});
