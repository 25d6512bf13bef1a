import type { LoaderFunctionArgs } from "@remix-run/node";
import { OrderPaymentStatusPage } from "~/components/order-payment-status/order-payment-status-page";
import { requireAdmin } from "~/services/auth.server";
import { reportLoader } from "~/services/order-payment-status/report-loader.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Payment");
  return reportLoader(request, api);
}

export default OrderPaymentStatusPage;
