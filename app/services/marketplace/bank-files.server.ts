import { z } from "zod";
import {
  ApprovedPayout,
  BankFileDetail,
  BankFileSummary,
  type ApprovedPayoutsQuery,
  type BankFileListQuery,
  type GenerateBankFileBody,
} from "~contract/bank-files";
import { apiRawRequest, apiRequest, type Caller } from "./client.server";

const page = <T extends z.ZodTypeAny>(row: T) =>
  z.object({ data: z.array(row), total_results: z.number().int(), current_page: z.number().int(), page_size: z.number().int() });

/** The payouts waiting for a bank file (GET /approved-payouts), newest release first. */
export async function listApprovedPayouts(caller: Caller, query: Partial<ApprovedPayoutsQuery>) {
  const answer = await apiRequest("/approved-payouts", {
    query,
    caller,
    answer: page(ApprovedPayout).extend({ total_amount: z.string() }),
  });
  return { rows: answer.data, total: answer.total_results, totalAmount: answer.total_amount };
}

/** POST /bank-files: one file of the chosen payouts (or all approved today). */
export async function generateBankFile(caller: Caller, body: GenerateBankFileBody) {
  return apiRequest("/bank-files", {
    method: "POST",
    body,
    caller,
    answer: z.object({ message: z.string(), data: BankFileDetail, skipped: z.array(z.number().int()) }),
  });
}

/** The bank files, newest first (GET /bank-files). */
export async function listBankFiles(caller: Caller, query: Partial<BankFileListQuery>) {
  const answer = await apiRequest("/bank-files", { query, caller, answer: page(BankFileSummary) });
  return { rows: answer.data, total: answer.total_results };
}

/** One bank file with its lines, account numbers masked (GET /bank-files/{id}). */
export async function getBankFile(caller: Caller, id: number) {
  return (await apiRequest(`/bank-files/${id}`, { caller, answer: z.object({ data: BankFileDetail }) })).data;
}

const changed = z.object({ message: z.string(), data: BankFileDetail });

export async function markBankFileSent(caller: Caller, id: number) {
  return apiRequest(`/bank-files/${id}/sent`, { method: "POST", caller, answer: changed });
}

export async function markBankFilePaid(caller: Caller, id: number, bankReference: string) {
  return apiRequest(`/bank-files/${id}/paid`, { method: "POST", body: { bank_reference: bankReference }, caller, answer: changed });
}

export async function failBankFileLine(caller: Caller, id: number, lineId: number, reason: string) {
  return apiRequest(`/bank-files/${id}/lines/${lineId}/fail`, { method: "POST", body: { reason }, caller, answer: changed });
}

/** The bank's CSV, full account numbers (GET /bank-files/{id}/csv; the API audits it), as it streams. */
export async function downloadBankFileCsv(caller: Caller, id: number): Promise<Response> {
  return apiRawRequest(`/bank-files/${id}/csv`, { caller });
}
