import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { UsersPage } from "~/components/users/users-page";
import { requireAdmin } from "~/services/auth.server";
import { userListAction } from "~/services/users/user-actions.server";
import { usersListLoader } from "~/services/users/users-list.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | User" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request, "User");
  return usersListLoader(request, admin);
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request, "User");
  return userListAction(request, admin);
}

export default UsersPage;
