import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { JOURNEYS_EXPORT } from "~/services/booking-journeys/journeys-export.server";
import { listExportResponse } from "~/services/list-export.server";

/** GET /admin/track-booking-journey/export?…the list's URL…&format=xlsx|csv: the journeys as filtered, every one. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "TrackBookingJourney");
  return listExportResponse(request, api, JOURNEYS_EXPORT, context.othersInFlight);
}
