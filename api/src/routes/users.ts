import { and, asc, count, eq, or, sql } from "drizzle-orm";
import { AccountsQuery, TOTAL_COUNT_HEADER, UpdateUserBody, UserRecord } from "../../../app/models/service-providers";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import { recordAudit, requireActor } from "../lib/audit";
import { notFound } from "../lib/http";
import { ActingAdmin, apiRouter, body, common, createRoute, data, error, idParam, json, mutating, z } from "../lib/openapi";
import { containsPattern, USER_NOT_FOUND, userRecord } from "../lib/providers";

const User = UserRecord.openapi("UserRecord");

const listRoute = createRoute({
  method: "get",
  path: "/get-all-users",
  summary: "Users that are not deleted, by id",
  description: "The spec's call takes no query. page, page_size and search are ours (all optional); the total is in x-total-count.",
  request: { query: AccountsQuery },
  responses: {
    200: { ...json(data(z.array(User)), "The users"), headers: { [TOTAL_COUNT_HEADER]: { description: "number of matching rows (ours)", schema: { type: "integer" as const } } } },
    400: error("Bad query"),
    ...common,
  },
});
const updateRoute = createRoute({
  method: "put",
  path: "/update-user",
  summary: "Set a user's verified flag or status (Active, Inactive, Hold)",
  request: {
    query: z.object({ user_id: idParam("user_id", "the user's id") }),
    headers: ActingAdmin,
    body: body(UpdateUserBody.openapi("UpdateUserBody")),
  },
  responses: { 200: json(data(User), "The updated user"), ...mutating, 404: error("Unknown or deleted user"), ...common },
});

export function usersRouter(db: Database) {
  const router = apiRouter();

  router.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const conditions = [eq(users.is_deleted, false)];
    if (query.search) {
      const p = containsPattern(query.search);
      // search_text (lower-cased username, names, email, phone) has a trigram index: it narrows the rows
      // for 3+ characters; the ILIKEs keep the answer to username, email and phone
      conditions.push(
        sql`${users.search_text} LIKE ${p.toLowerCase()}`,
        or(sql`${users.username} ILIKE ${p}`, sql`${users.email} ILIKE ${p}`, sql`${users.phone} ILIKE ${p}`)!,
      );
    }
    const where = and(...conditions);
    let rows = db.select().from(users).where(where).orderBy(asc(users.id)).$dynamic();
    if (query.page_size) rows = rows.limit(query.page_size).offset(((query.page ?? 1) - 1) * query.page_size);
    const [list, [{ total }]] = await Promise.all([rows, db.select({ total: count() }).from(users).where(where)]);
    c.header(TOTAL_COUNT_HEADER, String(total));
    return c.json({ data: list.map(userRecord) }, 200);
  });

  router.openapi(updateRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { user_id } = c.req.valid("query");
    const body = c.req.valid("json");
    const updated = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(users).where(and(eq(users.id, user_id), eq(users.is_deleted, false))).for("update");
      if (!current) throw notFound(USER_NOT_FOUND);
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      if (body.verified !== undefined && body.verified !== current.verified) {
        before.verified = current.verified;
        after.verified = body.verified;
      }
      if (body.status !== undefined && body.status !== current.status) {
        before.status = current.status;
        after.status = body.status;
      }
      if (Object.keys(after).length === 0) return current;
      const [row] = await tx.update(users).set({ ...after, updated_at: new Date() }).where(eq(users.id, user_id)).returning();
      await recordAudit(tx, actor, { action: "update", entity: "user", entityId: user_id, before, after });
      return row;
    });
    return c.json({ data: userRecord(updated) }, 200);
  });

  return router;
}
