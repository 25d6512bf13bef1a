import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ProfilePage } from "~/components/profile/profile-page";
import { requireAdmin } from "~/services/auth.server";
import { profileLoader } from "~/services/profile/profile-loader.server";
import { profileAction } from "~/services/profile/profile-action.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Profile" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request, "always");
  return profileLoader(request, admin);
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin, api } = await requireAdmin(request, "always");
  return profileAction(request, admin, api);
}

export default ProfilePage;
