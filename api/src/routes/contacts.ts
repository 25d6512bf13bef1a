/**
 * Contact leads (spec 2 §2 Contacts, §7 GET /get-all-contacts): the admin's read-only list, one
 * lead by id for its message dialog, and the marketplace contact form's POST.
 */
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { CONTACT_MESSAGES, ContactListQuery, ContactRecord, CreateContactBody } from "~contract/contacts";
import { TOTAL_COUNT_HEADER } from "~contract/service-providers";
import type { Database } from "../db/client";
import { contacts } from "../db/schema";
import { notFound } from "../lib/http";
import { apiRouter, body, chosenByUs, common, createRoute, data, error, idParam, json, message, z } from "../lib/openapi";
import { containsPattern } from "../lib/providers";

const Contact = ContactRecord.openapi("ContactRecord");
const totalHeader = { [TOTAL_COUNT_HEADER]: { description: "number of matching contacts (ours)", schema: { type: "integer" as const } } };

const listRoute = createRoute({
  method: "get",
  path: "/get-all-contacts",
  summary: "Contact leads, newest first",
  description:
    "The spec's call takes no query. page, page_size and search are ours (all optional; no page_size answers every lead); the number of matching leads is in x-total-count. search matches part of the name, email, contact number or subject, in any case.",
  request: { query: ContactListQuery },
  responses: {
    200: { ...json(data(z.array(Contact)), "The contacts"), headers: totalHeader },
    400: error("Bad query"),
    ...common,
  },
});
const detailRoute = createRoute({
  method: "get",
  path: "/get-contact-by-id",
  summary: "One contact lead",
  ...chosenByUs("Used by the admin's message dialog when the lead is not on the page shown (a bookmarked or shared URL)."),
  request: { query: z.object({ id: idParam("id", "the contact's id") }) },
  responses: { 200: json(data(Contact), "The contact"), 400: error("Bad id"), 404: error("Unknown contact"), ...common },
});
const createContactRoute = createRoute({
  method: "post",
  path: "/create-contact",
  summary: "Record a contact lead (the marketplace's public contact form)",
  ...chosenByUs(
    "Sent by the marketplace's public contact form on a visitor's behalf, so it takes no x-acting-admin and writes no audit row (no admin acts). name, a valid email and message are required; contactNo, context and subject may be left out.",
  ),
  request: { body: body(CreateContactBody.openapi("CreateContactBody")) },
  responses: {
    201: json(message.extend({ data: Contact }), CONTACT_MESSAGES.created),
    400: error("Invalid input, field messages in errors"),
    ...common,
  },
});

type ContactRow = Omit<typeof contacts.$inferSelect, "search_text">;

export function contactRecord(row: ContactRow): ContactRecord {
  return {
    id: row.id,
    name: row.name,
    created_at: row.created_at.toISOString(),
    email: row.email,
    contactNo: row.contactNo,
    context: row.context,
    subject: row.subject,
    message: row.message,
  };
}

// search_text is generated: never select it
const columns = {
  id: contacts.id,
  name: contacts.name,
  created_at: contacts.created_at,
  email: contacts.email,
  contactNo: contacts.contactNo,
  context: contacts.context,
  subject: contacts.subject,
  message: contacts.message,
};

export function contactsRouter(db: Database) {
  const router = apiRouter();

  router.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const conditions: SQL[] = [];
    // search_text is lower(name email contactNo subject) with a trigram index
    if (query.search) conditions.push(sql`${contacts.search_text} LIKE ${containsPattern(query.search.toLowerCase())}`);
    const where = conditions.length ? and(...conditions) : undefined;
    let rows = db.select(columns).from(contacts).where(where).orderBy(desc(contacts.created_at), desc(contacts.id)).$dynamic();
    if (query.page_size) rows = rows.limit(query.page_size).offset(((query.page ?? 1) - 1) * query.page_size);
    const [list, [{ total }]] = await Promise.all([rows, db.select({ total: count() }).from(contacts).where(where)]);
    c.header(TOTAL_COUNT_HEADER, String(total));
    return c.json({ data: list.map(contactRecord) }, 200);
  });

  router.openapi(detailRoute, async (c) => {
    const { id } = c.req.valid("query");
    const [row] = await db.select(columns).from(contacts).where(eq(contacts.id, id));
    if (!row) throw notFound(CONTACT_MESSAGES.notFound);
    return c.json({ data: contactRecord(row) }, 200);
  });

  router.openapi(createContactRoute, async (c) => {
    const fields = c.req.valid("json");
    const [row] = await db.insert(contacts).values(fields).returning(columns);
    return c.json({ message: CONTACT_MESSAGES.created, data: contactRecord(row) }, 201);
  });

  return router;
}
