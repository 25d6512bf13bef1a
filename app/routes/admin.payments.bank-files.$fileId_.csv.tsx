import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { bankFileCsvLoader } from "~/services/bank-files/bank-file-csv.server";
import { idParam } from "~/services/form-result.server";

/** /admin/payments/bank-files/{id}/csv: the bank's CSV, for an admin with Payment and Bank Details access (audited by the API). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { admin, api } = await requireAdmin(request, "Payment");
  return bankFileCsvLoader(admin, api, idParam(params.fileId));
}
