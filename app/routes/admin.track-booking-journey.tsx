import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { JourneysPage } from "~/components/booking-journeys/journeys-page";
import { requireAdmin } from "~/services/auth.server";
import { journeysListLoader } from "~/services/booking-journeys/journeys-list.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Pending Bookings" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "TrackBookingJourney");
  return journeysListLoader(request, api);
}

export default JourneysPage;
