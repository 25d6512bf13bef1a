import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { and, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Database } from "../db/client";
import { outbox, users } from "../db/schema";

export const DEFAULT_SMTP_FROM = "Marketplace <no-reply@marketplace.test>";

/** How delivery retries: the defaults, each overridable (OUTBOX_* settings in api/src/main.ts). */
export const OUTBOX_DEFAULTS = {
  /** sends begun per row before it is marked failed */
  maxAttempts: 5,
  /** the first retry waits this long; each next one twice as long (with up to 20 % jitter), at most retryMaxMs */
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  /** how often each process looks for due rows (rows queued through another process, retries) */
  pollMs: 5_000,
  /** rows claimed at a time, and sent side by side within a claim */
  batchSize: 50,
  concurrency: 4,
  /** per-send time limit, so a dead server fails the row instead of hanging */
  timeoutMs: 15_000,
};

export type OutboxDeliveryOptions = Partial<typeof OUTBOX_DEFAULTS> & {
  /** smtp://host:port (or smtps://user:pass@host:port); unset: email rows stay queued */
  smtpUrl?: string;
  smtpFrom?: string;
  /** receives POST {template, to: phone, username} per WhatsApp row; unset: those rows stay queued */
  whatsappWebhookUrl?: string;
  /**
   * how long a claim holds: a row whose sender died is claimed again after this. Longer than any
   * send can take (default 4 × timeoutMs, at least a minute), so a live sender never loses its row.
   */
  leaseMs?: number;
  /** names this process in claimed_by (default host:pid:random) */
  workerId?: string;
  logError?: (error: unknown) => void;
  /**
   * the time claims, waits and stamps are reckoned from; default the database's now(), the one clock
   * every process agrees on. Tests pass one of their own to step past a wait instead of sleeping.
   */
  now?: () => Date;
};

export type DeliveryTotals = { sent: number; failed: number; retrying: number };

