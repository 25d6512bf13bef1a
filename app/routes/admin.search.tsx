import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SearchPage } from "~/components/search/search-page";
import { requireAdmin } from "~/services/auth.server";
import { globalSearchLoader } from "~/services/search/global-search.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Search" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { admin, api } = await requireAdmin(request, "always");
  return globalSearchLoader(request, admin, api);
}

export default SearchPage;
