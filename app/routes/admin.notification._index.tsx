import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { TemplatesPage } from "~/components/notification-templates/templates-page";
import { requireAdmin } from "~/services/auth.server";
import { templatesListLoader } from "~/services/notification-templates/templates.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Notification Templates" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Notification");
  return templatesListLoader(request, api);
}

export default TemplatesPage;
