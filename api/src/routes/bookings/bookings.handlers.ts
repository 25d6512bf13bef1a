/** bookings: the handlers of the calls bookings.routes.ts defines. */
import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { BookingListQuery, BookingRow } from "~contract/bookings";
import type { Database } from "../../db/client";
import { orders, serviceProviders, users } from "../../db/schema";
import { apiRouter } from "../../lib/openapi";
import { paiseToInr } from "~shared/money";
import { containsPattern } from "../../lib/providers";
import { orderIdsPage, providerUsers } from "../orders";
import { bookingsRoute } from "./bookings.routes";

function listConditions(query: BookingListQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.serviceType) conditions.push(eq(orders.serviceType, query.serviceType));
  if (/^ORD\d{6,}$/i.test(query.search)) {
    // a short id: the unique index, nothing else
    conditions.push(eq(orders.short_id, query.search.toUpperCase()));
  } else if (query.search) {
    // short id (exact), or a party's username, names, email or phone (users.search_text)
    const pattern = containsPattern(query.search.toLowerCase());
    conditions.push(
      or(
        eq(orders.short_id, query.search.toUpperCase()),
        inArray(orders.user_id, sql`(SELECT u.id FROM ${users} u WHERE u.search_text LIKE ${pattern})`),
        inArray(
          orders.service_provider_id,
          sql`(SELECT sp."serviceProvider_id" FROM ${serviceProviders} sp JOIN ${users} u ON u.id = sp.user_id WHERE u.search_text LIKE ${pattern})`,
        ),
      )!,
    );
  }
  return conditions;
}

export function bookingsRouter(db: Database) {
  const router = apiRouter();

  router.openapi(bookingsRoute, async (c) => {
    const query = c.req.valid("query");
    const conditions = listConditions(query);
    const where = conditions.length ? and(...conditions) : undefined;
    const { position, total, totalKind } = await orderIdsPage(db, where, query.page, query.page_size);
    const rows = position.size
      ? await db
          .select({
            order_id: orders.order_id,
            short_id: orders.short_id,
            created_at: orders.created_at,
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
        userUsername: r.userUsername,
        serviceProviderUsername: r.serviceProviderUsername,
        serviceType: r.serviceType,
        charges: paiseToInr(r.charges),
        paymentStatus: payment?.status ?? null,
        status: r.status,
        phonepe_response: payment?.response ?? null,
      };
    });
    return c.json({ data, total_results: total, total_kind: totalKind, current_page: query.page, page_size: query.page_size }, 200);
  });

  return router;
}
