import { MAX_PAGE_SIZE } from "~contract/list-query";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createApi } from "../../api/src/app";
import { orders, serviceProviders, users } from "../../api/src/db/schema";
import { SEED_BASE_DATE, seedExtraUsers } from "../../api/src/seed/seed";
import { NEW_PROVIDER_STAGE } from "~contract/provider-auth-labels";
import { UserListRecord, USER_MESSAGES } from "~contract/users";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed } from "./helpers";

const GENERATED = 400;
const lastAudit = async (api: TestApi, n = 1) => (await get(api, "/audit-log", { query: { limit: n } })).body.data.slice(0, n);

/** A GET with its x-total-count. */
async function listed(api: TestApi, path: string, query: Record<string, string | number> = {}) {
  const url = new URL(path, api.url);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
  const response = await fetch(url, { headers: { [api.apiKeyHeader]: api.apiKey } });
  const body = await response.json();
  return {
    status: response.status,
    body,
    total: Number(response.headers.get("x-total-count")),
    rows: response.status === 200 ? (body.data as unknown[]).map((r) => parsed(UserListRecord, r)) : [],
  };
}

describeEachDriver("users (the Users screen)", (driver) => {
  let api: TestApi;
  /** every live user, newest first, as the database has them */
  let live: { id: number; username: string; is_active: boolean; created_at: Date }[];
  let counter = 0;

  /** A plain user of this test's own, with `open` Pending orders and `closed` Completed/Cancelled ones booked by them. */
  async function makeUser(
    options: {
      open?: number;
      closed?: number;
      is_active?: boolean;
      created_at?: Date;
      phone?: string;
      rating?: number;
      firstName?: string;
    } = {},
  ) {
    counter += 1;
    const username = `Api.Tester_${driver}_${counter}_${Math.random().toString(36).slice(2, 6)}`;
    const [user] = await api.db
      .insert(users)
      .values({
        username,
        firstName: options.firstName ?? "Api",
        lastName: "Tester",
        email: `${username.toLowerCase()}@t.test`,
        phone: options.phone ?? "+91 9000000001",
        is_active: options.is_active ?? true,
        created_at: options.created_at ?? new Date(),
        rating: options.rating ?? 3.5,
      })
      .returning();
    const statuses = [
      ...Array(options.open ?? 0).fill("Pending"),
      ...Array(options.closed ?? 0)
        .fill(null)
        .map((_, i) => (i % 2 ? "Cancelled" : "Completed")),
    ];
    const [template] = await api.db.select().from(orders).orderBy(asc(orders.order_id)).limit(1);
    for (const [k, status] of statuses.entries()) {
      const { order_id: _drop, ...copy } = template;
      void _drop;
      await api.db.insert(orders).values({ ...copy, short_id: `ORD${800000 + counter * 10 + k}`, user_id: user.id, status });
    }
    return user;
  }

  beforeAll(async () => {
    api = await startTestApi({ driver });
    await seedExtraUsers(api.db, { seed: 11, count: GENERATED, base: SEED_BASE_DATE });
    live = (
      await api.db
        .select({ id: users.id, username: users.username, is_active: users.is_active, created_at: users.created_at })
        .from(users)
        .where(eq(users.is_deleted, false))
    ).sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || b.id - a.id);
  });
  afterAll(() => api?.close());

  it("GET /users: live users, newest first, 10 a page, the total in x-total-count", async () => {
    const first = await listed(api, "/users");
    expect(first.status).toBe(200);
    expect(first.total).toBe(live.length);
    // the 60 demo providers' users, the fresh demo provider account's (demo.provider) and the generated
    expect(first.total).toBe(61 + GENERATED);
    expect(first.rows.map((u) => u.id)).toEqual(live.slice(0, 10).map((u) => u.id));
    const third = await listed(api, "/users", { page: 3, page_size: 25 });
    expect(third.rows.map((u) => u.id)).toEqual(live.slice(50, 75).map((u) => u.id));
    const last = await listed(api, "/users", { page: Math.ceil(live.length / 100), page_size: 100 });
    expect(last.rows.map((u) => u.id)).toEqual(live.slice(Math.floor(live.length / 100) * 100).map((u) => u.id));
    expect((await listed(api, "/users", { page: 999, page_size: 100 })).rows).toEqual([]);
    // the spec's User fields: phone as stored, its code set apart when it has one
    const withCode = first.rows.concat(third.rows).find((u) => u.phone.startsWith("+"))!;
    expect(withCode.phone_country_code).toBe(withCode.phone.split(" ")[0]);
    const generated = (await listed(api, "/users", { page_size: 200 })).rows;
    expect(generated.some((u) => u.phone_country_code === "" && /^\d{10}$/.test(u.phone))).toBe(true);
    expect(generated.some((u) => u.phone_country_code === "+91")).toBe(true);
    expect(generated.filter((u) => u.is_provider).length + generated.filter((u) => !u.is_provider).length).toBe(200);
  });

  it("rejects a bad query with its message", async () => {
    const bad = await listed(api, "/users", { is_active: "maybe" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.is_active).toBe("is_active must be true or false");
    const backwards = await listed(api, "/users", { start_date: "2025-05-02", end_date: "2025-05-01" });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors.end_date).toBe("The end date must be on or after the start date");
    expect((await listed(api, "/users", { start_date: "2025-13-01" })).status).toBe(400);
    expect((await listed(api, "/users", { page_size: MAX_PAGE_SIZE + 1 })).status).toBe(400);
    expect((await listed(api, "/users", { search: "x".repeat(101) })).body.errors.search).toBe("Search is at most 100 characters");
  });

  it("filters by is_active", async () => {
    for (const active of [true, false]) {
      const want = live.filter((u) => u.is_active === active);
      expect(want.length).toBeGreaterThan(0);
      const got = await listed(api, "/users", { is_active: String(active), page_size: 50 });
      expect(got.total).toBe(want.length);
      expect(got.rows.map((u) => u.id)).toEqual(want.slice(0, 50).map((u) => u.id));
      expect(got.rows.every((u) => u.is_active === active)).toBe(true);
    }
  });

  it("filters by joined date: India calendar days, both ends inclusive", async () => {
    const inside = await makeUser({ created_at: new Date("2024-03-10T00:00:00.000+05:30") });
    const lateOnLastDay = await makeUser({ created_at: new Date("2024-03-12T23:59:59.000+05:30") });
    const dayBefore = await makeUser({ created_at: new Date("2024-03-09T23:59:59.000+05:30") });
    const dayAfter = await makeUser({ created_at: new Date("2024-03-13T00:00:00.000+05:30") });
    const all = await listed(api, "/users", { start_date: "2024-03-10", end_date: "2024-03-12", page_size: 200 });
    const ids = all.rows.map((u) => u.id);
    expect(ids).toContain(inside.id);
    expect(ids).toContain(lateOnLastDay.id);
    expect(ids).not.toContain(dayBefore.id);
    expect(ids).not.toContain(dayAfter.id);
    for (const u of all.rows) {
      const t = Date.parse(u.createdAt);
      expect(t).toBeGreaterThanOrEqual(Date.parse("2024-03-10T00:00:00+05:30"));
      expect(t).toBeLessThan(Date.parse("2024-03-13T00:00:00+05:30"));
    }
    expect(all.total).toBe(all.rows.length);
    // one end only, and combined with the status
    const from = await listed(api, "/users", { start_date: "2024-03-13", is_active: "true" });
    const want = (
      await api.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.is_deleted, false), eq(users.is_active, true), sql`${users.created_at} >= '2024-03-13T00:00:00+05:30'`))
    ).length;
    expect(from.total).toBe(want);
    expect(from.rows.every((u) => u.is_active && Date.parse(u.createdAt) >= Date.parse("2024-03-13T00:00:00+05:30"))).toBe(true);
  });

  it("searches part of the username, email or phone, ignoring case", async () => {
    const all = await api.db
      .select({ id: users.id, username: users.username, email: users.email, phone: users.phone })
      .from(users)
      .where(eq(users.is_deleted, false));
    for (const text of ["SHARMA", "arma_", "aa", "7", "EXAMPLE.IN", "+91 98", live[3].username.slice(2, -1).toUpperCase()]) {
      const want = all.filter((u) => [u.username, u.email, u.phone].some((v) => v.toLowerCase().includes(text.toLowerCase())));
      const got = await listed(api, "/users", { search: text, page_size: 200 });
      expect(got.total, text).toBe(want.length);
      const wanted = new Set(want.map((u) => u.id));
      expect(got.rows.length, text).toBe(Math.min(200, want.length));
      expect(
        got.rows.every((u) => wanted.has(u.id)),
        text,
      ).toBe(true);
    }
    // one user by their own email or phone; a name is not searched
    const mine = await makeUser({ phone: "+91 7123456789", firstName: "Quintessa" });
    expect((await listed(api, "/users", { search: mine.email.toUpperCase() })).rows.map((u) => u.id)).toEqual([mine.id]);
    expect((await listed(api, "/users", { search: "7123456789" })).rows.map((u) => u.id)).toEqual([mine.id]);
    expect((await listed(api, "/users", { search: "Quintessa" })).total).toBe(0);
    // % and _ are taken literally
    expect((await listed(api, "/users", { search: "100%_" })).total).toBe(0);
    const blocked = live.find((u) => !u.is_active)!;
    const both = await listed(api, "/users", { search: blocked.username, is_active: "false" });
    expect(both.rows.map((u) => u.id)).toEqual([blocked.id]);
    expect((await listed(api, "/users", { search: blocked.username, is_active: "true" })).total).toBe(0);
  });

  it("sorts by rating, joined date, status, username and name, ties by id; refuses an unknown sort", async () => {
    const tag = `Srt${Math.random().toString(36).slice(2, 6)}`;
    const phone = `+91 6${String(Date.now()).slice(-9)}`;
    const mk = (o: Parameters<typeof makeUser>[0]) => makeUser({ phone, ...o });
    const low = await mk({ rating: 1.5, created_at: new Date("2024-01-03T00:00:00Z"), firstName: `${tag}c` });
    const high = await mk({ rating: 4.75, created_at: new Date("2024-01-01T00:00:00Z"), is_active: false, firstName: `${tag}a` });
    const mid = await mk({ rating: 3, created_at: new Date("2024-01-02T00:00:00Z"), firstName: `${tag}b` });
    const order = async (sortField: string, sortOrder: string) =>
      (await listed(api, "/users", { search: phone, sortField, sortOrder })).rows.map((u) => u.id);
    expect(await order("rating", "asc")).toEqual([low.id, mid.id, high.id]);
    expect(await order("rating", "desc")).toEqual([high.id, mid.id, low.id]);
    expect(await order("created_at", "asc")).toEqual([high.id, mid.id, low.id]);
    expect(await order("created_at", "desc")).toEqual([low.id, mid.id, high.id]);
    // Active first ascending (each status newest first), Blocked first descending
    expect(await order("status", "asc")).toEqual([low.id, mid.id, high.id]);
    expect(await order("status", "desc")).toEqual([high.id, mid.id, low.id]);
    expect(await order("name", "asc")).toEqual([high.id, mid.id, low.id]);
    expect(await order("username", "desc")).toEqual([mid.id, high.id, low.id]);
    // without a sort: newest first, as before
    expect((await listed(api, "/users", { search: phone })).rows.map((u) => u.id)).toEqual([low.id, mid.id, high.id]);

    const unknown = await listed(api, "/users", { sortField: "email", sortOrder: "asc" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.sortField).toBe("sortField must be one of username, name, created_at, rating, status");
    expect((await listed(api, "/users", { sortField: "rating", sortOrder: "sideways" })).body.errors.sortOrder).toBe(
      "sortOrder must be asc or desc",
    );
    expect((await listed(api, "/users", { sortField: "rating" })).body.errors.sortOrder).toBe(
      "sortOrder (asc or desc) is required with sortField",
    );
  });

  it("says which users are also providers, with their provider id", async () => {
    const rows = (await listed(api, "/users", { page_size: 200 })).rows;
    const providers = await api.db
      .select({ user: serviceProviders.user_id, id: serviceProviders.serviceProvider_id })
      .from(serviceProviders)
      .where(sql`${serviceProviders.deleted_at} IS NULL`);
    const byUser = new Map(providers.map((p) => [p.user, p.id]));
    expect(rows.some((u) => u.is_provider)).toBe(true);
    for (const u of rows) {
      expect(u.provider_id, u.username).toBe(byUser.get(u.id) ?? null);
      expect(u.is_provider).toBe(byUser.has(u.id));
    }
  });

  it("GET /search-users: contains, any case, an exact match first; a blank username is refused", async () => {
    const target = live.find((u) => /_\d+$/.test(u.username))!;
    const found = await listed(api, "/search-users", { username: target.username.toUpperCase() });
    expect(found.status).toBe(200);
    expect(found.rows[0].id).toBe(target.id);
    const part = target.username.split("_")[0];
    const many = await listed(api, "/search-users", { username: part, limit: 5 });
    expect(many.rows.length).toBe(Math.min(5, many.total));
    expect(many.total).toBe(live.filter((u) => u.username.toLowerCase().includes(part.toLowerCase())).length);
    for (const u of many.rows) expect(u.username.toLowerCase()).toContain(part.toLowerCase());
    expect((await listed(api, "/search-users", { username: "no-such-user-anywhere" })).rows).toEqual([]);
    const blank = await listed(api, "/search-users", { username: "   " });
    expect(blank.status).toBe(400);
    expect(blank.body.errors.username).toBe("Enter a username to search");
    expect((await listed(api, "/search-users")).body.errors.username).toBe("Enter a username to search");
  });

  it("PUT /update-user-status blocks and activates, audited; a no-op writes nothing", async () => {
    const user = await makeUser();
    const blocked = await call(api, "PUT", "/update-user-status", { query: { user_id: user.id }, body: { is_active: false } });
    expect(blocked.status).toBe(200);
    expect(parsed(UserListRecord, blocked.body.data)).toMatchObject({ id: user.id, is_active: false });
    const [audit] = await lastAudit(api);
    expect(audit).toMatchObject({
      action: "update",
      entity: "user",
      entity_id: String(user.id),
      admin_username: "admin",
      before: { is_active: true },
      after: { is_active: false },
    });
    expect((await listed(api, "/users", { search: user.username, is_active: "false" })).rows.map((u) => u.id)).toEqual([user.id]);

    const again = await call(api, "PUT", "/update-user-status", { query: { user_id: user.id }, body: { is_active: false } });
    expect(again.status).toBe(200);
    expect((await lastAudit(api))[0].id).toBe(audit.id);

    const activated = await call(api, "PUT", "/update-user-status", { query: { user_id: user.id }, body: { is_active: true } });
    expect(activated.body.data.is_active).toBe(true);
    expect((await lastAudit(api))[0]).toMatchObject({ entity: "user", before: { is_active: false }, after: { is_active: true } });
  });

  it("PUT /update-user-status refuses bad input, unknown users and a missing acting admin", async () => {
    const user = await makeUser();
    const missing = await call(api, "PUT", "/update-user-status", { query: { user_id: user.id }, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.is_active).toBe("is_active is required");
    const wrongType = await call(api, "PUT", "/update-user-status", { query: { user_id: user.id }, body: { is_active: "no" } });
    expect(wrongType.body.errors.is_active).toBe("is_active must be true or false");
    const unknown = await call(api, "PUT", "/update-user-status", { query: { user_id: 99999999 }, body: { is_active: false } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("User not found");
    expect((await call(api, "PUT", "/update-user-status", { query: { user_id: "abc" }, body: { is_active: false } })).status).toBe(400);
    const anonymous = await call(api, "PUT", "/update-user-status", {
      query: { user_id: user.id },
      body: { is_active: false },
      actingAdmin: null,
    });
    expect(anonymous.status).toBe(400);
    expect(anonymous.body.message).toBe("x-acting-admin header is required");
    const [row] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(row.is_active).toBe(true);
  });

  it("DELETE /delete-user refuses a user with open orders (409, how many), then deletes once they are closed", async () => {
    const user = await makeUser({ open: 2, closed: 2 });
    // the count the refusal is made on can be read first (the admin says so instead of offering a delete)
    expect((await get(api, "/user-open-orders", { query: { user_id: user.id } })).body).toEqual({ data: { open_orders: 2 } });
    const refused = await call(api, "DELETE", "/delete-user", { query: { username: user.username } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("This user has 2 open orders: they cannot be deleted until those are completed or cancelled");
    expect(refused.body.message).toBe(USER_MESSAGES.openOrders(2));
    const [still] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(still).toMatchObject({ is_deleted: false, can_sign_in: true });

    const [one] = await api.db
      .select({ id: orders.order_id })
      .from(orders)
      .where(and(eq(orders.user_id, user.id), eq(orders.status, "Pending")))
      .limit(1);
    await api.db.update(orders).set({ status: "Completed" }).where(eq(orders.order_id, one.id));
    const single = await call(api, "DELETE", "/delete-user", { query: { username: user.username } });
    expect(single.body.message).toBe("This user has 1 open order: they cannot be deleted until it is completed or cancelled");

    await api.db.update(orders).set({ status: "Cancelled" }).where(eq(orders.user_id, user.id));
    expect((await get(api, "/user-open-orders", { query: { user_id: user.id } })).body).toEqual({ data: { open_orders: 0 } });
    const before = (await lastAudit(api))[0];
    const deleted = await call(api, "DELETE", "/delete-user", { query: { username: user.username } });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: "User Deleted Successfully" });
    const [gone] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(gone).toMatchObject({ is_deleted: true, can_sign_in: false });
    const [audit] = await lastAudit(api);
    expect(audit.id).not.toBe(before.id);
    expect(audit).toMatchObject({
      action: "delete",
      entity: "user",
      entity_id: String(user.id),
      before: { is_deleted: false, can_sign_in: true },
      after: { is_deleted: true, can_sign_in: false },
    });
    // hidden everywhere, and a second delete is 404
    expect((await listed(api, "/users", { search: user.username })).total).toBe(0);
    expect((await listed(api, "/search-users", { username: user.username })).total).toBe(0);
    const twice = await call(api, "DELETE", "/delete-user", { query: { username: user.username } });
    expect(twice.status).toBe(404);
    expect(twice.body.message).toBe("User not found");
    expect((await get(api, "/user-open-orders", { query: { user_id: user.id } })).status).toBe(404);
    expect((await call(api, "PUT", "/update-user-status", { query: { user_id: user.id }, body: { is_active: false } })).status).toBe(404);
  });

  it("DELETE /delete-user: a provider's open orders count too; deleting a provider's user deletes the profile", async () => {
    // a demo provider with orders as the provider: closing them all but one leaves one open
    const [sp] = await api.db
      .select({ id: serviceProviders.serviceProvider_id, user_id: serviceProviders.user_id, username: users.username })
      .from(serviceProviders)
      .innerJoin(users, eq(users.id, serviceProviders.user_id))
      .where(sql`exists (select 1 from ${orders} o where o.service_provider_id = ${serviceProviders.serviceProvider_id})`)
      .orderBy(asc(serviceProviders.serviceProvider_id))
      .limit(1);
    await api.db.update(orders).set({ status: "Completed" }).where(eq(orders.user_id, sp.user_id));
    const mine = await api.db
      .select({ id: orders.order_id })
      .from(orders)
      .where(eq(orders.service_provider_id, sp.id))
      .orderBy(asc(orders.order_id));
    await api.db.update(orders).set({ status: "Cancelled" }).where(eq(orders.service_provider_id, sp.id));
    await api.db.update(orders).set({ status: "InProgress" }).where(eq(orders.order_id, mine[0].id));
    const refused = await call(api, "DELETE", "/delete-user", { query: { username: sp.username } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(USER_MESSAGES.openOrders(1));

    await api.db.update(orders).set({ status: "Completed" }).where(eq(orders.order_id, mine[0].id));
    expect((await listed(api, "/users", { search: sp.username })).rows[0].is_provider).toBe(true);
    const deleted = await call(api, "DELETE", "/delete-user", { query: { username: sp.username } });
    expect(deleted.status).toBe(200);
    expect((await get(api, "/get-serviceProvider-by-id", { query: { serviceProvider_id: sp.id } })).status).toBe(404);
    const [providerAudit, userAudit] = await lastAudit(api, 2);
    expect(providerAudit).toMatchObject({
      action: "delete",
      entity: "service_provider",
      entity_id: String(sp.id),
      before: { deleted_at: null },
    });
    expect(userAudit).toMatchObject({ action: "delete", entity: "user", entity_id: String(sp.user_id) });
  });

  it("DELETE /delete-user: a user who is also a provider needs ServiceProvider access too; any user needs User access", async () => {
    const adminWith = async (access: string[]) => {
      const name = `del-${access.join("-") || "none"}-${Math.random().toString(36).slice(2, 8)}`;
      const answer = await call(api, "POST", "/register-admin-user", {
        body: {
          adminUsername: name,
          adminPassword: "Delete-rule-2026",
          adminEmail: `${name}@example.com`,
          adminStatus: "Active",
          adminRole: "Support",
          adminAccessRoleSettings: access,
        },
      });
      expect(answer.status, answer.text).toBe(201);
      return answer.body.data.adminUserId as number;
    };
    const usersOnly = await adminWith(["User"]);
    const both = await adminWith(["User", "ServiceProvider"]);
    const providersOnly = await adminWith(["ServiceProvider"]);
    const provider = await makeUser();
    const [profile] = await api.db
      .insert(serviceProviders)
      .values({ user_id: provider.id, stage: NEW_PROVIDER_STAGE, registered_at: null })
      .returning();

    const refused = await call(api, "DELETE", "/delete-user", { query: { username: provider.username }, actingAdmin: usersOnly });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(USER_MESSAGES.providerNeedsAccess(provider.username));
    expect(
      (await call(api, "DELETE", "/delete-user", { query: { username: provider.username }, actingAdmin: providersOnly })).body.message,
    ).toBe(USER_MESSAGES.needsUserAccess);
    const [still] = await api.db.select().from(users).where(eq(users.id, provider.id));
    expect(still.is_deleted).toBe(false);
    expect((await get(api, "/get-serviceProvider-by-id", { query: { serviceProvider_id: profile.serviceProvider_id } })).status).toBe(200);

    // a plain user needs User access only
    const plain = await makeUser();
    expect((await call(api, "DELETE", "/delete-user", { query: { username: plain.username }, actingAdmin: usersOnly })).status).toBe(200);
    expect((await call(api, "DELETE", "/delete-user", { query: { username: provider.username }, actingAdmin: both })).status).toBe(200);
    expect((await get(api, "/get-serviceProvider-by-id", { query: { serviceProvider_id: profile.serviceProvider_id } })).status).toBe(404);
  });

  it("DELETE /delete-user: username required, unknown 404, acting admin required", async () => {
    const none = await call(api, "DELETE", "/delete-user");
    expect(none.status).toBe(400);
    expect(none.body.errors.username).toBe("username is required");
    const unknown = await call(api, "DELETE", "/delete-user", { query: { username: "nobody-at-all" } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("User not found");
    const user = await makeUser();
    const anonymous = await call(api, "DELETE", "/delete-user", { query: { username: user.username }, actingAdmin: null });
    expect(anonymous.status).toBe(400);
    const [row] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(row.is_deleted).toBe(false);
  });

  it("the e2e fixture (POST /test-fixtures/users) makes a plain user, blocked or not, with open orders", async () => {
    const app = createApi({ db: api.db, apiKey: api.apiKey, apiKeyHeader: api.apiKeyHeader, testFixtures: true });
    const make = async (body: object) => {
      const answer = await app.request("/test-fixtures/users", {
        method: "POST",
        headers: { [api.apiKeyHeader]: api.apiKey, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(answer.status).toBe(201);
      return ((await answer.json()) as { data: { user_id: number; username: string; is_active: boolean; orders: string[] } }).data;
    };
    const [a, b] = await Promise.all([make({ open_orders: 2 }), make({ is_active: false })]);
    expect(a.orders).toHaveLength(2);
    expect(new Set([...a.orders]).size).toBe(2);
    expect(b).toMatchObject({ is_active: false, orders: [] });
    const [row] = (await listed(api, "/users", { search: a.username })).rows;
    expect(row).toMatchObject({ id: a.user_id, username: a.username, is_active: true, is_provider: false, phone_country_code: "+91" });
    expect((await call(api, "DELETE", "/delete-user", { query: { username: a.username } })).body.message).toBe(USER_MESSAGES.openOrders(2));
    expect((await call(api, "DELETE", "/delete-user", { query: { username: b.username } })).status).toBe(200);
  });

  it("the calls are in /openapi.json, the unnamed paths marked as ours", async () => {
    const doc = (await get(api, "/openapi.json")).body;
    expect(doc.paths["/users"].get["x-path-chosen-by-us"]).toBe(true);
    expect(doc.paths["/update-user-status"].put["x-path-chosen-by-us"]).toBe(true);
    expect(doc.paths["/search-users"].get).toBeTruthy();
    expect(doc.paths["/delete-user"].delete.responses["409"]).toBeTruthy();
  });
});
