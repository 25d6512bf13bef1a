import { beforeAll, describe, expect, it } from "vitest";
import * as storyRoute from "~/routes/admin.user_.$userId";
import * as usersRoute from "~/routes/admin.user";
import * as bookingsRoute from "~/routes/admin.bookings._index";
import * as paymentsRoute from "~/routes/admin.payments._index";
import * as ratingsRoute from "~/routes/admin.rating";
import type { BookingsPageData } from "~/models/bookings";
import type { PaymentsPageData } from "~/models/payments";
import type { RatingsPageData } from "~/models/ratings";
import type { UserStoryPageData } from "~/models/user-story";
import { apiCall, callRoute, newAdminCookie, requestAs, statusOf, type DemoAdminName } from "../support/routes";

type Made = { user_id: number; username: string };
type Order = { order_id: number; short_id: string };

const pageOf = (id: number | string) => `/admin/user/${id}`;
const load = async (id: number | string, who: DemoAdminName | null = "admin") =>
  callRoute(storyRoute, await requestAs(who, pageOf(id)), { userId: String(id) });
const page = async (id: number, who: DemoAdminName = "admin") => {
  const result = await load(id, who);
  expect(statusOf(result)).toBe(200);
  return result as UserStoryPageData;
};
/** A loader's data, whether returned plainly or as single fetch's data(value, init). */
function payload<T>(result: unknown): T {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: T }).data;
  return result as T;
}
const section = (data: UserStoryPageData, key: string) => data.sections.find((s) => s.key === key);

describe("A user's page (/admin/user/<id>)", () => {
  let user: Made;
  let order: Order;

  beforeAll(async () => {
    user = (await apiCall<{ data: Made }>("/test-fixtures/users", { method: "POST", body: {} })).data;
    order = (
      await apiCall<{ data: Order }>("/test-fixtures/orders", {
        method: "POST",
        body: { serviceType: "Service", status: "Completed", user_id: user.user_id },
      })
    ).data;
    await apiCall("/create-rating", { method: "POST", body: { order_id: order.order_id, type: "Excellent", comment: "Great work" } });
    // Block through the Users screen: the status history's entry
    const block = await callRoute(
      usersRoute,
      await requestAs("admin", "/admin/user", { form: { intent: "block", id: String(user.user_id) } }),
    );
    expect(statusOf(block)).toBe(302);
  });

  it("sends a visitor without a session to the login, and refuses an admin without User access", async () => {
    const anonymous = await load(user.user_id, null);
    expect(anonymous).toHaveRedirect("/admin/login");
    expect(statusOf(await load(user.user_id, "catalog"))).toBe(403);
    expect(statusOf(await load(user.user_id, "viewer"))).toBe(403);
  });

  it("is the 404 page for an unknown user and an id that is not one", async () => {
    for (const id of ["2000000000", "abc", "0", "12x"]) expect(statusOf(await load(id)), id).toBe(404);
  });

  it("shows the profile, the status history and every section to an admin with All Access", async () => {
    const data = await page(user.user_id);
    expect(data.profile).toMatchObject({ id: user.user_id, username: user.username, active: false, providerId: null });
    expect(data.history).toEqual([expect.objectContaining({ by: "admin", what: "Status", from: "Active", to: "Blocked" })]);
    expect(data.sections.map((s) => s.key)).toEqual(["orders", "payments", "ratings", "contacts", "queries"]);
    const orders = section(data, "orders")!;
    expect(orders.total).toBe(1);
    expect(orders.rows[0].cells[0]).toEqual({ text: order.short_id, href: `/admin/bookings/${order.order_id}` });
    expect(orders.rows[0].cells[5].text).toBe("Completed");
    expect(orders.seeAll).toBe(`/admin/bookings?user=${user.user_id}`);
    const ratings = section(data, "ratings")!;
    expect(ratings.rows.map((r) => r.cells.map((c) => c.text))).toEqual([
      [order.short_id, expect.any(String), expect.any(String), "Excellent", "Great work"],
    ]);
    expect(ratings.rows[0].cells[0].href).toBe(`/admin/bookings/${order.order_id}`);
    // the copied order's payments, each opening its payment page
    const payments = section(data, "payments")!;
    expect(payments.rows.every((r) => r.cells[0].href === `/admin/payments/${order.short_id}`)).toBe(true);
    expect([payments.seeAll, ratings.seeAll]).toEqual([`/admin/payments?user=${user.user_id}`, `/admin/rating?user=${user.user_id}`]);
  });

  it("See all: the Booking List, Payments and Ratings narrowed to the user (?user=<id>); a user= that is not an id is said, not applied", async () => {
    const bookings = payload<BookingsPageData>(
      await callRoute(bookingsRoute, await requestAs("admin", `/admin/bookings?user=${user.user_id}`)),
    );
    expect(bookings.rows.map((r) => [r.shortId, r.userId])).toEqual([[order.short_id, user.user_id]]);
    expect(bookings.total).toBe(1);
    const ratings = payload<RatingsPageData>(await callRoute(ratingsRoute, await requestAs("admin", `/admin/rating?user=${user.user_id}`)));
    expect(ratings.rows.map((r) => r.shortId)).toEqual([order.short_id]);
    const payments = payload<PaymentsPageData>(
      await callRoute(paymentsRoute, await requestAs("admin", `/admin/payments?user=${user.user_id}`)),
    );
    expect(payments.rows.length).toBeGreaterThan(0);
    expect(payments.rows.every((r) => r.userId === user.user_id && r.shortId === order.short_id)).toBe(true);
    const odd = payload<RatingsPageData>(await callRoute(ratingsRoute, await requestAs("admin", "/admin/rating?user=abc")));
    expect(odd.filterErrors).toContain("User: the link does not name a user.");
    expect(odd.total).toBeGreaterThan(1);
  });

  it("shows only the sections of the areas the admin holds (support: no Payment, no Ratings)", async () => {
    const data = await page(user.user_id, "support");
    expect(data.sections.map((s) => s.key)).toEqual(["orders", "contacts", "queries"]);
    expect(data.history).toHaveLength(1);
  });

  it("shows an admin with User access alone the profile and history, and no section of another area", async () => {
    const cookie = await newAdminCookie(["User"]);
    const answer = await callRoute(storyRoute, await requestAs(null, pageOf(user.user_id), { headers: { Cookie: cookie } }), {
      userId: String(user.user_id),
    });
    expect(statusOf(answer)).toBe(200);
    const data = answer as UserStoryPageData;
    expect(data.profile.id).toBe(user.user_id);
    expect(data.sections).toEqual([]);
  });

  it("links a provider's profile page from their user page", async () => {
    // a provider of the test's own (the demo's provider users can sit past any first page of users)
    const made = (
      await apiCall<{ data: { serviceProvider_id: number; user_id: number } }>("/test-fixtures/providers", {
        method: "POST",
        body: { variant: 0 },
      })
    ).data;
    const admin = await page(made.user_id);
    expect(admin.profile.providerHref).toBe(`/admin/provider-details/${made.serviceProvider_id}`);
    const support = await page(made.user_id, "support");
    expect(support.profile.providerHref).toBe(`/admin/provider-details/${made.serviceProvider_id}`);
  });
});
