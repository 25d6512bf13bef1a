import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { JobsTable } from "~/components/bulk-jobs/jobs-tables";
import { Flex, Heading } from "~/components/ui";
import { requireAdmin } from "~/services/auth.server";
import { jobsListLoader } from "~/services/bulk-jobs/job-page.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Bulk jobs" }];

/** Recent bulk jobs of the lists the admin may open (the API leaves out the others). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "always");
  return jobsListLoader(request, api);
}

export default function BulkJobsPage() {
  const { jobs, mine } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          Bulk jobs
        </Heading>
        <Flex gap="2">
          <Link className="button-link" to={mine ? "/admin/jobs" : "/admin/jobs?mine=1"}>
            {mine ? "Everyone's jobs" : "My jobs only"}
          </Link>
        </Flex>
      </div>
      <JobsTable jobs={jobs} />
    </>
  );
}