export type OutboxDelivery = {
  /** claims and delivers due rows of the configured channels until none is left; resolves with what this call did */
  deliverQueued(): Promise<DeliveryTotals>;
  /** the same, in the background (after a send-email call commits, on the poll timer, and at start) */
  kick(): void;
  /** looks for due rows every pollMs (rows queued through other processes, retries whose time came) */
  startPolling(): void;
  /** resolves when no pass is running (tests, shutdown) */
  idle(): Promise<void>;
  /** stops polling and claiming; resolves when a pass under way has settled the rows it claimed */
  close(): Promise<void>;
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

/** The wait before the next try after `attempts` sends have failed: base × 2^(attempts−1), capped, plus up to 20 % jitter. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number, random = Math.random) {
  const plain = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(plain * (1 + 0.2 * random()));
}

type ClaimedRow = typeof outbox.$inferSelect;

/**
 * Delivers the outbox: email rows over SMTP (nodemailer, pooled connections), WhatsApp rows to a
 * webhook; rows of a channel that is not configured stay queued.
 *
 * Any number of API processes may run this on one database. A process claims due rows in one
 * statement (`SELECT … FOR UPDATE SKIP LOCKED`, then the claim written in the same transaction), so
 * two processes never hold the same row; each row is sent once and marked sent by its claimant only.
 * A failed send puts the row back with `next_attempt_at` (exponential backoff) until `maxAttempts`,
 * then marks it failed with the reason. A process killed mid-send leaves its claim to run out
 * (`leaseMs`); the row is then claimed again, counted as an attempt, so a row that kills its sender
 * cannot loop for ever. (A send that reached the server just before the kill may then go twice:
 * SMTP offers no way to ask whether a message arrived.)
 */
export function createOutboxDelivery(db: Database, options: OutboxDeliveryOptions): OutboxDelivery {
  const settings = { ...OUTBOX_DEFAULTS, ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) };
  const { maxAttempts, retryBaseMs, retryMaxMs, pollMs, batchSize, concurrency, timeoutMs } = settings as typeof OUTBOX_DEFAULTS;
  const leaseMs = options.leaseMs ?? Math.max(60_000, 4 * timeoutMs);
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const from = options.smtpFrom || DEFAULT_SMTP_FROM;
  const clock = options.now;
  const now = () => (clock ? sql`${clock().toISOString()}::timestamptz` : sql`now()`);
  const logError = options.logError ?? ((error) => console.error("[outbox]", reason(error)));
  const transport = options.smtpUrl
    ? nodemailer.createTransport({ ...smtpOptions(options.smtpUrl, timeoutMs), pool: true, maxConnections: concurrency })
    : null;
  const channels = [...(transport ? (["email"] as const) : []), ...(options.whatsappWebhookUrl ? (["whatsapp"] as const) : [])];
  let closed = false;

  /** Rows whose claimant died on their last allowed attempt: failed, with the reason. */
  async function failAbandoned() {
    await db
      .update(outbox)
      .set({
        status: "failed",
        error: sql`coalesce(${outbox.error} || ' (then the sending process stopped mid-send)', 'The sending process stopped mid-send')`,
        claimed_by: null,
        claimed_until: null,
        last_attempt_at: now(),
      })
      .where(and(eq(outbox.status, "queued"), lt(outbox.claimed_until, now()), sql`${outbox.attempts} >= ${maxAttempts}`));
  }

  /** Claims up to batchSize due rows for this process: nobody else's claim, SKIP LOCKED against a claim being written. */
  async function claim(): Promise<ClaimedRow[]> {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          and(
            eq(outbox.status, "queued"),
            inArray(outbox.channel, [...channels]),
            or(isNull(outbox.next_attempt_at), lte(outbox.next_attempt_at, now())),
            or(isNull(outbox.claimed_until), lt(outbox.claimed_until, now())),
            sql`${outbox.attempts} < ${maxAttempts}`,
          ),
        )
        .orderBy(outbox.id)
        .limit(batchSize)
        .for("update", { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(outbox)
        .set({
          claimed_by: workerId,
          claimed_until: sql`${now()} + ${leaseMs} * interval '1 millisecond'`,
          attempts: sql`${outbox.attempts} + 1`,
        })
        .where(
          inArray(
            outbox.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });
  }

  async function send(row: ClaimedRow, username: string) {
    if (row.channel === "email") {
      const sending = transport!.sendMail({ from, to: row.recipient, subject: row.subject ?? "", html: row.body ?? "" });
      // the pool's socket timeouts cover a silent server; this covers a slow trickle too
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`The mail server did not accept the message within ${timeoutMs / 1000} s`)), timeoutMs);
      });
      try {
        await Promise.race([sending, limit]);
      } finally {
        clearTimeout(timer);
      }
      return;
    }
    const response = await fetch(options.whatsappWebhookUrl!, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ template: row.template, to: row.recipient, username }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new Error(`WhatsApp webhook answered ${response.status}`);
  }

  /** Records a send's outcome, only while the claim is still this process's. */
  async function settle(row: ClaimedRow, error: unknown | null): Promise<keyof DeliveryTotals | null> {
    const mine = and(eq(outbox.id, row.id), eq(outbox.claimed_by, workerId), eq(outbox.status, "queued"));
    const released = { claimed_by: null, claimed_until: null, last_attempt_at: now() };
    let outcome: keyof DeliveryTotals;
    let update;
    if (error === null) {
      outcome = "sent";
      update = db.update(outbox).set({ ...released, status: "sent", sent_at: now(), error: null, next_attempt_at: null });
    } else if (row.attempts >= maxAttempts) {
      outcome = "failed";
      update = db.update(outbox).set({ ...released, status: "failed", error: reason(error), next_attempt_at: null });
    } else {
      outcome = "retrying";
      const waitMs = retryDelayMs(row.attempts, retryBaseMs, retryMaxMs);
      update = db
        .update(outbox)
        .set({ ...released, error: reason(error), next_attempt_at: sql`${now()} + ${waitMs} * interval '1 millisecond'` });
    }
    const written = await update.where(mine).returning({ id: outbox.id });
    if (written.length === 0) {
      // the claim ran out and another process took the row (a send slower than the lease)
      logError(new Error(`outbox row ${row.id}: its claim ran out before the send finished; left to its new claimant`));
      return null;
    }
    return outcome;
  }

  async function deliverBatch(rows: ClaimedRow[], totals: DeliveryTotals) {
    const whatsappUsers = rows.filter((r) => r.channel === "whatsapp" && r.user_id !== null).map((r) => r.user_id!);
    const usernames = new Map<number, string>();
    if (whatsappUsers.length > 0) {
      for (const u of await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, whatsappUsers))) {
        usernames.set(u.id, u.username);
      }
    }
    let next = 0;
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next++];
        let error: unknown | null = null;
        try {
          await send(row, row.user_id === null ? "" : (usernames.get(row.user_id) ?? ""));
        } catch (caught) {
          error = caught ?? new Error("send failed");
        }
        const outcome = await settle(row, error);
        if (outcome) totals[outcome]++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane));
  }

  async function pass(totals: DeliveryTotals) {
    if (channels.length === 0) return;
    await failAbandoned();
    while (!closed) {
      const rows = await claim();
      if (rows.length === 0) return;
      await deliverBatch(rows, totals);
    }
  }

  let running: Promise<DeliveryTotals> | null = null;
  let again = false;

  function deliverQueued(): Promise<DeliveryTotals> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      const totals: DeliveryTotals = { sent: 0, failed: 0, retrying: 0 };
      do {
        again = false;
        await pass(totals);
      } while (again && !closed);
      return totals;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  async function idle() {
    while (running) await running.catch(() => undefined);
  }

  let timer: NodeJS.Timeout | undefined;
  const kick = () => {
    if (channels.length === 0 || closed) return;
    deliverQueued().catch(logError);
  };

  return {
    deliverQueued,
    kick,
    startPolling() {
      if (timer || channels.length === 0 || pollMs <= 0) return;
      timer = setInterval(kick, pollMs);
      timer.unref();
    },
    idle,
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await idle();
      transport?.close();
    },
  };
}
