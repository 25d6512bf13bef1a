import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { listExportResponse } from "~/services/list-export.server";
import { PAYMENTS_EXPORT } from "~/services/payments/payments-export.server";

/** GET /admin/payments/export?…the list's URL…&format=xlsx|csv: the payments as filtered, every row. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Payment");
  return listExportResponse(request, api, PAYMENTS_EXPORT, context.othersInFlight);
}
