/**
 * Bank files' reads and changes (issue 34 §3). Every change runs in one transaction that first
 * takes the bank files' advisory lock: generates are numbered one after another (the day's next
 * batch), and of two generates over the same payouts the second sees them already in a file.
 * The payouts are locked too (FOR UPDATE), against a release decision or a failed line meanwhile.
 */
import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { hasAccess, type AccessName } from "~contract/access";
import {
  BANK_FILE_COLUMNS,
  BANK_FILE_MESSAGES,
  bankFileName,
  lineReference,
  type ApprovedPayout,
  type ApprovedPayoutsQuery,
  type BankFileDetail,
  type BankFileListQuery,
  type BankFileSummary,
  type GenerateBankFileBody,
} from "~contract/bank-files";
import { paiseToInr } from "~shared/money";
import { spreadsheetSafe } from "~shared/spreadsheet-text";
import { writeToString } from "@fast-csv/format";
import type { Database } from "../../db/client";
import {
  adminUsers,
  bankAccounts,
  bankFileLines,
  bankFiles,
  orders,
  payouts,
  serviceProviders,
  users,
  type BankFileLineRow,
  type BankFileRow,
  type PayoutRow,
} from "../../db/schema";
import { recordAudit, type Actor, type Tx } from "../../lib/audit";
import { actingAccess } from "../../lib/admin-access";
import { HttpError, notFound } from "../../lib/http";
import { istDayEnd, istMidnight } from "../../lib/providers";
import { maskAccountNumber } from "../bank-details/bank-details.handlers";

/** The advisory lock of bank file changes (a constant the marketplace's code uses nowhere else). */
const BANK_FILES_LOCK = 3_400_034;

/** Today's date in India (YYYY-MM-DD). */
export const indiaToday = (now = new Date()) => new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);

/** "2026-11-28" → "28/11/2026" (the file's Value Date). */
const valueDate = (day: string) => day.split("-").reverse().join("/");

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function requireAccess(tx: Tx, actor: Actor, needs: AccessName[], message: string) {
  const access = await actingAccess(tx, actor);
  if (!needs.every((name) => hasAccess(access.adminAccessRoleSettings, name))) throw new HttpError(403, { message });
}

const lockBankFiles = (tx: Tx) => tx.execute(sql`SELECT pg_advisory_xact_lock(${BANK_FILES_LOCK})`);

// ——— the picker ———

const hasBankAccount = sql<boolean>`EXISTS (SELECT 1 FROM ${bankAccounts} ba WHERE ba.service_provider_id = ${payouts.service_provider_id})`;

export async function listApprovedPayouts(db: Database, query: ApprovedPayoutsQuery) {
  const conditions: SQL[] = [eq(payouts.state, "Approved")];
  if (query.released_on) {
    conditions.push(gte(payouts.decided_at, istMidnight(query.released_on)), lt(payouts.decided_at, istDayEnd(query.released_on)));
  }
  const where = and(...conditions);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ p: payouts, short_id: orders.short_id, username: users.username, has_bank_account: hasBankAccount })
      .from(payouts)
      .innerJoin(orders, eq(orders.order_id, payouts.order_id))
      .innerJoin(serviceProviders, eq(serviceProviders.serviceProvider_id, payouts.service_provider_id))
      .innerJoin(users, eq(users.id, serviceProviders.user_id))
      .where(where)
      .orderBy(desc(payouts.decided_at), desc(payouts.payout_id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ total: count(), amount: sql<string>`COALESCE(SUM(${payouts.amount}), 0)::text` })
      .from(payouts)
      .where(where),
  ]);
  const data: ApprovedPayout[] = rows.map(({ p, short_id, username, has_bank_account }) => ({
    payout_id: p.payout_id,
    payment_id: p.payment_id,
    order_id: p.order_id,
    short_id,
    service_provider_id: p.service_provider_id,
    provider_username: username,
    amount: paiseToInr(p.amount),
    released_at: (p.decided_at ?? p.requested_at).toISOString(),
    has_bank_account: Boolean(has_bank_account),
    reason: p.reason,
  }));
  return {
    data,
    total_results: totals.total,
    total_amount: paiseToInr(totals.amount),
    current_page: query.page,
    page_size: query.page_size,
  };
}

