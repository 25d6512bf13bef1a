import { z } from "zod";
import { OrderPaymentStatusRow, type OrderPaymentStatusQuery } from "~contract/order-payment-status";
import { apiRequest, apiStream, type Caller } from "./client.server";

const OrderPaymentStatusAnswer = z.object({
  data: z.object({ data: z.array(OrderPaymentStatusRow) }),
  total_results: z.number().int().optional(),
  truncated: z.boolean().optional(),
});

const filters = (query: Partial<OrderPaymentStatusQuery>) => ({
  start_date: query.start_date,
  end_date: query.end_date,
  payment_status: query.payment_status,
  order_status: query.order_status,
});

/** GET /order-payment-status/: every row of the filter (the API stops at a cap and says so). */
export async function getOrderPaymentStatus(caller: Caller, query: Partial<OrderPaymentStatusQuery>) {
  const answer = await apiRequest("/order-payment-status/", { query: filters(query), caller, answer: OrderPaymentStatusAnswer });
  const rows = answer.data.data;
  return { rows, total: answer.total_results ?? rows.length, truncated: answer.truncated ?? false };
}

/**
 * GET /order-payment-status/?format=ndjson: all rows of the filter, no cap, each checked against
 * the model as it arrives (see apiStream). The admin's request aborting stops the download.
 */
export function streamOrderPaymentStatus(
  caller: Caller,
  query: Partial<OrderPaymentStatusQuery>,
): Promise<AsyncIterable<OrderPaymentStatusRow>> {
  return apiStream("/order-payment-status/", { query: { ...filters(query), format: "ndjson" }, caller, row: OrderPaymentStatusRow });
}
