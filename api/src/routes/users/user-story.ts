/** GET /users/{user_id}/story: a user's whole story (issue 33 part 4), one query per section asked for. */
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { UserStory, UserStorySection, UserStatusChange } from "~contract/user-story";
import { paiseToInr } from "~shared/money";
import type { Database } from "../../db/client";
import { auditLog, contacts, orders, payments, queryChatGroups, ratings, serviceProviders } from "../../db/schema";
import { containsPattern } from "../../lib/providers";
import { providerUsers } from "../orders";

/** The audited fields that make a user's status: Block / Activate, and the account status (Active, Inactive, Hold). */
const STATUS_FIELDS = ["is_active", "status"] as const;

type Story = Omit<UserStory, "user">;
type Section<K extends UserStorySection> = NonNullable<Story[K]>;

const iso = (d: Date) => d.toISOString();
const total = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);

/** The user's status changes as the audit log holds them, newest first: one row per changed field. */
export async function statusHistory(db: Database, userId: number, limit: number): Promise<UserStatusChange[]> {
  const touches = sql.join(
    STATUS_FIELDS.map((f) => sql`(${auditLog.after} -> ${f}) IS NOT NULL`),
    sql` OR `,
  );
  const entries = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "user"), eq(auditLog.entity_id, String(userId)), sql`(${touches})`))
    .orderBy(desc(auditLog.created_at), desc(auditLog.id))
    .limit(limit);
  const text = (value: unknown) => (value === undefined || value === null ? null : String(value));
  return entries.flatMap((entry) => {
    const before = (entry.before ?? {}) as Record<string, unknown>;
    const after = (entry.after ?? {}) as Record<string, unknown>;
    return STATUS_FIELDS.filter((field) => field in after).map((field) => ({
      audit_id: entry.id,
      at: iso(entry.created_at),
      admin_username: entry.admin_username,
      field,
      from: text(before[field]),
      to: text(after[field]),
    }));
  });
}

async function ordersOf(db: Database, userId: number, limit: number): Promise<Section<"orders">> {
  const where = eq(orders.user_id, userId);
  const [rows, n] = await Promise.all([
    db
      .select({
        order_id: orders.order_id,
        short_id: orders.short_id,
        created_at: orders.created_at,
        serviceType: orders.serviceType,
        status: orders.status,
        charges: orders.charges,
        serviceProviderId: orders.service_provider_id,
        serviceProviderUsername: providerUsers.username,
      })
      .from(orders)
      .innerJoin(serviceProviders, eq(serviceProviders.serviceProvider_id, orders.service_provider_id))
      .innerJoin(providerUsers, eq(providerUsers.id, serviceProviders.user_id))
      .where(where)
      .orderBy(desc(orders.created_at), desc(orders.order_id))
      .limit(limit),
    total(db.select({ n: count() }).from(orders).where(where)),
  ]);
  return { total: n, rows: rows.map((r) => ({ ...r, created_at: iso(r.created_at), charges: paiseToInr(r.charges) })) };
}

async function paymentsOf(db: Database, userId: number, limit: number): Promise<Section<"payments">> {
  const where = eq(orders.user_id, userId);
  const [rows, n] = await Promise.all([
    db
      .select({
        payment_id: payments.payment_id,
        order_id: orders.order_id,
        short_id: orders.short_id,
        payment_status: payments.payment_status,
        total_amount: payments.total_amount,
        payment_date: payments.payment_date,
      })
      .from(payments)
      .innerJoin(orders, eq(orders.order_id, payments.order_id))
      .where(where)
      .orderBy(desc(payments.payment_date), desc(payments.payment_id))
      .limit(limit),
    total(db.select({ n: count() }).from(payments).innerJoin(orders, eq(orders.order_id, payments.order_id)).where(where)),
  ]);
  return {
    total: n,
    rows: rows.map((r) => ({ ...r, total_amount: paiseToInr(r.total_amount), payment_date: iso(r.payment_date) })),
  };
}

