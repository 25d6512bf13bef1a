import { afterEach, describe, expect, it, vi } from "vitest";
import * as queriesRoute from "~/routes/admin.query-msg";
import { CUSTOMER_QUERY_MESSAGES, type AttemptsAnswer } from "~contract/customer-queries";
import { type ChatPage, type CustomerQueriesPageData, type QueryActionFailure } from "../../app/models/customer-queries";
import type { z } from "zod";
import { API_UNAVAILABLE_MESSAGE } from "~/services/marketplace/client.server";
import { newQueryChat, type QueryChatFixture } from "../support/records";
import { apiCall, callRoute, expectRedirect, readToast, requestAs, statusOf } from "../support/routes";

const LIST = "/admin/query-msg";

function payload<T = CustomerQueriesPageData>(result: unknown): T {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: T }).data;
  return result as T;
}

type Made = QueryChatFixture;
const makeChat = (messages = 6) => newQueryChat(apiCall, messages);
const chatOf = async (made: Made) => (await apiCall<{ data: ChatPage }>(`/admin/chats/${made.provider_id}/${made.user_id}`)).data;
const attemptsOf = async (userId: number) => apiCall<z.infer<typeof AttemptsAnswer>>(`/contact-share-attempts?user_id=${userId}`);

const load = async (url: string, who: "admin" | "catalog" | "support" = "admin") => callRoute(queriesRoute, await requestAs(who, url));
const post = async (url: string, form: Record<string, string>, who: "admin" | "catalog" = "admin") =>
  callRoute(queriesRoute, await requestAs(who, url, { form }));

afterEach(() => vi.restoreAllMocks());

