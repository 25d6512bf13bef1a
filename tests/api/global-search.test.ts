/**
 * GET /admin-search (issue 32 §1): each area finds its records by the fields an operator types,
 * groups come back in the order asked, deleted records never show, and bad queries are 400s. Every
 * record searched for is made here with a word no seeded row holds.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { adminUsers, blogArticles, categories, contacts, orders, queryChatGroups, serviceProviders, users } from "../../api/src/db/schema";
import { refreshSearchText } from "../../api/src/routes/customer-queries/query-chats";
import { GlobalSearchAnswer, SEARCH_AREAS, SEARCH_MESSAGES, type SearchGroup } from "~contract/global-search";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { get, parsed } from "./helpers";

const word = () => `zq${randomBytes(4).toString("hex")}`;

async function search(api: TestApi, q: string, areas: readonly string[] = SEARCH_AREAS, limit?: number): Promise<SearchGroup[]> {
  const answer = await get(api, "/admin-search", { query: { q, areas: areas.join(","), ...(limit ? { limit } : {}) } });
  expect(answer.status, answer.text).toBe(200);
  return parsed(GlobalSearchAnswer, answer.body).data;
}
const groupOf = (groups: SearchGroup[], area: string) => groups.find((g) => g.area === area)!;

async function makeUser(api: TestApi, fields: { username: string; firstName?: string; lastName?: string; email?: string; phone?: string }) {
  const [row] = await api.db.insert(users).values(fields).returning({ id: users.id });
  return row.id;
}
async function makeProvider(api: TestApi, userId: number) {
  const [row] = await api.db.insert(serviceProviders).values({ user_id: userId }).returning({ id: serviceProviders.serviceProvider_id });
  return row.id;
}

describeEachDriver("global search", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver });
  });
  afterAll(() => api?.close());

  it("finds providers and users by username, name, email and phone; a provider is under both, a deleted one under neither", async () => {
    const tag = word();
    const phone = `+91 9${String(Date.now()).slice(-9)}`;
    const userId = await makeUser(api, { username: `${tag}.user`, firstName: "Meera", lastName: `Iyer${tag}` });
    const providerUserId = await makeUser(api, { username: `${tag}.provider`, firstName: "Arjun", email: `${tag}@example.in`, phone });
    const providerId = await makeProvider(api, providerUserId);
    const deletedId = await makeUser(api, { username: `${tag}.gone` });
    await api.db.update(users).set({ is_deleted: true }).where(eq(users.id, deletedId));

    const byTag = await search(api, tag.toUpperCase(), ["providers", "users"]);
    expect(byTag.map((g) => g.area)).toEqual(["providers", "users"]);
    expect(groupOf(byTag, "providers").hits).toEqual([
      { id: providerId, title: "Arjun", detail: `${tag}.provider · ${tag}@example.in · ${phone}`, key: `${tag}.provider` },
    ]);
    expect(
      groupOf(byTag, "users")
        .hits.map((h) => h.key)
        .sort(),
    ).toEqual([`${tag}.provider`, `${tag}.user`]);
    expect(groupOf(byTag, "users").hits.find((h) => h.id === userId)?.title).toBe(`Meera Iyer${tag}`);

    // by email and phone alone
    expect(groupOf(await search(api, `${tag}@example`, ["providers"]), "providers").hits.map((h) => h.id)).toEqual([providerId]);
    const byPhone = await search(api, phone.slice(4), ["providers"]);
    expect(groupOf(byPhone, "providers").hits.map((h) => h.id)).toContain(providerId);
  });

  it("an exact username comes first, limit caps each group and more says there were others", async () => {
    const tag = word();
    for (let i = 0; i < 4; i++) await makeUser(api, { username: `${tag}${i}` });
    const exact = await makeUser(api, { username: tag });
    const [group] = await search(api, tag, ["users"], 2);
    expect(group.hits).toHaveLength(2);
    expect(group.hits[0].id).toBe(exact);
    expect(group.more).toBe(true);
    const [all] = await search(api, tag, ["users"], 20);
    expect(all.hits).toHaveLength(5);
    expect(all.more).toBe(false);
  });

  it("finds an order by its short id or its number, in any of the ways people type it", async () => {
    const tag = word();
    const customerId = await makeUser(api, { username: `${tag}.customer` });
    const providerId = await makeProvider(api, await makeUser(api, { username: `${tag}.seller` }));
    const [order] = await api.db
      .insert(orders)
      .values({
        short_id: `T${tag.toUpperCase()}`,
        user_id: customerId,
        service_provider_id: providerId,
        serviceType: "Consultation",
        charges: 150000,
        booked_service: { offerings: "Tax filing" },
      })
      .returning({ id: orders.order_id });
    // the marketplace's own short ids are ORD + the number, six digits
    await api.db
      .update(orders)
      .set({ short_id: `ORD${String(order.id).padStart(6, "0")}` })
      .where(eq(orders.order_id, order.id));
    const expected = {
      id: order.id,
      title: `ORD${String(order.id).padStart(6, "0")}`,
      detail: `Consultation · Pending · ${tag}.customer with ${tag}.seller`,
      key: `ORD${String(order.id).padStart(6, "0")}`,
    };
    for (const typed of [`ORD${String(order.id).padStart(6, "0")}`, `ord${order.id}`, String(order.id), `#${order.id}`]) {
      const [group] = await search(api, typed, ["orders"]);
      expect(group.hits, typed).toEqual([expected]);
    }
    // two digits are enough for an order's number, and only the order areas answer them
    const short = await search(api, "12", ["orders", "users"]);
    expect(groupOf(short, "users").hits).toEqual([]);
  });

  it("finds categories and sub-categories by name, saying which is which, and posts by title", async () => {
    const tag = word();
    const [top] = await api.db
      .insert(categories)
      .values({ categoryName: `Tax ${tag}`, desc: "x" })
      .returning({ id: categories.category_id });
    const [sub] = await api.db
      .insert(categories)
      .values({ categoryName: `GST ${tag}`, desc: "x", parentCategoryId: top.id })
      .returning({ id: categories.category_id });
    const [post] = await api.db
      .insert(blogArticles)
      .values({ title: `Filing ${tag} on time`, slug: `filing-${tag}`, author: "Asha" })
      .returning({ id: blogArticles.id });
    const groups = await search(api, tag, ["categories", "posts"]);
    const found = groupOf(groups, "categories").hits;
    expect(found.find((h) => h.id === top.id)).toEqual({
      id: top.id,
      title: `Tax ${tag}`,
      detail: "Category · Active",
      key: String(top.id),
      parentId: null,
    });
    expect(found.find((h) => h.id === sub.id)).toEqual({
      id: sub.id,
      title: `GST ${tag}`,
      detail: `Sub-category of Tax ${tag} · Active`,
      key: String(sub.id),
      parentId: top.id,
    });
    expect(groupOf(groups, "posts").hits).toEqual([
      { id: post.id, title: `Filing ${tag} on time`, detail: "Draft · by Asha", key: `filing-${tag}` },
    ]);
  });

  it("finds admin users, contact leads and customer queries by their people", async () => {
    const tag = word();
    const [admin] = await api.db
      .insert(adminUsers)
      .values({ adminUsername: `${tag}.ops`, adminPassword: "x", adminEmail: `ops.${tag}@example.in`, adminRole: "Support" })
      .returning({ id: adminUsers.adminUserId });
    const [contact] = await api.db
      .insert(contacts)
      .values({ name: `Ravi ${tag}`, email: `ravi@example.in`, contactNo: "+91 98000 00000", subject: "Refund" })
      .returning({ id: contacts.id });
    const customerId = await makeUser(api, { username: `${tag}.asker`, firstName: "Kavya" });
    const providerId = await makeProvider(api, await makeUser(api, { username: `${tag}.expert` }));
    const [group] = await api.db
      .insert(queryChatGroups)
      .values({ user_id: customerId, service_provider_id: providerId, chat_count: 3 })
      .returning({ id: queryChatGroups.id });
    await refreshSearchText(api.db, eq(queryChatGroups.id, group.id));

    const groups = await search(api, tag, ["admin-users", "contacts", "customer-queries"]);
    expect(groupOf(groups, "admin-users").hits).toEqual([
      { id: admin.id, title: `${tag}.ops`, detail: `Support · ops.${tag}@example.in · Active`, key: `${tag}.ops` },
    ]);
    expect(groupOf(groups, "contacts").hits).toEqual([
      { id: contact.id, title: `Ravi ${tag}`, detail: "ravi@example.in · +91 98000 00000 · Refund", key: "ravi@example.in" },
    ]);
    expect(groupOf(groups, "customer-queries").hits).toEqual([
      { id: group.id, title: `Kavya and ${tag}.expert`, detail: `${tag}.asker with ${tag}.expert · 3 messages`, key: String(group.id) },
    ]);
  });

  it("searches only the areas asked for, and says nothing found as empty groups", async () => {
    const groups = await search(api, word(), ["contacts", "providers"]);
    expect(groups).toEqual([
      { area: "contacts", hits: [], more: false },
      { area: "providers", hits: [], more: false },
    ]);
  });

  it("refuses a text too short or too long, no area or an unknown one, and a limit over 20, saying why", async () => {
    const bad = async (query: Record<string, string>) => {
      const answer = await get(api, "/admin-search", { query });
      expect(answer.status, answer.text).toBe(400);
      return JSON.stringify(answer.body);
    };
    expect(await bad({ q: "ab", areas: "users" })).toContain(SEARCH_MESSAGES.tooShort);
    expect(await bad({ q: "   ", areas: "users" })).toContain(SEARCH_MESSAGES.tooShort);
    expect(await bad({ q: "x".repeat(101), areas: "users" })).toContain("at most 100 characters");
    expect(await bad({ q: "sharma", areas: "" })).toContain(SEARCH_MESSAGES.noAreas);
    expect(await bad({ q: "sharma", areas: "users,wallets" })).toContain("Unknown area wallets");
    expect(await bad({ q: "sharma", areas: "users", limit: "21" })).toContain("limit");
    // without the API key: 401, as every call
    expect((await get(api, "/admin-search", { query: { q: "sharma", areas: "users" }, key: null })).status).toBe(401);
  });
});
