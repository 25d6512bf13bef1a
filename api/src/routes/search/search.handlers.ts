/**
 * search: the handler of GET /admin-search (search.routes.ts). One query per area asked for, run
 * together; each reads at most limit + 1 rows (the extra one only says there are more), so no area
 * counts its matches. Text areas use their trigram indexes (search_text) where the table is large.
 */
import { aliasedTable, and, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { orderNumberOf, SEARCH_MIN_LENGTH, type SearchArea, type SearchGroup, type SearchHit } from "~contract/global-search";
import type { Database } from "../../db/client";
import { adminUsers, blogArticles, categories, contacts, orders, queryChatGroups, serviceProviders, users } from "../../db/schema";
import { apiRouter } from "../../lib/openapi";
import { containsPattern } from "../../lib/providers";
import { globalSearchRoute } from "./search.routes";

type Found = { hits: SearchHit[]; more: boolean };
type Term = {
  /** lower-cased */
  text: string;
  /** LIKE '%text%', escaped */
  pattern: string;
  /** long enough for the text areas */
  textual: boolean;
  /** the order number it names, if it names one */
  orderNumber: number | null;
  raw: string;
};

const joined = (...parts: (string | null | undefined)[]) => parts.filter((p) => p && p.trim()).join(" · ");
const fullName = (first: string, last: string) => [first, last].filter(Boolean).join(" ");
/** An area that does not search this text (too short for it). */
const NOTHING: Found = { hits: [], more: false };

/** The first `limit` of the limit + 1 rows read, as hits; more when the extra one came. */
function hitsOf<T>(found: T[], limit: number, hit: (row: T) => SearchHit): Found {
  return { hits: found.slice(0, limit).map(hit), more: found.length > limit };
}

type Person = { id: number; username: string; firstName: string; lastName: string; email: string; phone: string };
const personHit = (r: Person): SearchHit => ({
  id: r.id,
  title: fullName(r.firstName, r.lastName) || r.username,
  detail: joined(r.username, r.email, r.phone),
  key: r.username,
});

type Searcher = (db: Database, term: Term, limit: number) => Promise<Found>;

const userColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
};
const providerColumns = { ...userColumns, id: serviceProviders.serviceProvider_id };

/**
 * An exact username first, then the newest matches. Two queries, so the second can be ordered by an
 * index alone: for a text most rows hold ("example") the planner walks that index backward and stops
 * at limit + 1 matches; for a rare one it takes the trigram index and sorts the few it finds.
 */
function exactFirst(exact: Person[], newest: Person[], limit: number): Found {
  const seen = new Set(exact.map((row) => row.id));
  return hitsOf([...exact, ...newest.filter((row) => !seen.has(row.id))], limit, personHit);
}

const providers: Searcher = async (db, term, limit) => {
  if (!term.textual) return NOTHING;
  const live = and(isNull(serviceProviders.deleted_at), sql`NOT ${users.is_deleted}`);
  const from = () => db.select(providerColumns).from(serviceProviders).innerJoin(users, eq(users.id, serviceProviders.user_id)).$dynamic();
  const [exact, newest] = await Promise.all([
    from().where(and(live, sql`lower(${users.username}) = ${term.text}`)),
    from()
      .where(and(live, sql`${users.search_text} LIKE ${term.pattern}`))
      .orderBy(desc(serviceProviders.serviceProvider_id))
      .limit(limit + 1),
  ]);
  return exactFirst(exact, newest, limit);
};

const usersArea: Searcher = async (db, term, limit) => {
  if (!term.textual) return NOTHING;
  const live = sql`NOT ${users.is_deleted}`;
  const [exact, newest] = await Promise.all([
    db
      .select(userColumns)
      .from(users)
      .where(and(live, sql`lower(${users.username}) = ${term.text}`)),
    db
      .select(userColumns)
      .from(users)
      .where(and(live, sql`${users.search_text} LIKE ${term.pattern}`))
      .orderBy(desc(users.created_at), desc(users.id))
      .limit(limit + 1),
  ]);
  return exactFirst(exact, newest, limit);
};

