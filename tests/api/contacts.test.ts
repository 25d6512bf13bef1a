import { MAX_PAGE_SIZE } from "~contract/list-query";
import { afterAll, beforeAll, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { contacts, users } from "../../api/src/db/schema";
import { DEMO_CONTACTS } from "../../api/src/seed/contacts";
import { CONTACT_MESSAGES, ContactRecord } from "~contract/contacts";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed } from "./helpers";

/** GET /get-all-contacts: the rows (checked against the model) and x-total-count. */
async function list(api: TestApi, query: Record<string, string | number> = {}) {
  const url = new URL("/get-all-contacts", api.url);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  const response = await fetch(url, { headers: { [api.apiKeyHeader]: api.apiKey } });
  const body = (await response.json()) as { data: unknown[] };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return { rows: body.data.map((r) => parsed(ContactRecord, r)), total: Number(response.headers.get("x-total-count")) };
}
const totalOf = async (api: TestApi) => (await list(api, { page_size: 1 })).total;
const create = (api: TestApi, body: unknown, options: Parameters<typeof call>[3] = {}) =>
  call(api, "POST", "/create-contact", { actingAdmin: null, ...options, body });
const valid = (extra: Record<string, unknown> = {}) => ({
  name: "Test Visitor",
  email: "visitor@example.com",
  contactNo: "+91 98765 43210",
  context: "Contact Us",
  subject: "A question",
  message: "Hello, I have a question about GST.",
  ...extra,
});

