import { z } from "zod";
import { BULK_JOB_KIND_INFO, BULK_JOB_MESSAGES, BULK_JOB_STATE_LABELS, BULK_LIST_INFO, isOpenState } from "~contract/bulk-job-labels";
import type { BulkJob } from "~contract/bulk-jobs";
import { filterWords, type JobView } from "~/models/bulk-jobs";
import { handleForm, intent } from "~/services/form-action.server";
import { idParam } from "~/services/form-result.server";
import type { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { redirectWithToast } from "~/services/toast.server";
import { formatDateTime } from "~/utils/dates";
import { listUrlOfFilter } from "./list-filter.server";

export function jobView(job: BulkJob): JobView {
  const info = BULK_JOB_KIND_INFO[job.kind];
  const list = BULK_LIST_INFO[info.list];
  const processed = job.done + job.failed;
  return {
    id: job.id,
    kind: job.kind,
    action: info.label,
    list: info.list,
    listTitle: list.title,
    listPath: list.path,
    state: job.state,
    stateLabel: BULK_JOB_STATE_LABELS[job.state],
    open: isOpenState(job.state),
    total: job.total,
    done: job.done,
    failed: job.failed,
    left: job.left,
    percent: job.total > 0 ? Math.min(100, Math.round((processed / job.total) * 100)) : 100,
    subject: job.payload.subject ?? null,
    whatsappTemplate: job.payload.whatsappTemplate ?? null,
    reason: job.payload.reason ?? null,
    filterWords: filterWords(job.filter),
    listUrl: listUrlOfFilter(info.list, job.filter),
    createdBy: job.created_by_username,
    createdAt: formatDateTime(job.created_at),
    finishedAt: job.finished_at ? formatDateTime(job.finished_at) : null,
  };
}

/** /admin/jobs/{id}: the job and its counts (403 for an admin without its list's access, 404 for no such job). */
export async function jobPageLoader(params: { id?: string }, api: Marketplace) {
  const id = idParam(params.id);
  return { job: jobView(await api.getBulkJob(id)) };
}

/** Cancel: back to the job's page with a toast (a job already ended says so). */
export function jobPageAction(request: Request, params: { id?: string }, api: Marketplace) {
  const id = idParam(params.id);
  const back = `/admin/jobs/${id}`;
  return handleForm(request, api, {
    cancel: intent(
      z.object({}),
      async () => {
        await api.cancelBulkJob(id);
        return redirectWithToast(request, back, { type: "success", message: BULK_JOB_MESSAGES.cancelled });
      },
      { refused: (error: MarketplaceError) => redirectWithToast(request, back, { type: "error", message: error.message }) },
    ),
  });
}

/** /admin/jobs/{id}/failures: the rows the job could not change, 100 a page. */
export async function jobFailuresLoader(request: Request, params: { id?: string }, api: Marketplace) {
  const id = idParam(params.id);
  const raw = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const page = Number.isInteger(raw) && raw >= 1 && raw <= 100000 ? raw : 1;
  const [job, failures] = await Promise.all([api.getBulkJob(id), api.listBulkJobFailures(id, page, 100)]);
  return { job: jobView(job), rows: failures.data, total: failures.total_results, page, pageSize: 100 };
}

/** /admin/jobs: recent jobs of the lists the admin may open (?mine=1: only theirs). */
export async function jobsListLoader(request: Request, api: Marketplace) {
  const mine = new URL(request.url).searchParams.get("mine") === "1";
  return { mine, jobs: (await api.listBulkJobs({ mine, limit: 50 })).map(jobView) };
}
