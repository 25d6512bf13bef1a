import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { orderFileLoader } from "~/services/bookings/order-files.server";

/** /admin/bookings/{bookingid}/files/{name}: one of the booking's files (?download=1: as an attachment). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Bookings");
  return orderFileLoader(request, params, api, "Bookings");
}
