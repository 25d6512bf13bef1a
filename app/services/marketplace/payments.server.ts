import { z } from "zod";
import { BookingRow } from "~/models/booking";
import { OrderRecord } from "~/models/order";
import { PaymentPage, PaymentRecord, type PaymentListQuery } from "~/models/payment";
import { ADMIN_ZONE } from "~/services/dates";
import { DateTime } from "luxon";
import { apiRequest, MarketplaceError, type Caller } from "./client.server";

/** One page of payments (GET /payments), newest payment first; the filters work in the API. */
export async function listPayments(query: Partial<PaymentListQuery> & { page: number; page_size: number }, caller: Caller) {
  const answer = await apiRequest("/payments", {
    query: {
      provider: query.provider,
      status: query.status,
      start_date: query.start_date,
      end_date: query.end_date,
      page: query.page,
      page_size: query.page_size,
    },
    caller,
    answer: PaymentPage,
  });
  return { rows: answer.data, total: answer.total_results };
}

/** The release: PUT /payments/{payment_id} with payment_status WITHDRAWN. */
export async function releasePayment(paymentId: number, caller: Caller) {
  const answer = await apiRequest(`/payments/${paymentId}`, {
    method: "PUT",
    body: { payment_status: "WITHDRAWN" },
    caller,
    answer: z.object({ message: z.string(), data: PaymentRecord }),
  });
  return answer.data;
}

const notFound = () => new MarketplaceError("not-found", "Payment not found", 404);

/**
 * The latest payment of the order with this short id. The API has no lookup by short id, so:
 * the order by short id (bookings search), then its provider's payments on the payment's IST day.
 */
export async function getPaymentByShortId(shortId: string, caller: Caller): Promise<PaymentRecord> {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(shortId)) throw notFound();
  const bookings = await apiRequest("/get-bookings", {
    query: { search: shortId, page: 1, page_size: 10 },
    caller,
    answer: z.object({ data: z.array(BookingRow.pick({ order_id: true, short_id: true }).passthrough()) }),
  });
  const booking = bookings.data.find((b) => b.short_id.toUpperCase() === shortId.toUpperCase());
  if (!booking) throw notFound();
  const order = await apiRequest("/get-order-by-id", {
    query: { order_id: booking.order_id },
    caller,
    answer: z.object({ data: z.object({ data: OrderRecord }) }),
  });
  const { payment, serviceProviderId } = order.data.data;
  if (!payment) throw notFound();
  const day = DateTime.fromISO(payment.payment_date, { zone: "utc" }).setZone(ADMIN_ZONE).toISODate();
  if (!day) throw notFound();
  for (let page = 1; page <= 20; page++) {
    const { rows, total } = await listPayments(
      { provider: String(serviceProviderId.serviceProvider_id), start_date: day, end_date: day, page, page_size: 200 },
      caller,
    );
    const found = rows.find((r) => r.payment_id === payment.payment_id);
    if (found) return found;
    if (page * 200 >= total) break;
  }
  throw notFound();
}
