import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { orderDetailAction, orderDetailLoader } from "~/services/bookings/order-detail.server";
import { OrderDetailPage } from "~/components/bookings/order-detail-page";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Booking Detail" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Bookings");
  return orderDetailLoader(request, params, api, "order_id");
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "Bookings");
  return orderDetailAction(request, params, api);
}

export default OrderDetailPage;
