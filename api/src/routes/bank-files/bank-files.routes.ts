/**
 * Bank bulk-transfer files (issue 34 §3, contract/bank-files.ts): the approved payouts, a file made
 * of them (one line per beneficiary), its CSV, and its states Generated → Sent to bank → Paid, or a
 * line failed (its payouts Approved again).
 */
import {
  ApprovedPayout,
  ApprovedPayoutsQuery,
  BankFileDetail,
  BankFileListQuery,
  BankFileSummary,
  FailLineBody,
  GenerateBankFileBody,
  MarkPaidBody,
} from "~contract/bank-files";
import {
  ActingAdmin,
  body,
  bytes,
  chosenByUs,
  common,
  createRoute,
  data,
  error,
  idParam,
  json,
  message,
  mutating,
  paged,
  z,
} from "../../lib/openapi";

const Detail = BankFileDetail.openapi("BankFileDetail");
const fileId = { params: z.object({ id: idParam("id", "the bank file's id") }) };
const unknownFile = { 404: error("Unknown bank file") };

export const approvedPayoutsRoute = createRoute({
  method: "get",
  path: "/approved-payouts",
  summary: "The payouts waiting for a bank file (state Approved), newest release first",
  ...chosenByUs(
    "The bank file's picker (issue 34). released_on: only those released on that India day. has_bank_account says whether the provider can be paid by a file now.",
  ),
  request: { query: ApprovedPayoutsQuery },
  responses: {
    200: json(
      paged(data(z.array(ApprovedPayout.openapi("ApprovedPayout")))).extend({ total_amount: z.string() }),
      "The page, and the total of every match",
    ),
    400: error("Bad query"),
    ...common,
  },
});

export const generateRoute = createRoute({
  method: "post",
  path: "/bank-files",
  summary: "Generate a bank bulk-transfer file from approved payouts",
  ...chosenByUs(
    "payout_ids, or all_approved_today (every Approved payout released today, India time, whose provider has a bank account; the others are listed in skipped). One line per provider: the sum of its payouts, the order short ids as narration, a snapshot of its bank account (the latest). The file is named by its India date and the next batch number of that day. Its payouts move to In bank file; a payout is in one file only (two generates over the same payouts: the second answers 409). A payout that is not Approved, unknown, or whose provider has no bank account refuses the whole request (409 or 404, listing them) and nothing changes. The acting admin needs Payment and BankDetails access (403). Audited (entity bank_file; never the account numbers).",
  ),
  request: { headers: ActingAdmin, body: body(GenerateBankFileBody.openapi("GenerateBankFileBody")) },
  responses: {
    201: json(message.extend({ data: Detail, skipped: z.array(z.number().int()) }), "The file, and the payouts left out (no bank account)"),
    ...mutating,
    403: error("The acting admin is not Active, or lacks Payment or BankDetails access"),
    404: error("Unknown payouts"),
    ...common,
  },
});

export const listRoute = createRoute({
  method: "get",
  path: "/bank-files",
  summary: "Bank files, newest first",
  ...chosenByUs("Paged; state filters by Generated, Sent to bank or Paid."),
  request: { query: BankFileListQuery },
  responses: {
    200: json(paged(data(z.array(BankFileSummary.openapi("BankFileSummary")))), "The page"),
    400: error("Bad query"),
    ...common,
  },
});

export const detailRoute = createRoute({
  method: "get",
  path: "/bank-files/{id}",
  summary: "One bank file with its lines (account numbers masked)",
  ...chosenByUs("Account numbers are masked as on Bank Details: the full numbers are only in the audited CSV."),
  request: fileId,
  responses: { 200: json(data(Detail), "The file"), 400: error("Bad id"), ...unknownFile, ...common },
});

export const csvRoute = createRoute({
  method: "get",
  path: "/bank-files/{id}/csv",
  summary: "The bank file as the bank's CSV (full account numbers; audited)",
  ...chosenByUs(
    'The layout of docs/money.md "Bank bulk-transfer file": a header row, then one row per line (failed lines too, as the bank got them). Content-Disposition names it bank-transfer-YYYY-MM-DD-batch-NN.csv. The acting admin needs Payment and BankDetails access; each download is audited (action export, entity bank_file).',
  ),
  request: { ...fileId, headers: ActingAdmin },
  responses: {
    200: bytes("The CSV", ["text/csv; charset=utf-8"]),
    400: error("Bad id, or x-acting-admin missing"),
    403: error("The acting admin is not Active, or lacks Payment or BankDetails access"),
    ...unknownFile,
    ...common,
  },
});

const changeAnswers = {
  200: json(message.extend({ data: Detail }), "The file as it is now"),
  ...mutating,
  403: error("The acting admin is not Active or has no Payment access"),
  404: error("Unknown bank file or line"),
  409: error("The file's (or the line's) state refuses the change, with the reason"),
  ...common,
};

export const sentRoute = createRoute({
  method: "post",
  path: "/bank-files/{id}/sent",
  summary: "Mark a generated bank file sent to bank",
  ...chosenByUs("Generated → Sent to bank; its included payouts → Sent to bank. Payment access; audited."),
  request: { ...fileId, headers: ActingAdmin },
  responses: changeAnswers,
});

export const paidRoute = createRoute({
  method: "post",
  path: "/bank-files/{id}/paid",
  summary: "Mark a bank file paid, with the bank's reference",
  ...chosenByUs("Sent to bank → Paid; its included lines and their payouts → Paid (paid_at). Payment access; audited."),
  request: { ...fileId, headers: ActingAdmin, body: body(MarkPaidBody.openapi("MarkBankFilePaidBody")) },
  responses: changeAnswers,
});

export const failLineRoute = createRoute({
  method: "post",
  path: "/bank-files/{id}/lines/{line_id}/fail",
  summary: "Mark one line of a bank file failed, with the reason",
  ...chosenByUs(
    "While the file is Generated or Sent to bank, an included line → Failed; its payouts go back to Approved (out of the file, the reason kept), ready for the next file. Payment access; audited.",
  ),
  request: {
    params: z.object({ id: idParam("id", "the bank file's id"), line_id: idParam("line_id", "the line's id") }),
    headers: ActingAdmin,
    body: body(FailLineBody.openapi("FailBankFileLineBody")),
  },
  responses: changeAnswers,
});
