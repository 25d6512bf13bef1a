import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { CUSTOMER_QUERIES_EXPORT } from "~/services/customer-queries/customer-queries-export.server";
import { listExportResponse } from "~/services/list-export.server";

/** GET /admin/query-msg/export?…the list's URL…&format=xlsx|csv: Customer Queries as searched and sorted, every row. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "QueryMessage");
  return listExportResponse(request, api, CUSTOMER_QUERIES_EXPORT, context.othersInFlight);
}
