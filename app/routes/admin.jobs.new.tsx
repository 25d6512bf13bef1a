import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { NewJobForm } from "~/components/bulk-jobs/new-job-form";
import type { NewJobValues } from "~/models/bulk-jobs";
import type { FormFailure } from "~/models/form-result";
import { requireAdmin } from "~/services/auth.server";
import { bulkListAccess } from "~/services/bulk-jobs/list-filter.server";
import { newJobAction, newJobLoader } from "~/services/bulk-jobs/new-job.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Bulk action" }];

/** /admin/jobs/new?list=service-provider|user&<the list's filter>: the guard asks for the named list's access. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, bulkListAccess(request));
  return newJobLoader(request, api);
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, bulkListAccess(request));
  return newJobAction(request, api);
}

export default function NewBulkJobPage() {
  const data = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure<NewJobValues>>();
  return <NewJobForm data={data} failure={failure} />;
}
