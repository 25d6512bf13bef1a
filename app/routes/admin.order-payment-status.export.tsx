import type { LoaderFunctionArgs } from "@remix-run/node";
import { callerOf } from "~/components/categories/category-actions.server";
import { readReportQuery, reportSearch } from "~/components/payments/report-query.server";
import { requireAdmin } from "~/services/auth.server";
import { exportFileName, orderPaymentStatusWorkbookStream } from "~/services/export/order-payment-status.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import { getOrderPaymentStatus } from "~/services/marketplace/order-payment-status.server";
import { redirectWithToast } from "~/services/toast.server";

export const EXPORT_FAILED_MESSAGE = "Failed to export data";
/** Set on a successful download so the page (with JavaScript) can say "Export successful". */
export const EXPORT_COOKIE = "ops_export";

/** GET /admin/order-payment-status/export?…the report's filters…: the .xlsx download. */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "Payment");
  const url = new URL(request.url);
  const { query, raw, errors } = readReportQuery(url.searchParams);
  const backTo = `/admin/order-payment-status${reportSearch(raw)}`;
  if (errors.length > 0) {
    return redirectWithToast(request, backTo, { type: "error", message: `${EXPORT_FAILED_MESSAGE}: ${errors.join(" ")}` });
  }
  let rows;
  try {
    rows = (await getOrderPaymentStatus(query, callerOf(admin), request.signal)).rows;
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    return redirectWithToast(request, backTo, { type: "error", message: EXPORT_FAILED_MESSAGE });
  }
  const headers = new Headers({
    "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "Content-Disposition": `attachment; filename="${exportFileName()}"`,
    "Cache-Control": "no-store",
    "X-Export-Rows": String(rows.length),
  });
  const token = url.searchParams.get("token");
  if (token && /^[a-z0-9]{1,32}$/i.test(token)) {
    headers.append("Set-Cookie", `${EXPORT_COOKIE}=${token}; Path=/admin/order-payment-status; Max-Age=60; SameSite=Lax`);
  }
  return new Response(orderPaymentStatusWorkbookStream(rows), { status: 200, headers });
}
