/**
 * Payouts (issue 34, contract/payouts.ts): releases with their requester and approver, the bank
 * files that pay them, and each file's lines (one per beneficiary). Money is integer paise.
 */
import { sql } from "drizzle-orm";
import { bigint, date, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { BANK_FILE_LINE_STATES, BANK_FILE_STATES, PAYOUT_STATES } from "~contract/payouts";
import { adminUsers } from "./admin";
import { orders, payments } from "./orders";
import { bankAccounts, serviceProviders } from "./providers";
import { createdAt, ts, updatedAt } from "./columns";

export const payouts = pgTable(
  "payouts",
  {
    payout_id: serial("payout_id").primaryKey(),
    payment_id: integer("payment_id")
      .notNull()
      .references(() => payments.payment_id, { onDelete: "cascade" }),
    order_id: integer("order_id")
      .notNull()
      .references(() => orders.order_id, { onDelete: "cascade" }),
    service_provider_id: integer("service_provider_id")
      .notNull()
      .references(() => serviceProviders.serviceProvider_id, { onDelete: "cascade" }),
    /** paise the provider receives (the provider invoice's payable) */
    amount: integer("amount").notNull(),
    state: text("state", { enum: PAYOUT_STATES }).notNull(),
    requested_by: integer("requested_by")
      .notNull()
      .references(() => adminUsers.adminUserId),
    requested_at: ts("requested_at").notNull(),
    /** who approved (Approved and after) or rejected it, and when; a release below the threshold: the requester */
    decided_by: integer("decided_by").references(() => adminUsers.adminUserId),
    decided_at: ts("decided_at"),
    /** the rejection's reason, or the bank's reason for failing its line (then back to Approved) */
    reason: text("reason"),
    bank_file_id: integer("bank_file_id").references(() => bankFiles.bank_file_id),
    paid_at: ts("paid_at"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // one live request or release per payment (a rejected one can be asked again)
    uniqueIndex("payouts_payment_live_idx")
      .on(t.payment_id)
      .where(sql`${t.state} <> 'Rejected'`),
    index("payouts_payment_idx").on(t.payment_id, t.payout_id),
    index("payouts_state_idx").on(t.state, t.decided_at, t.payout_id),
    // the ledger: a provider's releases by date
    index("payouts_provider_idx").on(t.service_provider_id, t.decided_at, t.payout_id),
    index("payouts_bank_file_idx").on(t.bank_file_id),
  ],
);

export const bankFiles = pgTable(
  "bank_files",
  {
    bank_file_id: serial("bank_file_id").primaryKey(),
    /** the India date it was generated on, and its number that day (the file's name) */
    file_date: date("file_date", { mode: "string" }).notNull(),
    batch_number: integer("batch_number").notNull(),
    state: text("state", { enum: BANK_FILE_STATES }).notNull().default("Generated"),
    /** paise: the sum of its lines (the failed ones included: what the file asked the bank to pay) */
    total: bigint("total", { mode: "number" }).notNull(),
    line_count: integer("line_count").notNull(),
    created_by: integer("created_by")
      .notNull()
      .references(() => adminUsers.adminUserId),
    sent_by: integer("sent_by").references(() => adminUsers.adminUserId),
    sent_at: ts("sent_at"),
    paid_by: integer("paid_by").references(() => adminUsers.adminUserId),
    paid_at: ts("paid_at"),
    bank_reference: text("bank_reference"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex("bank_files_date_number_idx").on(t.file_date, t.batch_number), index("bank_files_created_idx").on(t.created_at)],
);

export const bankFileLines = pgTable(
  "bank_file_lines",
  {
    line_id: serial("line_id").primaryKey(),
    bank_file_id: integer("bank_file_id")
      .notNull()
      .references(() => bankFiles.bank_file_id, { onDelete: "cascade" }),
    line_number: integer("line_number").notNull(),
    service_provider_id: integer("service_provider_id")
      .notNull()
      .references(() => serviceProviders.serviceProvider_id),
    bank_account_id: integer("bank_account_id").references(() => bankAccounts.id, { onDelete: "set null" }),
    /** the beneficiary as the file names them (kept: the file reads the same when downloaded again) */
    beneficiary_name: text("beneficiary_name").notNull(),
    account_number: text("account_number").notNull(),
    ifsc_code: text("ifsc_code").notNull(),
    /** paise: the sum of its payouts (bigint: a day's file can pass ₹2.1 crore, int4's ceiling in paise) */
    amount: bigint("amount", { mode: "number" }).notNull(),
    narration: text("narration").notNull(),
    payout_ids: integer("payout_ids").array().notNull(),
    state: text("state", { enum: BANK_FILE_LINE_STATES }).notNull().default("Included"),
    failure_reason: text("failure_reason"),
    failed_by: integer("failed_by").references(() => adminUsers.adminUserId),
    failed_at: ts("failed_at"),
  },
  (t) => [uniqueIndex("bank_file_lines_number_idx").on(t.bank_file_id, t.line_number)],
);

export type PayoutRow = typeof payouts.$inferSelect;
export type BankFileRow = typeof bankFiles.$inferSelect;
export type BankFileLineRow = typeof bankFileLines.$inferSelect;
