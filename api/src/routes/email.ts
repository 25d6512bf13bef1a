import { and, eq, inArray } from "drizzle-orm";
import { SendEmailBody } from "~contract/service-providers";
import { sanitizeRichText } from "~shared/sanitize";
import type { Database } from "../db/client";
import { outbox, users } from "../db/schema";
import { recordAudit, requireActor } from "../lib/audit";
import { assertIds, badRequest, INVALID_INPUT_MESSAGE } from "../lib/http";
import { ActingAdmin, apiRouter, body, common, createRoute, data, json, mutating, z } from "../lib/openapi";
import { isBlankHtml } from "~shared/html-text";

/**
 * POST /send-email: `to` holds user ids (the selected providers' userId.id). One outbox row per
 * recipient and channel: email when subject and body are given, WhatsApp when a template is chosen.
 * Delivery (SMTP, WhatsApp webhook) is not done here; rows stay `queued`.
 */
const sendRoute = createRoute({
  method: "post",
  path: "/send-email",
  summary: "Queue an email and/or WhatsApp message to users",
  description:
    "to holds user ids (the selected providers' userId.id). One outbox row per recipient and channel: email when subject and body are given, WhatsApp when whatsappTemplate is chosen. Delivery follows in the background: email over SMTP when SMTP_URL is set, WhatsApp to WHATSAPP_WEBHOOK_URL when set; each row is marked sent or failed with the reason, and stays queued while its channel is not configured. Unknown or deleted users: 400 errors.to. The body is stored as safe rich text (the FAQ editor's rules: no script, style, images, event handlers or javascript: links); a body with no text left is 400 errors.body.",
  request: { headers: ActingAdmin, body: body(SendEmailBody.openapi("SendEmailBody")) },
  responses: { 201: json(data(z.object({ queued: z.number().int() })), "Rows queued"), ...mutating, ...common },
});

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
