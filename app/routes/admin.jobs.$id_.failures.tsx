import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FailuresTable } from "~/components/bulk-jobs/jobs-tables";
import { Pagination } from "~/components/pagination";
import { Heading, Text } from "~/components/ui";
import { requireAdmin } from "~/services/auth.server";
import { jobFailuresLoader } from "~/services/bulk-jobs/job-page.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Bulk job failures" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "always");
  return jobFailuresLoader(request, params, api);
}

export default function BulkJobFailuresPage() {
  const { job, rows, total, page, pageSize } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          Failed rows of job #{job.id} ({job.action}: {job.listTitle})
        </Heading>
        <Link className="button-link" to={`/admin/jobs/${job.id}`}>
          Back to the job
        </Link>
      </div>
      <Text as="p" size="2">
        {total.toLocaleString("en-IN")} rows could not be changed.
      </Text>
      <FailuresTable rows={rows} />
      <Pagination total={total} page={page} pageSize={pageSize} pageSizes={[pageSize]} />
    </>
  );
}
