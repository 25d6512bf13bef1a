import { MAX_PAGE_SIZE } from "~contract/list-query";
import { afterAll, beforeAll, expect, it } from "vitest";
import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { bookingJourneys } from "../../api/src/db/schema";
import { DEMO_JOURNEYS, DEMO_PENDING_JOURNEYS, seedExtraJourneys } from "../../api/src/seed/booking-journeys";
import { SEED_BASE_DATE } from "../../api/src/seed/seed";
import { BookingJourneyList, BookingJourneyRecord, JOURNEY_STEPS, STEP_MESSAGE } from "~contract/booking-journeys";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed } from "./helpers";

type Made = {
  user: { user_id: number; username: string; fullname: string; phone: string };
  provider: { serviceProvider_id: number; username: string; fullname: string; phone: string };
  journeys: { id: number; active_step: number; order_id: number | null }[];
};

async function newJourneys(
  api: TestApi,
  journeys: { stop: number; started_at?: string; converted?: boolean; service_name?: string }[],
): Promise<Made> {
  const answer = await call(api, "POST", "/test-fixtures/booking-journeys", { actingAdmin: null, body: { journeys } });
  expect(answer.status, answer.text).toBe(201);
  return answer.body.data as Made;
}

async function list(api: TestApi, query: Record<string, string | number> = {}) {
  const answer = await get(api, "/track-booking-journey/", { query });
  expect(answer.status, answer.text).toBe(200);
  return parsed(BookingJourneyList, answer.body);
}

/** India noon of a day (YYYY-MM-DD) plus `minutes`, as ISO. */
const indiaNoon = (day: string, minutes = 0) => new Date(Date.parse(`${day}T12:00:00+05:30`) + minutes * 60_000).toISOString();

