/**
 * The release of a payment (issue 34): at or above the threshold (PayoutSetting) it is a request a
 * different admin with Payment access approves or rejects; below it one admin releases as before.
 * Every release writes a payout row (the ledger's, and the bank file's source).
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { PAYMENT_MESSAGES, PAYMENT_STATUS_LABELS, releaseRefusal } from "~contract/payments";
import { PAYOUT_MESSAGES, type PayoutSummary } from "~contract/payouts";
import { PayoutSetting1 } from "~contract/settings";
import { orderStatusLabel } from "~contract/order-labels";
import { hasAccess } from "~contract/access";
import { inrToPaiseNumber, paiseToInr } from "~shared/money";
import type { Database } from "../../db/client";
import { adminUsers, orders, payments, payouts, settings, type OrderRow, type PaymentRow, type PayoutRow } from "../../db/schema";
import { recordAudit, type Actor, type Tx } from "../../lib/audit";
import { actingAccess } from "../../lib/admin-access";
import { HttpError, notFound } from "../../lib/http";

const requester = alias(adminUsers, "payout_requester");
const decider = alias(adminUsers, "payout_decider");

/** The threshold in paise, or null when every release is one admin's. */
export async function releaseThreshold(db: Database | Tx): Promise<number | null> {
  const [row] = await db.select({ setting1: settings.setting1 }).from(settings).where(eq(settings.settingName, "PayoutSetting"));
  const parsed = PayoutSetting1.safeParse(row?.setting1 ?? {});
  const rupees = parsed.success ? parsed.data.release_approval_threshold : null;
  return rupees === null ? null : inrToPaiseNumber(rupees);
}

/** The latest payout of each payment, with who asked and who decided (PaymentRecord.release). */
export async function latestPayouts(db: Database | Tx, paymentIds: number[]): Promise<Map<number, PayoutSummary>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([payouts.payment_id], { p: payouts, requestedBy: requester.adminUsername, decidedBy: decider.adminUsername })
    .from(payouts)
    .leftJoin(requester, eq(requester.adminUserId, payouts.requested_by))
    .leftJoin(decider, eq(decider.adminUserId, payouts.decided_by))
    .where(inArray(payouts.payment_id, paymentIds))
    .orderBy(payouts.payment_id, desc(payouts.payout_id));
  return new Map(rows.map(({ p, requestedBy, decidedBy }) => [p.payment_id, payoutSummary(p, requestedBy, decidedBy)]));
}

export function payoutSummary(p: PayoutRow, requestedBy: string | null, decidedBy: string | null): PayoutSummary {
  return {
    payout_id: p.payout_id,
    state: p.state,
    amount: paiseToInr(p.amount),
    requested_by: requestedBy,
    requested_by_id: p.requested_by,
    requested_at: p.requested_at.toISOString(),
    decided_by: decidedBy,
    decided_at: p.decided_at ? p.decided_at.toISOString() : null,
    reason: p.reason,
    bank_file_id: p.bank_file_id,
  };
}

/** A payment that has a request waiting cannot be released (nor requested) again meanwhile. */
export const pendingRequestOf = (paymentId: number) =>
  sql`EXISTS (SELECT 1 FROM ${payouts} pr WHERE pr.payment_id = ${paymentId} AND pr.state = 'Requested')`;

type Locked = { order: OrderRow; current: PaymentRow; otherReleased: boolean };

/** The order, then its payments, locked (two releases of one order's attempts queue here); 404 when unknown. */
async function lockPayment(tx: Tx, paymentId: number): Promise<Locked> {
  const [found] = await tx.select({ order_id: payments.order_id }).from(payments).where(eq(payments.payment_id, paymentId));
  if (!found) throw notFound(PAYMENT_MESSAGES.notFound);
  const [order] = await tx.select().from(orders).where(eq(orders.order_id, found.order_id)).for("update");
  const attempts = await tx.select().from(payments).where(eq(payments.order_id, found.order_id)).for("update");
  const current = attempts.find((p) => p.payment_id === paymentId);
  if (!order || !current) throw notFound(PAYMENT_MESSAGES.notFound);
  return { order, current, otherReleased: attempts.some((p) => p.payment_id !== paymentId && p.payment_status === "WITHDRAWN") };
}

/** The payout rule (409 with its reason when it refuses). */
function checkPayoutRule({ order, current, otherReleased }: Locked) {
  const refusal = releaseRefusal(
    { status: current.payment_status, statusLabel: PAYMENT_STATUS_LABELS[current.payment_status] },
    { shortId: order.short_id, status: order.status, statusLabel: orderStatusLabel(order.status) },
    otherReleased,
  );
  if (refusal) throw new HttpError(409, { message: refusal });
}

