/** email: the handlers of the calls email.routes.ts defines. */
import { and, eq, inArray } from "drizzle-orm";
import { sanitizeRichText } from "~shared/sanitize";
import type { Database } from "../../db/client";
import { outbox, users } from "../../db/schema";
import { recordAudit, requireActor } from "../../lib/audit";
import { assertIds, badRequest, INVALID_INPUT_MESSAGE } from "../../lib/http";
import { apiRouter } from "../../lib/openapi";
import { isBlankHtml } from "~shared/html-text";
import { sendRoute } from "./email.routes";

/** `kickOutbox`: starts delivery of the rows just queued (the outbox, when this process delivers). */
export function emailRouter(db: Database, kickOutbox?: () => void) {
  const router = apiRouter();

  router.openapi(sendRoute, async (c) => {
    const actor = await requireActor(c, db);
    const body = c.req.valid("json");
    const ids = [...new Set(body.to)];
    assertIds(Object.fromEntries(ids.map((id, i) => [`to.${i}`, id])));
    const recipients = await db
      .select({ id: users.id, email: users.email, phone: users.phone })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.is_deleted, false)));
    const known = new Set(recipients.map((r) => r.id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) {
      throw badRequest(INVALID_INPUT_MESSAGE, {
        to: `Unknown recipients: ${unknown.slice(0, 20).join(", ")}${unknown.length > 20 ? ", …" : ""}`,
      });
    }
    // the body goes out as HTML: only the rich text's safe tags (the admin sanitises too; any caller is covered here)
    const html = sanitizeRichText(body.body);
    const withEmail = Boolean(body.subject && !isBlankHtml(html));
    const withWhatsapp = Boolean(body.whatsappTemplate);
    if (!withEmail && !withWhatsapp) throw badRequest(INVALID_INPUT_MESSAGE, { body: "Message is required" });
    const rows: (typeof outbox.$inferInsert)[] = [];
    for (const r of recipients.sort((a, b) => a.id - b.id)) {
      if (withEmail) {
        rows.push({
          channel: "email",
          user_id: r.id,
          recipient: r.email,
          subject: body.subject,
          body: html,
          created_by: actor.adminUsername,
        });
      }
      if (withWhatsapp) {
        rows.push({
          channel: "whatsapp",
          user_id: r.id,
          recipient: r.phone,
          template: body.whatsappTemplate,
          created_by: actor.adminUsername,
        });
      }
    }
    const queued = await db.transaction(async (tx) => {
      const inserted: { id: number }[] = [];
      for (let i = 0; i < rows.length; i += 1000) {
        inserted.push(
          ...(await tx
            .insert(outbox)
            .values(rows.slice(i, i + 1000))
            .returning({ id: outbox.id })),
        );
      }
      await recordAudit(tx, actor, {
        action: "create",
        entity: "outbox",
        entityId: inserted.length ? `${inserted[0].id}-${inserted[inserted.length - 1].id}` : "none",
        after: {
          to: ids,
          channels: [...(withEmail ? ["email"] : []), ...(withWhatsapp ? ["whatsapp"] : [])],
          subject: body.subject,
          bodyLength: body.body.length,
          whatsappTemplate: body.whatsappTemplate,
          queued: inserted.length,
        },
      });
      return inserted.length;
    });
    // committed: delivery starts in the background (outcomes are recorded on the rows)
    kickOutbox?.();
    return c.json({ data: { queued } }, 201);
  });

  return router;
}
