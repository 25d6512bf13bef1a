import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { listExportResponse } from "~/services/list-export.server";
import { RATINGS_EXPORT } from "~/services/ratings/ratings-export.server";

/** GET /admin/rating/export?…the list's URL…&format=xlsx|csv: the ratings as filtered, every row. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Ratings");
  return listExportResponse(request, api, RATINGS_EXPORT, context.othersInFlight);
}
