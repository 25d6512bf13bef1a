import { data } from "@remix-run/node";
import { orderStatusLabel } from "~contract/order-labels";
import type { OrderPaymentStatusRow } from "~contract/order-payment-status";
import type { OrderPaymentStatusListRow, OrderPaymentStatusPageData } from "~/models/order-payment-status";
import { readPaging } from "~/services/list-query.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { readReportQuery, reportSearch } from "~/services/order-payment-status/report-query.server";
import { formatDate, formatDateTime } from "~/utils/dates";
import { formatInr } from "~shared/money";

const FETCH_FAILED = "Failed to fetch order payment status data";

function toRow(r: OrderPaymentStatusRow): OrderPaymentStatusListRow {
  return {
    id: r.order_id,
    shortId: r.short_id,
    created: formatDate(r.createdDate),
    completed: formatDate(r.completedDate),
    status: orderStatusLabel(r.status),
    payDate: formatDateTime(r.pay_date),
    payStatus: r.final_pay_status,
    invoice: r.company_invoice_number ?? "—",
    userId: r.client_user.id ?? null,
    user: r.client_user.name || r.client_user.username,
    userEmail: r.client_user.email,
    provider: r.provider.name || r.provider.username,
    providerEmail: r.provider.email,
    offerings: r.offerings,
    charges: formatInr(r.charges),
    paidToProvider: formatInr(r.paid_to_provider),
    commission: formatInr(r.platform_commission),
    gst: formatInr(r.gst),
  };
}

/**
 * The Order Payment Status report: the API answers every matching order at once and the page is
 * cut here. Refused filters answer 400 and an API failure 503, each with the filters kept.
 */
export async function reportLoader(request: Request, api: Marketplace) {
  const url = new URL(request.url);
  const { query, raw, errors } = readReportQuery(url.searchParams);
  const paging = readPaging(url.searchParams);
  const base = {
    filters: raw,
    filterErrors: errors,
    filtered: Object.values(raw).some(Boolean),
    exportHref: `/admin/order-payment-status/export${reportSearch(raw)}`,
    page: paging.page,
    pageSize: paging.page_size,
  };
  if (errors.length > 0)
    return data<OrderPaymentStatusPageData>({ ...base, rows: [], total: 0, truncated: false, fetchError: null }, { status: 400 });

  let report;
  try {
    report = await api.raw.getOrderPaymentStatus(query);
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    return data<OrderPaymentStatusPageData>({ ...base, rows: [], total: 0, truncated: false, fetchError: FETCH_FAILED }, { status: 503 });
  }
  const pages = Math.max(1, Math.ceil(report.rows.length / paging.page_size));
  const page = Math.min(paging.page, pages);
  const rows = report.rows.slice((page - 1) * paging.page_size, page * paging.page_size).map(toRow);
  return data<OrderPaymentStatusPageData>({
    ...base,
    page,
    rows,
    total: report.rows.length,
    apiTotal: report.total,
    truncated: report.truncated,
    fetchError: null,
  });
}
