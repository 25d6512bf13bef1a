import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { UserStoryPage } from "~/components/users/user-story-page";
import { requireAdmin } from "~/services/auth.server";
import { idParam } from "~/services/form-result.server";
import { userStoryLoader } from "~/services/users/user-story.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Admin | ${data.profile.username}` : "Admin | User" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { admin, api } = await requireAdmin(request, "User");
  return userStoryLoader(admin, api, idParam(params.userId));
}

export default UserStoryPage;