// ——— reading files ———

const creator = alias(adminUsers, "bank_file_creator");
const sender = alias(adminUsers, "bank_file_sender");
const payer = alias(adminUsers, "bank_file_payer");
const failer = alias(adminUsers, "bank_file_line_failer");

const failedCount = sql<number>`(SELECT count(*)::int FROM ${bankFileLines} fl WHERE fl.bank_file_id = ${bankFiles.bank_file_id} AND fl.state = 'Failed')`;

function filesJoined(db: Database | Tx) {
  return db
    .select({
      f: bankFiles,
      created_by: creator.adminUsername,
      sent_by: sender.adminUsername,
      paid_by: payer.adminUsername,
      failed_count: failedCount,
    })
    .from(bankFiles)
    .leftJoin(creator, eq(creator.adminUserId, bankFiles.created_by))
    .leftJoin(sender, eq(sender.adminUserId, bankFiles.sent_by))
    .leftJoin(payer, eq(payer.adminUserId, bankFiles.paid_by));
}

type FileJoin = { f: BankFileRow; created_by: string | null; sent_by: string | null; paid_by: string | null; failed_count: number };

function summary({ f, created_by, sent_by, paid_by, failed_count }: FileJoin): BankFileSummary {
  return {
    bank_file_id: f.bank_file_id,
    file_name: bankFileName(f.file_date, f.batch_number),
    file_date: f.file_date,
    batch_number: f.batch_number,
    state: f.state,
    total: paiseToInr(f.total),
    line_count: f.line_count,
    failed_count: Number(failed_count),
    created_by,
    created_at: f.created_at.toISOString(),
    sent_by,
    sent_at: iso(f.sent_at),
    paid_by,
    paid_at: iso(f.paid_at),
    bank_reference: f.bank_reference,
  };
}

export async function listBankFiles(db: Database, query: BankFileListQuery) {
  const where = query.state ? eq(bankFiles.state, query.state) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    filesJoined(db)
      .where(where)
      .orderBy(desc(bankFiles.created_at), desc(bankFiles.bank_file_id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ total: count() }).from(bankFiles).where(where),
  ]);
  return { data: rows.map(summary), total_results: total, current_page: query.page, page_size: query.page_size };
}

async function fileLines(db: Database | Tx, fileId: number) {
  return db
    .select({ line: bankFileLines, username: users.username, failed_by: failer.adminUsername })
    .from(bankFileLines)
    .leftJoin(serviceProviders, eq(serviceProviders.serviceProvider_id, bankFileLines.service_provider_id))
    .leftJoin(users, eq(users.id, serviceProviders.user_id))
    .leftJoin(failer, eq(failer.adminUserId, bankFileLines.failed_by))
    .where(eq(bankFileLines.bank_file_id, fileId))
    .orderBy(asc(bankFileLines.line_number));
}

/** One file with its lines, account numbers masked; 404 when unknown. */
export async function bankFileDetail(db: Database | Tx, fileId: number): Promise<BankFileDetail> {
  const [file] = await filesJoined(db).where(eq(bankFiles.bank_file_id, fileId));
  if (!file) throw notFound(BANK_FILE_MESSAGES.notFound);
  const lines = await fileLines(db, fileId);
  const payoutIds = lines.flatMap(({ line }) => line.payout_ids);
  const shortIds = new Map(
    payoutIds.length
      ? (
          await db
            .select({ id: payouts.payout_id, short_id: orders.short_id })
            .from(payouts)
            .innerJoin(orders, eq(orders.order_id, payouts.order_id))
            .where(inArray(payouts.payout_id, payoutIds))
        ).map((r) => [r.id, r.short_id])
      : [],
  );
  const { f } = file;
  return {
    ...summary(file),
    lines: lines.map(({ line, username, failed_by }) => ({
      line_id: line.line_id,
      line_number: line.line_number,
      customer_reference: lineReference(f.file_date, f.batch_number, line.line_number),
      service_provider_id: line.service_provider_id,
      provider_username: username,
      beneficiary_name: line.beneficiary_name,
      account_number: maskAccountNumber(line.account_number),
      ifsc_code: line.ifsc_code,
      amount: paiseToInr(line.amount),
      narration: line.narration,
      payout_ids: line.payout_ids,
      short_ids: line.payout_ids.map((id) => shortIds.get(id) ?? ""),
      state: line.state,
      failure_reason: line.failure_reason,
      failed_by,
      failed_at: iso(line.failed_at),
    })),
  };
}

