/** contacts: the handlers of the calls contacts.routes.ts defines. */
import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { CONTACT_MESSAGES, ContactListQuery, ContactRecord } from "~contract/contacts";
import { TOTAL_COUNT_HEADER } from "~contract/service-providers";
import type { Database } from "../../db/client";
import { contacts, users } from "../../db/schema";
import { notFound } from "../../lib/http";
import { apiRouter } from "../../lib/openapi";
import { containsPattern } from "../../lib/providers";
import { listRoute, detailRoute, createContactRoute } from "./contacts.routes";

type ContactRow = Omit<typeof contacts.$inferSelect, "search_text"> & { user_id: number | null };

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
    user_id: row.user_id === null ? null : Number(row.user_id),
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
  // the sender as a live user (users_email_lower_idx): their name links to their page
  // (the contact's email named with its table: a bare "email" would be the user's, inside the subquery)
  user_id: sql<
    number | null
  >`(SELECT u.id FROM ${users} u WHERE lower(u.email) = lower(${sql.raw('"contacts"."email"')}) AND NOT u.is_deleted AND ${sql.raw('"contacts"."email"')} <> '' ORDER BY u.id LIMIT 1)`,
};

/** The list's order: newest first, or by name / date either way; ties by id (contacts_created_idx, contacts_name_idx). */
function listOrder(query: ContactListQuery): SQL[] {
  const by = query.sortOrder === "asc" ? asc : desc;
  if (query.sortField === "name") return [by(contacts.name), by(contacts.id)];
  if (query.sortField === "created_at") return [by(contacts.created_at), by(contacts.id)];
  return [desc(contacts.created_at), desc(contacts.id)];
}

export function contactsRouter(db: Database) {
  const router = apiRouter();

  router.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const conditions: SQL[] = [];
    // search_text is lower(name email contactNo context subject message) with a trigram index
    if (query.search) conditions.push(sql`${contacts.search_text} LIKE ${containsPattern(query.search.toLowerCase())}`);
    const where = conditions.length ? and(...conditions) : undefined;
    let rows = db
      .select(columns)
      .from(contacts)
      .where(where)
      .orderBy(...listOrder(query))
      .$dynamic();
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