async function ratingsOf(db: Database, userId: number, limit: number): Promise<Section<"ratings">> {
  const where = eq(orders.user_id, userId);
  const [rows, n] = await Promise.all([
    db
      .select({
        rating_id: ratings.rating_id,
        order_id: orders.order_id,
        short_id: orders.short_id,
        serviceProviderUsername: providerUsers.username,
        type: ratings.type,
        comment: ratings.comment,
        created_at: ratings.created_at,
      })
      .from(ratings)
      .innerJoin(orders, eq(orders.order_id, ratings.order_id))
      .innerJoin(serviceProviders, eq(serviceProviders.serviceProvider_id, orders.service_provider_id))
      .innerJoin(providerUsers, eq(providerUsers.id, serviceProviders.user_id))
      .where(where)
      .orderBy(desc(ratings.created_at), desc(ratings.rating_id))
      .limit(limit),
    total(db.select({ n: count() }).from(ratings).innerJoin(orders, eq(orders.order_id, ratings.order_id)).where(where)),
  ]);
  return { total: n, rows: rows.map((r) => ({ ...r, created_at: iso(r.created_at) })) };
}

/** Contact leads sent from the user's email (any case); none when the user has no email. */
async function contactsOf(db: Database, email: string, limit: number): Promise<Section<"contacts">> {
  const address = email.trim().toLowerCase();
  if (!address) return { total: 0, rows: [] };
  // the trigram index on search_text narrows the rows, the equality keeps the ones of this address
  const where: SQL = and(sql`${contacts.search_text} LIKE ${containsPattern(address)}`, sql`lower(${contacts.email}) = ${address}`)!;
  const [rows, n] = await Promise.all([
    db
      .select({
        id: contacts.id,
        name: contacts.name,
        subject: contacts.subject,
        message: contacts.message,
        created_at: contacts.created_at,
      })
      .from(contacts)
      .where(where)
      .orderBy(desc(contacts.created_at), desc(contacts.id))
      .limit(limit),
    total(db.select({ n: count() }).from(contacts).where(where)),
  ]);
  return { total: n, rows: rows.map((r) => ({ ...r, created_at: iso(r.created_at) })) };
}

async function queriesOf(db: Database, userId: number, limit: number): Promise<Section<"queries">> {
  const where = eq(queryChatGroups.user_id, userId);
  const [rows, n] = await Promise.all([
    db
      .select({
        id: queryChatGroups.id,
        serviceProviderId: queryChatGroups.service_provider_id,
        serviceProviderUsername: providerUsers.username,
        chat_count: queryChatGroups.chat_count,
        date: queryChatGroups.last_chat_at,
      })
      .from(queryChatGroups)
      .innerJoin(serviceProviders, eq(serviceProviders.serviceProvider_id, queryChatGroups.service_provider_id))
      .innerJoin(providerUsers, eq(providerUsers.id, serviceProviders.user_id))
      .where(where)
      .orderBy(desc(queryChatGroups.last_chat_at), desc(queryChatGroups.id))
      .limit(limit),
    total(db.select({ n: count() }).from(queryChatGroups).where(where)),
  ]);
  return { total: n, rows: rows.map((r) => ({ ...r, date: iso(r.date) })) };
}

/** The sections asked for, each read on its own (a section not asked for is not read). */
export async function storySections(
  db: Database,
  user: { id: number; email: string },
  sections: readonly UserStorySection[],
  limit: number,
): Promise<Omit<Story, "history">> {
  const asked = new Set(sections);
  const [ordersSection, paymentsSection, ratingsSection, contactsSection, queriesSection] = await Promise.all([
    asked.has("orders") ? ordersOf(db, user.id, limit) : undefined,
    asked.has("payments") ? paymentsOf(db, user.id, limit) : undefined,
    asked.has("ratings") ? ratingsOf(db, user.id, limit) : undefined,
    asked.has("contacts") ? contactsOf(db, user.email, limit) : undefined,
    asked.has("queries") ? queriesOf(db, user.id, limit) : undefined,
  ]);
  const story: Omit<Story, "history"> = {};
  if (ordersSection) story.orders = ordersSection;
  if (paymentsSection) story.payments = paymentsSection;
  if (ratingsSection) story.ratings = ratingsSection;
  if (contactsSection) story.contacts = contactsSection;
  if (queriesSection) story.queries = queriesSection;
  return story;
}
