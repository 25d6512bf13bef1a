import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { payments, queryChatGroups, serviceProviders } from "../../api/src/db/schema";
import { USER_MESSAGES } from "~contract/users";
import { UserStory } from "~contract/user-story";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed } from "./helpers";

describeEachDriver("GET /users/{user_id}/story", (driver) => {
  let api: TestApi;
  let user: { user_id: number; username: string };
  let completed: { order_id: number; short_id: string };
  let pending: { order_id: number; short_id: string };
  let contactIds: number[];
  let groupId: number;

  const story = async (id: number, query: Record<string, string | number> = {}) => {
    const answer = await get(api, `/users/${id}/story`, { query });
    return { status: answer.status, body: answer.body, story: answer.status === 200 ? parsed(UserStory, answer.body.data) : null };
  };
  const fixture = async <T>(path: string, body: unknown) => {
    const answer = await call(api, "POST", path, { body, actingAdmin: null });
    expect(answer.status, answer.text).toBe(201);
    return answer.body.data as T;
  };

  beforeAll(async () => {
    api = await startTestApi({ driver, testFixtures: true });
    user = await fixture("/test-fixtures/users", {});
    type Order = { order_id: number; short_id: string };
    completed = await fixture<Order>("/test-fixtures/orders", { serviceType: "Service", status: "Completed", user_id: user.user_id });
    pending = await fixture<Order>("/test-fixtures/orders", { serviceType: "Consultation", status: "Pending", user_id: user.user_id });
    // someone else's order: not in this user's story
    await fixture("/test-fixtures/orders", { serviceType: "Service", status: "Completed" });
    expect(
      (await call(api, "POST", "/create-rating", { body: { order_id: completed.order_id, type: "Good", comment: "Prompt" } })).status,
    ).toBe(201);
    const email = `e2e.user.${user.username.slice("e2e_user_".length)}@copies.test`;
    contactIds = [];
    for (const [n, address] of [email.toUpperCase(), email, "someone.else@copies.test"].entries()) {
      const sent = await call(api, "POST", "/create-contact", {
        actingAdmin: null,
        body: { name: `Story ${n}`, email: address, subject: `Subject ${n}`, message: `Message ${n}` },
      });
      expect(sent.status, sent.text).toBe(201);
      contactIds.push(sent.body.data.id);
    }
    const [provider] = await api.db.select({ id: serviceProviders.serviceProvider_id }).from(serviceProviders).limit(1);
    [{ id: groupId }] = await api.db
      .insert(queryChatGroups)
      .values({ user_id: user.user_id, service_provider_id: provider.id, chat_count: 3 })
      .returning({ id: queryChatGroups.id });
    // Block, then Activate: two entries of the status history
    for (const is_active of [false, true]) {
      expect((await call(api, "PUT", "/update-user-status", { query: { user_id: user.user_id }, body: { is_active } })).status).toBe(200);
    }
  });
  afterAll(() => api?.close());

  it("answers the profile, the status history and every section when none is named", async () => {
    const { status, story: s } = await story(user.user_id);
    expect(status).toBe(200);
    expect(s!.user).toMatchObject({ id: user.user_id, username: user.username, is_active: true, is_provider: false, provider_id: null });
    // newest first: Activate (false → true), then Block (true → false), by the demo admin
    expect(s!.history.map((h) => [h.field, h.from, h.to, h.admin_username])).toEqual([
      ["is_active", "false", "true", "admin"],
      ["is_active", "true", "false", "admin"],
    ]);
    expect(s!.orders!.total).toBe(2);
    expect(s!.orders!.rows.map((o) => o.short_id).sort()).toEqual([completed.short_id, pending.short_id].sort());
    expect(s!.orders!.rows.find((o) => o.order_id === completed.order_id)).toMatchObject({ status: "Completed", serviceType: "Service" });
    const paid = await api.db.select().from(payments).where(eq(payments.order_id, completed.order_id));
    const paidPending = await api.db.select().from(payments).where(eq(payments.order_id, pending.order_id));
    expect(s!.payments!.total).toBe(paid.length + paidPending.length);
    expect(s!.payments!.rows.every((p) => [completed.order_id, pending.order_id].includes(p.order_id))).toBe(true);
    expect(s!.ratings).toEqual({
      total: 1,
      rows: [expect.objectContaining({ order_id: completed.order_id, short_id: completed.short_id, type: "Good", comment: "Prompt" })],
    });
    // the leads sent from the user's address, in any case; not the other address's
    expect(s!.contacts!.total).toBe(2);
    expect(s!.contacts!.rows.map((r) => r.id).sort()).toEqual(contactIds.slice(0, 2).sort());
    expect(s!.queries).toEqual({ total: 1, rows: [expect.objectContaining({ id: groupId, chat_count: 3 })] });
  });

  it("answers only the sections asked for: none when sections is empty", async () => {
    const some = (await story(user.user_id, { sections: "orders,ratings" })).story!;
    expect(Object.keys(some).sort()).toEqual(["history", "orders", "ratings", "user"]);
    const none = (await story(user.user_id, { sections: "" })).story!;
    expect(Object.keys(none).sort()).toEqual(["history", "user"]);
    expect(none.history).toHaveLength(2);
  });

  it("limits each section's rows, keeping its total", async () => {
    const one = (await story(user.user_id, { sections: "orders,contacts", limit: 1 })).story!;
    expect(one.orders!.rows).toHaveLength(1);
    expect(one.orders!.total).toBe(2);
    expect(one.contacts!.rows).toHaveLength(1);
    expect(one.contacts!.total).toBe(2);
  });

  it("marks a user who is also a provider with their profile's id", async () => {
    const [provider] = await api.db
      .select({ id: serviceProviders.serviceProvider_id, user_id: serviceProviders.user_id })
      .from(serviceProviders)
      .limit(1);
    const s = (await story(provider.user_id, { sections: "" })).story!;
    expect(s.user).toMatchObject({ is_provider: true, provider_id: provider.id });
  });

  it("refuses an unknown section, a bad id, and answers 404 for an unknown or deleted user", async () => {
    const unknown = await story(user.user_id, { sections: "orders,secrets" });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain("Unknown sections: secrets");
    expect((await get(api, "/users/abc/story")).status).toBe(400);
    expect((await story(user.user_id, { limit: 51 })).status).toBe(400);
    expect((await story(2_000_000_000)).status).toBe(404);
    const gone = await fixture<{ user_id: number; username: string }>("/test-fixtures/users", {});
    const deleted = await call(api, "DELETE", "/delete-user", { query: { username: gone.username } });
    expect(deleted.body.message).toBe(USER_MESSAGES.deleted);
    expect((await story(gone.user_id)).status).toBe(404);
  });

  it("the lists of orders, payments and ratings narrow to one customer by user_id (the story's See all)", async () => {
    const bookings = await get(api, "/get-bookings", { query: { user_id: user.user_id } });
    expect(bookings.status).toBe(200);
    expect(bookings.body.data.map((r: { short_id: string }) => r.short_id).sort()).toEqual([completed.short_id, pending.short_id].sort());
    expect(bookings.body.data.every((r: { user_id: number }) => r.user_id === user.user_id)).toBe(true);
    const paid = await get(api, "/payments", { query: { user_id: user.user_id, page_size: 100 } });
    expect(paid.body.total_results).toBe((await story(user.user_id, { sections: "payments" })).story!.payments!.total);
    expect(paid.body.data.every((r: { user_id: number }) => r.user_id === user.user_id)).toBe(true);
    const rated = await get(api, "/get-all-ratings", { query: { user_id: user.user_id } });
    expect(rated.body.data.map((r: { short_id: string }) => r.short_id)).toEqual([completed.short_id]);
    for (const path of ["/get-bookings", "/payments", "/get-all-ratings"]) {
      expect((await get(api, path, { query: { user_id: "abc" } })).status, path).toBe(400);
    }
  });
});
