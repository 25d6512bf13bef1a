import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { listExportResponse } from "~/services/list-export.server";
import { PROVIDERS_EXPORT } from "~/services/service-providers/providers-export.server";

/** GET /admin/service-provider/export?…the list's URL…&format=xlsx|csv: the providers as filtered and sorted, every row. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "ServiceProvider");
  return listExportResponse(request, api, PROVIDERS_EXPORT, context.othersInFlight);
}
