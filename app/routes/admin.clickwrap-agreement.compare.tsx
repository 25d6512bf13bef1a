import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ClickwrapComparePage } from "~/components/clickwrap/clickwrap-compare-page";
import { requireAdmin } from "~/services/auth.server";
import { clickwrapCompareLoader } from "~/services/clickwrap/compare.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Compare Terms Versions" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Agreement");
  return clickwrapCompareLoader(request, api);
}

export default ClickwrapComparePage;
