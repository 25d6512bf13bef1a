import { and, eq, inArray } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Database } from "../db/client";
import { outbox, users } from "../db/schema";

export const DEFAULT_SMTP_FROM = "Marketplace <no-reply@marketplace.test>";

export type OutboxDeliveryOptions = {
  /** smtp://host:port (or smtps://user:pass@host:port); unset: email rows stay queued */
  smtpUrl?: string;
  smtpFrom?: string;
  /** receives POST {template, to: phone, username} per WhatsApp row; unset: those rows stay queued */
  whatsappWebhookUrl?: string;
  /** per-send time limit, so a dead server fails the row instead of hanging */
  timeoutMs?: number;
  logError?: (error: unknown) => void;
};

export type OutboxDelivery = {
  /** delivers every queued row of the configured channels; resolves when this pass is done */
  deliverQueued(): Promise<{ sent: number; failed: number }>;
  /** the same, in the background (after a send-email call commits, and at start) */
  kick(): void;
  /** resolves when no pass is running (tests) */
  idle(): Promise<void>;
  close(): void;
};

/** smtp://[user:pass@]host[:port] (plain, STARTTLS when offered) or smtps:// (TLS from the start). */
function smtpOptions(url: string, timeoutMs: number) {
  const parsed = new URL(url);
  const secure = parsed.protocol === "smtps:";
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    auth: parsed.username ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  };
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Delivers the outbox: email rows over SMTP (nodemailer), WhatsApp rows to a webhook. Each row is
 * marked sent, or failed with the reason; rows of a channel that is not configured stay queued.
 * One pass at a time per process; a kick during a pass runs one more pass after it.
 */
export function createOutboxDelivery(db: Database, options: OutboxDeliveryOptions): OutboxDelivery {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const from = options.smtpFrom || DEFAULT_SMTP_FROM;
  const logError = options.logError ?? ((error) => console.error("[outbox]", reason(error)));
  const transport = options.smtpUrl ? nodemailer.createTransport(smtpOptions(options.smtpUrl, timeoutMs)) : null;
  const channels = [...(transport ? (["email"] as const) : []), ...(options.whatsappWebhookUrl ? (["whatsapp"] as const) : [])];

  async function mark(id: number, outcome: { ok: true } | { ok: false; error: string }) {
    await db
      .update(outbox)
      .set(outcome.ok ? { status: "sent", sent_at: new Date(), error: null } : { status: "failed", error: outcome.error })
      .where(eq(outbox.id, id));
  }

  async function pass() {
    let sent = 0;
    let failed = 0;
    if (channels.length === 0) return { sent, failed };
    const rows = await db
      .select({ row: outbox, username: users.username })
      .from(outbox)
      .leftJoin(users, eq(users.id, outbox.user_id))
      .where(and(eq(outbox.status, "queued"), inArray(outbox.channel, [...channels])))
      .orderBy(outbox.id);
    for (const { row, username } of rows) {
      try {
        if (row.channel === "email") {
          await transport!.sendMail({ from, to: row.recipient, subject: row.subject ?? "", html: row.body ?? "" });
        } else {
          const response = await fetch(options.whatsappWebhookUrl!, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ template: row.template, to: row.recipient, username: username ?? "" }),
            signal: AbortSignal.timeout(timeoutMs),
          });
          await response.arrayBuffer().catch(() => undefined);
          if (!response.ok) throw new Error(`WhatsApp webhook answered ${response.status}`);
        }
        await mark(row.id, { ok: true });
        sent++;
      } catch (error) {
        await mark(row.id, { ok: false, error: reason(error) });
        failed++;
      }
    }
    return { sent, failed };
  }

  let running: Promise<{ sent: number; failed: number }> | null = null;
  let again = false;

  function deliverQueued(): Promise<{ sent: number; failed: number }> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      const total = { sent: 0, failed: 0 };
      do {
        again = false;
        const result = await pass();
        total.sent += result.sent;
        total.failed += result.failed;
      } while (again);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    deliverQueued,
    kick() {
      if (channels.length === 0) return;
      deliverQueued().catch(logError);
    },
    async idle() {
      while (running) await running.catch(() => undefined);
    },
    close() {
      transport?.close();
    },
  };
}
