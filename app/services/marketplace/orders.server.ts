import { z } from "zod";
import { CancellationReason, MainConsultation, OrderDetail, OrderFile, OrderRecord, type Party, type ServiceType } from "~contract/orders";
import { apiRequest, type Caller } from "./client.server";

/** One order with both parties and its latest payment (GET /get-order-by-id); "not-found" when unknown. */
export async function getOrder(caller: Caller, orderId: number): Promise<OrderRecord> {
  const answer = await apiRequest("/get-order-by-id", {
    query: { order_id: orderId },
    caller,
    answer: z.object({ data: z.object({ data: OrderRecord }) }),
  });
  return answer.data.data;
}

/** How a URL names an order: its id (/admin/bookings/12) or its short id (/admin/payments/ORD000012). */
export type OrderRef = { order_id: number } | { short_id: string };

/** The order and every record the detail page shows (GET /get-order-detail). */
export async function getOrderDetail(caller: Caller, order: number | OrderRef): Promise<OrderDetail> {
  const answer = await apiRequest("/get-order-detail", {
    query: typeof order === "number" ? { order_id: order } : order,
    caller,
    answer: z.object({ data: z.object({ data: OrderDetail }) }),
  });
  return answer.data.data;
}

/** The files shared on the order (GET /get-order-related-files); "not-found" when the order is unknown. */
export async function listOrderFiles(caller: Caller, orderId: number): Promise<OrderFile[]> {
  const answer = await apiRequest("/get-order-related-files", {
    query: { order_id: orderId },
    caller,
    answer: z.object({ data: z.array(OrderFile) }),
  });
  return answer.data;
}

/** The cancellation reasons offered to a party for a service type and stage (PRE/POST). */
export async function listCancellationReasons(
  caller: Caller,
  query: { userType: Party; status: "PRE" | "POST"; serviceType: ServiceType },
): Promise<CancellationReason[]> {
  const answer = await apiRequest("/cancellation-reason/", {
    query,
    caller,
    answer: z.object({ results: z.array(CancellationReason) }),
  });
  return answer.results;
}

/** Cancels the order on behalf of a party (POST /cancellation/). */
export async function cancelOrder(
  caller: Caller,
  body: { order: number; cancelled_by: Party; reason: string | number; comment: string; orderStatus?: string },
) {
  await apiRequest("/cancellation/", { method: "POST", body, caller });
}

/** Marks the order as done (PUT /update-order?shortId). */
export async function markOrderComplete(caller: Caller, shortId: string) {
  await apiRequest("/update-order", {
    method: "PUT",
    query: { shortId },
    body: { user_mark_as_done: true },
    caller,
  });
}

/**
 * Moves the main consultation to a new start (ISO instant). The API computes the end from the
 * booked offerings; endTime (ISO) sets it for an offering that names no minutes.
 */
export async function rescheduleConsultation(caller: Caller, orderId: number, startTime: string, endTime?: string) {
  const answer = await apiRequest("/update-main-consultation-by-order-id", {
    method: "PUT",
    query: { order_id: orderId },
    body: { consultationDetails: { selectedSlot: endTime ? { startTime, endTime } : { startTime } } },
    caller,
    answer: z.object({ message: z.string(), data: MainConsultation }),
  });
  return answer.data;
}
