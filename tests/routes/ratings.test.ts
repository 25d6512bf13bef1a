import { DateTime } from "luxon";
import { beforeAll, describe, expect, it } from "vitest";
import * as ratingsRoute from "~/routes/admin.rating";
import type { BookingRow } from "~contract/bookings";
import type { RatingRecord } from "~contract/ratings";
import type { RatingRow } from "../../app/models/ratings";
import { toRatingRow } from "~/services/ratings/ratings-list.server";
import { apiCall, callRoute, requestAs, statusOf } from "../support/routes";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function payload(result: unknown): any {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: unknown }).data;
  return result;
}

const PATH = "/admin/rating";
const load = async (query = "") => payload(await callRoute(ratingsRoute, await requestAs("admin", `${PATH}${query}`)));
const today = () => DateTime.now().setZone("Asia/Kolkata").toISODate()!;
const OTHER_SERVICE: Record<string, string> = {
  Consultation: "Service",
  Service: "Retainership",
  Retainership: "AddOnService",
  AddOnService: "Consultation",
};

describe("ratings list", () => {
  /** a rating made by this test of a demo Completed order the seed left unrated */
  let mine: RatingRecord;
  beforeAll(async () => {
    const completed = (await apiCall<{ data: BookingRow[] }>("/get-bookings?status=Completed&page_size=200")).data;
    const rated = new Set((await apiCall<{ data: RatingRecord[] }>("/get-all-ratings?page_size=200")).data.map((r) => r.order_id));
    const order = completed.find((o) => !rated.has(o.order_id))!;
    mine = (
      await apiCall<{ data: RatingRecord }>("/create-rating", {
        method: "POST",
        body: { order_id: order.order_id, type: "Fair", comment: "Route test rating" },
      })
    ).data;
  });

  it("shows a page of ratings newest first, with the order's parties, the service's label and the date in India time", async () => {
    const page = await load();
    const api = await apiCall<{ data: RatingRecord[] }>("/get-all-ratings?page_size=10");
    expect(page.rows.map((r: RatingRow) => r.id)).toEqual(api.data.map((r) => r.rating_id));
    expect(page.total).toBeGreaterThanOrEqual(7);
    expect(page.filtered).toBe(false);
    expect(page.filterErrors).toEqual([]);
    const row = page.rows.find((r: RatingRow) => r.id === mine.rating_id);
    expect(row).toEqual({
      id: mine.rating_id,
      orderId: mine.order_id,
      shortId: mine.short_id,
      orderHref: `/admin/bookings/${mine.order_id}`,
      userId: mine.user_id,
      user: mine.userUsername,
      provider: mine.serviceProviderUsername,
      service: { Consultation: "Consultation", Service: "Service", Retainership: "Retainership", AddOnService: "Add-On Service" }[
        mine.serviceType
      ],
      type: "Fair",
      comment: "Route test rating",
      date: DateTime.now().setZone("Asia/Kolkata").toFormat("dd-LLL-yyyy", { locale: "en-US" }),
    });
  });

  it("filters by service, type and India calendar days, all in the URL", async () => {
    const day = today();
    const ids = async (query: string) => (await load(`${query}&page_size=100`)).rows.map((r: RatingRow) => r.id);
    const matching = await load(`?serviceType=${mine.serviceType}&type=Fair&start_date=${day}&end_date=${day}`);
    expect(matching.rows.map((r: RatingRow) => r.id)).toContain(mine.rating_id);
    expect(matching.filtered).toBe(true);
    expect(matching.filters).toEqual({ serviceType: mine.serviceType, type: "Fair", start_date: day, end_date: day });
    expect(matching.rows.every((r: RatingRow) => r.type === "Fair")).toBe(true);
    expect(await ids(`?serviceType=${OTHER_SERVICE[mine.serviceType]}`)).not.toContain(mine.rating_id);
    expect(await ids("?type=Excellent")).not.toContain(mine.rating_id);
    const yesterday = DateTime.fromISO(day).minus({ days: 1 }).toISODate();
    expect(await ids(`?end_date=${yesterday}`)).not.toContain(mine.rating_id);
    expect(await ids(`?start_date=${yesterday}`)).toContain(mine.rating_id);
    // the seed's ratings are from January 2026
    const january = await load("?start_date=2026-01-01&end_date=2026-01-31&page_size=100");
    expect(january.total).toBe(6);
    expect((await load("?serviceType=All&type=All")).filterErrors).toEqual([]);
  });

  it("refuses a filter typed wrong: 400, every reason in words, the typed values kept", async () => {
    const result = await callRoute(
      ratingsRoute,
      await requestAs("admin", `${PATH}?serviceType=Haircut&type=Superb&start_date=2026-02-01&end_date=2026-01-01`),
    );
    expect(statusOf(result)).toBe(400);
    const page = payload(result);
    expect(page.filterErrors).toEqual([
      "Service: choose a service from the list.",
      "Type: choose a rating type from the list.",
      "From Date must be on or before To Date.",
    ]);
    expect(page.filters).toEqual({ serviceType: "Haircut", type: "Superb", start_date: "2026-02-01", end_date: "2026-01-01" });
    // refused filters are not applied
    expect(page.total).toBe((await load()).total);
    expect((await load("?start_date=01-02-2026")).filterErrors).toEqual(['From Date "01-02-2026" is not a date (use YYYY-MM-DD).']);
  });

  it("passes the URL's sort to the API (the Date and Type headers' links); a sort it cannot apply is refused in words", async () => {
    for (const [sortField, sortOrder] of [
      ["type", "asc"],
      ["type", "desc"],
      ["created_at", "asc"],
    ]) {
      const page = await load(`?sortField=${sortField}&sortOrder=${sortOrder}&page_size=50`);
      const api = await apiCall<{ data: RatingRecord[] }>(`/get-all-ratings?page_size=50&sortField=${sortField}&sortOrder=${sortOrder}`);
      expect(page.sort).toEqual({ field: sortField, order: sortOrder });
      expect(page.rows.map((r: RatingRow) => r.id)).toEqual(api.data.map((r) => r.rating_id));
    }
    expect((await load()).sort).toBeNull();
    const refused = await callRoute(ratingsRoute, await requestAs("admin", `${PATH}?sortField=comment&sortOrder=asc`));
    expect(statusOf(refused)).toBe(400);
    expect(payload(refused).filterErrors).toEqual(['Sort: this list cannot be sorted by "comment".']);
    expect(payload(refused).sort).toBeNull();
  });

  it("pages on the server (the API's paging is tested with more rows); a page past the last goes to the last", async () => {
    const first = await load("?page_size=25");
    expect(first.pageSize).toBe(25);
    expect(first.rows).toHaveLength(Math.min(25, first.total));
    expect(first.total).toBeLessThan(25);
    expect(await callRoute(ratingsRoute, await requestAs("admin", `${PATH}?type=Fair&page=999`))).toHaveRedirect(
      `${PATH}?type=Fair&page=1`,
    );
    expect(await callRoute(ratingsRoute, await requestAs("admin", `${PATH}?page=2&page_size=25`))).toHaveRedirect(
      `${PATH}?page=1&page_size=25`,
    );
    expect((await load("?page=0&page_size=3")).pageSize).toBe(10);
  });

  it("links the order id only for an admin who may open Booking List", () => {
    expect(toRatingRow(mine, ["*"]).orderHref).toBe(`/admin/bookings/${mine.order_id}`);
    expect(toRatingRow(mine, ["Ratings", "Bookings"]).orderHref).toBe(`/admin/bookings/${mine.order_id}`);
    expect(toRatingRow(mine, ["Ratings"])).toMatchObject({ orderHref: null, shortId: mine.short_id });
  });

  it("is open to Ratings access only", async () => {
    for (const who of ["support", "catalog", "viewer"] as const) {
      expect(statusOf(await callRoute(ratingsRoute, await requestAs(who, PATH)))).toBe(403);
    }
    expect(await callRoute(ratingsRoute, await requestAs(null, PATH))).toHaveRedirect("/admin/login");
  });
});
