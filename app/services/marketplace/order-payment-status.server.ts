import { z } from "zod";
import { OrderPaymentStatusRow, type OrderPaymentStatusQuery } from "~/models/payment";
import { apiRequest, type Caller } from "./client.server";

const OrderPaymentStatusAnswer = z.object({
  data: z.object({ data: z.array(OrderPaymentStatusRow) }),
  total_results: z.number().int().optional(),
  truncated: z.boolean().optional(),
});

/** GET /order-payment-status/: every row of the filter (the API stops at a cap and says so). */
export async function getOrderPaymentStatus(query: Partial<OrderPaymentStatusQuery>, caller: Caller, signal?: AbortSignal) {
  const answer = await apiRequest("/order-payment-status/", {
    query: {
      start_date: query.start_date,
      end_date: query.end_date,
      payment_status: query.payment_status,
      order_status: query.order_status,
    },
    caller,
    signal,
    answer: OrderPaymentStatusAnswer,
  });
  const rows = answer.data.data;
  return { rows, total: answer.total_results ?? rows.length, truncated: answer.truncated ?? false };
}
