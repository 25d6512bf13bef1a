/** bookings: the handlers of the calls bookings.routes.ts defines. */
import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { BookingListQuery, BookingRow } from "~contract/bookings";
import type { Database } from "../../db/client";
import { orders, serviceProviders, users } from "../../db/schema";
import { estimatedRows } from "../../lib/list-total";
import { apiRouter } from "../../lib/openapi";
import { paiseToInr } from "~shared/money";
import { containsPattern } from "../../lib/providers";
import { orderIdsPage, providerUsers } from "../orders";
import { newestFirst, type KeysetOrder } from "../../lib/keyset";
import { bookingsRoute } from "./bookings.routes";

/**
 * A party search matching at least this many users (the planner's estimate) reads the orders newest
 * first with both parties joined and stops when the page is full (a common name: a few hundred orders
 * read); fewer, and the matching users' orders are collected by index first (a rare name: a few rows).
 * See docs/benchmarks.md "A million rows".
 */
export const DENSE_PARTY_MATCHES = 2_000;

async function listConditions(db: Database, query: BookingListQuery): Promise<{ conditions: SQL[]; dense: boolean }> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.serviceType) conditions.push(eq(orders.serviceType, query.serviceType));
  if (query.user_id) conditions.push(eq(orders.user_id, query.user_id));
  if (/^ORD\d{6,}$/i.test(query.search)) {
    // a short id: the unique index, nothing else
    conditions.push(eq(orders.short_id, query.search.toUpperCase()));
    return { conditions, dense: false };
  }
  if (!query.search) return { conditions, dense: false };
  // short id (exact), or a party's username, names, email or phone (users.search_text)
  const pattern = containsPattern(query.search.toLowerCase());
  const shortId = eq(orders.short_id, query.search.toUpperCase());
  const matchingUsers = await estimatedRows(db, sql`SELECT 1 FROM ${users} u WHERE u.search_text LIKE ${pattern}`);
  if (matchingUsers >= DENSE_PARTY_MATCHES) {
    conditions.push(or(shortId, sql`${users.search_text} LIKE ${pattern}`, sql`${providerUsers.search_text} LIKE ${pattern}`)!);
    return { conditions, dense: true };
  }
  // the orders of the matching customers and providers, each by its index (one set, then the page)
  conditions.push(
    inArray(
      orders.order_id,
      sql`(SELECT o.order_id FROM ${orders} o WHERE o.short_id = ${query.search.toUpperCase()}
           UNION SELECT o.order_id FROM ${orders} o WHERE o.user_id IN (SELECT u.id FROM ${users} u WHERE u.search_text LIKE ${pattern})
           UNION SELECT o.order_id FROM ${orders} o WHERE o.service_provider_id IN
             (SELECT sp."serviceProvider_id" FROM ${serviceProviders} sp JOIN ${users} u ON u.id = sp.user_id WHERE u.search_text LIKE ${pattern}))`,
    ),
  );
  return { conditions, dense: false };
}

/**
 * The list's order as a keyset (lib/keyset.ts), each an index's (db/schema/orders.ts) read forward or
 * backward, ties by the order's id: newest first by default; Status is A–Z by code, each by date the same way.
 */
function listOrder(query: BookingListQuery): KeysetOrder | undefined {
  if (!query.sortField || !query.sortOrder) return undefined;
  const dir = query.sortOrder;
  const id = { value: orders.order_id, type: "integer" } as const;
  switch (query.sortField) {
    case "created_at":
      return { ...newestFirst(orders.created_at, orders.order_id), dir };
    case "charges":
      return { name: "charges", keys: [{ value: orders.charges, type: "integer" }, id], dir };
    case "status":
      return { name: "status", keys: [{ value: orders.status, type: "text" }, { value: orders.created_at, type: "timestamptz" }, id], dir };
  }
}

export function bookingsRouter(db: Database) {
  const router = apiRouter();

  router.openapi(bookingsRoute, async (c) => {
    const query = c.req.valid("query");
    const { conditions, dense } = await listConditions(db, query);
    const where = conditions.length ? and(...conditions) : undefined;
    // a common name: the page from the newest orders with their parties, the total estimated (no
    // plan counts 10,000 of them cheaply)
    const { position, total, totalKind, page, cursors } = await orderIdsPage(db, where, query, {
      withParties: dense,
      estimateTotal: dense,
      order: listOrder(query),
    });
    const rows = position.size
      ? await db
          .select({
            order_id: orders.order_id,
            short_id: orders.short_id,
            created_at: orders.created_at,
            user_id: orders.user_id,
            userUsername: users.username,
            serviceProviderUsername: providerUsers.username,
            serviceType: orders.serviceType,
            charges: orders.charges,
            status: orders.status,
            // the latest payment attempt
            payment: sql<{
              status: string;
              response: unknown;
            } | null>`(SELECT json_build_object('status', p.payment_status, 'response', p.phonepe_response) FROM payments p WHERE p.order_id = ${orders.order_id} ORDER BY p.payment_id DESC LIMIT 1)`,
          })
          .from(orders)
          .innerJoin(users, eq(users.id, orders.user_id))
          .innerJoin(serviceProviders, eq(serviceProviders.serviceProvider_id, orders.service_provider_id))
          .innerJoin(providerUsers, eq(providerUsers.id, serviceProviders.user_id))
          .where(inArray(orders.order_id, [...position.keys()]))
      : [];
    rows.sort((a, b) => position.get(a.order_id)! - position.get(b.order_id)!);
    const data: BookingRow[] = rows.map((r) => {
      const payment = typeof r.payment === "string" ? (JSON.parse(r.payment) as { status: string; response: unknown }) : r.payment;
      return {
        order_id: r.order_id,
        short_id: r.short_id,
        created_at: r.created_at.toISOString(),
        user_id: r.user_id,
        userUsername: r.userUsername,
        serviceProviderUsername: r.serviceProviderUsername,
        serviceType: r.serviceType,
        charges: paiseToInr(r.charges),
        paymentStatus: payment?.status ?? null,
        status: r.status,
        phonepe_response: payment?.response ?? null,
      };
    });
    return c.json({ data, total_results: total, total_kind: totalKind, current_page: page, page_size: query.page_size, cursors }, 200);
  });

  return router;
}
