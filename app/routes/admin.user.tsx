import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { UsersPage } from "~/components/users/users-page";
import { requireAdmin } from "~/services/auth.server";
import { userListAction } from "~/services/users/user-actions.server";
import { usersListLoader } from "~/services/users/users-list.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | User" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { admin, api } = await requireAdmin(request, "User");
  return usersListLoader(request, admin, api);
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "User");
  return userListAction(request, api);
}

export default UsersPage;
