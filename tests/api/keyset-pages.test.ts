/**
 * Keyset pages (issue 31 §6, docs/decisions/0020-keyset-pages.md): Service Providers, Users and
 * Bookings answer the cursors of the pages either side, and a page read by cursor (next, previous,
 * last) holds the same rows, in the same order, as the numbered page a user would see there — with
 * a filter, under each sort, and where many rows share the sort value (ties broken by id).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { get } from "./helpers";

type Query = Record<string, string | number>;
type Page = { names: string[]; page: number; previous: string | null; next: string | null };

/** One page of a list as the admin reads it: the names a user sees in the table, and the cursors. */
async function pageOf(api: TestApi, list: "providers" | "users" | "bookings", query: Query): Promise<Page> {
  if (list === "users") {
    const url = new URL("/users", api.url);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
    const response = await fetch(url, { headers: { [api.apiKeyHeader]: api.apiKey } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { username: string }[] };
    return {
      names: body.data.map((r) => r.username),
      // /users answers no page number: the last page's is the admin's count of pages
      page:
        query.cursor === "last"
          ? Math.ceil(Number(response.headers.get("x-total-count")) / Number(query.page_size))
          : Number(query.page ?? 1),
      previous: response.headers.get("x-page-previous"),
      next: response.headers.get("x-page-next"),
    };
  }
  const answer = await get(api, list === "providers" ? "/get-all-serviceProvider" : "/get-bookings", { query });
  expect(answer.status, answer.text).toBe(200);
  const rows: { userId?: { username: string }; short_id?: string }[] = list === "providers" ? answer.body.data.data : answer.body.data;
  return {
    names: rows.map((r) => r.userId?.username ?? r.short_id!),
    page: answer.body.current_page,
    previous: answer.body.cursors.previous,
    next: answer.body.cursors.next,
  };
}

/** Every page by Next from the first, then by Previous from the last: each equal to the numbered page. */
async function walk(api: TestApi, list: "providers" | "users" | "bookings", query: Query, size: number) {
  const all = (await pageOf(api, list, { ...query, page_size: 200 })).names;
  expect(all.length).toBeGreaterThan(2 * size);
  const pages = Math.ceil(all.length / size);
  const expected = (n: number) => all.slice((n - 1) * size, n * size);

  let page = await pageOf(api, list, { ...query, page_size: size });
  expect(page.previous).toBeNull();
  for (let n = 1; ; n++) {
    expect(page.names, `page ${n} by Next`).toEqual(expected(n));
    if (n === pages) {
      expect(page.next).toBeNull();
      break;
    }
    page = await pageOf(api, list, { ...query, page_size: size, page: n + 1, cursor: page.next! });
    expect(page.page).toBe(n + 1);
  }

  page = await pageOf(api, list, { ...query, page_size: size, cursor: "last" });
  expect(page.page).toBe(pages);
  expect(page.next).toBeNull();
  for (let n = pages; ; n--) {
    expect(page.names, `page ${n} by Previous from the last`).toEqual(expected(n));
    if (n === 1) {
      expect(page.previous).toBeNull();
      break;
    }
    page = await pageOf(api, list, { ...query, page_size: size, page: n - 1, cursor: page.previous! });
    expect(page.page).toBe(n - 1);
  }
}

describeEachDriver("keyset pages", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver });
    // ties on every sort value: a third of the providers joined, were updated and refreshed at one
    // instant, half the users last signed in at one instant and some never, a third of the orders
    // were placed at one instant
    await api.db.execute(
      sql`UPDATE service_providers SET created_at = '2025-06-01T10:00:00.123456Z', updated_at = '2025-06-02T10:00:00Z', refresh_at = CASE WHEN "serviceProvider_id" % 2 = 0 THEN NULL ELSE '2025-06-03T10:00:00Z'::timestamptz END WHERE "serviceProvider_id" % 3 = 0`,
    );
    await api.db.execute(
      sql`UPDATE users SET "lastSeen" = CASE WHEN id % 4 = 0 THEN NULL ELSE '2025-07-01T08:00:00.5Z'::timestamptz END WHERE id % 2 = 0`,
    );
    await api.db.execute(sql`UPDATE users SET created_at = '2025-05-01T00:00:00.000001Z' WHERE id % 3 = 0`);
    // the Users sorts' ties: one rating, one name, blocked users
    await api.db.execute(sql`UPDATE users SET rating = 4.5 WHERE id % 5 = 0`);
    await api.db.execute(sql`UPDATE users SET "firstName" = 'Same', "lastName" = 'Name' WHERE id % 4 = 1`);
    await api.db.execute(sql`UPDATE users SET is_active = false WHERE id % 6 = 0`);
    await api.db.execute(sql`UPDATE orders SET created_at = '2025-08-01T00:00:00Z' WHERE order_id % 3 = 0`);
  });
  afterAll(() => api?.close());

  it("Service Providers: next, previous and last pages, newest first, with ties on the joined date", async () => {
    await walk(api, "providers", {}, 10);
  });

  it("Service Providers: each sort, both directions, and a filter with a sort", async () => {
    for (const sortField of ["last_login", "refresh_at", "updated_at", "username"]) {
      for (const sortOrder of ["asc", "desc"]) await walk(api, "providers", { sortField, sortOrder }, 7);
    }
    await walk(api, "providers", { status: "Active", sortField: "last_login", sortOrder: "asc" }, 5);
  });

  it("Users: next, previous and last pages, with ties on the joined date, and filtered", async () => {
    await walk(api, "users", {}, 10);
    await walk(api, "users", { is_active: "true" }, 10);
  });

  it("Users: each sort, both directions, with ties (by id), and a filter with a sort", async () => {
    for (const sortField of ["username", "name", "created_at", "rating", "status"]) {
      for (const sortOrder of ["asc", "desc"]) await walk(api, "users", { sortField, sortOrder }, 7);
    }
    await walk(api, "users", { is_active: "true", sortField: "rating", sortOrder: "desc" }, 5);
  });

  it("Bookings: next, previous and last pages, with ties on the booking date", async () => {
    const total = (await get(api, "/get-bookings", { query: { page_size: 200 } })).body.data.length;
    await walk(api, "bookings", {}, Math.max(2, Math.floor(total / 4)));
  });

  it("a cursor made under another sort is not used: the numbered page is answered", async () => {
    const first = await pageOf(api, "providers", { page_size: 10 });
    const byName = await pageOf(api, "providers", { page_size: 10, page: 2, sortField: "username", sortOrder: "asc" });
    const stale = await pageOf(api, "providers", { page_size: 10, page: 2, sortField: "username", sortOrder: "asc", cursor: first.next! });
    expect(stale.names).toEqual(byName.names);
    // the same key the other way round (newest first → oldest first): the first page, not the rows past the link's
    const oldest = await pageOf(api, "providers", { page_size: 10, sortField: "created_at", sortOrder: "asc" });
    const flipped = await pageOf(api, "providers", { page_size: 10, sortField: "created_at", sortOrder: "asc", cursor: first.next! });
    expect(flipped.names).toEqual(oldest.names);
  });

  it("total=none (an export's later pages): every page by Next holds the same rows, and no total is counted", async () => {
    for (const list of ["providers", "users", "bookings"] as const) {
      const all = (await pageOf(api, list, { page_size: 200 })).names;
      let page = await pageOf(api, list, { page_size: 7 });
      const seen = [...page.names];
      for (let n = 2; page.next && seen.length < all.length; n++) {
        page = await pageOf(api, list, { page_size: 7, page: n, cursor: page.next, total: "none" });
        seen.push(...page.names);
      }
      expect(seen.slice(0, all.length), list).toEqual(all);
    }
    const first = await fetch(new URL("/users?page_size=5", api.url), { headers: { [api.apiKeyHeader]: api.apiKey } });
    const next = first.headers.get("x-page-next")!;
    const later = await fetch(new URL(`/users?page_size=5&page=2&total=none&cursor=${encodeURIComponent(next)}`, api.url), {
      headers: { [api.apiKeyHeader]: api.apiKey },
    });
    expect(Number(first.headers.get("x-total-count"))).toBeGreaterThan(5);
    expect([later.headers.get("x-total-count"), later.headers.get("x-total-kind")]).toEqual(["0", "about"]);
    const refused = await get(api, "/get-bookings", { query: { total: "all" } });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("total must be none");
  });

  it("refuses a cursor that is not one", async () => {
    const answer = await get(api, "/get-all-serviceProvider", { query: { cursor: "after.!!" } });
    expect(answer.status).toBe(400);
    const garbage = await pageOf(api, "providers", { page_size: 10, cursor: "after.bm90LWpzb24" });
    expect(garbage.names).toEqual((await pageOf(api, "providers", { page_size: 10 })).names);
  });
});
