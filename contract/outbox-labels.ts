/**
 * Sent Messages (the outbox) without zod: the statuses and channels the admin filters by, their
 * labels and the page's sentences, for components and server alike.
 */
export const OUTBOX_STATUSES = ["queued", "sending", "retrying", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OUTBOX_CHANNELS = ["email", "whatsapp"] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];
export const OUTBOX_CHANNEL_LABELS: Record<OutboxChannel, string> = { email: "Email", whatsapp: "WhatsApp" };

/** rows one Retry call may name */
export const MAX_RETRY_IDS = 200;

export const OUTBOX_MESSAGES = {
  title: "Sent Messages",
  fetchFailed: "Failed to fetch sent messages",
  retryFailed: "Could not queue the messages again",
  requeued: (n: number) => (n === 0 ? "No failed messages to queue again" : `${n} message${n === 1 ? "" : "s"} queued again`),
  notFailed: (ids: readonly number[]) =>
    `Only failed messages can be sent again; ${ids.length === 1 ? "message" : "messages"} ${ids.slice(0, 20).join(", ")}${ids.length > 20 ? ", …" : ""} ${ids.length === 1 ? "is" : "are"} not failed`,
  noneNamed: "No message was named.",
  /** a channel the API is not set up to deliver: its messages wait in the queue */
  notDelivered: (channels: readonly OutboxChannel[]) =>
    `${channels.map((c) => OUTBOX_CHANNEL_LABELS[c]).join(" and ")} delivery is not set up on the marketplace API (${channels
      .map((c) => (c === "email" ? "SMTP_URL" : "WHATSAPP_WEBHOOK_URL"))
      .join(", ")}): those messages stay queued until it is.`,
} as const;

/**
 * Sent Messages' sorts (?sortField=…&sortOrder=asc|desc): created_at (Queued At), channel (each by
 * Queued At the same way), attempts. Ties by the message's id; default: newest first.
 */
export const OUTBOX_SORT_FIELDS = ["created_at", "channel", "attempts"] as const;
export type OutboxSortField = (typeof OUTBOX_SORT_FIELDS)[number];
