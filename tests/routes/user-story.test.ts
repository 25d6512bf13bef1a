import { beforeAll, describe, expect, it } from "vitest";
import * as storyRoute from "~/routes/admin.user_.$userId";
import * as usersRoute from "~/routes/admin.user";
import type { UserStoryPageData } from "~/models/user-story";
import { apiCall, callRoute, requestAs, statusOf, type DemoAdminName } from "../support/routes";

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
    expect(orders.seeAll).toBe(`/admin/bookings?search=${user.username}`);
    const ratings = section(data, "ratings")!;
    expect(ratings.rows.map((r) => r.cells.map((c) => c.text))).toEqual([
      [order.short_id, expect.any(String), expect.any(String), "Excellent", "Great work"],
    ]);
    expect(ratings.rows[0].cells[0].href).toBe(`/admin/bookings/${order.order_id}`);
    // the copied order's payments, each opening its payment page
    const payments = section(data, "payments")!;
    expect(payments.rows.every((r) => r.cells[0].href === `/admin/payments/${order.short_id}`)).toBe(true);
  });

  it("shows only the sections of the areas the admin holds (support: no Payment, no Ratings)", async () => {
    const data = await page(user.user_id, "support");
    expect(data.sections.map((s) => s.key)).toEqual(["orders", "contacts", "queries"]);
    expect(data.history).toHaveLength(1);
  });

  it("links a provider's profile page from their user page", async () => {
    const users = (await apiCall<{ data: { id: number; provider_id: number | null }[] }>("/users?page_size=100")).data;
    const providerUser = users.find((u) => u.provider_id !== null)!;
    const admin = await page(providerUser.id);
    expect(admin.profile.providerHref).toBe(`/admin/provider-details/${providerUser.provider_id}`);
    const support = await page(providerUser.id, "support");
    expect(support.profile.providerHref).toBe(`/admin/provider-details/${providerUser.provider_id}`);
  });
});
