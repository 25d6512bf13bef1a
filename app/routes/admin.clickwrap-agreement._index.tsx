import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ClickwrapListPage } from "~/components/clickwrap/clickwrap-list-page";
import { requireAdmin } from "~/services/auth.server";
import { clickwrapListAction, clickwrapListLoader } from "~/services/clickwrap/clickwrap-list.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Terms and Conditions" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request, "Agreement");
  return clickwrapListLoader(request, admin);
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request, "Agreement");
  return clickwrapListAction(request, admin);
}

export default ClickwrapListPage;
