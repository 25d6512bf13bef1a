/** The bulk-job pages as route calls (tests/routes): the new-job form, a job's page, and waiting for a job to end. */
import * as newJobRoute from "~/routes/admin.jobs.new";
import * as jobRoute from "~/routes/admin.jobs.$id";
import type { JobView } from "~/models/bulk-jobs";
import { callRoute, requestAs, type DemoAdminName } from "./routes";

/** A loader's data, whether returned plainly or as single fetch's data(value, init). */
export function payload<T>(result: unknown): T {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: T }).data;
  return result as T;
}

export const loadNew = async (query: string, who: DemoAdminName = "admin") =>
  callRoute(newJobRoute, await requestAs(who, `/admin/jobs/new?${query}`));
export const postNew = async (query: string, form: Record<string, string>, who: DemoAdminName = "admin") =>
  callRoute(newJobRoute, await requestAs(who, `/admin/jobs/new?${query}`, { form: { intent: "start", ...form } }));
export const loadJob = async (id: number, who: DemoAdminName = "admin") =>
  callRoute(jobRoute, await requestAs(who, `/admin/jobs/${id}`), { id: String(id) });

/** The job page until the job ends (the API runs it in the background). */
export async function jobWhenEnded(id: number): Promise<JobView> {
  for (let i = 0; i < 200; i++) {
    const { job } = payload<{ job: JobView }>(await loadJob(id));
    if (!job.open) return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`job ${id} did not end`);
}