// ——— generating ———

/**
 * POST /bank-files: the chosen payouts (or every payout Approved and released today) as one file,
 * one line per provider. Answers the file's id and the payouts left out (all approved today only:
 * their provider has no bank account).
 */
export async function generateBankFile(db: Database, actor: Actor, body: GenerateBankFileBody): Promise<{ id: number; skipped: number[] }> {
  return db.transaction(async (tx) => {
    await requireAccess(tx, actor, ["Payment", "BankDetails"], BANK_FILE_MESSAGES.needsAccess);
    await lockBankFiles(tx);
    const today = indiaToday();
    let chosen: PayoutRow[];
    if (body.payout_ids) {
      const ids = [...new Set(body.payout_ids)];
      chosen = await tx.select().from(payouts).where(inArray(payouts.payout_id, ids)).orderBy(asc(payouts.payout_id)).for("update");
      const found = new Set(chosen.map((p) => p.payout_id));
      const unknown = ids.filter((id) => !found.has(id));
      if (unknown.length) throw notFound(BANK_FILE_MESSAGES.unknownPayouts(unknown));
    } else {
      chosen = await tx
        .select()
        .from(payouts)
        .where(and(eq(payouts.state, "Approved"), gte(payouts.decided_at, istMidnight(today)), lt(payouts.decided_at, istDayEnd(today))))
        .orderBy(asc(payouts.payout_id))
        .for("update");
    }
    const shortIds = new Map(
      chosen.length
        ? (
            await tx
              .select({ id: orders.order_id, short_id: orders.short_id })
              .from(orders)
              .where(
                inArray(
                  orders.order_id,
                  chosen.map((p) => p.order_id),
                ),
              )
          ).map((r) => [r.id, r.short_id])
        : [],
    );
    const shortId = (p: PayoutRow) => shortIds.get(p.order_id) ?? `payout ${p.payout_id}`;
    const notApproved = chosen.filter((p) => p.state !== "Approved");
    if (notApproved.length) {
      throw new HttpError(409, {
        message: BANK_FILE_MESSAGES.notApproved(notApproved.map((p) => `${shortId(p)} (${p.state})`).join(", ")),
      });
    }
    const providerIds = [...new Set(chosen.map((p) => p.service_provider_id))];
    const accounts = new Map(
      providerIds.length
        ? (
            await tx
              .selectDistinctOn([bankAccounts.service_provider_id])
              .from(bankAccounts)
              .where(inArray(bankAccounts.service_provider_id, providerIds))
              .orderBy(bankAccounts.service_provider_id, desc(bankAccounts.id))
          ).map((a) => [a.service_provider_id, a])
        : [],
    );
    const withoutAccount = chosen.filter((p) => !accounts.has(p.service_provider_id));
    if (withoutAccount.length && body.payout_ids) {
      const names = await tx
        .select({ id: serviceProviders.serviceProvider_id, username: users.username })
        .from(serviceProviders)
        .innerJoin(users, eq(users.id, serviceProviders.user_id))
        .where(
          inArray(
            serviceProviders.serviceProvider_id,
            withoutAccount.map((p) => p.service_provider_id),
          ),
        );
      const nameOf = new Map(names.map((n) => [n.id, n.username]));
      const list = withoutAccount.map((p) => `${nameOf.get(p.service_provider_id) ?? `provider ${p.service_provider_id}`} (${shortId(p)})`);
      throw new HttpError(409, { message: BANK_FILE_MESSAGES.noBankAccount(list.join(", ")) });
    }
    const included = chosen.filter((p) => accounts.has(p.service_provider_id));
    if (included.length === 0) throw new HttpError(409, { message: BANK_FILE_MESSAGES.noneApprovedToday });

    // one line per beneficiary, by the holder's name (then provider), payouts by id
    const groups = new Map<number, PayoutRow[]>();
    for (const p of included) groups.set(p.service_provider_id, [...(groups.get(p.service_provider_id) ?? []), p]);
    const ordered = [...groups.entries()].sort(([a], [b]) => {
      const byName = accounts.get(a)!.account_holder_name.localeCompare(accounts.get(b)!.account_holder_name);
      return byName || a - b;
    });
    const lines = ordered.map(([providerId, list], i) => {
      const account = accounts.get(providerId)!;
      return {
        line_number: i + 1,
        service_provider_id: providerId,
        bank_account_id: account.id,
        beneficiary_name: account.account_holder_name.trim(),
        account_number: account.account_number.trim(),
        ifsc_code: account.ifsc_code.trim().toUpperCase(),
        // integer paise: the sum is exact
        amount: list.reduce((sum, p) => sum + p.amount, 0),
        narration: `Payout ${list.map(shortId).join(" ")}`,
        payout_ids: list.map((p) => p.payout_id),
      };
    });
    const total = lines.reduce((sum, l) => sum + l.amount, 0);
    const [{ next }] = await tx
      .select({ next: sql<number>`COALESCE(MAX(${bankFiles.batch_number}), 0)::int + 1` })
      .from(bankFiles)
      .where(eq(bankFiles.file_date, today));
    const [file] = await tx
      .insert(bankFiles)
      .values({ file_date: today, batch_number: Number(next), total, line_count: lines.length, created_by: actor.adminUserId })
      .returning();
    await tx.insert(bankFileLines).values(lines.map((l) => ({ ...l, bank_file_id: file.bank_file_id })));
    const now = new Date();
    await tx
      .update(payouts)
      .set({ state: "In bank file", bank_file_id: file.bank_file_id, updated_at: now })
      .where(
        inArray(
          payouts.payout_id,
          included.map((p) => p.payout_id),
        ),
      );
    await recordAudit(tx, actor, {
      action: "create",
      entity: "bank_file",
      entityId: file.bank_file_id,
      after: {
        file_name: bankFileName(file.file_date, file.batch_number),
        state: file.state,
        total: paiseToInr(total),
        line_count: lines.length,
        payout_ids: included.map((p) => p.payout_id),
      },
    });
    return { id: file.bank_file_id, skipped: withoutAccount.map((p) => p.payout_id) };
  });
}

