import { z } from "zod";
import { BulkJob, BulkJobFailure, type CreateBulkJobBody } from "~contract/bulk-jobs";
import { apiRequest, type Caller } from "./client.server";

const OneJob = z.object({ data: BulkJob });

/** POST /bulk-jobs: a job over every row the list's filter matches (the list's own query parameters). */
export async function createBulkJob(caller: Caller, body: CreateBulkJobBody): Promise<BulkJob> {
  return (await apiRequest("/bulk-jobs", { method: "POST", body, caller, answer: OneJob })).data;
}

/** GET /bulk-jobs/{id}: the job and its counts. */
export async function getBulkJob(caller: Caller, id: number): Promise<BulkJob> {
  return (await apiRequest(`/bulk-jobs/${id}`, { caller, answer: OneJob })).data;
}

/** GET /bulk-jobs: recent jobs of the lists the admin may open (mine: only theirs), newest first. */
export async function listBulkJobs(caller: Caller, query: { mine?: boolean; limit?: number } = {}): Promise<BulkJob[]> {
  const answer = await apiRequest("/bulk-jobs", {
    query: { mine: query.mine ? "true" : undefined, limit: query.limit },
    caller,
    answer: z.object({ data: z.array(BulkJob) }),
  });
  return answer.data;
}

/** POST /bulk-jobs/{id}/cancel: no batch starts after this. */
export async function cancelBulkJob(caller: Caller, id: number): Promise<BulkJob> {
  return (await apiRequest(`/bulk-jobs/${id}/cancel`, { method: "POST", caller, answer: OneJob })).data;
}

/** GET /bulk-jobs/{id}/failures: the rows the job could not change, and why. */
export async function listBulkJobFailures(caller: Caller, id: number, page = 1, pageSize = 100) {
  return apiRequest(`/bulk-jobs/${id}/failures`, {
    query: { page, page_size: pageSize },
    caller,
    answer: z.object({ data: z.array(BulkJobFailure), total_results: z.number().int() }),
  });
}
