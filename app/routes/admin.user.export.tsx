import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { listExportResponse } from "~/services/list-export.server";
import { USERS_EXPORT } from "~/services/users/users-export.server";

/** GET /admin/user/export?…the list's URL…&format=xlsx|csv: the Users list as it is filtered, every row. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "User");
  return listExportResponse(request, api, USERS_EXPORT, context.othersInFlight);
}
