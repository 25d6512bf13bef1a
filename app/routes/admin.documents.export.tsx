import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { DOCUMENTS_EXPORT } from "~/services/documents/documents-export.server";
import { listExportResponse } from "~/services/list-export.server";

/** GET /admin/documents/export?…the list's URL…&format=xlsx|csv: the providers' documents as filtered and sorted, every row. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Documents");
  return listExportResponse(request, api, DOCUMENTS_EXPORT, context.othersInFlight);
}
