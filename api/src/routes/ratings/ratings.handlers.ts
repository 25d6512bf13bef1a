/** ratings: the handlers of the calls ratings.routes.ts defines. */
import { and, asc, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import { orderStatusLabel } from "~contract/order-labels";
import { RATING_MESSAGES, RatingListQuery, RatingRecord } from "~contract/ratings";
import { TOTAL_COUNT_HEADER } from "~contract/service-providers";
import type { Database } from "../../db/client";
import { orders, ratingRank, ratings, serviceProviders, users } from "../../db/schema";
import type { Tx } from "../../lib/audit";
import { HttpError, notFound } from "../../lib/http";
import { apiRouter, z } from "../../lib/openapi";
import { istDayEnd, istMidnight } from "../../lib/providers";
import { providerUsers } from "../orders";
import { listRoute, createRatingRoute } from "./ratings.routes";

/**
 * The list's order, each an index's (db/schema/orders.ts) read forward or backward, ties by the
 * rating's id: newest first by default; type is the rating's rank (Poor … Excellent), each by date the same way.
 */
function listOrder(query: z.infer<typeof RatingListQuery>): SQL[] {
  const dir = query.sortField && query.sortOrder === "asc" ? asc : desc;
  const rank = query.sortField === "type" ? [dir(ratingRank(ratings.type))] : [];
  return [...rank, dir(ratings.created_at), dir(ratings.rating_id)];
}

function ratingsJoined(db: Database | Tx) {
  return db
    .select({
      rating_id: ratings.rating_id,
      order_id: orders.order_id,
      short_id: orders.short_id,
      order_status: orders.status,
      user_id: users.id,
      userUsername: users.username,
      serviceProviderUsername: providerUsers.username,
      serviceType: orders.serviceType,
      type: ratings.type,
      comment: ratings.comment,
      created_at: ratings.created_at,
    })
    .from(ratings)
    .innerJoin(orders, eq(orders.order_id, ratings.order_id))
    .innerJoin(users, eq(users.id, orders.user_id))
    .innerJoin(serviceProviders, eq(serviceProviders.serviceProvider_id, orders.service_provider_id))
    .innerJoin(providerUsers, eq(providerUsers.id, serviceProviders.user_id))
    .$dynamic();
}

type RatingJoin = Omit<RatingRecord, "created_at"> & { created_at: Date };

const ratingRecord = (row: RatingJoin): RatingRecord => ({ ...row, created_at: row.created_at.toISOString() });

export function ratingsRouter(db: Database) {
  const router = apiRouter();

  router.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const conditions: SQL[] = [];
    if (query.type) conditions.push(eq(ratings.type, query.type));
    if (query.serviceType) conditions.push(eq(orders.serviceType, query.serviceType));
    if (query.user_id) conditions.push(eq(orders.user_id, query.user_id));
    if (query.start_date) conditions.push(gte(ratings.created_at, istMidnight(query.start_date)));
    if (query.end_date) conditions.push(lt(ratings.created_at, istDayEnd(query.end_date)));
    const where = conditions.length ? and(...conditions) : undefined;
    const page = ratingsJoined(db)
      .where(where)
      .orderBy(...listOrder(query))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size);
    // the count needs the order only for the service and customer filters
    const counted =
      query.serviceType || query.user_id
        ? db.select({ total: count() }).from(ratings).innerJoin(orders, eq(orders.order_id, ratings.order_id)).where(where)
        : db.select({ total: count() }).from(ratings).where(where);
    const [rows, [{ total }]] = await Promise.all([page, counted]);
    c.header(TOTAL_COUNT_HEADER, String(total));
    return c.json({ data: rows.map(ratingRecord) }, 200);
  });

  router.openapi(createRatingRoute, async (c) => {
    const { order_id, type, comment } = c.req.valid("json");
    const created = await db.transaction(async (tx) => {
      // the order's row lock serialises two ratings of one order
      const [order] = await tx
        .select({ short_id: orders.short_id, status: orders.status })
        .from(orders)
        .where(eq(orders.order_id, order_id))
        .for("update");
      if (!order) throw notFound(RATING_MESSAGES.orderNotFound);
      if (order.status !== "Completed") {
        throw new HttpError(409, { message: RATING_MESSAGES.notCompleted(order.short_id, orderStatusLabel(order.status)) });
      }
      const [existing] = await tx.select({ id: ratings.rating_id }).from(ratings).where(eq(ratings.order_id, order_id));
      if (existing) throw new HttpError(409, { message: RATING_MESSAGES.alreadyRated(order.short_id) });
      const [row] = await tx.insert(ratings).values({ order_id, type, comment }).returning({ id: ratings.rating_id });
      const [joined] = await ratingsJoined(tx).where(eq(ratings.rating_id, row.id));
      return ratingRecord(joined);
    });
    return c.json({ message: RATING_MESSAGES.created, data: created }, 201);
  });

  return router;
}
