/** subscriptions: the handlers of the calls subscriptions.routes.ts defines. */
import { and, asc, count, desc, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { PLAN_FIELD_NAMES, PLAN_MESSAGES, PlanFields, PlanRecord, planHeldMessage } from "~contract/subscriptions";
import type { Database } from "../../db/client";
import { plans, serviceProviders, type PlanRow } from "../../db/schema";
import { recordAudit, requireActor, type Tx } from "../../lib/audit";
import { badRequest, HttpError, INVALID_INPUT_MESSAGE, nextVersion, notFound, parseVersion, staleEdit } from "../../lib/http";
import { inrToPaiseNumber, paiseToInr } from "~shared/money";
import { apiRouter } from "../../lib/openapi";
import { listRoute, detailRoute, createPlanRoute, updateRoute, deleteRoute } from "./subscriptions.routes";

/** Serialises plan-name writes, so two admins cannot both create "Gold" and "gold" at once. */
const PLAN_NAME_LOCK = 7_311_001;

/** The plan's fields in their wire form (the audit log's before/after use these). */
export function planFields(row: PlanRow): PlanFields {
  return {
    plan_name: row.plan_name,
    charge: paiseToInr(row.charge),
    service_fee: row.service_fee,
    profile_boost: row.profile_boost,
    plan_validity: row.plan_validity as PlanFields["plan_validity"],
    max_approval: row.max_approval,
    status: row.status,
  };
}

function planRecord(row: PlanRow, heldBy: number, heldByDeleted?: number): PlanRecord {
  return {
    plan_id: row.plan_id,
    ...planFields(row),
    held_by: heldBy,
    ...(heldByDeleted === undefined ? {} : { held_by_deleted: heldByDeleted }),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    updated_by: row.updated_by,
  };
}

/** Wire fields → columns (charge in paise). */
function columnsOf(fields: Partial<PlanFields>) {
  const { charge, ...rest } = fields;
  return charge === undefined ? rest : { ...rest, charge: inrToPaiseNumber(charge) };
}

async function findPlan(db: Database | Tx, id: number, lock = false): Promise<PlanRow | undefined> {
  const query = db.select().from(plans).where(eq(plans.plan_id, id));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

async function holders(db: Database | Tx, id: number) {
  const [row] = await db
    .select({
      live: sql<number>`count(*) filter (where ${serviceProviders.deleted_at} is null)`.mapWith(Number),
      deleted: sql<number>`count(*) filter (where ${serviceProviders.deleted_at} is not null)`.mapWith(Number),
    })
    .from(serviceProviders)
    .where(eq(serviceProviders.plan_id, id));
  return { live: row?.live ?? 0, deleted: row?.deleted ?? 0 };
}

async function assertUniqueName(tx: Tx, name: string, exceptId?: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${PLAN_NAME_LOCK})`);
  const clash = await tx
    .select({ id: plans.plan_id })
    .from(plans)
    .where(and(sql`lower(${plans.plan_name}) = lower(${name})`, exceptId === undefined ? undefined : ne(plans.plan_id, exceptId)))
    .limit(1);
  if (clash.length) throw badRequest(INVALID_INPUT_MESSAGE, { plan_name: PLAN_MESSAGES.duplicateName });
}

export function subscriptionsRouter(db: Database) {
  const router = apiRouter();

  router.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    // a handful of plans: sorted as asked (ties by id the same way), else cheapest first
    const dir = query.sortOrder === "desc" ? desc : asc;
    const key = query.sortField ? plans[query.sortField] : plans.charge;
    const [rows, held] = await Promise.all([
      db.select().from(plans).orderBy(dir(key), dir(plans.plan_id)),
      db
        .select({ plan_id: serviceProviders.plan_id, n: count() })
        .from(serviceProviders)
        .where(and(isNotNull(serviceProviders.plan_id), isNull(serviceProviders.deleted_at)))
        .groupBy(serviceProviders.plan_id),
    ]);
    const heldBy = new Map(held.map((h) => [h.plan_id, Number(h.n)]));
    return c.json({ data: rows.map((row) => planRecord(row, heldBy.get(row.plan_id) ?? 0)) }, 200);
  });

  router.openapi(detailRoute, async (c) => {
    const { plan_id } = c.req.valid("query");
    const row = await findPlan(db, plan_id);
    if (!row) throw notFound(PLAN_MESSAGES.notFound);
    const held = await holders(db, plan_id);
    return c.json({ data: planRecord(row, held.live, held.deleted) }, 200);
  });

  router.openapi(createPlanRoute, async (c) => {
    const actor = await requireActor(c, db);
    const fields = c.req.valid("json");
    const created = await db.transaction(async (tx) => {
      await assertUniqueName(tx, fields.plan_name);
      const now = new Date();
      const [row] = await tx
        .insert(plans)
        .values({ ...fields, charge: inrToPaiseNumber(fields.charge), created_at: now, updated_at: now, updated_by: actor.adminUsername })
        .returning();
      await recordAudit(tx, actor, { action: "create", entity: "plan", entityId: row.plan_id, after: planFields(row) });
      return planRecord(row, 0, 0);
    });
    return c.json({ data: created }, 201);
  });

  router.openapi(updateRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { plan_id } = c.req.valid("query");
    const { updated_at, ...given } = c.req.valid("json");
    const version = parseVersion(updated_at);
    const updated = await db.transaction(async (tx) => {
      const current = await findPlan(tx, plan_id, true);
      if (!current) throw notFound(PLAN_MESSAGES.notFound);
      if (current.updated_at.getTime() !== version) throw staleEdit("plan", current);

      const old = planFields(current);
      const before: Partial<PlanFields> = {};
      const after: Partial<PlanFields> = {};
      for (const key of PLAN_FIELD_NAMES) {
        const value = given[key];
        if (value !== undefined && value !== old[key]) {
          Object.assign(before, { [key]: old[key] });
          Object.assign(after, { [key]: value });
        }
      }
      if (Object.keys(after).length === 0) throw badRequest(PLAN_MESSAGES.noChange);
      if (after.plan_name !== undefined) await assertUniqueName(tx, after.plan_name, plan_id);
      const [row] = await tx
        .update(plans)
        .set({ ...columnsOf(after), updated_at: nextVersion(current.updated_at), updated_by: actor.adminUsername })
        .where(eq(plans.plan_id, plan_id))
        .returning();
      await recordAudit(tx, actor, { action: "update", entity: "plan", entityId: plan_id, before, after });
      const held = await holders(tx, plan_id);
      return planRecord(row, held.live, held.deleted);
    });
    return c.json({ data: updated }, 200);
  });

  router.openapi(deleteRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { plan_id } = c.req.valid("query");
    await db.transaction(async (tx) => {
      const current = await findPlan(tx, plan_id, true);
      if (!current) throw notFound(PLAN_MESSAGES.notFound);
      const held = await holders(tx, plan_id);
      if (held.live > 0 || held.deleted > 0) {
        throw new HttpError(409, { message: planHeldMessage(held.live, held.deleted), held_by: held.live, held_by_deleted: held.deleted });
      }
      await tx.delete(plans).where(eq(plans.plan_id, plan_id));
      await recordAudit(tx, actor, { action: "delete", entity: "plan", entityId: plan_id, before: planFields(current) });
    });
    return c.json({ message: "Plan Deleted Successfully" }, 200);
  });

  return router;
}
