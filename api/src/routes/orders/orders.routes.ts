/**
 * Orders (spec 2 §2 booking detail, §7; spec 3 §2.12): the order record, its detail page's fetch,
 * the list, mark-as-complete, and the records shown on the detail page (chats, files, activities,
 * video-call log, main consultation and its reschedule).
 *
 * The calls' definitions (paths, validation, answers, OpenAPI): orders.handlers.ts serves them.
 */
import { OrderListQuery } from "~contract/bookings";
import {
  RescheduleBody,
  UpdateOrderBody,
  MainConsultation,
  OrderActivity,
  OrderChat,
  OrderDetail,
  OrderFile,
  OrderRecord,
  VideoCallLog,
} from "~contract/orders";
import {
  ActingAdmin,
  body,
  chosenByUs,
  common,
  createRoute,
  data,
  error,
  idParam,
  json,
  message,
  mutating,
  paged,
  z,
} from "../../lib/openapi";

export const OrderIdQuery = z.object({ order_id: idParam("order_id", "the order's id") });

export const shortIdOf = (name: string) =>
  z
    .string({ required_error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(40)
    .openapi({ description: "the order's short id" });

export const ShortIdQuery = z.object({ short_id: shortIdOf("short_id") });

/** Money is answered in rupees as exact decimal strings; the words every order call's description shares. */
export const MONEY = 'Money is stored as integer paise and answered in rupees as exact decimal strings with two decimals ("1499.50").';

export const Order = OrderRecord.openapi("OrderRecord");

export const Consultation = MainConsultation.openapi("MainConsultation");

export const unknownOrder = { 404: error("Unknown order") };

export const byOrderId = { query: OrderIdQuery };

export const orderRoute = createRoute({
  method: "get",
  path: "/get-order-by-id",
  summary: "One order with both parties, cancellations and its latest payment (data.data)",
  request: byOrderId,
  responses: { 200: json(data(data(Order)), "The order"), 400: error("Bad id"), ...unknownOrder, ...common },
});

export const detailRoute = createRoute({
  method: "get",
  path: "/get-order-detail",
  summary:
    "The booking-detail page's fetch: the order, its consultation, chats, files, activities, call log and overlap, and what may be done now (data.data)",
  ...chosenByUs("The order is named by order_id, or by short_id instead (the payments list links the detail by short id)."),
  request: {
    query: z.object({
      order_id: idParam("order_id", "the order's id (required unless short_id is given)").optional(),
      short_id: shortIdOf("short_id").optional(),
    }),
  },
  responses: {
    200: json(data(data(OrderDetail.openapi("OrderDetail"))), "The order detail"),
    400: error("Bad id"),
    ...unknownOrder,
    ...common,
  },
});

export const listRoute = createRoute({
  method: "get",
  path: "/get-all-orders",
  summary: "One page of orders (full records), newest first",
  description: MONEY,
  request: { query: OrderListQuery },
  responses: { 200: json(paged(data(z.array(Order))), "The page"), 400: error("Bad query"), ...common },
});

export const completeRoute = createRoute({
  method: "put",
  path: "/update-order",
  summary: "Mark an order complete (user_mark_as_done, status Completed)",
  description: "Refused (400) when the order is Cancelled or Completed. Audited.",
  request: {
    query: z.object({ shortId: shortIdOf("shortId") }),
    headers: ActingAdmin,
    body: body(UpdateOrderBody.openapi("UpdateOrderBody")),
  },
  responses: {
    200: json(message.extend({ data: data(Order) }), "Order has been marked as completed"),
    ...mutating,
    ...unknownOrder,
    ...common,
  },
});

export const chatsRoute = createRoute({
  method: "get",
  path: "/get-order-chats",
  summary: "The order's chat, oldest first (timestamp is stored text and may be unparseable; sender_name may be null)",
  request: { query: ShortIdQuery },
  responses: {
    200: json(data(z.array(OrderChat.openapi("OrderChat"))), "The messages"),
    400: error("Bad query"),
    ...unknownOrder,
    ...common,
  },
});

export const filesRoute = createRoute({
  method: "get",
  path: "/get-order-related-files",
  summary: "The order's files, oldest first (final_status Final is highlighted by the admin)",
  request: byOrderId,
  responses: { 200: json(data(z.array(OrderFile.openapi("OrderFile"))), "The files"), 400: error("Bad id"), ...unknownOrder, ...common },
});

export const activitiesRoute = createRoute({
  method: "get",
  path: "/activity_tracker/user-activities/by_order/",
  summary: "The order's activities, newest first",
  request: byOrderId,
  responses: {
    200: json(z.object({ results: z.array(OrderActivity.openapi("OrderActivity")) }), "The activities"),
    400: error("Bad id"),
    ...unknownOrder,
    ...common,
  },
});

export const callsRoute = createRoute({
  method: "get",
  path: "/get-video-call-by-order-id",
  summary: "The order's video-call join/leave log, oldest first, with the two participants' overlap in seconds",
  request: byOrderId,
  responses: {
    200: json(z.object({ data: z.array(VideoCallLog.openapi("VideoCallLog")), overlap_seconds: z.number().int() }), "The log"),
    400: error("Bad id"),
    ...unknownOrder,
    ...common,
  },
});

export const consultationRoute = createRoute({
  method: "get",
  path: "/get-main-consultation-by-order-id",
  summary: "The order's main consultation (selected slot and offered time slots)",
  request: byOrderId,
  responses: {
    200: json(data(Consultation), "The consultation"),
    400: error("Bad id"),
    404: error("Unknown order or consultation"),
    ...common,
  },
});

export const rescheduleRoute = createRoute({
  method: "put",
  path: "/update-main-consultation-by-order-id",
  summary: "Reschedule: set the selected slot's start; the end is computed (or given when the offering names no minutes)",
  description:
    'startTime must be in the future (400 errors.startTime "Please select a future date") and at most a year ahead (400 errors.startTime "Please select a date within a year from today"). endTime = startTime + the minutes named in the order\'s booked_service.offerings ("45 Minutes …" → 45); a given endTime must then equal it (400 errors.endTime). When the offerings text names no minutes ("Quick Video Consultation"), endTime is required and sets the length: 1 to 1440 minutes after startTime (400 errors.endTime otherwise). Refused for Cancelled or Completed orders. Audited.',
  request: { ...byOrderId, headers: ActingAdmin, body: body(RescheduleBody.openapi("RescheduleBody")) },
  responses: {
    200: json(message.extend({ data: Consultation }), "Consultation Rescheduled Successfully"),
    ...mutating,
    404: error("Unknown order or consultation"),
    ...common,
  },
});