// ——— the CSV ———

/** The file as the bank's CSV (docs/money.md "Bank bulk-transfer file"), audited as an export. */
export async function bankFileCsv(db: Database, actor: Actor, fileId: number): Promise<{ name: string; csv: string }> {
  return db.transaction(async (tx) => {
    await requireAccess(tx, actor, ["Payment", "BankDetails"], BANK_FILE_MESSAGES.needsAccess);
    const [file] = await tx.select().from(bankFiles).where(eq(bankFiles.bank_file_id, fileId));
    if (!file) throw notFound(BANK_FILE_MESSAGES.notFound);
    const lines = await tx
      .select()
      .from(bankFileLines)
      .where(eq(bankFileLines.bank_file_id, fileId))
      .orderBy(asc(bankFileLines.line_number));
    const rows = lines.map((l: BankFileLineRow) =>
      [
        "NEFT",
        l.beneficiary_name,
        l.account_number,
        l.ifsc_code,
        paiseToInr(l.amount),
        valueDate(file.file_date),
        l.narration,
        lineReference(file.file_date, file.batch_number, l.line_number),
      ].map(spreadsheetSafe),
    );
    const csv = await writeToString([[...BANK_FILE_COLUMNS], ...rows], { rowDelimiter: "\r\n", includeEndRowDelimiter: true });
    const name = bankFileName(file.file_date, file.batch_number);
    await recordAudit(tx, actor, {
      action: "export",
      entity: "bank_file",
      entityId: fileId,
      after: { file_name: name, lines: lines.length, total: paiseToInr(file.total) },
    });
    return { name, csv };
  });
}

// ——— states ———

async function lockFile(tx: Tx, actor: Actor, fileId: number): Promise<BankFileRow> {
  await requireAccess(tx, actor, ["Payment"], BANK_FILE_MESSAGES.needsPayment);
  await lockBankFiles(tx);
  const [file] = await tx.select().from(bankFiles).where(eq(bankFiles.bank_file_id, fileId)).for("update");
  if (!file) throw notFound(BANK_FILE_MESSAGES.notFound);
  return file;
}

