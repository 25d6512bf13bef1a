import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { orderDetailAction, orderDetailLoader } from "~/services/bookings/order-detail.server";
import { OrderDetailPage } from "~/components/bookings/order-detail-page";
import { paymentReleaseView } from "~/services/payments/payment-release.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Payment Detail" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Payment");
  const page = await orderDetailLoader(request, params, api, "short_id");
  return { ...page, release: await paymentReleaseView(api, page.view.summary.bookingId) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "Payment");
  return orderDetailAction(request, params, api);
}

export default OrderDetailPage;
