import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { markSeenAction } from "~/services/audit-log/notices.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

/** The header's Recent changes live in every page's header: this URL only takes "Mark all read". */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "always");
  return redirect("/admin");
}

/** "Mark all read" (and opening the menu with JavaScript): any signed-in admin, for their own marker. */
export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "always");
  return markSeenAction(request, api);
}