/** Generated → Sent to bank, with its payouts still in the file. */
export async function markSent(db: Database, actor: Actor, fileId: number): Promise<string> {
  return db.transaction(async (tx) => {
    const file = await lockFile(tx, actor, fileId);
    if (file.state !== "Generated") throw new HttpError(409, { message: BANK_FILE_MESSAGES.cannotSend(file.state) });
    const now = new Date();
    await tx
      .update(bankFiles)
      .set({ state: "Sent to bank", sent_by: actor.adminUserId, sent_at: now, updated_at: now })
      .where(eq(bankFiles.bank_file_id, fileId));
    await tx
      .update(payouts)
      .set({ state: "Sent to bank", updated_at: now })
      .where(and(eq(payouts.bank_file_id, fileId), eq(payouts.state, "In bank file")));
    await recordAudit(tx, actor, {
      action: "update",
      entity: "bank_file",
      entityId: fileId,
      before: { state: file.state },
      after: { state: "Sent to bank" },
    });
    return BANK_FILE_MESSAGES.sent(bankFileName(file.file_date, file.batch_number));
  });
}

/** Sent to bank → Paid with the bank's reference: its included lines and their payouts are paid. */
export async function markPaid(db: Database, actor: Actor, fileId: number, bankReference: string): Promise<string> {
  return db.transaction(async (tx) => {
    const file = await lockFile(tx, actor, fileId);
    if (file.state !== "Sent to bank") throw new HttpError(409, { message: BANK_FILE_MESSAGES.cannotPay(file.state) });
    const now = new Date();
    await tx
      .update(bankFiles)
      .set({ state: "Paid", paid_by: actor.adminUserId, paid_at: now, bank_reference: bankReference, updated_at: now })
      .where(eq(bankFiles.bank_file_id, fileId));
    await tx
      .update(bankFileLines)
      .set({ state: "Paid" })
      .where(and(eq(bankFileLines.bank_file_id, fileId), eq(bankFileLines.state, "Included")));
    await tx
      .update(payouts)
      .set({ state: "Paid", paid_at: now, updated_at: now })
      .where(and(eq(payouts.bank_file_id, fileId), eq(payouts.state, "Sent to bank")));
    await recordAudit(tx, actor, {
      action: "update",
      entity: "bank_file",
      entityId: fileId,
      before: { state: file.state, bank_reference: null },
      after: { state: "Paid", bank_reference: bankReference },
    });
    return BANK_FILE_MESSAGES.paid(bankFileName(file.file_date, file.batch_number));
  });
}

/** An included line → Failed with the reason; its payouts leave the file, Approved again (the reason kept). */
export async function failLine(db: Database, actor: Actor, fileId: number, lineId: number, reason: string): Promise<string> {
  return db.transaction(async (tx) => {
    const file = await lockFile(tx, actor, fileId);
    const [line] = await tx
      .select()
      .from(bankFileLines)
      .where(and(eq(bankFileLines.line_id, lineId), eq(bankFileLines.bank_file_id, fileId)))
      .for("update");
    if (!line) throw notFound(BANK_FILE_MESSAGES.lineNotFound);
    if (file.state === "Paid") throw new HttpError(409, { message: BANK_FILE_MESSAGES.cannotFail(file.state) });
    if (line.state !== "Included") throw new HttpError(409, { message: BANK_FILE_MESSAGES.lineNotIncluded(line.line_number, line.state) });
    const now = new Date();
    await tx
      .update(bankFileLines)
      .set({ state: "Failed", failure_reason: reason, failed_by: actor.adminUserId, failed_at: now })
      .where(eq(bankFileLines.line_id, lineId));
    await tx
      .update(payouts)
      .set({ state: "Approved", bank_file_id: null, reason, updated_at: now })
      .where(and(inArray(payouts.payout_id, line.payout_ids), eq(payouts.bank_file_id, fileId)));
    await recordAudit(tx, actor, {
      action: "update",
      entity: "bank_file",
      entityId: fileId,
      before: { line_number: line.line_number, line_state: line.state },
      after: { line_number: line.line_number, line_state: "Failed", reason, payout_ids: line.payout_ids },
    });
    return BANK_FILE_MESSAGES.lineFailed(line.line_number);
  });
}