const customer = aliasedTable(users, "customer");
const providerUser = aliasedTable(users, "provider_user");

const ordersArea: Searcher = async (db, term, limit) => {
  const shortIds = new Set<string>();
  if (/^[A-Za-z][A-Za-z0-9_-]{0,39}$/.test(term.raw)) shortIds.add(term.raw.toUpperCase());
  if (term.orderNumber !== null) shortIds.add(`ORD${String(term.orderNumber).padStart(6, "0")}`);
  const conditions: SQL[] = [];
  if (term.orderNumber !== null) conditions.push(eq(orders.order_id, term.orderNumber));
  if (shortIds.size) conditions.push(inArray(orders.short_id, [...shortIds]));
  if (conditions.length === 0) return NOTHING;
  const found = await db
    .select({
      id: orders.order_id,
      shortId: orders.short_id,
      serviceType: orders.serviceType,
      status: orders.status,
      customer: customer.username,
      provider: providerUser.username,
    })
    .from(orders)
    .innerJoin(customer, eq(customer.id, orders.user_id))
    .innerJoin(serviceProviders, eq(serviceProviders.serviceProvider_id, orders.service_provider_id))
    .innerJoin(providerUser, eq(providerUser.id, serviceProviders.user_id))
    .where(or(...conditions))
    .orderBy(desc(orders.created_at), desc(orders.order_id))
    .limit(limit + 1);
  return hitsOf(found, limit, (r) => ({
    id: r.id,
    title: r.shortId,
    detail: joined(r.serviceType, r.status, `${r.customer} with ${r.provider}`),
    key: r.shortId,
  }));
};

const parent = aliasedTable(categories, "parent");

type CategoryFound = {
  id: number;
  name: string;
  status: string;
  parentId: number | null;
  parentName: string | null;
  grandparentId: number | null;
};

const categoriesArea: Searcher = async (db, term, limit) => {
  if (!term.textual) return NOTHING;
  // (typed by hand: drizzle's inference gives up on the self-join of a self-referencing table)
  const found: CategoryFound[] = await db
    .select({
      id: categories.category_id,
      name: categories.categoryName,
      status: categories.status,
      parentId: categories.parentCategoryId,
      parentName: parent.categoryName,
      grandparentId: parent.parentCategoryId,
    })
    .from(categories)
    .leftJoin(parent, eq(parent.category_id, categories.parentCategoryId))
    .where(sql`lower(${categories.categoryName}) LIKE ${term.pattern}`)
    .orderBy(sql`lower(${categories.categoryName}) = ${term.text} DESC`, desc(categories.created_at), desc(categories.category_id))
    .limit(limit + 1);
  return hitsOf(found, limit, (r) => ({
    id: r.id,
    title: r.name,
    detail: joined(
      r.parentId === null ? "Category" : `${r.grandparentId === null ? "Sub-category" : "Sub-sub-category"} of ${r.parentName ?? "—"}`,
      r.status,
    ),
    key: String(r.id),
    parentId: r.parentId,
  }));
};

const posts: Searcher = async (db, term, limit) => {
  if (!term.textual) return NOTHING;
  const found = await db
    .select({
      id: blogArticles.id,
      title: blogArticles.title,
      slug: blogArticles.slug,
      status: blogArticles.status,
      author: blogArticles.author,
    })
    .from(blogArticles)
    .where(or(sql`lower(${blogArticles.title}) LIKE ${term.pattern}`, sql`lower(${blogArticles.slug}) LIKE ${term.pattern}`))
    .orderBy(sql`lower(${blogArticles.title}) = ${term.text} DESC`, desc(blogArticles.created_at), desc(blogArticles.id))
    .limit(limit + 1);
  return hitsOf(found, limit, (r) => ({
    id: r.id,
    title: r.title,
    detail: joined(r.status === "published" ? "Published" : "Draft", r.author && `by ${r.author}`),
    key: r.slug,
  }));
};

