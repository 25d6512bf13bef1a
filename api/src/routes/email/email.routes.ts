import { SendEmailBody } from "~contract/service-providers";
import { ActingAdmin, body, common, createRoute, data, json, mutating, z } from "../../lib/openapi";

/**
 * POST /send-email: `to` holds user ids (the selected providers' userId.id). One outbox row per
 * recipient and channel: email when subject and body are given, WhatsApp when a template is chosen.
 * Delivery (SMTP, WhatsApp webhook) is not done here; rows stay `queued`.
 */
export const sendRoute = createRoute({
  method: "post",
  path: "/send-email",
  summary: "Queue an email and/or WhatsApp message to users",
  description:
    "to holds user ids (the selected providers' userId.id). One outbox row per recipient and channel: email when subject and body are given, WhatsApp when whatsappTemplate is chosen. Delivery follows in the background: email over SMTP when SMTP_URL is set, WhatsApp to WHATSAPP_WEBHOOK_URL when set; each row is marked sent or failed with the reason, and stays queued while its channel is not configured. Unknown or deleted users: 400 errors.to. The body is stored as safe rich text (the FAQ editor's rules: no script, style, images, event handlers or javascript: links); a body with no text left is 400 errors.body.",
  request: { headers: ActingAdmin, body: body(SendEmailBody.openapi("SendEmailBody")) },
  responses: { 201: json(data(z.object({ queued: z.number().int() })), "Rows queued"), ...mutating, ...common },
});
