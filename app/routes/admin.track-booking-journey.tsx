import type { LoaderFunctionArgs, MetaFunction, LinksFunction } from "@remix-run/node";
import { JourneysPage } from "~/components/booking-journeys/journeys-page";
import { requireAdmin } from "~/services/auth.server";
import { journeysListLoader } from "~/services/booking-journeys/journeys-list.server";
import bookingJourneysStyles from "~/styles/booking-journeys.css";

// this page's own styles: only its route links them (issue 31 §3)
export const links: LinksFunction = () => [{ rel: "stylesheet", href: bookingJourneysStyles }];

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Pending Bookings" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "TrackBookingJourney");
  return journeysListLoader(request, api);
}

export default JourneysPage;
