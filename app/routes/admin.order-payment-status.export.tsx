import type { LoaderFunctionArgs } from "@remix-run/node";
import { readReportQuery, reportSearch } from "~/services/order-payment-status/report-query.server";
import { EXPORT_MESSAGES, EXPORT_OK } from "~/models/export-status";
import { requireAdmin } from "~/services/auth.server";
import { exportFailure, exportOutcomeCookie, exportToken } from "~/services/list-export.server";
import { exportFileName, orderPaymentStatusWorkbookStream } from "~/services/order-payment-status/export.server";
import { errorReporter, MarketplaceError } from "~/services/marketplace/client.server";

export const EXPORT_FAILED_MESSAGE = EXPORT_MESSAGES.failed;

/**
 * GET /admin/order-payment-status/export?…the report's filters…: the .xlsx download.
 * Without JavaScript a failure goes back to the report with the "Failed to export data" toast.
 * With JavaScript the link carries ?token=…: a failure answers 204 (the browser stays on the page)
 * with the message in the token's cookie, and the download's own answer carries "ok" there.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Payment");
  const url = new URL(request.url);
  const { query, raw, errors } = readReportQuery(url.searchParams);
  const token = exportToken(url.searchParams);
  const fail = (message: string) => exportFailure(request, token, `/admin/order-payment-status${reportSearch(raw)}`, message);

  if (errors.length > 0) return fail(`${EXPORT_FAILED_MESSAGE}: ${errors.join(" ")}`);
  let rows;
  try {
    // waits only for the API's answer (200 or not), not for the rows
    rows = await api.raw.streamOrderPaymentStatus(query);
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    return fail(EXPORT_FAILED_MESSAGE);
  }
  // From here the download has started (headers + the first bytes of the .xlsx go out at once),
  // so a redirect is no longer possible: if the API stream breaks mid-way, the body ends with an
  // error and the browser shows a failed download (never a silently short file).
  const headers = new Headers({
    "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "Content-Disposition": `attachment; filename="${exportFileName()}"`,
    "Cache-Control": "no-store",
  });
  if (token) headers.append("Set-Cookie", exportOutcomeCookie(token, EXPORT_OK));
  const report = errorReporter();
  const body = orderPaymentStatusWorkbookStream(
    rows,
    (error) => {
      if (!request.signal.aborted) report("order payment status export broke off", error);
    },
    context.othersInFlight,
  );
  return new Response(body, { status: 200, headers });
}
