/**
 * The present-day demo's payout history (issue 34), so the ledger, the bank files and the
 * two-person release have something to show to a newcomer:
 * - the two-person threshold at ₹10,000 (what the provider receives);
 * - a payout for every release: below the threshold admin's alone, at or above it asked by admin
 *   and approved by finance two hours later;
 * - releases older than 14 days paid through one bank file (its first line failed by the bank,
 *   those payouts back to Approved), those 7–14 days old in a file sent to the bank, the rest
 *   Approved and waiting for today's file;
 * - two release requests waiting for a second admin.
 * The fixed demo the tests use (DEMO_BASE_DATE) has none of this.
 */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import {
  adminUsers,
  bankAccounts,
  bankFileLines,
  bankFiles,
  orders,
  payments,
  payouts,
  serviceProviders,
  settings,
  users,
  type PayoutRow,
} from "../db/schema";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const PRESENT_DEMO_THRESHOLD = "10000.00";
const THRESHOLD_PAISE = 1_000_000;

const DEMO_BANKS = [
  { name: "HDFC Bank", ifsc: "HDFC", branch: "Koramangala, Bengaluru" },
  { name: "State Bank of India", ifsc: "SBIN", branch: "Andheri East, Mumbai" },
  { name: "ICICI Bank", ifsc: "ICIC", branch: "Connaught Place, New Delhi" },
  { name: "Axis Bank", ifsc: "UTIB", branch: "T. Nagar, Chennai" },
];

const indiaDate = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);

