import { describe, expect, it } from "vitest";
import * as contactsRoute from "~/routes/admin.list-contacts";
import type { ContactRecord } from "~contract/contacts";
import type { ContactRow } from "../../app/models/contacts";
import { MESSAGE_PREVIEW_LENGTH } from "~/services/contacts/contacts-list.server";
import { cutText } from "../../app/utils/text";
import { apiCall, callRoute, requestAs, statusOf } from "../support/routes";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function payload(result: unknown): any {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: unknown }).data;
  return result;
}

const PATH = "/admin/list-contacts";
const load = async (query = "", who: "admin" | "support" = "admin") =>
  payload(await callRoute(contactsRoute, await requestAs(who, `${PATH}${query}`)));
const suffix = () => Math.random().toString(36).slice(2, 8);
const createContact = async (fields: Record<string, string>) =>
  (
    await apiCall<{ data: ContactRecord }>("/create-contact", {
      method: "POST",
      body: { email: "lead@example.com", message: "Hello", ...fields },
    })
  ).data;
const apiContacts = (query = "") => apiCall<{ data: ContactRecord[] }>(`/get-all-contacts${query}`);

describe("contact leads list", () => {
  it("cuts long text at a word, with …", () => {
    expect(cutText("short", 10)).toEqual({ text: "short", cut: false });
    expect(cutText("one two three four", 15)).toEqual({ text: "one two three…", cut: true });
    expect(cutText("a\n\n  b", 10)).toEqual({ text: "a b", cut: false });
    expect(cutText("x".repeat(30), 10)).toEqual({ text: `${"x".repeat(10)}…`, cut: true });
    expect(cutText("Twelve words here. And more text follows", 19)).toEqual({ text: "Twelve words here…", cut: true });
  });

  it("shows a page of leads newest first, dates in India time, long messages cut with the rest behind Read more", async () => {
    const page = await load();
    const all = (await apiContacts()).data;
    expect(page.total).toBe(all.length);
    expect(page.rows).toHaveLength(10);
    expect(page.pageSize).toBe(10);
    expect(page.rows.map((r: ContactRow) => r.id)).toEqual(all.slice(0, 10).map((c) => c.id));
    expect(page.rows[0].n).toBe(1);
    expect(page.rows[0].createdAt).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
    expect(page.dialog).toBeNull();

    const everything = await load("?page_size=100");
    const long = everything.rows.find((r: ContactRow) => r.truncated);
    const full = all.find((c) => c.id === long.id)!;
    expect(full.message.length).toBeGreaterThan(MESSAGE_PREVIEW_LENGTH);
    expect(long.message.length).toBeLessThanOrEqual(MESSAGE_PREVIEW_LENGTH + 1);
    expect(long.message.endsWith("…")).toBe(true);
    const short = everything.rows.find((r: ContactRow) => !r.truncated);
    expect(short.message).toBe(all.find((c) => c.id === short.id)!.message);

    const second = await load("?page=2");
    expect(second.rows[0].n).toBe(11);
    expect(second.rows[0].id).toBe(all[10].id);
    const past = await callRoute(contactsRoute, await requestAs("admin", `${PATH}?page=999&search=a`));
    expect(past).toHaveRedirect(`${PATH}?page=`);
    // a URL typed wrong falls back to the first page
    expect((await load("?page=abc&page_size=7")).pageSize).toBe(10);
  });

  it("searches on the server: finds a lead by name, email, contact number or subject", async () => {
    const tag = suffix();
    const made = await createContact({
      name: `Route Lead ${tag}`,
      email: `route.${tag}@example.com`,
      contactNo: "+91 91234 56789",
      subject: `Subject ${tag}`,
    });
    for (const search of [`lead ${tag}`, `route.${tag}@`, `Subject ${tag.toUpperCase()}`]) {
      const found = await load(`?search=${encodeURIComponent(search)}`);
      expect(
        found.rows.map((r: ContactRow) => r.id),
        search,
      ).toEqual([made.id]);
      expect(found.total).toBe(1);
      expect(found.search).toBe(search);
    }
    expect((await load("?search=zzzz-nothing-matches")).total).toBe(0);
    const tooLong = await load(`?search=${"x".repeat(101)}`);
    expect(tooLong.searchError).toBe("Search is at most 100 characters.");
    expect(tooLong.search).toHaveLength(100);
  });

  it("searches the message and the context too", async () => {
    const tag = suffix();
    const made = await createContact({ name: `Lead ${tag}`, context: `Pricing page ${tag}`, message: `About the gizmo${tag} plan` });
    for (const search of [`gizmo${tag}`, `PRICING PAGE ${tag}`]) {
      expect(
        (await load(`?search=${encodeURIComponent(search)}`)).rows.map((r: ContactRow) => r.id),
        search,
      ).toEqual([made.id]);
    }
  });

  it("sorts by name or date as the URL says; an unknown sort is newest first", async () => {
    const tag = suffix();
    const b = await createContact({ name: `Bravo ${tag}`, subject: tag });
    const a = await createContact({ name: `Alpha ${tag}`, subject: tag });
    const ids = async (query: string) => (await load(`?search=${tag}&${query}`)).rows.map((r: ContactRow) => r.id);
    const byName = await load(`?search=${tag}&sortField=name&sortOrder=asc`);
    expect(byName.sort).toEqual({ field: "name", order: "asc" });
    expect(byName.rows.map((r: ContactRow) => r.id)).toEqual([a.id, b.id]);
    expect(await ids("sortField=name&sortOrder=desc")).toEqual([b.id, a.id]);
    expect(await ids("sortField=created_at&sortOrder=asc")).toEqual([b.id, a.id]);
    const odd = await load(`?search=${tag}&sortField=message&sortOrder=asc`);
    expect(odd.sort).toBeNull();
    expect(odd.rows.map((r: ContactRow) => r.id)).toEqual([a.id, b.id]);
  });

  it("opens a lead's whole message from the URL, on this page or not; an unknown or bad id is told", async () => {
    const tag = suffix();
    const message = `First line ${tag}.\n\n${"A long message. ".repeat(20)}The end.`;
    const made = await createContact({ name: `Dialog Lead ${tag}`, subject: "Long one", message });
    const onPage = await load(`?dialog=message&id=${made.id}`);
    expect(onPage.rows[0]).toMatchObject({ id: made.id, truncated: true });
    expect(onPage.dialog).toEqual({
      kind: "message",
      id: made.id,
      name: `Dialog Lead ${tag}`,
      email: "lead@example.com",
      subject: "Long one",
      createdAt: onPage.rows[0].createdAt,
      message: message.trim(),
    });
    // not on the page shown (page 3): fetched by id
    const elsewhere = await load(`?page=3&dialog=message&id=${made.id}`);
    expect(elsewhere.rows.some((r: ContactRow) => r.id === made.id)).toBe(false);
    expect(elsewhere.dialog).toMatchObject({ kind: "message", id: made.id, message: message.trim() });

    expect((await load("?dialog=message&id=999999")).dialog).toEqual({
      kind: "notice",
      title: "Contact not found",
      message: "No contact has the id 999999. The link may be wrong or out of date.",
    });
    expect((await load("?dialog=message&id=abc")).dialog).toEqual({
      kind: "notice",
      title: "Contact not found",
      message: '"abc" is not a contact id. The link may be wrong.',
    });
    expect((await load("?dialog=message")).dialog).toMatchObject({ kind: "notice", message: "The link does not name a contact." });
    expect((await load(`?dialog=other&id=${made.id}`)).dialog).toBeNull();
  });

  it("is open to Contacts access only", async () => {
    expect((await load("", "support")).rows.length).toBeGreaterThan(0);
    for (const who of ["catalog", "viewer"] as const) {
      expect(statusOf(await callRoute(contactsRoute, await requestAs(who, PATH)))).toBe(403);
    }
    expect(await callRoute(contactsRoute, await requestAs(null, PATH))).toHaveRedirect("/admin/login");
  });
});
