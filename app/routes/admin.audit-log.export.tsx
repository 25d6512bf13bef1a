import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { AUDIT_LOG_EXPORT } from "~/services/audit-log/audit-log-export.server";
import { listExportResponse } from "~/services/list-export.server";

/** GET /admin/audit-log/export?…the log's URL…&format=xlsx|csv: the entries this admin sees, as filtered, every row. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "AdminUsers");
  return listExportResponse(request, api, AUDIT_LOG_EXPORT, context.othersInFlight);
}
