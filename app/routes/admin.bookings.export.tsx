import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { BOOKINGS_EXPORT } from "~/services/bookings/bookings-export.server";
import { listExportResponse } from "~/services/list-export.server";

/** GET /admin/bookings/export?…the list's URL…&format=xlsx|csv: the bookings of the tab as searched, every row. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Bookings");
  return listExportResponse(request, api, BOOKINGS_EXPORT, context.othersInFlight);
}