describeEachDriver("booking journeys", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver, testFixtures: true });
  });
  afterAll(() => api?.close());

  it("lists the demo journeys that did not become an order, newest started first, with the spec's fields", async () => {
    expect(await api.db.select().from(bookingJourneys)).toHaveLength(DEMO_JOURNEYS);
    const all = await list(api, { page_size: 100 });
    expect(all.total).toBe(DEMO_PENDING_JOURNEYS);
    const stored = await api.db
      .select()
      .from(bookingJourneys)
      .where(isNull(bookingJourneys.order_id))
      .orderBy(desc(bookingJourneys.journey_started_at), desc(bookingJourneys.id));
    expect(all.results.map((r) => r.id)).toEqual(stored.map((r) => r.id));
    const converted = await api.db.select({ id: bookingJourneys.id }).from(bookingJourneys).where(isNotNull(bookingJourneys.order_id));
    expect(converted.length).toBeGreaterThan(0);
    for (const { id } of converted) expect(all.results.some((r) => r.id === id)).toBe(false);
    // every step has journeys stopped at it, with the data of the steps before
    for (const { step } of JOURNEY_STEPS)
      expect(
        all.results.some((r) => r.active_step === step),
        `step ${step}`,
      ).toBe(true);
    const atPayment = all.results.find((r) => r.active_step === 5)!;
    expect(atPayment.payment_completed_at).toBeNull();
    expect(atPayment.address_completed_at).not.toBeNull();
    expect(atPayment.basic_info_data).toMatchObject({
      fullName: expect.any(String),
      email: expect.any(String),
      phone: expect.any(String),
      requirements: expect.any(String),
    });
    expect(atPayment.order_summary_data).toMatchObject({
      service: expect.any(String),
      offering: expect.any(String),
      price: expect.stringMatching(/^\d+\.\d\d$/),
      deliveryTime: expect.any(String),
    });
    expect(atPayment.address_data).toMatchObject({
      line1: expect.any(String),
      city: expect.any(String),
      state: expect.any(String),
      pincode: expect.stringMatching(/^\d{6}$/),
      country: "India",
    });
    expect(atPayment.payment_data).toMatchObject({
      method: expect.any(String),
      amount: expect.any(String),
      gatewayStatus: expect.stringMatching(/^PAYMENT_/),
      failureReason: expect.any(String),
    });
    const first = all.results.find((r) => r.active_step === 1)!;
    expect(first).toMatchObject({
      dialogue_opened_at: null,
      basic_info_data: null,
      order_summary_data: null,
      address_data: null,
      payment_data: null,
    });
    expect(first.user_fullname.length).toBeGreaterThan(0);
    expect(first.provider_username.length).toBeGreaterThan(0);
    // the funnel of all dates: everything reached step 1
    expect(all.funnel.total).toBe(DEMO_PENDING_JOURNEYS);
    expect(all.funnel.steps[0].reached).toBe(DEMO_PENDING_JOURNEYS);

    const second = await list(api, { page: 2, page_size: 10 });
    expect(second).toMatchObject({ total: DEMO_PENDING_JOURNEYS, page: 2, page_size: 10 });
    expect(second.results.map((r) => r.id)).toEqual(stored.slice(10, 20).map((r) => r.id));
    expect((await list(api, { page: 99 })).results).toEqual([]);
    expect((await list(api)).results).toHaveLength(10);
  });

  it("filters by the step stopped at and India calendar days; the funnel counts the same days for every step", async () => {
    // a far past month of this test's own: no seeded journey starts there
    const year = driver === "pglite" ? 1991 : 1992;
    const day = (d: number) => `${year}-03-${String(d).padStart(2, "0")}`;
    const stops = [1, 1, 1, 2, 2, 3, 4, 4, 5, 6];
    const made = await newJourneys(api, [
      ...stops.map((stop, k) => ({ stop, started_at: indiaNoon(day(10 + (k % 3)), k) })),
      { stop: 6, started_at: indiaNoon(day(11)), converted: true },
      // the day's edges in India (UTC+05:30): 9 Mar 23:59:59.999 and 13 Mar 00:00 are outside 10–12 Mar
      { stop: 2, started_at: `${year}-03-09T18:29:59.999Z` },
      { stop: 2, started_at: `${year}-03-12T18:30:00.000Z` },
    ]);
    const [edgeBefore, edgeAfter] = made.journeys.slice(-2);
    const range = { start_date: day(10), end_date: day(12) };
    const inRange = await list(api, { ...range, page_size: 100 });
    expect(inRange.total).toBe(stops.length);
    expect(inRange.results.map((r) => r.id).sort((a, b) => a - b)).toEqual(made.journeys.slice(0, stops.length).map((j) => j.id));
    expect(inRange.results.map((r) => r.journey_started_at)).toEqual(
      [...inRange.results.map((r) => r.journey_started_at)].sort().reverse(),
    );
    // reached k = stopped at k or later; all five done = 1
    expect(inRange.funnel).toEqual({
      total: 10,
      steps: [
        { step: 1, name: "Book Now Dialogue", reached: 10, stopped: 3 },
        { step: 2, name: "Basic Info", reached: 7, stopped: 2 },
        { step: 3, name: "Order Summary", reached: 5, stopped: 1 },
        { step: 4, name: "Address Details", reached: 4, stopped: 2 },
        { step: 5, name: "Payment", reached: 2, stopped: 1 },
      ],
      all_completed: 1,
    });
    for (const { step } of JOURNEY_STEPS) {
      const one = await list(api, { ...range, step, page_size: 100 });
      const next = step < 5 ? inRange.funnel.steps[step].reached : inRange.funnel.all_completed;
      expect(one.total, `step ${step}`).toBe(inRange.funnel.steps[step - 1].reached - next);
      expect(one.results).toHaveLength(one.total);
      expect(one.results.every((r) => r.active_step === step)).toBe(true);
      expect(one.results.every((r) => r.user_username === made.user.username && r.provider_username === made.provider.username)).toBe(true);
      // the step filter does not narrow the funnel
      expect(one.funnel).toEqual(inRange.funnel);
    }
    // 6: those that completed all five steps (still no order)
    const done = await list(api, { ...range, step: 6, page_size: 100 });
    expect(done.total).toBe(inRange.funnel.all_completed);
    expect(done.results.map((r) => r.active_step)).toEqual([6]);
    expect(done.results[0].payment_completed_at).not.toBeNull();
    expect((await list(api, { ...range, step: "" })).total).toBe(10);
    // one day, and the edges
    expect((await list(api, { start_date: day(9), end_date: day(9) })).results.map((r) => r.id)).toEqual([edgeBefore.id]);
    expect((await list(api, { start_date: day(13), end_date: day(13) })).results.map((r) => r.id)).toEqual([edgeAfter.id]);
    expect((await list(api, { start_date: day(9), end_date: day(13) })).total).toBe(12);
    expect((await list(api, { start_date: day(9), end_date: day(13), step: 2 })).total).toBe(4);
    // only a start or only an end
    const fromThen = await list(api, { start_date: `${year}-03-01` });
    expect(fromThen.total).toBeGreaterThanOrEqual(DEMO_PENDING_JOURNEYS + 12);
    const untilThen = await list(api, { end_date: `${year}-03-31`, start_date: `${year}-03-01` });
    expect(untilThen.total).toBe(12);
    expect((await list(api, { end_date: `${year - 1}-12-31`, start_date: `${year - 1}-01-01` })).total).toBe(0);
    // the user's and provider's names and phones come from their accounts
    const row = inRange.results[0];
    expect(row).toMatchObject({
      user_fullname: made.user.fullname,
      user_phone: made.user.phone,
      provider_fullname: made.provider.fullname,
      provider_phone: made.provider.phone,
    });
  });

  it("answers one journey by id (any journey), 404 for an unknown one, 400 for a bad id", async () => {
    const made = await newJourneys(api, [{ stop: 4, service_name: "Logo design" }]);
    const id = made.journeys[0].id;
    const one = await get(api, `/track-booking-journey/${id}/`);
    expect(one.status).toBe(200);
    const journey = parsed(BookingJourneyRecord, one.body.data);
    expect(journey).toMatchObject({
      id,
      service_name: "Logo design",
      active_step: 4,
      address_completed_at: null,
      address_data: null,
      payment_data: null,
    });
    expect(journey.order_summary_completed_at).not.toBeNull();
    const [stored] = await api.db
      .select()
      .from(bookingJourneys)
      .where(and(eq(bookingJourneys.id, id)));
    expect(journey.journey_started_at).toBe(stored.journey_started_at.toISOString());
    const unknown = await get(api, "/track-booking-journey/99999999/");
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Booking journey not found");
    expect((await get(api, "/track-booking-journey/abc/")).status).toBe(400);
  });

  it("refuses a bad step, bad dates and bad paging (400 naming the field); needs the secret", async () => {
    for (const step of ["0", "7", "x", "1.5", "-1"]) {
      const answer = await get(api, "/track-booking-journey/", { query: { step } });
      expect(answer.status, step).toBe(400);
      expect(answer.body.errors.step, step).toBe(STEP_MESSAGE);
    }
    const notADate = await get(api, "/track-booking-journey/", { query: { start_date: "01-02-2026" } });
    expect(notADate.status).toBe(400);
    expect(notADate.body.errors.start_date).toBe("Use the date format YYYY-MM-DD");
    expect((await get(api, "/track-booking-journey/", { query: { end_date: "2026-02-30" } })).status).toBe(400);
    const backwards = await get(api, "/track-booking-journey/", { query: { start_date: "2026-02-01", end_date: "2026-01-01" } });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors.end_date).toBe("The end date must be on or after the start date");
    expect((await get(api, "/track-booking-journey/", { query: { page_size: MAX_PAGE_SIZE + 1 } })).status).toBe(400);
    expect((await get(api, "/track-booking-journey/", { query: { page: 0 } })).status).toBe(400);
    expect((await get(api, "/track-booking-journey/", { key: null })).status).toBe(401);
  });

  it("the bulk seed spreads journeys over the year before the base date, some converted", async () => {
    const before = (await list(api)).total;
    await seedExtraJourneys(api.db, { count: 500, base: SEED_BASE_DATE });
    const after = await list(api, { page_size: 1 });
    // 3 in 100 are converted (not listed)
    expect(after.total - before).toBeGreaterThanOrEqual(480);
    expect(after.total - before).toBeLessThan(500);
    const lastYear = await list(api, { start_date: "2025-01-01", end_date: "2025-12-31" });
    expect(lastYear.total).toBeGreaterThan(400);
    for (const s of lastYear.funnel.steps) expect(s.stopped, s.name).toBeGreaterThan(0);
    const [sample] = (await list(api, { start_date: "2025-01-01", end_date: "2025-12-31", step: 5, page_size: 1 })).results;
    expect(sample.payment_data).toMatchObject({
      method: expect.any(String),
      amount: expect.stringMatching(/^\d+\.\d\d$/),
      failureReason: expect.any(String),
    });
    expect(sample.address_data).toMatchObject({ country: "India" });
  });
});
