import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { BankDetailsPage } from "~/components/bank-details/bank-details-page";
import { requireAdmin } from "~/services/auth.server";
import { bankDetailsListLoader } from "~/services/bank-details/bank-details-list.server";
import { revealAction } from "~/services/bank-details/reveal-action.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Bank Details" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { admin, api } = await requireAdmin(request, "BankDetails");
  return bankDetailsListLoader(request, admin, api);
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin, api } = await requireAdmin(request, "BankDetails");
  return revealAction(request, admin, api);
}

export default BankDetailsPage;
