import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { BANK_DETAILS_EXPORT } from "~/services/bank-details/bank-details-export.server";
import { listExportResponse } from "~/services/list-export.server";

/** GET /admin/service-provider-bank-details/export?…the list's URL…&format=xlsx|csv: the accounts as searched, numbers masked. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "BankDetails");
  return listExportResponse(request, api, BANK_DETAILS_EXPORT, context.othersInFlight);
}
