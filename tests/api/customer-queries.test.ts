import { MAX_PAGE_SIZE } from "~contract/list-query";
import { afterAll, beforeAll, expect, it } from "vitest";
import { desc, eq, sql } from "drizzle-orm";
import { auditLog, contactShareAttempts, queryChatGroups, queryChats, users } from "../../api/src/db/schema";
import { refreshSearchText } from "../../api/src/routes/customer-queries/query-chats";
import { DEMO_QUERY_GROUPS, LONG_CHAT_MESSAGES, longChatGroup, seedExtraQueryChats } from "../../api/src/seed/customer-queries";
import { SEED_BASE_DATE } from "../../api/src/seed/seed";
import { AttemptsAnswer, ChatPageAnswer, CUSTOMER_QUERY_MESSAGES, GroupedChatsAnswer } from "~contract/customer-queries";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed } from "./helpers";
import type { QueryChatFixture } from "../support/records";

type Made = QueryChatFixture;

async function newChat(api: TestApi, messages = 6): Promise<Made> {
  const answer = await call(api, "POST", "/test-fixtures/query-chats", { actingAdmin: null, body: { messages } });
  expect(answer.status, answer.text).toBe(201);
  return answer.body.data as Made;
}

async function list(api: TestApi, query: Record<string, string | number> = {}) {
  const answer = await get(api, "/get-grouped-chats-admin", { query });
  expect(answer.status, answer.text).toBe(200);
  expect(answer.body.data.total).toBe(Number(answer.text && JSON.parse(answer.text).data.total));
  return parsed(GroupedChatsAnswer, answer.body).data;
}

async function chat(api: TestApi, made: Pick<Made, "provider_id" | "user_id">, query: Record<string, string | number> = {}) {
  const answer = await get(api, `/admin/chats/${made.provider_id}/${made.user_id}`, { query });
  expect(answer.status, answer.text).toBe(200);
  return parsed(ChatPageAnswer, answer.body).data;
}

async function attempts(api: TestApi, userId: number) {
  const answer = await get(api, "/contact-share-attempts", { query: { user_id: userId } });
  expect(answer.status, answer.text).toBe(200);
  return parsed(AttemptsAnswer, answer.body);
}

