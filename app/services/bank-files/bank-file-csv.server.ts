import type { AdminUser } from "~contract/admin-users";
import type { Marketplace } from "~/services/marketplace/index.server";
import { requireBankDetails } from "./bank-files-list.server";

/**
 * The bank's CSV as the API writes it (full account numbers; the API audits the download), passed
 * through as it streams: never stored, never cached.
 */
export async function bankFileCsvLoader(admin: AdminUser, api: Marketplace, id: number) {
  requireBankDetails(admin);
  const answer = await api.downloadBankFileCsv(id);
  return new Response(answer.body, {
    status: 200,
    headers: {
      "Content-Type": answer.headers.get("content-type") ?? "text/csv; charset=utf-8",
      "Content-Disposition": answer.headers.get("content-disposition") ?? `attachment; filename="bank-file-${id}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
