import { redirect } from "@remix-run/node";
import { BOOKING_PAGE_SIZES, BookingListQuery, type BookingRow } from "~/models/booking";
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from "~/models/payment";
import { requireAdmin } from "~/services/auth.server";
import { formatDateTime } from "~/services/dates";
import { throwLoaderError } from "~/services/errors.server";
import { listBookings } from "~/services/marketplace/bookings.server";
import { formatInr } from "~/services/money";
import { BOOKING_TAB_KEYS } from "./status";

export type BookingListRow = {
  orderId: number;
  shortId: string;
  createdAt: string;
  user: string;
  provider: string;
  serviceType: string;
  charges: string;
  paymentStatus: string;
  status: string;
};

function toRow(row: BookingRow): BookingListRow {
  return {
    orderId: row.order_id,
    shortId: row.short_id,
    createdAt: formatDateTime(row.created_at),
    user: row.userUsername,
    provider: row.serviceProviderUsername,
    serviceType: row.serviceType,
    charges: formatInr(row.charges),
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

export async function bookingsListLoader(request: Request) {
  const admin = await requireAdmin(request, "Bookings");
  const url = new URL(request.url);
  const params = url.searchParams;
  const tab = BOOKING_TAB_KEYS.find((t) => t.key === params.get("tab")) ?? BOOKING_TAB_KEYS[0];
  const parsed = BookingListQuery.safeParse({
    status: tab.status,
    search: params.get("search") ?? "",
    page: params.get("page") || undefined,
    page_size: params.get("page_size") || undefined,
  });
  const errors = parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  const query = parsed.success
    ? parsed.data
    : BookingListQuery.parse({ status: tab.status, search: "", page: undefined, page_size: undefined });

  const list = await listBookings(query, { adminUserId: admin.adminUserId }).catch(throwLoaderError);

  const pages = Math.max(1, Math.ceil(list.total / query.page_size));
  if (query.page > pages && list.total > 0) {
    params.set("page", String(pages));
    throw redirect(`${url.pathname}?${params}`);
  }

  // the payment-details dialog (?payment=<order_id>) reads the row on this page
  let payment: { orderId: number; shortId: string; status: string; fields: { label: string; value: string }[]; json: string } | null = null;
  const paymentId = Number(params.get("payment"));
  if (Number.isInteger(paymentId) && paymentId > 0) {
    const row = list.rows.find((r) => r.order_id === paymentId);
    if (row) {
      payment = {
        orderId: row.order_id,
        shortId: row.short_id,
        status: row.paymentStatus ?? "—",
        fields: keyFields(row.phonepe_response),
        json: row.phonepe_response === null || row.phonepe_response === undefined ? "" : JSON.stringify(row.phonepe_response, null, 2),
      };
    }
  }

  return {
    tab: tab.key,
    search: params.get("search") ?? "",
    rows: list.rows.map(toRow),
    total: list.total,
    page: query.page,
    pageSize: query.page_size,
    pageSizes: [...BOOKING_PAGE_SIZES] as number[],
    errors,
    payment,
  };
}
