import { z } from "zod";
import { ClickwrapList, ClickwrapRecord } from "~contract/clickwrap";
import { type ClickwrapSortField, type ClickwrapStatus } from "~/models/clickwrap-labels";
import { apiRequest, type Caller } from "./client.server";

const One = z.object({ data: ClickwrapRecord });
const PATH = "/clickwrap/clickwraps/";

export type ClickwrapQuery = {
  page: number;
  page_size: number;
  status?: ClickwrapStatus;
  search?: string;
  sortField?: ClickwrapSortField;
  sortOrder?: "asc" | "desc";
};

/** One page of terms versions, newest first or as sorted (GET /clickwrap/clickwraps/, list in results). */
export async function listClickwraps(caller: Caller, query: ClickwrapQuery) {
  const answer = await apiRequest(PATH, { query, caller, answer: ClickwrapList });
  return { rows: answer.results, total: answer.total_results };
}

export async function getClickwrap(caller: Caller, id: number) {
  return (await apiRequest(`${PATH}${id}/`, { caller, answer: One })).data;
}

export async function createClickwrap(caller: Caller, body: { version: string; status: ClickwrapStatus; text: string }) {
  return (await apiRequest(PATH, { method: "POST", body, caller, answer: One })).data;
}

/** DELETE /clickwrap/clickwraps/{id}/ (ours): a draft only; a published version answers 409. */
export async function deleteClickwrap(caller: Caller, id: number) {
  return apiRequest(`${PATH}${id}/`, { method: "DELETE", caller, answer: z.object({ message: z.string() }) });
}

export async function updateClickwrap(
  caller: Caller,
  id: number,
  body: { version?: string; status?: ClickwrapStatus; text?: string; updated_at: string },
) {
  return (await apiRequest(`${PATH}${id}/`, { method: "PUT", body, caller, answer: One })).data;
}
