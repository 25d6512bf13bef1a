/**
 * Runs bulk jobs (docs/decisions/0026-bulk-jobs.md). Any number of API processes may run this on one
 * database: a process claims one open job (`FOR UPDATE SKIP LOCKED`, then `claimed_by` and a lease
 * written in the same transaction) and runs it batch by batch. Each batch is ONE transaction that
 * locks the job row, checks the claim is still this process's, reads the targets after the job's
 * cursor, changes them, writes their audit entries and failures, and moves the cursor and the counts.
 * So a batch is done entirely or not at all: a process killed mid-batch leaves nothing of it, and the
 * next claimant (after the lease runs out) starts after the cursor — nothing lost, nothing repeated.
 * Two processes can never do one batch twice: the job row's lock orders them and the second reads
 * the cursor the first moved (or finds the claim is no longer its own).
 */
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { BULK_JOB_KIND_INFO, type BulkJobKind } from "~contract/bulk-jobs";
import type { Database } from "../db/client";
import { bulkJobFailures, bulkJobs } from "../db/schema";
import type { Tx } from "../lib/audit";
import { filterWhere, KIND_ACTIONS, nextTargets } from "./kinds";

export const BULK_JOB_DEFAULTS = {
  /** the most targets a batch takes (one transaction each) */
  batchSize: 1000,
  /**
   * the time a batch aims at: its size follows the last batch's time (between 20 and batchSize
   * rows), so a request waiting behind a batch (PGlite runs one statement at a time) waits no longer
   */
  batchMs: 20,
  /** how often each process looks for open jobs (made through another process, or left by a dead one) */
  pollMs: 2_000,
  /** how long a claim holds without a batch renewing it: a dead runner's job is taken over after this */
  leaseMs: 60_000,
  /**
   * the least pause between batches; the pause is at least half the time the batch took, so a job
   * takes at most two thirds of the database's time and other admins' requests get their turn
   */
  pauseMs: 10,
};

export type BulkJobRunnerOptions = Partial<typeof BULK_JOB_DEFAULTS> & {
  workerId?: string;
  logError?: (error: unknown) => void;
  /** called after a batch that queued outbox rows commits (starts delivery) */
  onOutboxQueued?: () => void;
  /** the clock claims are reckoned from; default the database's now() (tests step past a lease) */
  now?: () => Date;
  /** TEST ONLY: runs inside each batch's transaction before it commits (a test throws here to crash mid-batch) */
  beforeCommit?: (job: { id: number; cursor: number }) => void | Promise<void>;
};

export type BulkJobRunner = {
  /** claims and runs open jobs until none is left; resolves with the batches this call committed */
  runOpen(): Promise<number>;
  kick(): void;
  startPolling(): void;
  idle(): Promise<void>;
  /** stops claiming; the batch under way commits, the job's claim is given up for another process */
  close(): Promise<void>;
};

type BatchResult = "more" | "ended" | "lost";

