import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { orderDetailAction, orderDetailLoader } from "~/services/bookings/order-detail.server";
import { OrderDetailPage } from "~/components/bookings/order-detail-page";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Booking Detail" }];

/** requireAdmin(request, "Bookings") is the first thing orderDetailLoader/Action do. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return orderDetailLoader(request, params, "Bookings", "order_id");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return orderDetailAction(request, params, "Bookings");
}

export default OrderDetailPage;
