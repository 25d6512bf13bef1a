import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { JobProgress } from "~/components/bulk-jobs/job-progress";
import { requireAdmin } from "~/services/auth.server";
import { jobPageAction, jobPageLoader } from "~/services/bulk-jobs/job-page.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Bulk job" }];

/** Any signed-in admin reaches the route; the API answers 403 unless they hold the job's list's access. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "always");
  return jobPageLoader(params, api);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "always");
  return jobPageAction(request, params, api);
}

export default function BulkJobPage() {
  const { job } = useLoaderData<typeof loader>();
  return <JobProgress job={job} />;
}