export function createBulkJobRunner(db: Database, options: BulkJobRunnerOptions = {}): BulkJobRunner {
  const settings = {
    ...BULK_JOB_DEFAULTS,
    ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
  } as typeof BULK_JOB_DEFAULTS;
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const clock = options.now;
  const now = () => (clock ? sql`${clock().toISOString()}::timestamptz` : sql`now()`);
  const lease = () => sql`${now()} + ${settings.leaseMs} * interval '1 millisecond'`;
  const logError = options.logError ?? ((error) => console.error("[bulk-jobs]", error instanceof Error ? error.message : error));
  let closed = false;

  async function claim(): Promise<number | null> {
    return db.transaction(async (tx) => {
      const [open] = await tx
        .select({ id: bulkJobs.id })
        .from(bulkJobs)
        .where(
          and(
            inArray(bulkJobs.state, ["queued", "running", "cancelling"]),
            or(isNull(bulkJobs.claim_until), lt(bulkJobs.claim_until, now())),
          ),
        )
        .orderBy(bulkJobs.id)
        .limit(1)
        .for("update", { skipLocked: true });
      if (!open) return null;
      await tx
        .update(bulkJobs)
        .set({
          claimed_by: workerId,
          claim_until: lease(),
          state: sql`CASE WHEN ${bulkJobs.state} = 'queued' THEN 'running' ELSE ${bulkJobs.state} END`,
          started_at: sql`coalesce(${bulkJobs.started_at}, ${now()})`,
        })
        .where(eq(bulkJobs.id, open.id));
      return open.id;
    });
  }

  const ended = (state: "done" | "cancelled") => ({ state, finished_at: now(), claimed_by: null, claim_until: null });

  async function batch(id: number, size: number): Promise<{ result: BatchResult; queuedOutbox: boolean }> {
    return db.transaction(async (tx: Tx) => {
      const [job] = await tx.select().from(bulkJobs).where(eq(bulkJobs.id, id)).for("update");
      if (!job || job.claimed_by !== workerId) return { result: "lost", queuedOutbox: false };
      if (job.state === "cancelling") {
        await tx.update(bulkJobs).set(ended("cancelled")).where(eq(bulkJobs.id, id));
        return { result: "ended", queuedOutbox: false };
      }
      if (job.state !== "running") return { result: "ended", queuedOutbox: false };
      const kind = job.kind as BulkJobKind;
      const where = await filterWhere(tx, BULK_JOB_KIND_INFO[kind].list, job.filter as Record<string, string>);
      const targets = await nextTargets(tx, BULK_JOB_KIND_INFO[kind].list, where, job.cursor, job.until_id, size);
      const actor = { adminUserId: job.created_by, adminUsername: job.created_by_username };
      const outcome = targets.length ? await KIND_ACTIONS[kind](tx, job, actor, targets) : { done: 0, failures: [], queuedOutbox: false };
      if (outcome.failures.length) await tx.insert(bulkJobFailures).values(outcome.failures.map((f) => ({ job_id: id, ...f })));
      const last = targets.length < size;
      const done = job.done + outcome.done;
      const failed = job.failed + outcome.failures.length;
      await options.beforeCommit?.({ id, cursor: job.cursor });
      await tx
        .update(bulkJobs)
        .set({
          cursor: targets.length ? targets[targets.length - 1].id : job.cursor,
          done,
          failed,
          // rows that left the filter meanwhile (changed by someone else) are neither done nor failed
          ...(last ? { ...ended("done"), total: done + failed } : { claim_until: lease() }),
        })
        .where(eq(bulkJobs.id, id));
      return { result: last ? "ended" : "more", queuedOutbox: outcome.queuedOutbox };
    });
  }

  const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  async function runJob(id: number): Promise<number> {
    let batches = 0;
    let queued = false;
    let size = Math.min(settings.batchSize, 100);
    const least = Math.min(settings.batchSize, 20);
    try {
      while (!closed) {
        const started = performance.now();
        const { result, queuedOutbox } = await batch(id, size);
        const took = performance.now() - started;
        if (settings.batchMs > 0 && took > 0) {
          size = Math.max(least, Math.min(settings.batchSize, Math.round((size * settings.batchMs) / took)));
        }
        if (result !== "lost") batches++;
        if (queuedOutbox && !queued) {
          // delivery starts with the first rows; its own polling picks up the rest
          queued = true;
          options.onOutboxQueued?.();
        }
        if (result !== "more") return batches;
        await pause(Math.max(settings.pauseMs, took / 2));
      }
      // stopping: give the claim up so another process takes the job at once
      await db
        .update(bulkJobs)
        .set({ claimed_by: null, claim_until: null })
        .where(and(eq(bulkJobs.id, id), eq(bulkJobs.claimed_by, workerId)));
      return batches;
    } finally {
      if (queued) options.onOutboxQueued?.();
    }
  }

  let running: Promise<number> | null = null;
  let again = false;

  function runOpen(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let batches = 0;
      do {
        again = false;
        while (!closed) {
          const id = await claim();
          if (id === null) break;
          batches += await runJob(id);
        }
      } while (again && !closed);
      return batches;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  let timer: NodeJS.Timeout | undefined;
  const kick = () => {
    if (closed) return;
    runOpen().catch(logError);
  };
  async function idle() {
    while (running) await running.catch(() => undefined);
  }
  return {
    runOpen,
    kick,
    startPolling() {
      if (timer || settings.pollMs <= 0) return;
      timer = setInterval(kick, settings.pollMs);
      timer.unref();
    },
    idle,
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await idle();
    },
  };
}
