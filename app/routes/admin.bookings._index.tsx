import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { bookingsListLoader } from "~/services/bookings/bookings-list.server";
import { BookingsPage } from "~/components/bookings/bookings-page";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Booking List" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Bookings");
  return bookingsListLoader(request, api);
}

export default BookingsPage;
