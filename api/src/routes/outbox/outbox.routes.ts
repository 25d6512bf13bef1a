import { sortTogether } from "~contract/list-query-schema";
import { OutboxList, OutboxListQuery, OutboxRetryAnswer, OutboxRetryBody, OutboxRetryFailedBody } from "~contract/outbox";
import { ActingAdmin, body, chosenByUs, common, createRoute, error, json, mutating } from "../../lib/openapi";

export const listRoute = createRoute({
  method: "get",
  path: "/outbox",
  summary: "Sent Messages: the outbox, newest first, paged and filtered, with counts per status",
  ...chosenByUs(
    "status: queued (not tried yet), sending (a sender holds it now), retrying (a send failed; next_attempt_at says when it is tried again), sent, failed (max_attempts sends failed; error says why). channel: email or whatsapp. search: part of the recipient, the subject or the template, any case. counts: rows per status among those channel and search keep. delivering: the channels this API process delivers (SMTP_URL, WHATSAPP_WEBHOOK_URL); rows of the others stay queued.",
  ),
  request: { query: OutboxListQuery.openapi("OutboxListQuery").superRefine(sortTogether) },
  responses: { 200: json(OutboxList.openapi("OutboxList"), "One page of messages"), 400: error("Bad query"), ...common },
});

export const retryRoute = createRoute({
  method: "post",
  path: "/outbox/retry",
  summary: "Queue failed messages again",
  ...chosenByUs(
    "Only failed rows: each goes back to queued with attempts 0 (the delivery's full number of tries again); its last error stays until it is sent. Any id that is not a failed message: 400 naming it, nothing changed. Audited (entity outbox).",
  ),
  request: { headers: ActingAdmin, body: body(OutboxRetryBody.openapi("OutboxRetryBody")) },
  responses: { 200: json(OutboxRetryAnswer, "How many were queued again"), ...mutating, ...common },
});

export const retryFailedRoute = createRoute({
  method: "post",
  path: "/outbox/retry-failed",
  summary: "Queue every failed message again (optionally of one channel)",
  ...chosenByUs(
    "Every failed row (of the channel, when given) goes back to queued with attempts 0, its last error kept until it is sent. Audited (entity outbox).",
  ),
  request: { headers: ActingAdmin, body: body(OutboxRetryFailedBody.openapi("OutboxRetryFailedBody")) },
  responses: { 200: json(OutboxRetryAnswer, "How many were queued again"), ...mutating, ...common },
});
