/**
 * Bank bulk-transfer files (issue 34 §3): the Approved payouts an admin picks (or all approved
 * today) become one file, one line per beneficiary (provider), downloaded as a CSV in the layout of
 * docs/money.md "Bank bulk-transfer file"; the file is then marked Sent to bank, and Paid with the
 * bank's reference, or a line failed with a reason (its payouts go back to Approved).
 *
 * Account numbers leave the API in full only in the audited CSV; everywhere else they are masked as
 * on Bank Details (all but the last 4 characters X). Money: rupee strings on the wire (shared/money).
 */
import { z } from "zod";
import { isoDate, text } from "./api";
import { Page, PageSize } from "./list-query-schema";
import { BANK_FILE_LINE_STATES, BANK_FILE_STATES, BANK_REFERENCE_MAX_LENGTH, PayoutReason, type BankFileState } from "./payouts";

/** At most this many payouts go into one file by their ids (the picker's page is smaller). */
export const MAX_PAYOUTS_PER_FILE = 500;

export const BANK_FILE_MESSAGES = {
  generated: (name: string, lines: number) => `Bank file ${name} generated: ${lines} ${lines === 1 ? "line" : "lines"}`,
  notFound: "Bank file not found",
  lineNotFound: "Line not found in this bank file",
  pickPayouts: "Choose at least one approved payout",
  pickOne: "Send either payout_ids or all_approved_today, not both",
  tooMany: `At most ${MAX_PAYOUTS_PER_FILE} payouts go into one bank file`,
  noneApprovedToday: "No approved payouts released today are waiting for a bank file",
  unknownPayouts: (ids: number[]) => `Unknown payouts: ${ids.join(", ")}`,
  notApproved: (list: string) => `Only approved payouts can go into a bank file; not approved now: ${list}`,
  noBankAccount: (list: string) => `These providers have no bank account, add one on Bank Details first: ${list}`,
  needsAccess: "Only an admin with both Payment and Bank Details access can generate or download a bank file",
  needsPayment: "Only an admin with Payment access can change a bank file",
  sent: (name: string) => `Bank file ${name} marked sent to bank`,
  paid: (name: string) => `Bank file ${name} marked paid`,
  lineFailed: (line: number) => `Line ${line} marked failed: its payouts are approved again, ready for the next file`,
  cannotSend: (state: BankFileState) => `This bank file is ${state.toLowerCase()}: only a generated file can be marked sent to bank`,
  cannotPay: (state: BankFileState) =>
    state === "Paid" ? "This bank file is already paid" : "Mark the bank file sent to bank before marking it paid",
  cannotFail: (state: BankFileState) => `This bank file is ${state.toLowerCase()}: its lines can no longer be marked failed`,
  lineNotIncluded: (line: number, state: string) => `Line ${line} is already ${state.toLowerCase()}`,
  bankReferenceRequired: "Please enter the bank's reference",
  bankReferenceTooLong: `The bank's reference is at most ${BANK_REFERENCE_MAX_LENGTH} characters`,
} as const;

/** "bank-transfer-2026-11-28-batch-01.csv" */
export const bankFileName = (fileDate: string, batchNumber: number) =>
  `bank-transfer-${fileDate}-batch-${String(batchNumber).padStart(2, "0")}.csv`;

/** A line's Customer Reference in the file: "B20261128-01-L003" (the bank echoes it in its report). */
export const lineReference = (fileDate: string, batchNumber: number, lineNumber: number) =>
  `B${fileDate.replaceAll("-", "")}-${String(batchNumber).padStart(2, "0")}-L${String(lineNumber).padStart(3, "0")}`;

export const ApprovedPayoutsQuery = z.object({
  page: Page.default(1),
  page_size: PageSize.default(50),
  released_on: isoDate.optional().describe("only payouts released on this India day (YYYY-MM-DD)"),
});
export type ApprovedPayoutsQuery = z.infer<typeof ApprovedPayoutsQuery>;