describeEachDriver("contacts", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver });
  });
  afterAll(() => api?.close());

  it("lists the demo leads newest first, every one without paging, a page with it, the total in x-total-count", async () => {
    const all = await list(api);
    expect(all.rows).toHaveLength(DEMO_CONTACTS);
    expect(all.total).toBe(DEMO_CONTACTS);
    const stored = await api.db.select().from(contacts).orderBy(desc(contacts.created_at), desc(contacts.id));
    expect(all.rows.map((r) => r.id)).toEqual(stored.map((r) => r.id));
    expect(all.rows[0]).toEqual({
      id: stored[0].id,
      name: stored[0].name,
      created_at: stored[0].created_at.toISOString(),
      email: stored[0].email,
      contactNo: stored[0].contactNo,
      context: stored[0].context,
      subject: stored[0].subject,
      message: stored[0].message,
      user_id: expect.toBeOneOf([null, expect.any(Number)]),
    });
    // varied: some without a phone or a subject, some long messages
    expect(all.rows.some((r) => r.contactNo === "")).toBe(true);
    expect(all.rows.some((r) => r.subject === "")).toBe(true);
    expect(all.rows.some((r) => r.message.length > 400)).toBe(true);

    const second = await list(api, { page: 2, page_size: 10 });
    expect(second.rows.map((r) => r.id)).toEqual(stored.slice(10, 20).map((r) => r.id));
    expect(second.total).toBe(DEMO_CONTACTS);
    const past = await list(api, { page: 99, page_size: 10 });
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(DEMO_CONTACTS);
  });

  it("searches name, email, contact number, context, subject and message in any case; pattern characters are literal", async () => {
    const made = await create(
      api,
      valid({
        name: "Zebulon Quartermaine",
        email: "zq.lead@Example.org",
        contactNo: "+91 90000 12345",
        context: "Quokkapage banner",
        subject: "Xylophone lessons",
        message: "uniquewordinmessage",
      }),
    );
    expect(made.status).toBe(201);
    const id = made.body.data.id;
    for (const search of ["zebulon", "QUARTERMAINE", "zq.lead@example", "90000 12345", "xylophone LESS", "UNIQUEWORDIN", "quokkapage"]) {
      const found = await list(api, { search });
      expect(
        found.rows.map((r) => r.id),
        search,
      ).toEqual([id]);
      expect(found.total).toBe(1);
    }
    expect((await list(api, { search: "%" })).rows).toEqual([]);
    expect((await list(api, { search: "_" })).rows).toEqual([]);
    // trimmed; a blank search is every lead
    expect((await list(api, { search: "  zebulon  " })).rows.map((r) => r.id)).toEqual([id]);
    expect((await list(api, { search: "" })).total).toBe(DEMO_CONTACTS + 1);
    const tooLong = await get(api, "/get-all-contacts", { query: { search: "x".repeat(101) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors.search).toBe("Search is at most 100 characters");
    for (const [key, value] of [
      ["page", "0"],
      ["page_size", String(MAX_PAGE_SIZE + 1)],
      ["page", "abc"],
    ]) {
      expect((await get(api, "/get-all-contacts", { query: { [key]: value } })).status, `${key}=${value}`).toBe(400);
    }
  });

  it("sorts by name and by date either way, ties by id; refuses an unknown sort with its message", async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const at = (iso: string) => new Date(iso);
    const made = await api.db
      .insert(contacts)
      .values([
        { name: `Sortb ${tag}`, email: "b@example.com", message: "m", created_at: at("2025-02-01T10:00:00Z") },
        { name: `Sorta ${tag}`, email: "a@example.com", message: "m", created_at: at("2025-03-01T10:00:00Z") },
        { name: `Sortc ${tag}`, email: "c@example.com", message: "m", created_at: at("2025-01-01T10:00:00Z") },
      ])
      .returning();
    const names = async (sortField: string, sortOrder: string) =>
      (await list(api, { search: tag, sortField, sortOrder })).rows.map((r) => r.name.slice(0, 5));
    expect(made).toHaveLength(3);
    expect(await names("name", "asc")).toEqual(["Sorta", "Sortb", "Sortc"]);
    expect(await names("name", "desc")).toEqual(["Sortc", "Sortb", "Sorta"]);
    expect(await names("created_at", "asc")).toEqual(["Sortc", "Sortb", "Sorta"]);
    expect(await names("created_at", "desc")).toEqual(["Sorta", "Sortb", "Sortc"]);
    // paged: the second page of two continues the order
    const second = await list(api, { search: tag, sortField: "name", sortOrder: "asc", page: 2, page_size: 2 });
    expect(second.rows.map((r) => r.name.slice(0, 5))).toEqual(["Sortc"]);

    const unknown = await get(api, "/get-all-contacts", { query: { sortField: "message", sortOrder: "asc" } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.sortField).toBe("sortField must be one of name, created_at");
    expect((await get(api, "/get-all-contacts", { query: { sortOrder: "asc" } })).body.errors.sortField).toBe(
      "sortField is required with sortOrder",
    );
  });

  it("creates a lead from the public form (no acting admin, no audit row), trimmed, newest first", async () => {
    const auditBefore = (await get(api, "/audit-log", { query: { limit: 1 } })).body.data;
    const answer = await create(api, valid({ name: "  Padded Name  ", contactNo: undefined, context: undefined, subject: undefined }));
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body.message).toBe("Contact Added Successfully");
    const record = parsed(ContactRecord, answer.body.data);
    expect(record).toMatchObject({
      name: "Padded Name",
      email: "visitor@example.com",
      contactNo: "",
      context: "",
      subject: "",
      message: "Hello, I have a question about GST.",
    });
    expect(Date.now() - Date.parse(record.created_at)).toBeLessThan(60_000);
    expect((await list(api, { page_size: 1 })).rows[0].id).toBe(record.id);
    expect((await get(api, "/audit-log", { query: { limit: 1 } })).body.data).toEqual(auditBefore);
  });

  it("refuses a lead without a name, a valid email or a message, with each field's message; nothing is stored", async () => {
    const before = await totalOf(api);
    const missing = await create(api, {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Please correct the highlighted fields");
    expect(missing.body.errors).toMatchObject({
      name: CONTACT_MESSAGES.nameRequired,
      email: CONTACT_MESSAGES.emailInvalid,
      message: CONTACT_MESSAGES.messageRequired,
    });
    expect(CONTACT_MESSAGES).toMatchObject({
      nameRequired: "Please enter your name",
      emailInvalid: "Please enter a valid email",
      messageRequired: "Please enter a message",
    });
    const blank = await create(api, valid({ name: "   ", email: "not-an-email", message: " " }));
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual({
      name: "Please enter your name",
      email: "Please enter a valid email",
      message: "Please enter a message",
    });
    const wrongTypes = await create(api, valid({ name: 5, email: true, message: ["x"] }));
    expect(wrongTypes.body.errors).toEqual({
      name: "Please enter your name",
      email: "Please enter a valid email",
      message: "Please enter a message",
    });
    const long = await create(
      api,
      valid({ name: "n".repeat(101), message: "m".repeat(5001), subject: "s".repeat(201), contactNo: "call me maybe" }),
    );
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual({
      name: "Name is at most 100 characters",
      message: "Message is at most 5000 characters",
      subject: "Subject is at most 200 characters",
      contactNo: "Contact number may hold digits, spaces, ( ) - and a leading +",
    });
    expect((await create(api, valid(), { key: null })).status).toBe(401);
    expect((await call(api, "POST", "/create-contact", { rawBody: "{nope", actingAdmin: null })).status).toBe(400);
    expect(await totalOf(api)).toBe(before);
  });

  it("gives one lead by id; 404 for an unknown id, 400 for a bad one", async () => {
    const [first] = (await list(api, { page_size: 1 })).rows;
    const one = await get(api, "/get-contact-by-id", { query: { id: first.id } });
    expect(one.status).toBe(200);
    expect(parsed(ContactRecord, one.body.data)).toEqual(first);
    const unknown = await get(api, "/get-contact-by-id", { query: { id: 999999 } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Contact not found");
    expect((await get(api, "/get-contact-by-id", { query: { id: "abc" } })).status).toBe(400);
    expect((await get(api, "/get-contact-by-id")).status).toBe(400);
    expect((await get(api, "/get-contact-by-id", { query: { id: first.id }, key: null })).status).toBe(401);
    expect((await get(api, "/get-all-contacts", { key: null })).status).toBe(401);
  });

  it("names the live user who sent a lead (the same email, any case), null for a visitor", async () => {
    const [user] = await api.db
      .insert(users)
      .values({ username: "contact_sender_1", email: "Contact.Sender@Example.test" })
      .returning({ id: users.id });
    const sent = await call(api, "POST", "/create-contact", {
      actingAdmin: null,
      body: { name: "Sender", email: "contact.sender@example.TEST", message: "Hello" },
    });
    expect(sent.body.data.user_id).toBe(user.id);
    const visitor = await call(api, "POST", "/create-contact", {
      actingAdmin: null,
      body: { name: "Visitor", email: "nobody.here@example.test", message: "Hello" },
    });
    expect(visitor.body.data.user_id).toBeNull();
    const found = await list(api, { search: "contact.sender@" });
    expect(found.rows.map((r) => [r.id, r.user_id])).toEqual([[sent.body.data.id, user.id]]);
    await api.db.update(users).set({ is_deleted: true }).where(eq(users.id, user.id));
    expect((await get(api, "/get-contact-by-id", { query: { id: sent.body.data.id } })).body.data.user_id).toBeNull();
  });
});
