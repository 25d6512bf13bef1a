import { data } from "@remix-run/node";
import { orderStatusLabel } from "~contract/order-labels";
import { serviceTypeLabel } from "~/models/order-labels";
import type { PaymentRecord } from "~contract/payments";
import type { PaymentListRow, PaymentsPageData, ReleaseCell } from "~/models/payments";
import type { AdminUser } from "~contract/admin-users";
import { hasAccess } from "~contract/access";
import { redirectPastLastPage } from "~/services/errors.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { readPaymentListQuery, readReleaseDialog, readRequestDialog } from "~/services/payments/list-query.server";
import { releaseDialogFor, requestDialogFor } from "~/services/payments/release-dialog.server";
import { formatDate, formatDateTime } from "~/utils/dates";
import { formatInr } from "~shared/money";

/** Why a successful payment has no Release, in a table cell's words (the full reason is its title). */
function releaseNote(p: PaymentRecord): PaymentListRow["releaseNote"] {
  if (p.releasable || p.payment_status !== "PAYMENT_SUCCESS" || !p.release_refusal) return null;
  const text = p.order_status === "Completed" ? "Paid out on another attempt" : `Order ${orderStatusLabel(p.order_status)}`;
  return { text, reason: p.release_refusal };
}

/** The Release column's words for a payment's latest release request or release. */
export function releaseCell(p: PaymentRecord, adminUserId: number | null): ReleaseCell | null {
  const r = p.release;
  if (!r) return null;
  const own = adminUserId !== null && r.requested_by_id === adminUserId;
  const by = (name: string | null) => (name ? ` by ${name}` : "");
  const oneAdmin = r.decided_by !== null && r.decided_by === r.requested_by && r.state !== "Rejected";
  const text =
    r.state === "Requested"
      ? `Requested${by(r.requested_by)}`
      : r.state === "Rejected"
        ? `Rejected${by(r.decided_by)}`
        : r.state === "Approved"
          ? oneAdmin
            ? `Released${by(r.requested_by)}`
            : `Approved${by(r.decided_by)}`
          : r.state;
  const detail =
    r.state === "Requested"
      ? `${formatInr(r.amount)} asked on ${formatDateTime(r.requested_at)}`
      : r.reason
        ? r.reason
        : r.decided_at
          ? `On ${formatDateTime(r.decided_at)}`
          : null;
  return { state: r.state, text, detail, decidable: r.state === "Requested", own };
}

export function toRow(p: PaymentRecord, adminUserId: number | null = null): PaymentListRow {
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
    releaseNote: p.release?.state === "Requested" ? null : releaseNote(p),
    release: releaseCell(p, adminUserId),
  };
}

/** The payments list: one filtered page, and the release dialog its URL asks for (400 when a filter is refused). */
export async function paymentsListLoader(request: Request, api: Marketplace, admin: AdminUser) {
  const url = new URL(request.url);
  const { query, raw, sort, errors } = readPaymentListQuery(url.searchParams);
  const list = await api.listPayments(query);

  redirectPastLastPage(url, url.searchParams, query.page, query.page_size, list.total);

  // from the page's rows, else fetched by id (a bookmarked or shared URL)
  const [{ dialog, notice }, requested] = await Promise.all([
    releaseDialogFor(readReleaseDialog(url.searchParams), list.rows, api),
    requestDialogFor(readRequestDialog(url.searchParams), list.rows, api, admin.adminUserId),
  ]);

  return data<PaymentsPageData>(
    {
      rows: list.rows.map((p) => toRow(p, admin.adminUserId)),
      total: list.total,
      page: query.page,
      pageSize: query.page_size,
      filters: raw,
      sort,
      filterErrors: errors,
      filtered: Boolean(raw.provider || raw.status || raw.releasable || raw.release_state || raw.start_date || raw.end_date),
      dialog,
      notice: notice ?? requested.notice,
      requestDialog: requested.dialog,
      canOpenBankFiles: hasAccess(admin.adminAccessRoleSettings, "Payment") && hasAccess(admin.adminAccessRoleSettings, "BankDetails"),
    },
    { status: errors.length > 0 ? 400 : 200 },
  );
}