export async function seedPayoutHistory(db: Database, { now }: { now: Date }) {
  await db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: adminUsers.adminUserId, name: adminUsers.adminUsername })
      .from(adminUsers)
      .where(inArray(adminUsers.adminUsername, ["admin", "finance"]));
    const admin = admins.find((a) => a.name === "admin")?.id;
    const finance = admins.find((a) => a.name === "finance")?.id;
    if (!admin || !finance) return;

    await tx
      .insert(settings)
      .values({
        settingName: "PayoutSetting",
        setting1: { release_approval_threshold: PRESENT_DEMO_THRESHOLD },
        setting2: null,
        updated_by: "admin",
      })
      .onConflictDoUpdate({ target: settings.settingName, set: { setting1: { release_approval_threshold: PRESENT_DEMO_THRESHOLD } } });

    // every release without a payout, oldest first
    const released = await tx
      .select({ p: payments, providerId: orders.service_provider_id })
      .from(payments)
      .innerJoin(orders, eq(orders.order_id, payments.order_id))
      .where(
        and(
          eq(payments.payment_status, "WITHDRAWN"),
          sql`NOT EXISTS (SELECT 1 FROM ${payouts} x WHERE x.payment_id = ${payments.payment_id})`,
        ),
      )
      .orderBy(asc(payments.release_date), asc(payments.payment_id));
    const rows = released
      .filter(({ p }) => p.release_date !== null && p.release_date.getTime() <= now.getTime())
      .map(({ p, providerId }) => {
        const releasedAt = p.release_date!;
        const twoPerson = p.paid_to_provider >= THRESHOLD_PAISE;
        return {
          payment_id: p.payment_id,
          order_id: p.order_id,
          service_provider_id: providerId,
          amount: p.paid_to_provider,
          state: "Approved" as const,
          requested_by: admin,
          requested_at: twoPerson ? new Date(releasedAt.getTime() - 2 * HOUR) : releasedAt,
          decided_by: twoPerson ? finance : admin,
          decided_at: releasedAt,
          created_at: releasedAt,
          updated_at: releasedAt,
        };
      });
    const made: PayoutRow[] = [];
    for (let i = 0; i < rows.length; i += 500)
      made.push(
        ...(await tx
          .insert(payouts)
          .values(rows.slice(i, i + 500))
          .returning()),
      );

    // the generated providers have no bank account: give those with releases one, so today's file can pay them
    const paidProviders = [...new Set(made.map((p) => p.service_provider_id))];
    const missing = paidProviders.length
      ? await tx
          .select({
            id: serviceProviders.serviceProvider_id,
            first: users.firstName,
            last: users.lastName,
            joined: serviceProviders.created_at,
          })
          .from(serviceProviders)
          .innerJoin(users, eq(users.id, serviceProviders.user_id))
          .where(
            and(
              inArray(serviceProviders.serviceProvider_id, paidProviders),
              sql`NOT EXISTS (SELECT 1 FROM ${bankAccounts} b WHERE b.service_provider_id = ${serviceProviders.serviceProvider_id})`,
            ),
          )
      : [];
    if (missing.length) {
      await tx.insert(bankAccounts).values(
        missing.map((m, i) => {
          const bank = DEMO_BANKS[i % DEMO_BANKS.length];
          return {
            service_provider_id: m.id,
            account_holder_name: `${m.first} ${m.last}`.trim(),
            // 14 digits from the provider's id: the same every seed, unique
            account_number: `5010${String(m.id).padStart(10, "0")}`,
            ifsc_code: `${bank.ifsc}0${String(100_000 + ((m.id * 7919) % 900_000))}`,
            bank_name: bank.name,
            branch: bank.branch,
            created_at: m.joined,
          };
        }),
      );
    }

    // the providers' bank accounts (their latest)
    const accounts = new Map<number, typeof bankAccounts.$inferSelect>();
    for (const a of await tx.select().from(bankAccounts).orderBy(asc(bankAccounts.id))) accounts.set(a.service_provider_id, a);
    const shortIds = new Map(
      (
        await tx
          .select({ id: orders.order_id, short: orders.short_id })
          .from(orders)
          .where(inArray(orders.order_id, made.map((p) => p.order_id).concat(0)))
      ).map((r) => [r.id, r.short]),
    );

    /** One bank file of these payouts, dated `on`, in `state`; the first line failed when asked. */
    const bankFile = async (list: PayoutRow[], on: Date, state: "Sent to bank" | "Paid", failFirst: boolean) => {
      const payable = list.filter((p) => accounts.has(p.service_provider_id));
      if (payable.length === 0) return;
      const groups = new Map<number, PayoutRow[]>();
      for (const p of payable) groups.set(p.service_provider_id, [...(groups.get(p.service_provider_id) ?? []), p]);
      const lines = [...groups.entries()].map(([providerId, group], i) => {
        const account = accounts.get(providerId)!;
        return {
          line_number: i + 1,
          service_provider_id: providerId,
          bank_account_id: account.id,
          beneficiary_name: account.account_holder_name,
          account_number: account.account_number,
          ifsc_code: account.ifsc_code.toUpperCase(),
          amount: group.reduce((sum, p) => sum + p.amount, 0),
          narration: `Payout ${group.map((p) => shortIds.get(p.order_id) ?? "").join(" ")}`,
          payout_ids: group.map((p) => p.payout_id),
        };
      });
      const fileDate = indiaDate(on);
      const [{ next }] = await tx
        .select({ next: sql<number>`COALESCE(MAX(${bankFiles.batch_number}), 0)::int + 1` })
        .from(bankFiles)
        .where(eq(bankFiles.file_date, fileDate));
      const sentAt = new Date(on.getTime() + HOUR);
      const paidAt = new Date(on.getTime() + DAY);
      const [file] = await tx
        .insert(bankFiles)
        .values({
          file_date: fileDate,
          batch_number: Number(next),
          state,
          total: lines.reduce((sum, l) => sum + l.amount, 0),
          line_count: lines.length,
          created_by: finance,
          sent_by: finance,
          sent_at: sentAt,
          ...(state === "Paid"
            ? { paid_by: finance, paid_at: paidAt, bank_reference: `NEFT${fileDate.replaceAll("-", "")}${String(next).padStart(2, "0")}` }
            : {}),
          created_at: on,
          updated_at: state === "Paid" ? paidAt : sentAt,
        })
        .returning();
      const failed = failFirst && lines.length > 1 ? lines[0] : null;
      await tx.insert(bankFileLines).values(
        lines.map((l) => ({
          ...l,
          bank_file_id: file.bank_file_id,
          state: l === failed ? ("Failed" as const) : state === "Paid" ? ("Paid" as const) : ("Included" as const),
          ...(l === failed
            ? { failure_reason: "Account closed: the bank returned the transfer", failed_by: finance, failed_at: paidAt }
            : {}),
        })),
      );
      for (const l of lines) {
        const back = l === failed;
        await tx
          .update(payouts)
          .set(
            back
              ? { state: "Approved", bank_file_id: null, reason: "Account closed: the bank returned the transfer", updated_at: paidAt }
              : {
                  state,
                  bank_file_id: file.bank_file_id,
                  ...(state === "Paid" ? { paid_at: paidAt } : {}),
                  updated_at: state === "Paid" ? paidAt : sentAt,
                },
          )
          .where(inArray(payouts.payout_id, l.payout_ids));
      }
    };
    const cutOld = now.getTime() - 14 * DAY;
    const cutRecent = now.getTime() - 7 * DAY;
    const at = (p: PayoutRow) => p.decided_at!.getTime();
    await bankFile(
      made.filter((p) => at(p) <= cutOld),
      new Date(cutOld + HOUR),
      "Paid",
      true,
    );
    await bankFile(
      made.filter((p) => at(p) > cutOld && at(p) <= cutRecent),
      new Date(cutRecent + HOUR),
      "Sent to bank",
      false,
    );

    // two requests waiting: the newest releasable payments at or above the threshold
    const waiting = await tx
      .select({ p: payments, providerId: orders.service_provider_id })
      .from(payments)
      .innerJoin(orders, eq(orders.order_id, payments.order_id))
      .where(
        and(
          eq(payments.payment_status, "PAYMENT_SUCCESS"),
          eq(orders.status, "Completed"),
          sql`${payments.service_provider_amount} >= ${THRESHOLD_PAISE}`,
          sql`NOT EXISTS (SELECT 1 FROM ${payments} o WHERE o.order_id = ${payments.order_id} AND o.payment_status = 'WITHDRAWN')`,
          sql`NOT EXISTS (SELECT 1 FROM ${payouts} x WHERE x.payment_id = ${payments.payment_id})`,
          isNull(payments.release_date),
        ),
      )
      .orderBy(sql`${payments.payment_date} DESC`)
      .limit(2);
    for (const [i, { p, providerId }] of waiting.entries()) {
      const asked = new Date(now.getTime() - (i + 1) * 3 * HOUR);
      await tx.insert(payouts).values({
        payment_id: p.payment_id,
        order_id: p.order_id,
        service_provider_id: providerId,
        amount: p.service_provider_amount,
        state: "Requested",
        requested_by: admin,
        requested_at: asked,
        created_at: asked,
        updated_at: asked,
      });
    }
  });
}
