import { MAX_PAGE_SIZE } from "~contract/list-query";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ApiErrorBody } from "~contract/api";
import { ProviderDetail, ProviderListRow, UserRecord } from "~contract/service-providers";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed } from "./helpers";

const list = (api: TestApi, query: Record<string, string | number> = {}) => get(api, "/get-all-serviceProvider", { query });
const rows = (body: { data: { data: unknown[] } }) => body.data.data.map((r) => parsed(ProviderListRow, r));
const lastAudit = async (api: TestApi) => (await get(api, "/audit-log", { query: { limit: 1 } })).body.data[0];

describeEachDriver("service providers", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver });
  });
  afterAll(() => api?.close());

  it("lists live providers, newest first, 50 a page, with total_results at the top level", async () => {
    const answer = await list(api);
    expect(answer.status).toBe(200);
    // the 60 demo providers and the fresh demo provider account (demo.provider, not registered)
    expect(answer.body).toMatchObject({ total_results: 61, current_page: 1, page_size: 50 });
    const page = rows(answer.body);
    expect(page).toHaveLength(50);
    const created = page.map((r) => r.created_at);
    expect(created).toEqual([...created].sort().reverse());
    const second = await list(api, { page: 2, page_size: 25 });
    expect(rows(second.body).map((r) => r.serviceProvider_id)).toEqual(page.slice(25, 50).map((r) => r.serviceProvider_id));
    expect(rows((await list(api, { page: 3 })).body)).toHaveLength(0);
  });

  it("searches username, name, email and phone", async () => {
    const byName = rows((await list(api, { search: "SHARMA" })).body);
    expect(byName.length).toBeGreaterThan(0);
    for (const r of byName) expect(`${r.userId.username} ${r.userId.lastName} ${r.userId.email}`.toLowerCase()).toContain("sharma");
    const one = rows((await list(api)).body)[7];
    const byPhone = rows((await list(api, { search: one.userId.phone.slice(4, 12) })).body);
    expect(byPhone.map((r) => r.serviceProvider_id)).toContain(one.serviceProvider_id);
    const byEmail = rows((await list(api, { search: one.userId.email })).body);
    expect(byEmail.map((r) => r.serviceProvider_id)).toEqual([one.serviceProvider_id]);
    const full = rows((await list(api, { search: `${one.userId.firstName} ${one.userId.lastName}` })).body);
    expect(full.map((r) => r.serviceProvider_id)).toContain(one.serviceProvider_id);
    const none = await list(api, { search: "100%_nobody" });
    expect(none.body.total_results).toBe(0);
  });

  it("finds a provider by the middle of its name, email or phone, and by one or two characters", async () => {
    const all = rows((await list(api, { page_size: 200 })).body);
    const ids = (found: ProviderListRow[]) => found.map((r) => r.serviceProvider_id).sort((a, b) => a - b);
    // what the admin expects: every provider whose username, name, email or phone contains the text
    const expected = (text: string) =>
      ids(
        all.filter((r) =>
          [r.userId.username, r.userId.firstName, r.userId.lastName, r.userId.email, r.userId.phone].some((f) =>
            f.toLowerCase().includes(text.toLowerCase()),
          ),
        ),
      );
    const one = all.find((r) => r.userId.lastName.length >= 5)!;
    const middles = [one.userId.lastName.slice(1, -1), one.userId.email.slice(2, 9).toUpperCase(), one.userId.phone.slice(3, 9)];
    for (const text of middles) {
      expect(text.length).toBeGreaterThanOrEqual(3);
      const answer = await list(api, { search: text, page_size: 200 });
      expect(ids(rows(answer.body)), text).toEqual(expected(text));
      expect(ids(rows(answer.body))).toContain(one.serviceProvider_id);
      expect(answer.body.total_results).toBe(expected(text).length);
    }
    // 1–2 characters have no trigram (the index cannot narrow them) but give the same kind of answer
    for (const text of ["a", "Sh", "98", "@"]) {
      const answer = await list(api, { search: text, page_size: 200 });
      expect(ids(rows(answer.body)), text).toEqual(expected(text));
      expect(answer.body.total_results).toBe(expected(text).length);
    }
  });

  it("filters by plan, stage, status, verification, category and registration dates", async () => {
    for (const [key, value, check] of [
      ["plan", "Pro", (r: ProviderListRow) => r.plan?.plan_name === "Pro"],
      ["stage", "Pending", (r: ProviderListRow) => r.stage === "Pending"],
      ["status", "Hold", (r: ProviderListRow) => r.userId.status === "Hold"],
      ["verification", "Verified", (r: ProviderListRow) => r.userId.verified],
      ["verification", "Unverified", (r: ProviderListRow) => !r.userId.verified],
    ] as const) {
      const answer = await list(api, { [key]: value, page_size: 100 });
      expect(answer.status).toBe(200);
      const page = rows(answer.body);
      expect(page.length, `${key}=${value}`).toBeGreaterThan(0);
      expect(page.every(check), `${key}=${value}`).toBe(true);
      expect(answer.body.total_results).toBe(page.length);
    }
    expect((await list(api, { plan: "All" })).body.total_results).toBe(61);
    expect((await list(api, { parentCategory: "" })).body.total_results).toBe(61);
    expect((await list(api, { parentCategory: "All", status: "" })).body.total_results).toBe(61);
    // a top-level category includes providers in its sub-categories
    const all = rows((await list(api, { page_size: 100 })).body);
    const categories = (await get(api, "/get-all-category")).body.data as { category_id: number; parentCategoryId: number | null }[];
    const parentOf = new Map(categories.map((c) => [c.category_id, c.parentCategoryId]));
    const top = (id: number): number => (parentOf.get(id) ? top(parentOf.get(id)!) : id);
    const withCategory = all.find((r) => r.category && parentOf.get(r.category.category_id) !== null)!;
    const root = top(withCategory.category!.category_id);
    const expected = all
      .filter((r) => r.category && top(r.category.category_id) === root)
      .map((r) => r.serviceProvider_id)
      .sort();
    const filtered = rows((await list(api, { parentCategory: root, page_size: 100 })).body);
    expect(filtered.map((r) => r.serviceProvider_id).sort()).toEqual(expected);
    // IST calendar days, both ends inclusive
    const target = all[10];
    const day = new Date(new Date(target.created_at).getTime() + 5.5 * 3600_000).toISOString().slice(0, 10);
    const onDay = rows((await list(api, { start_date: day, end_date: day })).body);
    expect(onDay.map((r) => r.serviceProvider_id)).toContain(target.serviceProvider_id);
    for (const r of onDay) expect(new Date(new Date(r.created_at).getTime() + 5.5 * 3600_000).toISOString().slice(0, 10)).toBe(day);
  });

  it("sorts by each sortable column; an empty order is the default order", async () => {
    const username = rows((await list(api, { sortField: "username", sortOrder: "asc" })).body).map((r) => r.userId.username);
    expect(username).toEqual([...username].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const updated = rows((await list(api, { sortField: "updated_at", sortOrder: "asc" })).body).map((r) => r.updated_at);
    expect(updated).toEqual([...updated].sort());
    const refresh = rows((await list(api, { sortField: "refresh_at", sortOrder: "desc", page_size: 100 })).body).map((r) => r.refresh_at);
    const nonNull = refresh.filter((v): v is string => v !== null);
    expect(refresh.slice(0, nonNull.length)).toEqual([...nonNull].sort().reverse());
    expect(refresh.slice(nonNull.length).every((v) => v === null)).toBe(true);
    const lastLogin = await list(api, { sortField: "last_login", sortOrder: "asc" });
    expect(lastLogin.status).toBe(200);
    // Status in words (then the user), both ways, a keyset across pages: the Next cursor's page follows on
    const rank = (r: { userId: { status: string; id: number } }) => [r.userId.status, r.userId.id] as const;
    const before = (a: readonly [string, number], b: readonly [string, number]) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
    for (const sortOrder of ["asc", "desc"] as const) {
      const first = await list(api, { sortField: "status", sortOrder, page_size: 10 });
      expect(first.status).toBe(200);
      const next = (first.body as { cursors?: { next?: string | null } }).cursors?.next;
      expect(next).toBeTruthy();
      const second = await list(api, { sortField: "status", sortOrder, page_size: 10, page: 2, cursor: next! });
      const keys = [...rows(first.body), ...rows(second.body)].map(rank);
      for (let i = 1; i < keys.length; i++) {
        expect(sortOrder === "asc" ? before(keys[i - 1], keys[i]) : before(keys[i], keys[i - 1]), `row ${i}`).toBe(true);
      }
    }
    const plain = rows((await list(api)).body).map((r) => r.serviceProvider_id);
    expect(rows((await list(api, { sortField: "username", sortOrder: "" })).body).map((r) => r.serviceProvider_id)).toEqual(plain);
  });

  it("rejects bad list queries with field messages", async () => {
    for (const [query, field] of [
      [{ page: 0 }, "page"],
      [{ page_size: MAX_PAGE_SIZE + 1 }, "page_size"],
      [{ sortField: "password" }, "sortField"],
      [{ plan: "Platinum" }, "plan"],
      [{ start_date: "2026-13-01" }, "start_date"],
      [{ start_date: "2026-02-01", end_date: "2026-01-01" }, "end_date"],
      [{ parentCategory: 99999999999 }, "parentCategory"],
    ] as const) {
      const answer = await list(api, query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(parsed(ApiErrorBody, answer.body).errors?.[field], JSON.stringify(query)).toBeTruthy();
    }
  });

  it("reads one provider with its details and documents (both shapes)", async () => {
    const byId = await get(api, "/get-serviceProvider-by-id", { query: { serviceProvider_id: 1 } });
    expect(byId.status).toBe(200);
    const detail = parsed(ProviderDetail, byId.body.data);
    expect(detail.serviceProvider_id).toBe(1);
    expect(detail.languageProficiency.length).toBeGreaterThan(0);
    expect(detail.documents?.companyProfile).toContain("pan-card-Document.pdf");
    const nested = await get(api, "/get-serviceProvider-detail", { query: { serviceProvider_id: 1 } });
    expect(nested.body.data.data).toEqual(byId.body.data);
    expect((await get(api, "/get-serviceProvider-by-id", { query: { serviceProvider_id: 99999 } })).status).toBe(404);
    expect((await get(api, "/get-serviceProvider-detail", { query: { serviceProvider_id: "x" } })).status).toBe(400);
  });

  it("updates the admin rating within 10–50 and toggles Pro, audited", async () => {
    for (const bad of [9, 51, "abc"]) {
      const answer = await call(api, "PUT", "/update-serviceProvider", { query: { serviceProvider_id: 2 }, body: { admin_rating: bad } });
      expect(answer.status).toBe(400);
      expect(answer.body.errors.admin_rating).toBe("Rating must be between 10 and 50");
    }
    expect((await call(api, "PUT", "/update-serviceProvider", { query: { serviceProvider_id: 2 }, body: {} })).status).toBe(400);
    const rated = await call(api, "PUT", "/update-serviceProvider", { query: { serviceProvider_id: 2 }, body: { admin_rating: 42 } });
    expect(rated.status).toBe(200);
    expect(parsed(ProviderDetail, rated.body.data).admin_rating).toBe(42);
    const audit = await lastAudit(api);
    expect(audit).toMatchObject({ action: "update", entity: "service_provider", entity_id: "2", after: { admin_rating: 42 } });
    const before = (await get(api, "/get-serviceProvider-by-id", { query: { serviceProvider_id: 2 } })).body.data.is_pro;
    const pro = await call(api, "PUT", "/update-serviceProvider", { query: { serviceProvider_id: 2 }, body: { is_pro: !before } });
    expect(pro.body.data.is_pro).toBe(!before);
    expect((await lastAudit(api)).before).toEqual({ is_pro: before });
    expect(
      (await call(api, "PUT", "/update-serviceProvider", { query: { serviceProvider_id: 99999 }, body: { is_pro: true } })).status,
    ).toBe(404);
    const anonymous = await call(api, "PUT", "/update-serviceProvider", {
      query: { serviceProvider_id: 2 },
      body: { is_pro: true },
      actingAdmin: null,
    });
    expect(anonymous.status).toBe(400);
    expect(
      (await call(api, "PUT", "/update-serviceProvider", { query: { serviceProvider_id: 2 }, body: { is_pro: true }, key: null })).status,
    ).toBe(401);
  });

  it("sets the refresh date to now", async () => {
    const started = Date.now();
    const answer = await call(api, "PUT", "/update_service_provider_refresh_date", { body: { serviceProvider_id: 3 } });
    expect(answer.status).toBe(200);
    expect(Date.parse(answer.body.data.refresh_at)).toBeGreaterThanOrEqual(started - 1000);
    const detail = (await get(api, "/get-serviceProvider-by-id", { query: { serviceProvider_id: 3 } })).body.data;
    expect(detail.refresh_at).toBe(answer.body.data.refresh_at);
    expect(await lastAudit(api)).toMatchObject({
      entity: "service_provider",
      entity_id: "3",
      after: { refresh_at: answer.body.data.refresh_at },
    });
    expect((await call(api, "PUT", "/update_service_provider_refresh_date", { body: {} })).body.errors.serviceProvider_id).toBeTruthy();
    expect((await call(api, "PUT", "/update_service_provider_refresh_date", { body: { serviceProvider_id: 99999 } })).status).toBe(404);
  });

  it("updates booster points (whole numbers ≥ 0, with a reason)", async () => {
    const answer = await call(api, "PUT", "/update-booster-points", {
      query: { serviceProvider_id: 4 },
      body: { boosterPoints: 120, reason: "Campaign" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe("Booster Points Updated Successfully");
    expect(answer.body.data.boosterPoints).toBe(120);
    expect(await lastAudit(api)).toMatchObject({ entity: "boosting_point", after: { service_provider: 4, boosterPoints: 120 } });
    for (const bad of [-1, 1.5, "many"]) {
      const refused = await call(api, "PUT", "/update-booster-points", {
        query: { serviceProvider_id: 4 },
        body: { boosterPoints: bad, reason: "x" },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors.boosterPoints).toBeTruthy();
    }
    expect(
      (await call(api, "PUT", "/update-booster-points", { query: { serviceProvider_id: 99999 }, body: { boosterPoints: 1, reason: "x" } }))
        .status,
    ).toBe(404);
  });

  it("changes a user's status (Active/Inactive/Hold only) and verification", async () => {
    const users = await get(api, "/get-all-users");
    expect(users.status).toBe(200);
    expect(users.body.data).toHaveLength(61);
    parsed(UserRecord, users.body.data[0]);
    const paged = await get(api, "/get-all-users", { query: { page: 2, page_size: 10 } });
    expect(paged.body.data.map((u: UserRecord) => u.id)).toEqual(users.body.data.slice(10, 20).map((u: UserRecord) => u.id));
    const headers = (await fetch(new URL("/get-all-users?page_size=5", api.url), { headers: { [api.apiKeyHeader]: api.apiKey } })).headers;
    expect(headers.get("x-total-count")).toBe("61");
    // search: username, email or phone containing the text (any case), also 1–2 characters
    const all = users.body.data as UserRecord[];
    for (const text of [all[3].email.slice(2, 8).toUpperCase(), all[9].phone.slice(4, 9), all[5].username.slice(1, -1), "sh", "7"]) {
      const found = await get(api, "/get-all-users", { query: { search: text } });
      const want = all.filter((u) => [u.username, u.email, u.phone].some((f) => f.toLowerCase().includes(text.toLowerCase())));
      expect(
        found.body.data.map((u: UserRecord) => u.id),
        text,
      ).toEqual(want.map((u) => u.id));
    }

    const hold = await call(api, "PUT", "/update-user", { query: { user_id: 5 }, body: { status: "Hold" } });
    expect(hold.status).toBe(200);
    expect(hold.body.data.status).toBe("Hold");
    const verified = await call(api, "PUT", "/update-user", { query: { user_id: 5 }, body: { verified: true } });
    expect(verified.body.data.verified).toBe(true);
    const unverified = await call(api, "PUT", "/update-user", { query: { user_id: 5 }, body: { verified: false } });
    expect(unverified.body.data.verified).toBe(false);
    expect(await lastAudit(api)).toMatchObject({ entity: "user", entity_id: "5", before: { verified: true }, after: { verified: false } });
    const blocked = await call(api, "PUT", "/update-user", { query: { user_id: 5 }, body: { status: "Block" } });
    expect(blocked.status).toBe(400);
    expect(blocked.body.errors.status).toBe("Status must be Active, Inactive or Hold");
    expect((await call(api, "PUT", "/update-user", { query: { user_id: 5 }, body: {} })).status).toBe(400);
    expect((await call(api, "PUT", "/update-user", { query: { user_id: 99999 }, body: { status: "Active" } })).status).toBe(404);
    const row = rows((await list(api, { search: hold.body.data.username })).body)[0];
    expect(row.userId.status).toBe("Hold");
  });

  it("deletes a provider: gone from the list, the user can no longer sign in", async () => {
    const before = (await list(api)).body.total_results;
    const target = rows((await list(api)).body)[0];
    const answer = await call(api, "DELETE", "/delete-serviceProvider", { query: { serviceProvider_id: target.serviceProvider_id } });
    expect(answer.status).toBe(200);
    expect((await list(api)).body.total_results).toBe(before - 1);
    expect(rows((await list(api, { search: target.userId.username })).body)).toHaveLength(0);
    expect((await get(api, "/get-serviceProvider-by-id", { query: { serviceProvider_id: target.serviceProvider_id } })).status).toBe(404);
    const all = (await get(api, "/get-all-users")).body.data as UserRecord[];
    expect(all.find((u) => u.id === target.userId.id)).toBeUndefined();
    const { users } = await import("../../api/src/db/schema");
    const { eq } = await import("drizzle-orm");
    const [user] = await api.db.select().from(users).where(eq(users.id, target.userId.id));
    expect(user).toMatchObject({ is_deleted: true, can_sign_in: false });
    expect(await lastAudit(api)).toMatchObject({
      action: "delete",
      entity: "service_provider",
      entity_id: String(target.serviceProvider_id),
    });
    expect(
      (await call(api, "DELETE", "/delete-serviceProvider", { query: { serviceProvider_id: target.serviceProvider_id } })).status,
    ).toBe(404);
  });
});