export const ApprovedPayout = z.object({
  payout_id: z.number().int(),
  payment_id: z.number().int(),
  order_id: z.number().int(),
  short_id: z.string(),
  service_provider_id: z.number().int(),
  provider_username: z.string(),
  amount: z.string().describe("What the provider receives, rupees"),
  released_at: z.string().describe("When it was released (approved)"),
  has_bank_account: z.boolean(),
  reason: z.string().nullable().describe("Why the bank failed it last time, if it did"),
});
export type ApprovedPayout = z.infer<typeof ApprovedPayout>;

export const GenerateBankFileBody = z
  .object({
    payout_ids: z
      .array(z.number().int().positive())
      .min(1, BANK_FILE_MESSAGES.pickPayouts)
      .max(MAX_PAYOUTS_PER_FILE, BANK_FILE_MESSAGES.tooMany)
      .optional(),
    all_approved_today: z.literal(true).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.payout_ids && body.all_approved_today)
      ctx.addIssue({ code: "custom", path: ["payout_ids"], message: BANK_FILE_MESSAGES.pickOne });
    if (!body.payout_ids && !body.all_approved_today)
      ctx.addIssue({ code: "custom", path: ["payout_ids"], message: BANK_FILE_MESSAGES.pickPayouts });
  });
export type GenerateBankFileBody = z.infer<typeof GenerateBankFileBody>;

export const BankFileListQuery = z.object({
  page: Page.default(1),
  page_size: PageSize.default(20),
  state: z.enum(BANK_FILE_STATES).optional(),
});
export type BankFileListQuery = z.infer<typeof BankFileListQuery>;

export const BankFileSummary = z.object({
  bank_file_id: z.number().int(),
  file_name: z.string(),
  file_date: z.string().describe("India date it was generated on"),
  batch_number: z.number().int(),
  state: z.enum(BANK_FILE_STATES),
  total: z.string().describe("Rupees: the sum of its lines (failed lines included)"),
  line_count: z.number().int(),
  failed_count: z.number().int(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  sent_by: z.string().nullable(),
  sent_at: z.string().nullable(),
  paid_by: z.string().nullable(),
  paid_at: z.string().nullable(),
  bank_reference: z.string().nullable(),
});
export type BankFileSummary = z.infer<typeof BankFileSummary>;

export const BankFileLine = z.object({
  line_id: z.number().int(),
  line_number: z.number().int(),
  customer_reference: z.string(),
  service_provider_id: z.number().int(),
  provider_username: z.string().nullable(),
  beneficiary_name: z.string(),
  account_number: z.string().describe("Masked: all but the last 4 characters are X"),
  ifsc_code: z.string(),
  amount: z.string(),
  narration: z.string(),
  payout_ids: z.array(z.number().int()),
  short_ids: z.array(z.string()),
  state: z.enum(BANK_FILE_LINE_STATES),
  failure_reason: z.string().nullable(),
  failed_by: z.string().nullable(),
  failed_at: z.string().nullable(),
});
export type BankFileLine = z.infer<typeof BankFileLine>;

export const BankFileDetail = BankFileSummary.extend({ lines: z.array(BankFileLine) });
export type BankFileDetail = z.infer<typeof BankFileDetail>;

export const MarkPaidBody = z
  .object({
    bank_reference: text("The bank's reference", { required_error: BANK_FILE_MESSAGES.bankReferenceRequired })
      .trim()
      .min(1, BANK_FILE_MESSAGES.bankReferenceRequired)
      .max(BANK_REFERENCE_MAX_LENGTH, BANK_FILE_MESSAGES.bankReferenceTooLong),
  })
  .strict();
export type MarkPaidBody = z.infer<typeof MarkPaidBody>;

export const FailLineBody = z.object({ reason: PayoutReason }).strict();
export type FailLineBody = z.infer<typeof FailLineBody>;

/** The CSV's columns, in order (docs/money.md "Bank bulk-transfer file"). */
export const BANK_FILE_COLUMNS = [
  "Transaction Type",
  "Beneficiary Name",
  "Beneficiary Account Number",
  "IFSC",
  "Amount",
  "Value Date",
  "Narration",
  "Customer Reference",
] as const;
