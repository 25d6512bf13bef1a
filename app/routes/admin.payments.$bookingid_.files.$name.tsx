import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { orderFileLoader } from "~/services/bookings/order-files.server";

/** /admin/payments/{bookingid}/files/{name}: the payment detail's order files, under "Payment" access. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Payment");
  return orderFileLoader(request, params, api, "Payment");
}
