import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { COMMENTS_EXPORT } from "~/services/comments/comments-export.server";
import { listExportResponse } from "~/services/list-export.server";

/** GET /admin/comments/export?…the list's URL…&format=xlsx|csv: the comments as searched, filtered and sorted, every row. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Comments");
  return listExportResponse(request, api, COMMENTS_EXPORT, context.othersInFlight);
}
