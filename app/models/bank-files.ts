/** What only the admin uses of ~contract/bank-files: the pages' URLs, forms and view models. */
import { z } from "zod";
import { BANK_FILE_MESSAGES } from "~contract/bank-files";
import type { BankFileLineState, BankFileState } from "~contract/payouts";
import { BANK_REFERENCE_MAX_LENGTH, REASON_MAX_LENGTH, PAYOUT_MESSAGES } from "~contract/payouts";
import { postedRecordId, repeated } from "~/models/form-fields";

export const BANK_FILES_URL = "/admin/payments/bank-files";
export const bankFileUrl = (id: number) => `${BANK_FILES_URL}/${id}`;
export const bankFileCsvUrl = (id: number) => `${BANK_FILES_URL}/${id}/csv`;

/** The sentence of a page (or download) an admin without Bank Details access may not use. */
export const NEEDS_BANK_DETAILS = "You need both Payment and Bank Details access to generate or download a bank file.";

// ——— forms ———

export const GenerateForm = z.object({
  payout_ids: repeated(postedRecordId("unknown payout")).refine((ids) => ids.length > 0, BANK_FILE_MESSAGES.pickPayouts),
});
export const GenerateTodayForm = z.object({});

export const MarkSentForm = z.object({});
export const MarkPaidForm = z.object({
  bank_reference: z
    .string({ required_error: BANK_FILE_MESSAGES.bankReferenceRequired })
    .trim()
    .min(1, BANK_FILE_MESSAGES.bankReferenceRequired)
    .max(BANK_REFERENCE_MAX_LENGTH, BANK_FILE_MESSAGES.bankReferenceTooLong),
});
export const FailLineForm = z.object({
  line: postedRecordId("unknown line"),
  reason: z
    .string({ required_error: PAYOUT_MESSAGES.reasonRequired })
    .trim()
    .min(1, PAYOUT_MESSAGES.reasonRequired)
    .max(REASON_MAX_LENGTH, PAYOUT_MESSAGES.reasonTooLong),
});

export { BANK_REFERENCE_MAX_LENGTH, REASON_MAX_LENGTH };

// ——— view models ———

export const BANK_FILE_STATE_COLORS: Record<BankFileState, "blue" | "amber" | "green"> = {
  Generated: "blue",
  "Sent to bank": "amber",
  Paid: "green",
};
export const LINE_STATE_COLORS: Record<BankFileLineState, "gray" | "green" | "red"> = { Included: "gray", Paid: "green", Failed: "red" };

/** One approved payout in the picker, formatted. */
export type PickerRow = {
  id: number;
  shortId: string;
  provider: string;
  amount: string;
  releasedAt: string;
  hasBankAccount: boolean;
  /** why the bank failed it last time */
  reason: string | null;
};

export type FileRow = {
  id: number;
  name: string;
  date: string;
  batch: number;
  state: BankFileState;
  lines: number;
  failed: number;
  total: string;
  createdBy: string;
  createdAt: string;
};

export type BankFilesPageData = {
  files: FileRow[];
  total: number;
  page: number;
  pageSize: number;
  state: BankFileState | "";
  /** the admin holds Bank Details too: the picker is shown and Generate works */
  canGenerate: boolean;
  picker: {
    rows: PickerRow[];
    total: number;
    totalAmount: string;
    page: number;
    pageSize: number;
    releasedOn: string;
    dateError: string | null;
  };
};

export type LineRow = {
  id: number;
  number: number;
  reference: string;
  provider: string;
  beneficiary: string;
  account: string;
  ifsc: string;
  amount: string;
  orders: string;
  state: BankFileLineState;
  failure: string | null;
  failedBy: string | null;
};

export type BankFileDialog = { kind: "sent" } | { kind: "paid" } | { kind: "fail"; line: LineRow } | null;

export type BankFilePageData = {
  id: number;
  name: string;
  state: BankFileState;
  date: string;
  batch: number;
  total: string;
  includedTotal: string;
  failedTotal: string;
  lineCount: number;
  failedCount: number;
  createdBy: string;
  createdAt: string;
  sent: string | null;
  paid: string | null;
  bankReference: string | null;
  lines: LineRow[];
  canDownload: boolean;
  dialog: BankFileDialog;
};