/** Marks the payment WITHDRAWN (release_date, paid_to_provider = the payable), audited as before. */
async function markReleased(tx: Tx, actor: Actor, current: PaymentRow): Promise<Date> {
  const now = new Date(Math.max(Date.now(), current.updated_at.getTime() + 1));
  await tx
    .update(payments)
    .set({ payment_status: "WITHDRAWN", release_date: now, paid_to_provider: current.service_provider_amount, updated_at: now })
    .where(eq(payments.payment_id, current.payment_id));
  await recordAudit(tx, actor, {
    action: "update",
    entity: "payment",
    entityId: current.payment_id,
    before: { payment_status: current.payment_status, release_date: null, paid_to_provider: paiseToInr(current.paid_to_provider) },
    after: { payment_status: "WITHDRAWN", release_date: now.toISOString(), paid_to_provider: paiseToInr(current.service_provider_amount) },
  });
  return now;
}

const payoutAudit = (p: Pick<PayoutRow, "state" | "amount" | "payment_id" | "reason">) => ({
  state: p.state,
  amount: paiseToInr(p.amount),
  payment_id: p.payment_id,
  ...(p.reason ? { reason: p.reason } : {}),
});

/**
 * PUT /payments/{payment_id}: releases the payment, or — at or above the threshold — records a
 * request for a second admin. Answers which it did.
 */
export async function releaseOrRequest(db: Database, actor: Actor, paymentId: number): Promise<"released" | "requested"> {
  return db.transaction(async (tx) => {
    const locked = await lockPayment(tx, paymentId);
    checkPayoutRule(locked);
    const { order, current } = locked;
    const [pending] = await tx
      .select({ by: adminUsers.adminUsername })
      .from(payouts)
      .innerJoin(adminUsers, eq(adminUsers.adminUserId, payouts.requested_by))
      .where(and(eq(payouts.payment_id, paymentId), eq(payouts.state, "Requested")));
    if (pending) throw new HttpError(409, { message: PAYOUT_MESSAGES.alreadyRequested(pending.by) });
    const threshold = await releaseThreshold(tx);
    const amount = current.service_provider_amount;
    const needsApproval = threshold !== null && amount >= threshold;
    const now = needsApproval ? new Date() : await markReleased(tx, actor, current);
    const [payout] = await tx
      .insert(payouts)
      .values({
        payment_id: paymentId,
        order_id: order.order_id,
        service_provider_id: order.service_provider_id,
        amount,
        state: needsApproval ? "Requested" : "Approved",
        requested_by: actor.adminUserId,
        requested_at: now,
        ...(needsApproval ? {} : { decided_by: actor.adminUserId, decided_at: now }),
      })
      .returning();
    await recordAudit(tx, actor, { action: "create", entity: "payout", entityId: payout.payout_id, after: payoutAudit(payout) });
    return needsApproval ? "requested" : "released";
  });
}

/**
 * Approve or reject a request: only an Active admin with Payment access, never the requester for an
 * approval; the request locked, so of two concurrent decisions one wins and the other is a 409.
 * Approving releases the payment under the payout rule (a refusal leaves the request waiting).
 */
export async function decideRequest(
  db: Database,
  actor: Actor,
  payoutId: number,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<{ payment_id: number }> {
  return db.transaction(async (tx) => {
    const access = await actingAccess(tx, actor);
    if (!hasAccess(access.adminAccessRoleSettings, "Payment")) throw new HttpError(403, { message: PAYOUT_MESSAGES.needsPayment });
    const [found] = await tx.select({ payment_id: payouts.payment_id }).from(payouts).where(eq(payouts.payout_id, payoutId));
    if (!found) throw notFound(PAYOUT_MESSAGES.notFound);
    // the payment's locks first (the release's order), then the request's
    const locked = await lockPayment(tx, found.payment_id);
    const [payout] = await tx.select().from(payouts).where(eq(payouts.payout_id, payoutId)).for("update");
    if (payout.state !== "Requested") {
      const [by] = payout.decided_by
        ? await tx.select({ name: adminUsers.adminUsername }).from(adminUsers).where(eq(adminUsers.adminUserId, payout.decided_by))
        : [];
      throw new HttpError(409, { message: PAYOUT_MESSAGES.alreadyDecided(payout.state, by?.name ?? null) });
    }
    if (decision.approve && payout.requested_by === actor.adminUserId) throw new HttpError(403, { message: PAYOUT_MESSAGES.ownRequest });
    let now = new Date();
    if (decision.approve) {
      checkPayoutRule(locked);
      now = await markReleased(tx, actor, locked.current);
    }
    const after = {
      state: decision.approve ? ("Approved" as const) : ("Rejected" as const),
      decided_by: actor.adminUserId,
      decided_at: now,
      reason: decision.approve ? null : decision.reason,
      // what the provider receives is the payment's payable when it is released
      amount: decision.approve ? locked.current.service_provider_amount : payout.amount,
      updated_at: now,
    };
    await tx.update(payouts).set(after).where(eq(payouts.payout_id, payoutId));
    await recordAudit(tx, actor, {
      action: "update",
      entity: "payout",
      entityId: payoutId,
      before: payoutAudit(payout),
      after: payoutAudit({ ...payout, ...after }),
    });
    return { payment_id: payout.payment_id };
  });
}
