/** faqs: the handlers of the calls faqs.routes.ts defines. */
import { asc, eq } from "drizzle-orm";
import { FAQ_H3_MESSAGE, faqQuestion } from "~contract/faqs";
import { sanitizeRichText } from "~shared/sanitize";
import type { Database } from "../../db/client";
import { categories, faqs } from "../../db/schema";
import { recordAudit, requireActor } from "../../lib/audit";
import { assertIds, badRequest, INVALID_INPUT_MESSAGE, nextVersion, notFound, parseVersion, staleEdit } from "../../lib/http";
import { apiRouter } from "../../lib/openapi";
import { faqRecord } from "../../lib/serialize";
import { CATEGORY_NOT_FOUND } from "../categories";
import { categoryFaqsRoute, createFaqRoute, faqRoute, updateFaqRoute, deleteFaqRoute } from "./faqs.routes";

export const FAQ_NOT_FOUND = "FAQ not found";

/**
 * An FAQ's content as it is stored and served: the rich text's safe tags only (no scripts, event
 * handlers, images or javascript: links; the public marketplace renders it). Its question must
 * still be in an h3 once cleaned (400 otherwise).
 */
export function cleanFaqContent(content: string): string {
  const clean = sanitizeRichText(content).trim();
  if (clean === "") throw badRequest(INVALID_INPUT_MESSAGE, { content: "FAQ content is required" });
  if (faqQuestion(clean) === null) throw badRequest(INVALID_INPUT_MESSAGE, { content: FAQ_H3_MESSAGE });
  return clean;
}

export function faqsRouter(db: Database) {
  const router = apiRouter();

  async function findFaq(id: number) {
    const [row] = await db.select().from(faqs).where(eq(faqs.id, id));
    return row;
  }

  router.openapi(categoryFaqsRoute, async (c) => {
    const { categoryId } = c.req.valid("param");
    const [category] = await db.select({ id: categories.category_id }).from(categories).where(eq(categories.category_id, categoryId));
    if (!category) throw notFound(CATEGORY_NOT_FOUND);
    const rows = await db.select().from(faqs).where(eq(faqs.category, categoryId)).orderBy(asc(faqs.id));
    return c.json({ data: rows.map(faqRecord) }, 200);
  });

  router.openapi(createFaqRoute, async (c) => {
    const actor = await requireActor(c, db);
    const body = c.req.valid("json");
    assertIds({ category: body.category });
    const content = cleanFaqContent(body.content);
    const created = await db.transaction(async (tx) => {
      const [category] = await tx.select({ id: categories.category_id }).from(categories).where(eq(categories.category_id, body.category));
      if (!category) throw badRequest(INVALID_INPUT_MESSAGE, { category: "Unknown category" });
      const now = new Date();
      const [row] = await tx
        .insert(faqs)
        .values({ category: body.category, content, created_at: now, updated_at: now, updated_by: actor.adminUsername })
        .returning();
      const record = faqRecord(row);
      await recordAudit(tx, actor, { action: "create", entity: "faq", entityId: row.id, after: record });
      return record;
    });
    return c.json({ data: created }, 201);
  });

  router.openapi(faqRoute, async (c) => {
    const { id } = c.req.valid("param");
    const row = await findFaq(id);
    if (!row) throw notFound(FAQ_NOT_FOUND);
    return c.json({ data: faqRecord(row) }, 200);
  });

  router.openapi(updateFaqRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const version = parseVersion(body.updated_at);
    const content = cleanFaqContent(body.content);
    const updated = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(faqs).where(eq(faqs.id, id)).for("update");
      if (!current) throw notFound(FAQ_NOT_FOUND);
      if (current.updated_at.getTime() !== version) throw staleEdit("FAQ", current);
      const [row] = await tx
        .update(faqs)
        .set({ content, updated_at: nextVersion(current.updated_at), updated_by: actor.adminUsername })
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

  router.openapi(deleteFaqRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { id } = c.req.valid("param");
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
