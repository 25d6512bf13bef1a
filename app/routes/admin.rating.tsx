import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { RatingsPage } from "~/components/ratings/ratings-page";
import { requireAdmin } from "~/services/auth.server";
import { ratingsListLoader } from "~/services/ratings/ratings-list.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Ratings" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { admin, api } = await requireAdmin(request, "Ratings");
  return ratingsListLoader(request, admin, api);
}

export default RatingsPage;
