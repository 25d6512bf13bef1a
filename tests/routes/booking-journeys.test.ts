import { afterEach, describe, expect, it, vi } from "vitest";
import * as journeysRoute from "~/routes/admin.track-booking-journey";
import type { BookingJourneyRecord } from "~contract/booking-journeys";
import { JOURNEY_STEPS } from "~contract/booking-journey-labels";
import type { CapturedField, JourneysPageData } from "../../app/models/booking-journeys";
import { API_UNAVAILABLE_MESSAGE } from "~/services/marketplace/client.server";
import { formatIndiaTime } from "~shared/dates";
import { formatDateTime } from "../../app/utils/dates";
import { apiCall, callRoute, expectRedirect, requestAs, statusOf } from "../support/routes";

const LIST = "/admin/track-booking-journey";

function payload(result: unknown): JourneysPageData {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: JourneysPageData }).data;
  return result as JourneysPageData;
}

type Made = {
  user: { username: string; fullname: string; phone: string };
  provider: { username: string; fullname: string; phone: string };
  journeys: { id: number; active_step: number }[];
};
async function makeJourneys(journeys: { stop: number; started_at?: string; converted?: boolean }[]): Promise<Made> {
  return (await apiCall<{ data: Made }>("/test-fixtures/booking-journeys", { method: "POST", body: { journeys } })).data;
}
const apiJourney = async (id: number) => (await apiCall<{ data: BookingJourneyRecord }>(`/track-booking-journey/${id}/`)).data;

/**
 * A far past day of this test's own (no seeded journey starts before 2025); from 1950 on, when
 * India's clock has been +05:30 all year (in 1900 it was +05:21, and 10:10 IST showed as 10:01).
 */