describe("Customer Queries (/admin/query-msg)", () => {
  it("lists pairs newest first as the table shows them: names, phones as chat links, chat count, date", async () => {
    const made = await makeChat();
    const page = payload(await load(`${LIST}?search=${made.tag}`));
    expect(page.total).toBe(1);
    const [row] = page.rows;
    expect(row).toMatchObject({ id: made.group_id, user: made.user_name, provider: made.provider_name, chatCount: 6 });
    expect(row.userPhone.text).toMatch(/^\+91 97\d{8}$/);
    expect(row.userPhone.href).toBe(`https://wa.me/${row.userPhone.text.replace(/\D/g, "")}`);
    expect(row.providerPhone.href).toMatch(/^https:\/\/wa\.me\/9188\d{8}$/);
    expect(row.date).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
    const first = payload(await load(LIST));
    expect(first).toMatchObject({ page: 1, pageSize: 10, loadError: null, details: null, service: null, confirm: null, notice: null });
    expect(first.rows[0].id).toBe(made.group_id);
    expect(first.total).toBeGreaterThan(10);
  });

  it("filters by dates, pages, and refuses bad dates (400) instead of applying them", async () => {
    const made = await makeChat(4);
    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    expect(payload(await load(`${LIST}?search=${made.tag}&start_date=${today}&end_date=${today}`)).rows.map((r) => r.id)).toEqual([
      made.group_id,
    ]);
    expect(payload(await load(`${LIST}?search=${made.tag}&end_date=2020-01-01`)).rows).toEqual([]);
    const wrong = await load(`${LIST}?start_date=2026-02-30`);
    expect(statusOf(wrong)).toBe(400);
    expect(payload(wrong).filterErrors).toEqual(['Start Date "2026-02-30" is not a date (use YYYY-MM-DD).']);
    const reversed = await load(`${LIST}?start_date=2026-02-03&end_date=2026-02-01`);
    expect(payload(reversed).filterErrors).toEqual(["Start Date must be on or before End Date."]);
    expect(payload(await load(`${LIST}?page=2&page_size=10`))).toMatchObject({ page: 2, pageSize: 10 });
    expectRedirect(await load(`${LIST}?search=${made.tag}&page=9`), `${LIST}?search=${made.tag}&page=1`);
  });

  it("opens Query Details from the URL: both sides, their attempts, the chat (text, else the requirements as plain text)", async () => {
    const made = await makeChat();
    // the pair is not on page 1 of a search that misses it: fetched by id
    const page = payload(await load(`${LIST}?search=zzzz-none&query=${made.group_id}`));
    const details = page.details!;
    expect(details.customer.name).toBe(made.user_name);
    expect(details.provider.name).toBe(made.provider_name);
    expect(details.userAttempts.map((a) => a.id)).toEqual(made.user_attempts);
    expect(details.userAttempts[0]).toMatchObject({
      number: 2,
      content: `98765 ${made.tag.slice(0, 5)}`,
      providerName: made.provider_name,
      notes: `Customer phone ${made.tag}`,
    });
    expect(details.userAttempts[1]).toMatchObject({ number: 1, content: null });
    expect(details.providerAttempts[0]).toMatchObject({ userName: made.user_name, content: `pro.${made.tag}@mail.test` });
    const [first, second] = details.chat.messages;
    expect(first).toMatchObject({ id: made.service_message_id, sender: `e2e_qc_user_${made.tag}`, hasService: true });
    expect(first.text).toBe(`Need GST filing for ${made.tag}\nThree quarters`);
    expect(second).toMatchObject({ hasService: false, text: made.messages[1].text });
    expect(details.chat).toMatchObject({ olderCursor: null, newerCursor: null, chatCount: 6, cursor: "" });

    for (const [query, title] of [
      ["query=abc", CUSTOMER_QUERY_MESSAGES.groupNotFound],
      ["query=99999999", CUSTOMER_QUERY_MESSAGES.groupNotFound],
      [`query=${made.group_id}&service=${made.messages[1].query_chat_id}`, CUSTOMER_QUERY_MESSAGES.messageNotFound],
      [`query=${made.group_id}&dialog=delete-attempt&id=1&user=${made.user_id + 999999}`, CUSTOMER_QUERY_MESSAGES.attemptNotFound],
    ]) {
      expect(payload(await load(`${LIST}?${query}`)).notice?.title, query).toBe(title);
    }
  });

  it("pages a long chat: the latest page with an older cursor; ?before= the page before; a stale cursor gives the latest", async () => {
    const made = await makeChat(120);
    const latest = payload(await load(`${LIST}?query=${made.group_id}`)).details!.chat;
    const ids = made.messages.map((m) => m.query_chat_id);
    expect(latest.messages.map((m) => m.id)).toEqual(ids.slice(-50));
    expect(latest.olderCursor).toBe(ids[70]);
    const older = payload(await load(`${LIST}?query=${made.group_id}&before=${ids[70]}`)).details!.chat;
    expect(older.messages.map((m) => m.id)).toEqual(ids.slice(20, 70));
    expect(older).toMatchObject({ cursor: `before=${ids[70]}`, olderCursor: ids[20], newerCursor: ids[69] });
    const stale = payload(await load(`${LIST}?query=${made.group_id}&before=1`)).details!.chat;
    expect(stale.messages.map((m) => m.id)).toEqual(ids.slice(-50));
  });

  it("shows the service details: sub-category, requirements without tags, the chosen variation outlined", async () => {
    const made = await makeChat();
    const page = payload(await load(`${LIST}?query=${made.group_id}&service=${made.service_message_id}`));
    const service = page.service!;
    expect(service).toMatchObject({
      subCategory: "GST Filing",
      requirements: `Need GST filing for ${made.tag}\nThree quarters`,
      query: `Can you reconcile ITC for ${made.tag}?`,
      offering: "Quarterly GST returns",
      type: "Retainership",
      specialties: ["GST", "Small business"],
      inclusions: ["GSTR-1 filing", "GSTR-3B filing"],
    });
    expect(service.requirements).not.toContain("<");
    expect(service.requirements).not.toContain("alert");
    expect(service.prices.map((p) => [p.title, p.price, p.deliveryTime, p.limits, p.chosen])).toEqual([
      ["Base price", "₹1,999.00", "3 days", ["Up to 20 invoices"], false],
      ["Price variation 1", "₹2,999.00", "5 days", ["Up to 50 invoices"], false],
      ["Price variation 2", "₹4,999.00", "7 days", ["Up to 200 invoices"], true],
    ]);
  });

  it("deletes a message after the confirmation: Deleted! toast, the count down, back to the Query Details", async () => {
    const made = await makeChat(4);
    const open = `${LIST}?search=${made.tag}&query=${made.group_id}`;
    const target = made.messages[1].query_chat_id;
    const asked = payload(await load(`${open}&dialog=delete-message&id=${target}`));
    expect(asked.confirm).toEqual({ kind: "delete-message", id: target });
    const done = expectRedirect(
      await post(`${open}&dialog=delete-message&id=${target}`, { intent: "delete-message", id: String(target) }),
      open,
    );
    expect(done.headers.get("Location")).toBe(open);
    expect(await readToast(done)).toEqual({ type: "success", title: "Deleted!", message: "The message has been deleted." });
    expect((await chatOf(made)).data.map((m) => m.query_chat_id)).not.toContain(target);
    expect(payload(await load(open)).rows[0].chatCount).toBe(3);

    const again = await post(open, { intent: "delete-message", id: String(target) });
    expect(statusOf(again)).toBe(404);
    expect(payload<QueryActionFailure>(again).notice).toEqual({ title: "Error!", message: "Failed to delete the message.", tone: "error" });
    expect(statusOf(await post(open, { intent: "delete-message", id: "abc" }))).toBe(400);
  });

  it("deletes a contact share attempt of the customer or the provider after the confirmation; failures say Error!", async () => {
    const made = await makeChat(4);
    const open = `${LIST}?query=${made.group_id}`;
    const id = made.provider_attempts[0];
    const asked = payload(await load(`${open}&dialog=delete-attempt&id=${id}&user=${made.provider_user_id}`));
    expect(asked.confirm).toEqual({ kind: "delete-attempt", id, userId: made.provider_user_id });
    // not that person's: refused, nothing deleted
    const wrong = await post(open, { intent: "delete-attempt", id: String(id), user_id: String(made.user_id) });
    expect(statusOf(wrong)).toBe(404);
    expect(payload<QueryActionFailure>(wrong).notice).toEqual({
      title: "Error!",
      message: "Failed to delete the contact share attempt.",
      tone: "error",
    });
    expect((await attemptsOf(made.provider_user_id)).count).toBe(1);
    const done = expectRedirect(
      await post(`${open}&dialog=delete-attempt&id=${id}&user=${made.provider_user_id}`, {
        intent: "delete-attempt",
        id: String(id),
        user_id: String(made.provider_user_id),
      }),
      open,
    );
    expect(await readToast(done)).toEqual({ type: "success", title: "Deleted!", message: "The contact share attempt has been deleted." });
    expect((await attemptsOf(made.provider_user_id)).count).toBe(0);
    expect(payload(await load(open)).details!.providerAttempts).toEqual([]);
    expect(statusOf(await post(open, { intent: "delete-attempt", id: String(made.user_attempts[0]) }))).toBe(400);
  });

  it("an unknown intent is a 400", async () => {
    expect(statusOf(await post(LIST, { intent: "approve" }))).toBe(400);
  });

  it("says 'Failed to fetch customer queries' on the page when the list cannot be read", async () => {
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes("/get-grouped-chats-admin")) return Promise.reject(new TypeError("fetch failed"));
      return realFetch(input, init);
    });
    const result = await load(LIST);
    expect(statusOf(result)).toBe(503);
    expect(payload(result)).toMatchObject({
      rows: [],
      total: 0,
      loadError: { title: "Failed to fetch customer queries", message: API_UNAVAILABLE_MESSAGE },
    });
  });

  it("needs the QueryMessage access: others get 403 (nothing deleted), no session goes to login", async () => {
    const made = await makeChat(4);
    expect(statusOf(await load(LIST, "catalog"))).toBe(403);
    expect(statusOf(await load(LIST, "support"))).toBe(200);
    expect(statusOf(await post(LIST, { intent: "delete-message", id: String(made.messages[0].query_chat_id) }, "catalog"))).toBe(403);
    expect(
      statusOf(await post(LIST, { intent: "delete-attempt", id: String(made.user_attempts[0]), user_id: String(made.user_id) }, "catalog")),
    ).toBe(403);
    expect((await chatOf(made)).data).toHaveLength(4);
    expect((await attemptsOf(made.user_id)).count).toBe(2);
    expectRedirect(await callRoute(queriesRoute, await requestAs(null, LIST)), "/admin/login");
  });
});
