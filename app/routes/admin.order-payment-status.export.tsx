import type { LoaderFunctionArgs } from "@remix-run/node";
import { callerOf } from "~/components/categories/category-actions.server";
import { readReportQuery, reportSearch } from "~/components/payments/report-query.server";
import { requireAdmin } from "~/services/auth.server";
import { exportFileName, orderPaymentStatusWorkbookStream } from "~/services/export/order-payment-status.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import { streamOrderPaymentStatus } from "~/services/marketplace/order-payment-status.server";
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
    // waits only for the API's answer (200 or not), not for the rows
    rows = await streamOrderPaymentStatus(query, callerOf(admin), request.signal);
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    return redirectWithToast(request, backTo, { type: "error", message: EXPORT_FAILED_MESSAGE });
  }
  // From here the download has started (headers + the first bytes of the .xlsx go out at once),
  // so a redirect is no longer possible: if the API stream breaks mid-way, the body ends with an
  // error and the browser shows a failed download (never a silently short file).
  const headers = new Headers({
    "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "Content-Disposition": `attachment; filename="${exportFileName()}"`,
    "Cache-Control": "no-store",
  });
  const token = url.searchParams.get("token");
  if (token && /^[a-z0-9]{1,32}$/i.test(token)) {
    headers.append("Set-Cookie", `${EXPORT_COOKIE}=${token}; Path=/admin/order-payment-status; Max-Age=60; SameSite=Lax`);
  }
  const body = orderPaymentStatusWorkbookStream(rows, (error) => {
    if (!request.signal.aborted) console.error("order payment status export broke off:", error);
  });
  return new Response(body, { status: 200, headers });
}
