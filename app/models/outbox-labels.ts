/** What only the admin uses of ~contract/outbox-labels (the shared part stays in contract/outbox-labels.ts). */
import { type OutboxStatus } from "~contract/outbox-labels";

export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  queued: "Queued",
  sending: "Sending",
  retrying: "Retrying",
  sent: "Sent",
  failed: "Failed",
};
