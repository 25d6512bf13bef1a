import type { LoaderFunctionArgs } from "@remix-run/node";
import { orderFileLoader } from "~/services/bookings/order-files.server";

/** /admin/bookings/{bookingid}/files/{name}: one of the booking's files (?download=1: as an attachment). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return orderFileLoader(request, params, "Bookings"); // requireAdmin(request, "Bookings") first
}
