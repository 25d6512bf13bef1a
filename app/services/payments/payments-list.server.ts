import { data } from "@remix-run/node";
import { orderStatusLabel } from "~contract/order-labels";
import { serviceTypeLabel } from "~/models/order-labels";
import type { PaymentRecord } from "~contract/payments";
import type { PaymentListRow, PaymentsPageData } from "~/models/payments";
import { redirectPastLastPage } from "~/services/errors.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { readPaymentListQuery, readReleaseDialog } from "~/services/payments/list-query.server";
import { releaseDialogFor } from "~/services/payments/release-dialog.server";
import { formatDate } from "~/utils/dates";
import { formatInr } from "~shared/money";

/** Why a successful payment has no Release, in a table cell's words (the full reason is its title). */
function releaseNote(p: PaymentRecord): PaymentListRow["releaseNote"] {
  if (p.releasable || p.payment_status !== "PAYMENT_SUCCESS" || !p.release_refusal) return null;
  const text = p.order_status === "Completed" ? "Paid out on another attempt" : `Order ${orderStatusLabel(p.order_status)}`;
  return { text, reason: p.release_refusal };
}

export function toRow(p: PaymentRecord): PaymentListRow {
  return {
    id: p.payment_id,
    shortId: p.short_id,
    date: formatDate(p.payment_date),
    releaseDate: formatDate(p.release_date),
    userId: p.user_id ?? null,
    user: p.userUsername,
    provider: p.serviceProviderUsername,
    service: serviceTypeLabel(p.serviceType),
    gateway: p.payment_gateway,
    status: p.payment_status,
    amount: formatInr(p.total_amount),
    amountInr: p.total_amount,
    attempt: p.attempts > 1 ? `Attempt ${p.attempt} of ${p.attempts}` : null,
    hasInvoice: p.has_invoice,
    releasable: p.releasable,
    releaseNote: releaseNote(p),
  };
}

/** The payments list: one filtered page, and the release dialog its URL asks for (400 when a filter is refused). */
export async function paymentsListLoader(request: Request, api: Marketplace) {
  const url = new URL(request.url);
  const { query, raw, sort, errors } = readPaymentListQuery(url.searchParams);
  const list = await api.listPayments(query);

  redirectPastLastPage(url, url.searchParams, query.page, query.page_size, list.total);

  // from the page's rows, else fetched by id (a bookmarked or shared URL)
  const { dialog, notice } = await releaseDialogFor(readReleaseDialog(url.searchParams), list.rows, api);

  return data<PaymentsPageData>(
    {
      rows: list.rows.map(toRow),
      total: list.total,
      page: query.page,
      pageSize: query.page_size,
      filters: raw,
      sort,
      filterErrors: errors,
      filtered: Boolean(raw.provider || raw.status || raw.releasable || raw.start_date || raw.end_date),
      dialog,
      notice,
    },
    { status: errors.length > 0 ? 400 : 200 },
  );
}
