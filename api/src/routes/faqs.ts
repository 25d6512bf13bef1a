import { Hono } from "hono";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { CreateFaqBody, UpdateFaqBody } from "../../../app/models/faq";
import type { Database } from "../db/client";
import { categories, faqs } from "../db/schema";
import { recordAudit, requireActor } from "../lib/audit";
import { assertIds, badRequest, INVALID_INPUT_MESSAGE, nextVersion, notFound, parseBody, parseVersion, parseWith, staleEdit } from "../lib/http";
import { idParam } from "../lib/openapi";
import { faqRecord } from "../lib/serialize";
import { CATEGORY_NOT_FOUND } from "./categories";

export const FAQ_NOT_FOUND = "FAQ not found";
const CategoryIdPath = z.object({ categoryId: idParam("categoryId") });
const FaqIdPath = z.object({ id: idParam("id") });

export function faqsRouter(db: Database) {
  const router = new Hono();

  async function findFaq(id: number) {
    const [row] = await db.select().from(faqs).where(eq(faqs.id, id));
    return row;
  }

  router.get("/get-faq-by-category-id/:categoryId", async (c) => {
    const { categoryId } = parseWith(CategoryIdPath, c.req.param());
    const [category] = await db
      .select({ id: categories.category_id })
      .from(categories)
      .where(eq(categories.category_id, categoryId));
    if (!category) throw notFound(CATEGORY_NOT_FOUND);
    const rows = await db.select().from(faqs).where(eq(faqs.category, categoryId)).orderBy(asc(faqs.id));
    return c.json({ data: rows.map(faqRecord) });
  });

  router.post("/create-faq", async (c) => {
    const actor = await requireActor(c, db);
    const body = await parseBody(c, CreateFaqBody);
    assertIds({ category: body.category });
    const created = await db.transaction(async (tx) => {
      const [category] = await tx
        .select({ id: categories.category_id })
        .from(categories)
        .where(eq(categories.category_id, body.category));
      if (!category) throw badRequest(INVALID_INPUT_MESSAGE, { category: "Unknown category" });
      const now = new Date();
      const [row] = await tx
        .insert(faqs)
        .values({ category: body.category, content: body.content, created_at: now, updated_at: now, updated_by: actor.adminUsername })
        .returning();
      const record = faqRecord(row);
      await recordAudit(tx, actor, { action: "create", entity: "faq", entityId: row.id, after: record });
      return record;
    });
    return c.json({ data: created }, 201);
  });

  router.get("/faq-detail/:id", async (c) => {
    const { id } = parseWith(FaqIdPath, c.req.param());
    const row = await findFaq(id);
    if (!row) throw notFound(FAQ_NOT_FOUND);
    return c.json({ data: faqRecord(row) });
  });

  router.put("/faq-detail/:id", async (c) => {
    const actor = await requireActor(c, db);
    const { id } = parseWith(FaqIdPath, c.req.param());
    const body = await parseBody(c, UpdateFaqBody);
    const version = parseVersion(body.updated_at);
    const updated = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(faqs).where(eq(faqs.id, id)).for("update");
      if (!current) throw notFound(FAQ_NOT_FOUND);
      if (current.updated_at.getTime() !== version) throw staleEdit("FAQ", current);
      const [row] = await tx
        .update(faqs)
        .set({ content: body.content, updated_at: nextVersion(current.updated_at), updated_by: actor.adminUsername })
        .where(eq(faqs.id, id))
        .returning();
      await recordAudit(tx, actor, {
        action: "update",
        entity: "faq",
        entityId: id,
        before: { content: current.content },
        after: { content: row.content },
      });
      return faqRecord(row);
    });
    return c.json({ data: updated }, 200);
  });

  router.delete("/faq-detail/:id", async (c) => {
    const actor = await requireActor(c, db);
    const { id } = parseWith(FaqIdPath, c.req.param());
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(faqs).where(eq(faqs.id, id)).for("update");
      if (!current) throw notFound(FAQ_NOT_FOUND);
      await tx.delete(faqs).where(eq(faqs.id, id));
      await recordAudit(tx, actor, { action: "delete", entity: "faq", entityId: id, before: faqRecord(current) });
    });
    return c.body(null, 204);
  });

  return router;
}
