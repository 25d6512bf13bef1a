import { PAYMENT_STATUSES } from "~contract/payments";
import { ORDER_PAYMENT_ORDER_STATUSES, type OrderPaymentStatusQuery } from "~contract/order-payment-status";
import { type OrderPaymentStatusFilters } from "~/models/order-payment-status";
import { readDateRange } from "~/utils/dates";
import { isOneOf } from "~shared/one-of";

/** The report's filters from the URL (the page and the export read the same keys). */
export function readReportQuery(params: URLSearchParams) {
  const raw: OrderPaymentStatusFilters = {
    start_date: params.get("start_date")?.trim() ?? "",
    end_date: params.get("end_date")?.trim() ?? "",
    order_status: params.get("order_status")?.trim() ?? "",
    payment_status: params.get("payment_status")?.trim() ?? "",
  };
  const errors: string[] = [];
  const query: Partial<OrderPaymentStatusQuery> = {};
  if (raw.order_status && raw.order_status !== "All") {
    if (isOneOf(ORDER_PAYMENT_ORDER_STATUSES, raw.order_status)) {
      query.order_status = raw.order_status as OrderPaymentStatusQuery["order_status"];
    } else errors.push("Order Status: choose a status from the list.");
  }
  if (raw.payment_status && raw.payment_status !== "All") {
    if (isOneOf(PAYMENT_STATUSES, raw.payment_status)) query.payment_status = raw.payment_status;
    else errors.push("Payment Status: choose a status from the list.");
  }
  const dates = readDateRange(raw, { from: "From Date", to: "To Date" });
  errors.push(...dates.errors);
  if (dates.start_date) query.start_date = dates.start_date;
  if (dates.end_date) query.end_date = dates.end_date;
  return { query, raw, errors };
}

/** The filter keys as a query string (for the export link and the way back from it). */
export function reportSearch(raw: OrderPaymentStatusFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(raw)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}
