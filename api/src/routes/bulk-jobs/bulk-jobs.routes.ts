/** bulk-jobs: an action over every row a list's filter matches, run in the background (docs/decisions/0026-bulk-jobs.md). */
import { BulkJob, BulkJobFailure, BulkJobFailuresQuery, BulkJobsQuery, CreateBulkJobBody } from "~contract/bulk-jobs";
import { ActingAdmin, body, chosenByUs, common, createRoute, data, error, idParam, json, mutating, z } from "../../lib/openapi";

const Job = BulkJob.openapi("BulkJob");
const JobId = z.object({ id: idParam("id", "the job's id") });
const reading = {
  400: error("x-acting-admin missing"),
  403: error("The acting admin lacks the access of the job's list, or is not Active"),
  404: error("No such bulk job"),
};

export const createJobRoute = createRoute({
  method: "post",
  path: "/bulk-jobs",
  summary: "Start a bulk job over every row a list's filter matches",
  ...chosenByUs(
    "kind names the list and the action (provider-email, provider-whatsapp: Service Providers; user-block, user-activate: Users; comment-approve, comment-delete: Comments; document-approve, document-reject: Service Provider Documents). filter holds the list's own query parameters (as its list call takes them; paging and sort are ignored): the job takes the rows matching it now, in id order. provider-email needs subject and body (sanitised as POST /send-email does), provider-whatsapp a whatsappTemplate, document-reject a reason (at most 500 characters) given to every provider's documents. Creating and cancelling a job are audited (entity bulk_job). 403 when the acting admin lacks the list's access. The job runs in the background, in batches; read its counts with GET /bulk-jobs/{id}.",
  ),
  request: { headers: ActingAdmin, body: body(CreateBulkJobBody.openapi("CreateBulkJobBody")) },
  responses: { 201: json(data(Job), "The job, queued"), ...mutating, ...common },
});

export const listJobsRoute = createRoute({
  method: "get",
  path: "/bulk-jobs",
  summary: "Recent bulk jobs of the lists the acting admin may open, newest first",
  ...chosenByUs("mine=true: only the acting admin's own."),
  request: { headers: ActingAdmin, query: BulkJobsQuery },
  responses: { 200: json(data(z.array(Job)), "The jobs"), 400: reading[400], 403: reading[403], ...common },
});

export const jobRoute = createRoute({
  method: "get",
  path: "/bulk-jobs/{id}",
  summary: "A bulk job and its counts (total, done, failed, left)",
  ...chosenByUs(),
  request: { headers: ActingAdmin, params: JobId },
  responses: { 200: json(data(Job), "The job"), ...reading, ...common },
});

export const cancelJobRoute = createRoute({
  method: "post",
  path: "/bulk-jobs/{id}/cancel",
  summary: "Cancel a bulk job: no batch starts after this (the batch under way, if any, completes)",
  ...chosenByUs("409 when the job has already ended."),
  request: { headers: ActingAdmin, params: JobId },
  responses: { 200: json(data(Job), "The job, cancelled or cancelling"), ...mutating, 404: reading[404], ...common },
});

export const jobFailuresRoute = createRoute({
  method: "get",
  path: "/bulk-jobs/{id}/failures",
  summary: "The rows a bulk job could not change, and why, in id order",
  ...chosenByUs("total_results: how many failed."),
  request: { headers: ActingAdmin, params: JobId, query: BulkJobFailuresQuery },
  responses: {
    200: json(z.object({ data: z.array(BulkJobFailure), total_results: z.number().int() }), "The failed rows"),
    ...reading,
    ...common,
  },
});