const adminUsersArea: Searcher = async (db, term, limit) => {
  if (!term.textual) return NOTHING;
  const found = await db
    .select({
      id: adminUsers.adminUserId,
      username: adminUsers.adminUsername,
      email: adminUsers.adminEmail,
      role: adminUsers.adminRole,
      status: adminUsers.adminStatus,
    })
    .from(adminUsers)
    .where(or(sql`lower(${adminUsers.adminUsername}) LIKE ${term.pattern}`, sql`lower(${adminUsers.adminEmail}) LIKE ${term.pattern}`))
    .orderBy(sql`lower(${adminUsers.adminUsername}) = ${term.text} DESC`, desc(adminUsers.created_at), desc(adminUsers.adminUserId))
    .limit(limit + 1);
  return hitsOf(found, limit, (r) => ({ id: r.id, title: r.username, detail: joined(r.role, r.email, r.status), key: r.username }));
};

const contactsArea: Searcher = async (db, term, limit) => {
  if (!term.textual) return NOTHING;
  const found = await db
    .select({ id: contacts.id, name: contacts.name, email: contacts.email, contactNo: contacts.contactNo, subject: contacts.subject })
    .from(contacts)
    .where(sql`${contacts.search_text} LIKE ${term.pattern}`)
    .orderBy(desc(contacts.created_at), desc(contacts.id))
    .limit(limit + 1);
  return hitsOf(found, limit, (r) => ({
    id: r.id,
    title: r.name,
    detail: joined(r.email, r.contactNo, r.subject),
    key: r.email || r.name,
  }));
};

const customerQueries: Searcher = async (db, term, limit) => {
  if (!term.textual) return NOTHING;
  const found = await db
    .select({
      id: queryChatGroups.id,
      customer: customer.username,
      customerFirst: customer.firstName,
      customerLast: customer.lastName,
      provider: providerUser.username,
      providerFirst: providerUser.firstName,
      providerLast: providerUser.lastName,
      messages: queryChatGroups.chat_count,
    })
    .from(queryChatGroups)
    .innerJoin(customer, eq(customer.id, queryChatGroups.user_id))
    .innerJoin(serviceProviders, eq(serviceProviders.serviceProvider_id, queryChatGroups.service_provider_id))
    .innerJoin(providerUser, eq(providerUser.id, serviceProviders.user_id))
    .where(sql`${queryChatGroups.search_text} LIKE ${term.pattern}`)
    .orderBy(desc(queryChatGroups.last_chat_at), desc(queryChatGroups.id))
    .limit(limit + 1);
  return hitsOf(found, limit, (r) => ({
    id: r.id,
    title: `${fullName(r.customerFirst, r.customerLast) || r.customer} and ${fullName(r.providerFirst, r.providerLast) || r.provider}`,
    detail: joined(`${r.customer} with ${r.provider}`, `${r.messages} ${r.messages === 1 ? "message" : "messages"}`),
    key: String(r.id),
  }));
};

const SEARCHERS: Record<SearchArea, Searcher> = {
  providers,
  users: usersArea,
  orders: ordersArea,
  categories: categoriesArea,
  posts,
  "admin-users": adminUsersArea,
  contacts: contactsArea,
  "customer-queries": customerQueries,
};

export function searchRouter(db: Database) {
  const router = apiRouter();

  router.openapi(globalSearchRoute, async (c) => {
    const { q, areas, limit } = c.req.valid("query");
    const text = q.toLowerCase();
    const term: Term = {
      text,
      pattern: containsPattern(text),
      textual: q.length >= SEARCH_MIN_LENGTH,
      orderNumber: orderNumberOf(q),
      raw: q,
    };
    const groups: SearchGroup[] = await Promise.all(areas.map(async (area) => ({ area, ...(await SEARCHERS[area](db, term, limit)) })));
    return c.json({ data: groups }, 200);
  });

  return router;
}
