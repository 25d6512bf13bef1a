import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, LinksFunction } from "@remix-run/node";
import { CustomerQueriesPage } from "~/components/customer-queries/customer-queries-page";
import { requireAdmin } from "~/services/auth.server";
import { customerQueriesAction } from "~/services/customer-queries/customer-query-actions.server";
import { customerQueriesLoader } from "~/services/customer-queries/customer-queries-list.server";
import customerQueriesStyles from "~/styles/customer-queries.css";

// this page's own styles: only its route links them (issue 31 §3)
export const links: LinksFunction = () => [{ rel: "stylesheet", href: customerQueriesStyles }];

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Customer Queries" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "QueryMessage");
  return customerQueriesLoader(request, api);
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "QueryMessage");
  return customerQueriesAction(request, api);
}

export default CustomerQueriesPage;