function ownDay() {
  const year = 1950 + Math.floor(Math.random() * 70);
  const month = 1 + Math.floor(Math.random() * 12);
  const day = 1 + Math.floor(Math.random() * 28);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
const at = (day: string, minutes: number) => new Date(Date.parse(`${day}T10:00:00+05:30`) + minutes * 60_000).toISOString();

const load = async (url: string, who: "admin" | "catalog" | null = "admin") => callRoute(journeysRoute, await requestAs(who, url));
const fieldOf = (fields: CapturedField[], label: string) => fields.find((f) => f.label === label);

afterEach(() => vi.restoreAllMocks());

describe("Pending Bookings (/admin/track-booking-journey)", () => {
  it("shows one card per journey of the period, newest started first, with its five steps and India times", async () => {
    const day = ownDay();
    const made = await makeJourneys([
      { stop: 1, started_at: at(day, 0) },
      { stop: 3, started_at: at(day, 10) },
      { stop: 6, started_at: at(day, 20) },
      { stop: 6, started_at: at(day, 30), converted: true },
    ]);
    const page = payload(await load(`${LIST}?start_date=${day}&end_date=${day}`));
    expect(page.total).toBe(3);
    expect(page.cards.map((c) => c.id)).toEqual([made.journeys[2].id, made.journeys[1].id, made.journeys[0].id]);
    const stored = await apiJourney(made.journeys[1].id);
    const card = page.cards[1];
    expect(card).toMatchObject({
      serviceName: stored.service_name,
      user: { fullname: made.user.fullname, username: made.user.username, phone: made.user.phone },
      provider: { fullname: made.provider.fullname, username: made.provider.username, phone: made.provider.phone },
      startedAt: formatDateTime(stored.journey_started_at),
      lastUpdatedAt: formatDateTime(stored.last_updated_at),
    });
    expect(card.startedAt).toMatch(/^\d{2}-\d{2}-\d{4} 10:10$/);
    // the card's five steps, named by JOURNEY_STEPS (the times of the steps are in the step dialog)
    expect(JOURNEY_STEPS.map(({ name }, i) => [name, card.steps[i]])).toEqual([
      ["Book Now Dialogue", "complete"],
      ["Basic Info", "complete"],
      ["Order Summary", "active"],
      ["Address Details", "upcoming"],
      ["Payment", "upcoming"],
    ]);
    expect(page.cards[0].steps.every((s) => s === "complete")).toBe(true);
    expect(page.cards[2].steps).toEqual(["active", "upcoming", "upcoming", "upcoming", "upcoming"]);
    expect(page).toMatchObject({ page: 1, pageSize: 10, filtered: true, filterErrors: [], loadError: null, dialog: null, notice: null });
    const shown = formatIndiaTime(`${day}T12:00:00+05:30`, "dd-MMM-yyyy");
    expect(page.funnelRange).toBe(`on ${shown}`);

    const all = payload(await load(LIST));
    expect(all).toMatchObject({ filtered: false, funnelRange: "at any time" });
    expect(all.cards).toHaveLength(10);
  });

  it("filters by the step stopped at or Completed all steps (the funnel stays the period's) and pages; the funnel's numbers match the list", async () => {
    const day = ownDay();
    const stops = [1, 1, 2, 2, 2, 3, 4, 5, 5, 6];
    await makeJourneys(stops.map((stop, k) => ({ stop, started_at: at(day, k) })));
    const range = `start_date=${day}&end_date=${day}`;
    const all = payload(await load(`${LIST}?${range}`));
    expect(all.total).toBe(10);
    expect(all.funnel).toEqual({
      total: 10,
      steps: [
        { step: 1, name: "Book Now Dialogue", reached: 10, stopped: 2, percent: "100%", width: 100 },
        { step: 2, name: "Basic Info", reached: 8, stopped: 3, percent: "80%", width: 80 },
        { step: 3, name: "Order Summary", reached: 5, stopped: 1, percent: "50%", width: 50 },
        { step: 4, name: "Address Details", reached: 4, stopped: 1, percent: "40%", width: 40 },
        { step: 5, name: "Payment", reached: 3, stopped: 2, percent: "30%", width: 30 },
      ],
      completed: { step: 6, name: "Completed all steps", reached: 1, stopped: 1, percent: "10%", width: 10 },
      allCompleted: 1,
    });
    for (let step = 1; step <= 6; step++) {
      const one = payload(await load(`${LIST}?${range}&step=${step}&page_size=25`));
      // the list filtered on a step has as many as the funnel's "Stopped here" of that row
      expect(one.total, `step ${step}`).toBe(step <= 5 ? all.funnel!.steps[step - 1].stopped : all.funnel!.completed.stopped);
      // stopped at this step: the step is the card's current one (or, for 6, every step is complete)
      expect(one.cards.every((c) => (step <= 5 ? c.steps[step - 1] === "active" : c.steps.every((s) => s === "complete")))).toBe(true);
      expect(one.funnel).toEqual(all.funnel);
      expect(one.filters).toEqual({ step: String(step), start_date: day, end_date: day });
      expect(one.pageSize).toBe(25);
    }
    expect(payload(await load(`${LIST}?${range}&step=All`)).total).toBe(10);
    expect(all.cards).toHaveLength(10);
    // past the last page: the last page
    expectRedirect(await load(`${LIST}?${range}&page=2`), `${LIST}?${range}&page=1`);
    const demo = payload(await load(`${LIST}?page=2&page_size=25`));
    expect(demo).toMatchObject({ page: 2, pageSize: 25 });
    expect(demo.cards.length).toBeGreaterThan(0);
  });

  it("refuses a wrong step or dates (400, said in words) instead of applying them", async () => {
    const badStep = await load(`${LIST}?step=7`);
    expect(statusOf(badStep)).toBe(400);
    expect(payload(badStep).filterErrors).toEqual(["Stopped at: choose one of the five steps or Completed all steps."]);
    expect(payload(badStep).total).toBe(payload(await load(LIST)).total);
    const badDate = await load(`${LIST}?start_date=2026-02-30`);
    expect(statusOf(badDate)).toBe(400);
    expect(payload(badDate).filterErrors).toEqual(['Started From "2026-02-30" is not a date (use YYYY-MM-DD).']);
    const backwards = await load(`${LIST}?start_date=2026-03-02&end_date=2026-03-01`);
    expect(statusOf(backwards)).toBe(400);
    expect(payload(backwards).filterErrors).toEqual(["Started From must be on or before Started To."]);
  });

  it("opens a step's dialog from the URL: completion time or Not completed yet., captured data as labelled fields", async () => {
    const day = ownDay();
    const made = await makeJourneys([{ stop: 5, started_at: at(day, 0) }]);
    const id = made.journeys[0].id;
    const stored = await apiJourney(id);
    const base = `${LIST}?start_date=${day}&end_date=${day}&journey=${id}`;

    const summary = payload(await load(`${base}&journey_step=3`)).dialog!;
    expect(summary).toMatchObject({
      journeyId: id,
      step: 3,
      name: "Order Summary",
      serviceName: stored.service_name,
      completedAt: formatDateTime(stored.order_summary_completed_at),
    });
    const price = String(stored.order_summary_data!.price);
    expect(fieldOf(summary.fields!, "Price")).toEqual({
      label: "Price",
      value: `₹${Number(price).toLocaleString("en-IN", { minimumFractionDigits: 2 })}`,
    });
    expect(fieldOf(summary.fields!, "Delivery Time")).toEqual({ label: "Delivery Time", value: "5 days" });
    expect(fieldOf(summary.fields!, "Offering")).toEqual({ label: "Offering", value: stored.service_name });
    // the chosen variation is a nested list
    const variation = fieldOf(summary.fields!, "Chosen Variation");
    expect(variation && "fields" in variation ? variation.fields.map((f) => f.label) : null).toEqual(["Limits", "Price", "Delivery Time"]);

    const address = payload(await load(`${base}&journey_step=4`)).dialog!;
    expect(address.fields!.map((f) => f.label)).toEqual(["Address Line 1", "City", "State", "Pincode", "Country"]);

    const payment = payload(await load(`${base}&journey_step=5`)).dialog!;
    expect(payment.completedAt).toBeNull();
    expect(payment.fields!.map((f) => f.label)).toEqual(["Method", "Amount", "Gateway Status", "Failure Reason", "Attempted At"]);
    expect(fieldOf(payment.fields!, "Amount")).toMatchObject({ value: expect.stringMatching(/^₹[\d,]+\.\d\d$/) });
    expect(fieldOf(payment.fields!, "Attempted At")).toMatchObject({ value: expect.stringMatching(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/) });

    const first = payload(await load(`${base}&journey_step=1`)).dialog!;
    expect(first).toMatchObject({ name: "Book Now Dialogue", fields: null });
    expect(first.completedAt).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);

    // not on the page shown (another period): fetched by id
    expect(payload(await load(`${LIST}?journey=${id}&journey_step=2`)).dialog).toMatchObject({ journeyId: id, name: "Basic Info" });
    // a journey stopped at step 1: later steps not completed, nothing captured
    const fresh = await makeJourneys([{ stop: 1, started_at: at(day, 5) }]);
    const empty = payload(await load(`${LIST}?journey=${fresh.journeys[0].id}&journey_step=2`)).dialog!;
    expect(empty).toMatchObject({ completedAt: null, fields: [] });

    // unknown journey, bad id, bad step: a notice instead
    expect(payload(await load(`${LIST}?journey=99999999&journey_step=2`)).notice).toMatchObject({ title: "Booking journey not found" });
    expect(payload(await load(`${LIST}?journey=abc&journey_step=2`)).notice?.message).toBe(
      '"abc" is not a journey id. The link may be wrong.',
    );
    expect(payload(await load(`${LIST}?journey=${id}&journey_step=9`)).notice?.message).toBe(
      '"9" is not a step: steps are numbered 1 to 5.',
    );
  });

  it("says 'Failed to fetch booking journeys' on the page when the list cannot be read", async () => {
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes("/track-booking-journey/")) return Promise.reject(new TypeError("fetch failed"));
      return realFetch(input, init);
    });
    const result = await load(LIST);
    expect(statusOf(result)).toBe(503);
    expect(payload(result)).toMatchObject({
      cards: [],
      total: 0,
      funnel: null,
      loadError: { title: "Failed to fetch booking journeys", message: API_UNAVAILABLE_MESSAGE },
    });
  });

  it("needs the TrackBookingJourney access: others get 403, no session goes to login", async () => {
    expect(statusOf(await load(LIST, "catalog"))).toBe(403);
    expectRedirect(await load(LIST, null), "/admin/login");
  });
});
