import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { listExportResponse } from "~/services/list-export.server";
import { LEDGER_EXPORT } from "~/services/payout-ledger/ledger-export.server";

/** GET /admin/payments/ledger/export?provider=…&…the ledger's URL…&format=xlsx|csv: the provider's releases as filtered, every row. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Payment");
  return listExportResponse(request, api, LEDGER_EXPORT, context.othersInFlight);
}
