import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import {
  ACTING_ADMIN_HEADER,
  ACTING_PROVIDER_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENT_REPLAY_HEADER,
} from "~contract/api";
import type { Database } from "../db/client";
import { idempotencyKeys } from "../db/schema";

export type IdempotencyOptions = {
  /** how long a successful answer is replayed for its key (default 24 hours) */
  keepMs: number;
  /** how long a repeat waits for the first request still running before it answers 409 (default 10 s) */
  waitMs: number;
  /** a claim still running after this long was abandoned (its process died): the next request takes it over */
  abandonedAfterMs: number;
  /** how often a waiting repeat looks again */
  pollMs: number;
};

export const IDEMPOTENCY_DEFAULTS: IdempotencyOptions = {
  keepMs: 24 * 3600_000,
  waitMs: 10_000,
  abandonedAfterMs: 120_000,
  pollMs: 100,
};

export const IDEMPOTENCY_MESSAGES = {
  badKey: "Idempotency-Key must be 8 to 100 letters, digits, '-', '_', ':' or '.'",
  otherRequest: "This Idempotency-Key was already used for another request",
  stillRunning: "This form is still being saved. Reload the page in a moment to see the result.",
} as const;

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Idempotent writes against a double submit (a form posted twice, a retry after a lost answer).
 * A mutating request with an `Idempotency-Key` header claims the key in the database
 * (idempotency_keys) before it runs. A repeat with the same key, the same acting admin or
 * provider, method and path gets the first request's answer again (status and body, with
 * `Idempotent-Replayed: true`) and changes nothing; while the first is still running the repeat
 * waits for it (up to `waitMs`, then 409). Only a successful answer (2xx) is kept, for `keepMs`:
 * a refused or failed request frees its key, so the corrected form, sent again, runs.
 * The same key from another admin or for another call answers 422. The table is in the database,
 * so any number of API processes share it. No npm library did this for Hono (checked 2026-11-27:
 * only express-idempotency and its adapters).
 */
export function idempotency(db: Database, options: Partial<IdempotencyOptions> = {}): MiddlewareHandler {
  const { keepMs, waitMs, abandonedAfterMs, pollMs } = { ...IDEMPOTENCY_DEFAULTS, ...options };
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
    if (key === undefined || !MUTATING.has(c.req.method)) return next();
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) return c.json({ message: IDEMPOTENCY_MESSAGES.badKey }, 400);
    const admin = c.req.header(ACTING_ADMIN_HEADER)?.trim();
    const provider = c.req.header(ACTING_PROVIDER_HEADER)?.trim();
    const actor = admin ? `admin:${admin}` : provider ? `provider:${provider}` : "-";
    const method = c.req.method;
    const path = c.req.path;

    const deadline = Date.now() + waitMs;
    for (;;) {
      const now = Date.now();
      // answers past their time, and claims whose process died, are free again
      await db
        .delete(idempotencyKeys)
        .where(
          or(
            lt(idempotencyKeys.createdAt, new Date(now - keepMs)),
            and(
              eq(idempotencyKeys.key, key),
              isNull(idempotencyKeys.completedAt),
              lt(idempotencyKeys.createdAt, new Date(now - abandonedAfterMs)),
            ),
          ),
        );
      const claimed = await db
        .insert(idempotencyKeys)
        .values({ key, actor, method, path })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length > 0) break;

      const [held] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
      if (!held) continue; // freed meanwhile: claim it
      if (held.actor !== actor || held.method !== method || held.path !== path) {
        return c.json({ message: IDEMPOTENCY_MESSAGES.otherRequest }, 422);
      }
      if (held.completedAt && held.status !== null) {
        const headers: Record<string, string> = { [IDEMPOTENT_REPLAY_HEADER]: "true" };
        if (held.contentType) headers["content-type"] = held.contentType;
        return new Response(held.body, { status: held.status, headers });
      }
      if (Date.now() >= deadline) return c.json({ message: IDEMPOTENCY_MESSAGES.stillRunning }, 409);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }

    let kept = false;
    try {
      await next();
      const response = c.res;
      if (response.status >= 200 && response.status < 300) {
        const body = response.status === 204 ? null : await response.clone().text();
        await db
          .update(idempotencyKeys)
          .set({ status: response.status, contentType: response.headers.get("content-type"), body, completedAt: sql`now()` })
          .where(eq(idempotencyKeys.key, key));
        kept = true;
      }
    } finally {
      // a refusal or a failure changed nothing: the same key may try again
      if (!kept) await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.key, key), isNull(idempotencyKeys.completedAt)));
    }
  };
}
