import { isRecordId } from "~contract/ids";
import { BookingListQuery, type BookingRow } from "~contract/bookings";
import { BOOKING_PAGE_SIZES, type BookingListRow, type BookingsPageData, type PaymentDetails, type PaymentNotice } from "~/models/bookings";
import { ORDER_MESSAGES } from "~contract/orders";
import { BOOKING_SORT_FIELDS, BOOKING_TABS } from "~contract/order-labels";
import { serviceTypeLabel } from "~/models/order-labels";
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from "~contract/payments";
import { formatDateTime } from "~/utils/dates";
import { redirectPastLastPage } from "~/services/errors.server";
import { readCursor, readCustomer, readSort } from "~/services/list-query.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { formatInr } from "~shared/money";

export function toRow(row: BookingRow): BookingListRow {
  return {
    orderId: row.order_id,
    shortId: row.short_id,
    createdAt: formatDateTime(row.created_at),
    userId: row.user_id ?? null,
    user: row.userUsername,
    provider: row.serviceProviderUsername,
    serviceType: serviceTypeLabel(row.serviceType),
    charges: formatInr(row.charges),
    chargesInr: row.charges,
    paymentStatus: row.paymentStatus ? (PAYMENT_STATUS_LABELS[row.paymentStatus as PaymentStatus] ?? row.paymentStatus) : "—",
    status: row.status,
  };
}

/** Key fields of a PhonePe answer, shown above its raw JSON. */
function keyFields(response: unknown): { label: string; value: string }[] {
  if (!response || typeof response !== "object") return [];
  const top = response as Record<string, unknown>;
  const inner = top.data && typeof top.data === "object" ? (top.data as Record<string, unknown>) : {};
  const pick = (...values: unknown[]) => values.find((v) => v !== undefined && v !== null && v !== "");
  const out: { label: string; value: string }[] = [];
  const add = (label: string, value: unknown) => {
    if (value !== undefined) out.push({ label, value: typeof value === "object" ? JSON.stringify(value) : String(value) });
  };
  add("Success", pick(top.success));
  add("Code", pick(top.code, inner.code));
  add("Message", pick(top.message, inner.message));
  add("Merchant Transaction Id", pick(inner.merchantTransactionId, top.merchantTransactionId));
  add("Transaction Id", pick(inner.transactionId, top.transactionId));
  add("Amount (paise)", pick(inner.amount, top.amount));
  add("State", pick(inner.state, top.state));
  add("Response Code", pick(inner.responseCode, top.responseCode));
  const instrument = inner.paymentInstrument;
  if (instrument && typeof instrument === "object") add("Payment Instrument", (instrument as Record<string, unknown>).type);
  return out;
}

export const PAYMENT_DETAILS_LOAD_FAILED = "Could not load the payment details";

function paymentDetails(
  order: { order_id: number; short_id: string },
  status: string | null | undefined,
  response: unknown,
): PaymentDetails {
  return {
    orderId: order.order_id,
    shortId: order.short_id,
    status: status ? (PAYMENT_STATUS_LABELS[status as PaymentStatus] ?? status) : "No payment",
    fields: keyFields(response),
    json: response === null || response === undefined ? "" : JSON.stringify(response, null, 2),
  };
}

/**
 * The payment-details dialog (?payment=<order_id>): from the row on this page when it is there,
 * else the order fetched by id (GET /get-order-by-id), so the URL opens it from any page or tab.
 * An unknown or malformed id is told to the admin.
 */
async function paymentDialogFor(
  asked: string | null,
  rows: readonly BookingRow[],
  api: Marketplace,
): Promise<{ payment: PaymentDetails | null; paymentNotice: PaymentNotice | null }> {
  if (asked === null) return { payment: null, paymentNotice: null };
  const raw = asked.trim().slice(0, 40);
  if (!isRecordId(raw)) {
    const message = raw ? `"${raw}" is not a booking id. The link may be wrong.` : "The link does not name a booking.";
    return { payment: null, paymentNotice: { title: ORDER_MESSAGES.notFound, message } };
  }
  const id = Number(raw);
  const row = rows.find((r) => r.order_id === id);
  if (row) return { payment: paymentDetails(row, row.paymentStatus, row.phonepe_response), paymentNotice: null };
  try {
    const order = await api.raw.getOrder(id);
    return { payment: paymentDetails(order, order.payment?.payment_status, order.payment?.phonepe_response), paymentNotice: null };
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    if (error.kind === "not-found") {
      return {
        payment: null,
        paymentNotice: { title: ORDER_MESSAGES.notFound, message: `No booking has the id ${id}. The link may be wrong or out of date.` },
      };
    }
    return { payment: null, paymentNotice: { title: PAYMENT_DETAILS_LOAD_FAILED, message: error.message } };
  }
}

/**
 * The list's URL: its tab, search, paging and sort (sortField/sortOrder, DataTable's header links) as
 * the API's query; errors: what it refused (a refused search or paging falls back to the tab alone,
 * a refused sort to newest first).
 */
export function readBookingsQuery(params: URLSearchParams) {
  const tab = BOOKING_TABS.find((t) => t.key === params.get("tab")) ?? BOOKING_TABS[0];
  const sortErrors: string[] = [];
  const sort = readSort(params, BOOKING_SORT_FIELDS, sortErrors);
  const user_id = readCustomer(params, sortErrors);
  const sorted = sort ? { sortField: sort.field, sortOrder: sort.order } : {};
  const parsed = BookingListQuery.safeParse({
    status: tab.status,
    search: params.get("search") ?? "",
    page: params.get("page") || undefined,
    page_size: params.get("page_size") || undefined,
    cursor: readCursor(params),
    user_id,
    ...sorted,
  });
  const errors = [...(parsed.success ? [] : parsed.error.issues.map((i) => i.message)), ...sortErrors];
  const query = parsed.success
    ? parsed.data
    : BookingListQuery.parse({ status: tab.status, search: "", page: undefined, page_size: undefined, user_id, ...sorted });
  return { tab, query, sort: sort ?? null, errors };
}

/** The bookings list (the route checked "Bookings" access first): one tab's page, and the payment dialog its URL asks for. */
export async function bookingsListLoader(request: Request, api: Marketplace): Promise<BookingsPageData> {
  const url = new URL(request.url);
  const params = url.searchParams;
  const { tab, query, sort, errors } = readBookingsQuery(params);

  const list = await api.listBookings(query);

  redirectPastLastPage(url, params, query.page, query.page_size, list.total, list.totalKind);

  const { payment, paymentNotice } = await paymentDialogFor(params.get("payment"), list.rows, api);

  return {
    tab: tab.key,
    search: params.get("search") ?? "",
    rows: list.rows.map(toRow),
    total: list.total,
    totalKind: list.totalKind,
    // a keyset page's number is the API's (the last page's, from the total)
    page: list.page,
    cursors: list.cursors,
    pageSize: query.page_size,
    pageSizes: [...BOOKING_PAGE_SIZES] as number[],
    sort,
    errors,
    payment,
    paymentNotice,
  };
}
