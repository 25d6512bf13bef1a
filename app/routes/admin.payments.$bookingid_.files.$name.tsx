import type { LoaderFunctionArgs } from "@remix-run/node";
import { orderFileLoader } from "~/services/bookings/order-files.server";

/** /admin/payments/{bookingid}/files/{name}: the payment detail's order files, under "Payment" access. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return orderFileLoader(request, params, "Payment"); // requireAdmin(request, "Payment") first
}