describeEachDriver("customer queries", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver, testFixtures: true });
  });
  afterAll(() => api?.close());

  it("lists the demo pairs newest first from the group table, with both sides, the count and the date; paged with the total", async () => {
    const groups = await api.db.select().from(queryChatGroups).orderBy(desc(queryChatGroups.last_chat_at), desc(queryChatGroups.id));
    expect(groups.length).toBeGreaterThanOrEqual(DEMO_QUERY_GROUPS);
    const first = await list(api, { page_size: 100 });
    expect(first.total).toBe(groups.length);
    expect(first.data.map((g) => g.id)).toEqual(groups.slice(0, 100).map((g) => g.id));
    for (const row of first.data) {
      const stored = groups.find((g) => g.id === row.id)!;
      expect(row.chat_count).toBe(stored.chat_count);
      expect(row.date).toBe(stored.last_chat_at.toISOString());
      expect(row.provider.id).toBe(stored.service_provider_id);
      expect(row.user.id).toBe(stored.user_id);
      const counted = await api.db
        .select({ n: sql<number>`count(*)::int` })
        .from(queryChats)
        .where(eq(queryChats.group_id, row.id));
      expect(Number(counted[0].n)).toBe(row.chat_count);
    }
    const demoRow = first.data.find((g) => g.user.phone.startsWith("+91 "))!;
    expect(demoRow.user.phone_country_code).toBe("+91");
    expect(demoRow.user.name.length).toBeGreaterThan(0);
    const second = await list(api, { page: 2, page_size: 5 });
    expect(second.data.map((g) => g.id)).toEqual(groups.slice(5, 10).map((g) => g.id));
    expect(second).toMatchObject({ page: 2, page_size: 5, total: groups.length });
    expect((await list(api, { page: 999 })).data).toEqual([]);
  });

  it("sorts by the date (the last message's time, then the id) both ways; sortField and sortOrder come together", async () => {
    const groups = await api.db.select().from(queryChatGroups).orderBy(queryChatGroups.last_chat_at, queryChatGroups.id);
    const asc = await list(api, { sortField: "date", sortOrder: "asc", page_size: 100 });
    expect(asc.total).toBe(groups.length);
    expect(asc.data.map((g) => g.id)).toEqual(groups.slice(0, 100).map((g) => g.id));
    const page2 = await list(api, { sortField: "date", sortOrder: "asc", page: 2, page_size: 5 });
    expect(page2.data.map((g) => g.id)).toEqual(groups.slice(5, 10).map((g) => g.id));
    const desc = await list(api, { sortField: "date", sortOrder: "desc", page_size: 100 });
    expect(desc.data.map((g) => g.id)).toEqual(
      [...groups]
        .reverse()
        .slice(0, 100)
        .map((g) => g.id),
    );
    expect(desc.data.map((g) => g.id)).toEqual((await list(api, { page_size: 100 })).data.map((g) => g.id));
    for (const [query, field] of [
      [{ sortField: "user" }, "sortField"],
      [{ sortField: "date" }, "sortOrder"],
      [{ sortOrder: "asc" }, "sortField"],
      [{ sortField: "date", sortOrder: "up" }, "sortOrder"],
    ] as const) {
      const answer = await get(api, "/get-grouped-chats-admin", { query });
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect((answer.body as { errors?: Record<string, string> }).errors?.[field], JSON.stringify(query)).toBeTruthy();
    }
  });

  it("searches either side's username, name or phone in any case; filters by the last message's India-time day; refuses bad queries", async () => {
    const made = await newChat(api);
    const byName = await list(api, { search: `CUSTOMER ${made.tag}` });
    expect(byName.data.map((g) => g.id)).toEqual([made.group_id]);
    expect(byName.total).toBe(1);
    const row = byName.data[0];
    expect(row.user).toMatchObject({
      id: made.user_id,
      name: made.user_name,
      username: `e2e_qc_user_${made.tag}`,
      phone_country_code: "+91",
    });
    expect(row.provider).toMatchObject({ id: made.provider_id, user_id: made.provider_user_id, name: made.provider_name });
    expect(row.chat_count).toBe(6);
    expect((await list(api, { search: `e2e_qc_pro_${made.tag}` })).data.map((g) => g.id)).toEqual([made.group_id]);
    const digits = row.provider.phone.replace(/\D/g, "").slice(2);
    expect((await list(api, { search: digits })).data.map((g) => g.id)).toContain(made.group_id);
    expect((await list(api, { search: `${made.tag}%` })).data).toEqual([]);

    // the date range: the last message's day in India time
    const stored = (await api.db.select().from(queryChatGroups).where(eq(queryChatGroups.id, made.group_id)))[0];
    const day = new Date(stored.last_chat_at.getTime() + 5.5 * 3600_000).toISOString().slice(0, 10);
    expect((await list(api, { search: made.tag, start_date: day, end_date: day })).data.map((g) => g.id)).toEqual([made.group_id]);
    expect((await list(api, { search: made.tag, end_date: "2020-01-01" })).data).toEqual([]);
    const demoDay = "2025-12-20";
    const within = await list(api, { start_date: "2025-11-01", end_date: demoDay, page_size: 200 });
    const limit = new Date(`${demoDay}T00:00:00+05:30`).getTime() + 86_400_000;
    expect(
      within.data.every(
        (g) => new Date(g.date).getTime() < limit && new Date(g.date).getTime() >= new Date("2025-11-01T00:00:00+05:30").getTime(),
      ),
    ).toBe(true);
    expect(within.total).toBeGreaterThan(0);

    for (const query of [
      { page: 0 },
      { page_size: MAX_PAGE_SIZE + 1 },
      { start_date: "2026-13-01" },
      { start_date: "2026-02-01", end_date: "2026-01-01" },
      { search: "x".repeat(101) },
    ] as Record<string, string | number>[]) {
      expect((await get(api, "/get-grouped-chats-admin", { query })).status, JSON.stringify(query)).toBe(400);
    }
  });

  it("finds a pair by a side's new name or phone as soon as the user row changes (the users trigger), and no longer by the old", async () => {
    const made = await newChat(api, 4);
    // the customer renames: whoever writes the row, the trigger rewrites the pair's search text
    await api.db
      .update(users)
      .set({ lastName: `Renamed ${made.tag}` })
      .where(eq(users.id, made.user_id));
    expect((await list(api, { search: `renamed ${made.tag}` })).data.map((g) => g.id)).toEqual([made.group_id]);
    expect((await list(api, { search: `customer ${made.tag}` })).data).toEqual([]);
    // the provider's user changes phone: found by the new digits, not the old
    const phone = `+91 70${made.tag.replace(/\D/g, "7").padEnd(8, "7").slice(0, 8)}`;
    await api.db.update(users).set({ phone }).where(eq(users.id, made.provider_user_id));
    expect((await list(api, { search: phone.replace(/\D/g, "") })).data.map((g) => g.id)).toEqual([made.group_id]);
    // and the stored text equals the formula's own (refreshSearchText changes nothing)
    const [before] = await api.db
      .select({ text: queryChatGroups.search_text })
      .from(queryChatGroups)
      .where(eq(queryChatGroups.id, made.group_id));
    await refreshSearchText(api.db, eq(queryChatGroups.id, made.group_id));
    const [after] = await api.db
      .select({ text: queryChatGroups.search_text })
      .from(queryChatGroups)
      .where(eq(queryChatGroups.id, made.group_id));
    expect(after.text).toBe(before.text);
    expect(before.text).toContain(`renamed ${made.tag}`);
  });

  it("GET one pair; unknown 404, bad id 400", async () => {
    const made = await newChat(api, 4);
    const answer = await get(api, `/query-chat-groups/${made.group_id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      id: made.group_id,
      user: { id: made.user_id },
      provider: { id: made.provider_id, user_id: made.provider_user_id },
      chat_count: 4,
    });
    expect((await get(api, "/query-chat-groups/999999")).status).toBe(404);
    expect((await get(api, "/query-chat-groups/abc")).status).toBe(400);
  });

  it("gives a pair's messages oldest first with sender usernames and service query data; 404 for a pair that never chatted", async () => {
    const made = await newChat(api);
    const page = await chat(api, made);
    expect(page.group_id).toBe(made.group_id);
    expect(page.data.map((m) => m.query_chat_id)).toEqual(made.messages.map((m) => m.query_chat_id));
    expect(page).toMatchObject({ has_older: false, has_newer: false, chat_count: 6 });
    const [first, second] = page.data;
    expect(first.sender_username).toBe(`e2e_qc_user_${made.tag}`);
    expect(second.sender_username).toBe(`e2e_qc_pro_${made.tag}`);
    expect(first.data.text).toBeNull();
    expect(first.service_query_data?.lpv_index).toBe(1);
    expect(first.service_query_data?.service?.limitsPriceVariation).toHaveLength(2);
    expect(second.service_query_data).toBeNull();
    expect(second.data.text).toContain("Message 2");
    expect((await get(api, `/admin/chats/${made.provider_id}/${made.provider_user_id}`)).status).toBe(404);
    expect((await get(api, `/admin/chats/abc/${made.user_id}`)).status).toBe(400);
  });

  it("pages a long chat by keyset: the latest page, then older ones before, newer ones after; bad cursors are 400", async () => {
    const group = await longChatGroup(api.db);
    expect(group.chat_count).toBe(LONG_CHAT_MESSAGES);
    const all = await api.db
      .select()
      .from(queryChats)
      .where(eq(queryChats.group_id, group.id))
      .orderBy(queryChats.created_at, queryChats.query_chat_id);
    const ids = all.map((m) => m.query_chat_id);
    const pair = { provider_id: group.service_provider_id, user_id: group.user_id };
    const latest = await chat(api, pair, { limit: 50 });
    expect(latest.data.map((m) => m.query_chat_id)).toEqual(ids.slice(-50));
    expect(latest).toMatchObject({ has_older: true, has_newer: false });
    const older = await chat(api, pair, { limit: 50, before: latest.data[0].query_chat_id });
    expect(older.data.map((m) => m.query_chat_id)).toEqual(ids.slice(-100, -50));
    expect(older).toMatchObject({ has_older: true, has_newer: true });
    const oldest = await chat(api, pair, { limit: 50, before: older.data[0].query_chat_id });
    expect(oldest.data.map((m) => m.query_chat_id)).toEqual(ids.slice(0, 20));
    expect(oldest).toMatchObject({ has_older: false, has_newer: true });
    const newer = await chat(api, pair, { limit: 50, after: oldest.data[19].query_chat_id });
    expect(newer.data.map((m) => m.query_chat_id)).toEqual(ids.slice(20, 70));
    expect(newer).toMatchObject({ has_older: true, has_newer: true });
    expect((await chat(api, pair)).data).toHaveLength(50);
    const made = await newChat(api, 4);
    for (const query of [
      { before: made.messages[0].query_chat_id },
      { before: 1, after: 2 },
      { limit: 0 },
      { limit: 1000 },
      { before: "x" },
    ] as Record<string, string | number>[]) {
      expect((await get(api, `/admin/chats/${pair.provider_id}/${pair.user_id}`, { query })).status, JSON.stringify(query)).toBe(400);
    }
  });

  it("deletes a message: the count goes down and the date becomes the last remaining message's, in one go; audited; 404 after", async () => {
    const made = await newChat(api, 4);
    const last = made.messages[3].query_chat_id;
    const answer = await call(api, "DELETE", `/delete-query-chat/${last}`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ message: CUSTOMER_QUERY_MESSAGES.messageDeleted, group_id: made.group_id, chat_count: 3 });
    const [group] = await api.db.select().from(queryChatGroups).where(eq(queryChatGroups.id, made.group_id));
    const [remaining] = await api.db.select().from(queryChats).where(eq(queryChats.query_chat_id, made.messages[2].query_chat_id));
    expect(group.chat_count).toBe(3);
    expect(group.last_chat_at.toISOString()).toBe(remaining.created_at.toISOString());
    expect((await chat(api, made)).data.map((m) => m.query_chat_id)).toEqual(made.messages.slice(0, 3).map((m) => m.query_chat_id));
    // the provider's attempt caught in that message stays (its message link cleared)
    expect((await attempts(api, made.provider_user_id)).results.map((a) => a.id)).toEqual(made.provider_attempts);
    const [entry] = await api.db.select().from(auditLog).where(eq(auditLog.entity, "query_chat")).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: "delete", entity_id: String(last), admin_user_id: 1 });
    expect((entry.before as { group_id: number; text: string }).group_id).toBe(made.group_id);
    expect((await call(api, "DELETE", `/delete-query-chat/${last}`)).status).toBe(404);
    expect((await call(api, "DELETE", "/delete-query-chat/abc")).status).toBe(400);
    expect((await call(api, "DELETE", `/delete-query-chat/${made.messages[0].query_chat_id}`, { actingAdmin: null })).status).toBe(400);

    // every message gone: the pair stays listed with 0 chats, its attempts kept
    for (const m of made.messages.slice(0, 3))
      expect((await call(api, "DELETE", `/delete-query-chat/${m.query_chat_id}`)).status).toBe(200);
    const listed = await list(api, { search: made.tag });
    expect(listed.data.map((g) => [g.id, g.chat_count])).toEqual([[made.group_id, 0]]);
    expect((await chat(api, made)).data).toEqual([]);
    expect((await attempts(api, made.user_id)).count).toBe(2);
  });

  it("lists a person's contact share attempts newest first with the chat's names; a missing or bad user_id is a clear 400", async () => {
    const made = await newChat(api);
    const customerSide = await attempts(api, made.user_id);
    expect(customerSide.count).toBe(2);
    expect(customerSide.results.map((a) => a.id)).toEqual([...made.user_attempts]);
    const [phone, unknown] = customerSide.results;
    expect(phone).toMatchObject({
      content: `98765 ${made.tag.slice(0, 5)}`,
      kind: "phone",
      provider_name: made.provider_name,
      user_name: made.user_name,
      notes: `Customer phone ${made.tag}`,
    });
    expect(unknown.content).toBeNull();
    expect(new Date(phone.created_at).getTime()).toBeGreaterThan(new Date(unknown.created_at).getTime());
    const providerSide = await attempts(api, made.provider_user_id);
    expect(providerSide.results).toHaveLength(1);
    expect(providerSide.results[0]).toMatchObject({ kind: "email", user_name: made.user_name, provider_name: made.provider_name });
    expect((await attempts(api, 999999)).results).toEqual([]);
    const missing = await get(api, "/contact-share-attempts");
    expect(missing.status).toBe(400);
    expect(missing.text).toContain("user_id is required");
    const bad = await get(api, "/contact-share-attempts", { query: { user_id: "abc" } });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("user_id must be a positive whole number");
  });

  it("deletes an attempt only for its own person; audited; 404 otherwise, nothing deleted", async () => {
    const made = await newChat(api);
    const id = made.user_attempts[0];
    const wrong = await call(api, "DELETE", `/contact-share-attempts/${id}`, { query: { user_id: made.provider_user_id } });
    expect(wrong.status).toBe(404);
    expect((await api.db.select().from(contactShareAttempts).where(eq(contactShareAttempts.id, id))).length).toBe(1);
    expect((await call(api, "DELETE", `/contact-share-attempts/${id}`)).status).toBe(400);
    expect(
      (await call(api, "DELETE", `/contact-share-attempts/${id}`, { query: { user_id: made.user_id }, actingAdmin: null })).status,
    ).toBe(400);
    const answer = await call(api, "DELETE", `/contact-share-attempts/${id}`, { query: { user_id: made.user_id } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.message).toBe(CUSTOMER_QUERY_MESSAGES.attemptDeleted);
    expect((await attempts(api, made.user_id)).results.map((a) => a.id)).toEqual([made.user_attempts[1]]);
    const [entry] = await api.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, "contact_share_attempt"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ action: "delete", entity_id: String(id) });
    expect((entry.before as { notes: string }).notes).toBe(`Customer phone ${made.tag}`);
    expect((await call(api, "DELETE", `/contact-share-attempts/${id}`, { query: { user_id: made.user_id } })).status).toBe(404);
  });

  it("the bulk seed adds new pairs with 1–3 messages each, their counts, dates within the year and search text", async () => {
    const before = Number((await api.db.select({ n: sql<number>`count(*)::int` }).from(queryChatGroups))[0].n);
    const added = await seedExtraQueryChats(api.db, { count: 300, base: SEED_BASE_DATE });
    expect(added).toBe(300);
    const fresh = await api.db.select().from(queryChatGroups).orderBy(desc(queryChatGroups.id)).limit(300);
    expect(before + 300).toBe(Number((await api.db.select({ n: sql<number>`count(*)::int` }).from(queryChatGroups))[0].n));
    const yearAgo = SEED_BASE_DATE.getTime() - 366 * 86_400_000;
    for (const g of fresh) {
      expect(g.chat_count).toBeGreaterThanOrEqual(1);
      expect(g.chat_count).toBeLessThanOrEqual(3);
      expect(g.last_chat_at.getTime()).toBeGreaterThan(yearAgo);
      expect(g.search_text.length).toBeGreaterThan(5);
    }
    const sample = fresh[17];
    const [{ n }] = await api.db
      .select({ n: sql<number>`count(*)::int` })
      .from(queryChats)
      .where(eq(queryChats.group_id, sample.id));
    expect(Number(n)).toBe(sample.chat_count);
    const [{ last }] = await api.db
      .select({ last: sql<Date>`max(${queryChats.created_at})` })
      .from(queryChats)
      .where(eq(queryChats.group_id, sample.id));
    expect(new Date(last).toISOString()).toBe(sample.last_chat_at.toISOString());
  });
});
