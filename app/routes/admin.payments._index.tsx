import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PaymentsPage } from "~/components/payments/payments-page";
import { requireAdmin } from "~/services/auth.server";
import { paymentsListLoader } from "~/services/payments/payments-list.server";
import { releaseAction } from "~/services/payments/release-action.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export async function loader({ request }: LoaderFunctionArgs) {
  const { admin, api } = await requireAdmin(request, "Payment");
  return paymentsListLoader(request, api, admin);
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "Payment");
  return releaseAction(request, api);
}

export default PaymentsPage;
