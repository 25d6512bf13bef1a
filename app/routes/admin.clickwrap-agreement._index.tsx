import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ClickwrapListPage } from "~/components/clickwrap/clickwrap-list-page";
import { requireAdmin } from "~/services/auth.server";
import { clickwrapListAction, clickwrapListLoader } from "~/services/clickwrap/clickwrap-list.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Terms and Conditions" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Agreement");
  return clickwrapListLoader(request, api);
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "Agreement");
  return clickwrapListAction(request, api);
}

export default ClickwrapListPage;
