import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { ADMIN_USERS_EXPORT } from "~/services/admin-users/admin-users-export.server";
import { listExportResponse } from "~/services/list-export.server";

/** GET /admin/list-admin-users/export?…the list's URL…&format=xlsx|csv: the admin users as filtered and sorted, every row (never a password). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "AdminUsers");
  return listExportResponse(request, api, ADMIN_USERS_EXPORT, context.othersInFlight);
}
