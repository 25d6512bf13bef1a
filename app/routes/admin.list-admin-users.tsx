import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminUsersPage } from "~/components/admin-users/admin-users-page";
import type { AdminUserFormValues } from "~/models/admin-user-labels";
import type { FormFailure } from "~/models/form-result";
import { adminUsersAction } from "~/services/admin-users/actions.server";
import { adminUsersLoader } from "~/services/admin-users/list-loader.server";
import { requireAdmin } from "~/services/auth.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export async function loader({ request }: LoaderFunctionArgs) {
  const { admin, api } = await requireAdmin(request, "AdminUsers");
  return adminUsersLoader(request, admin, api);
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "AdminUsers");
  return adminUsersAction(request, api);
}

/** After a refused save the dialog keeps what the admin typed: no reload of the page under it. */
export { keepTypedValues as shouldRevalidate } from "~/models/form-result";

export default function AdminUsersRoute() {
  const loaded = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure<AdminUserFormValues>>();
  return <AdminUsersPage {...loaded} failure={failure} />;
}
