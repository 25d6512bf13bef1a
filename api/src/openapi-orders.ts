/**
 * OpenAPI description of the order, payment, booking and cancellation calls (spec 2 §7; spec 3
 * §2.12 rows). Merged into the document by openapi.ts.
 */
import type { z } from "zod";
import { BookingRow } from "../../app/models/booking";
import {
  CancellationReason,
  CancellationReasonBody,
  CancelOrderBody,
  MainConsultation,
  OrderActivity,
  OrderChat,
  OrderDetail,
  OrderFile,
  OrderRecord,
  RescheduleBody,
  ReorderReasonsBody,
  UpdateOrderBody,
  VideoCallLog,
} from "../../app/models/order";
import { OrderPaymentStatusRow, PaymentRecord, ReleasePaymentBody } from "../../app/models/payment";

type Json = Record<string, unknown>;

export const orderSchemas: Record<string, z.ZodTypeAny> = {
  OrderRecord,
  OrderDetail,
  BookingRow,
  PaymentRecord,
  ReleasePaymentBody,
  OrderPaymentStatusRow,
  MainConsultation,
  RescheduleBody,
  OrderChat,
  OrderFile,
  OrderActivity,
  VideoCallLog,
  CancellationReason,
  CancellationReasonBody,
  ReorderReasonsBody,
  CancelOrderBody,
  UpdateOrderBody,
};

export type OpenApiHelpers = {
  ref: (name: string) => Json;
  json: (schema: Json, description: string) => Json;
  wrap: (schema: Json) => Json;
  error: (description: string) => Json;
  common: Json;
  mutating: Json;
  query: (name: string, schema: Json, description: string, required?: boolean) => Json;
  actingAdmin: Json;
  body: (name: string) => Json;
  page: Json;
  pageSize: (def?: number, max?: number) => Json;
  paged: (row: Json) => Json;
  dateParam: (name: string, what: string) => Json;
  notFoundError: (what: string) => Json;
  CHOSEN: string;
};

const MONEY = "Money is stored as integer paise and answered in rupees as exact decimal strings with two decimals (\"1499.50\").";

export function orderPaths(h: OpenApiHelpers): Json {
  const { ref, json, wrap, error, common, mutating, query, actingAdmin, body, page, pageSize, paged, dateParam, notFoundError, CHOSEN } = h;
  const arrayOf = (name: string) => ({ type: "array", items: ref(name) });
  const orderId = query("order_id", { type: "integer", minimum: 1 }, "the order's id", true);
  const message = (data: Json) => ({ type: "object", properties: { message: { type: "string" }, data }, required: ["message", "data"] });
  const statusEnum = ["", "All", "Pending", "InProgress", "Scheduled", "PartialyCompleted", "Completed", "Cancelled", "Tickets"];
  const paymentStatusEnum = ["", "All", "PAYMENT_SUCCESS", "PAYMENT_FAILED", "PAYMENT_ERROR", "PAYMENT_CANCELLED", "PAYMENT_PENDING", "WITHDRAWN"];
  const reasonId = { name: "id", in: "path", required: true, description: "reasons_id", schema: { type: "integer", minimum: 1 } };
  return {
    "/payments": {
      get: {
        summary: "One page of payments, newest payment_date first, with both invoice views",
        description: `Filters work (the old screen's panel was a placeholder): provider = a provider id or part of the provider's username; status; start_date/end_date on payment_date. ${MONEY} invoice.service_provider: service charge = service_fee_percent of the amount, GST = 18% of the service charge, payable = amount − service charge − GST (each rounded half-up to the paisa); invoice.user: the amount.`,
        parameters: [
          query("provider", { type: "string", maxLength: 100 }, "provider id, or part of the provider's username"),
          query("short_id", { type: "string", pattern: "^[A-Za-z0-9_-]{1,40}$" }, "the payments of the order with exactly this short id (every attempt)"),
          query("status", { type: "string", enum: paymentStatusEnum }, "payment status"),
          query("releasable", { type: "string", enum: ["", "yes"] }, "yes: only the payments that can be released now (the payout rule)"),
          dateParam("start_date", "paid from"),
          dateParam("end_date", "paid until"),
          page,
          pageSize(10),
        ],
        responses: { "200": json(paged(arrayOf("PaymentRecord")), "The page"), "400": error("Bad query"), ...common },
      },
    },
    "/payments/{payment_id}": {
      get: {
        summary: "One payment by id, with both invoice views (data)",
        description: `${CHOSEN} Used by the payments list's release dialog when its payment is not on the page shown. ${MONEY}`,
        "x-path-chosen-by-us": true,
        parameters: [{ name: "payment_id", in: "path", required: true, description: "the payment's id", schema: { type: "integer", minimum: 1 } }],
        responses: { "200": json(wrap(ref("PaymentRecord")), "The payment"), "400": error("Bad id"), "404": notFoundError("payment"), ...common },
      },
      put: {
        summary: "Release a payment to the provider (payment_status → WITHDRAWN)",
        description:
          "The payout rule: only a PAYMENT_SUCCESS payment of a Completed order, and only if no other attempt of that order was released. Any other case answers 409 with the reason (\"Payment already released\", \"Only a successful payment can be released (this one is Payment Failed)\", \"Order ORD000054 is Cancelled: only a completed order's payment can be released\", \"Another payment of order … was already released\"); PaymentRecord.releasable and release_refusal say the same beforehand. Sets release_date and paid_to_provider = service_provider_amount (the provider invoice's payable: amount − service charge − GST); audited.",
        parameters: [{ name: "payment_id", in: "path", required: true, description: "the payment's id", schema: { type: "integer", minimum: 1 } }, actingAdmin],
        requestBody: body("ReleasePaymentBody"),
        responses: {
          "200": json(message(ref("PaymentRecord")), "Payment Status Updated Successfully"),
          ...mutating,
          "404": notFoundError("payment"),
          "409": error("Refused by the payout rule, with the reason"),
          ...common,
        },
      },
    },
    "/order-payment-status/": {
      get: {
        summary: "The order payment status report: one row per order with its latest payment",
        description: `start_date/end_date filter the order's creation day (IST). final_pay_status WITHDRAWN is shown as Released. At most 10,000 rows (newest first); total_results and truncated sit beside data (format=ndjson streams every row). ${MONEY}`,
        parameters: [
          dateParam("start_date", "orders created from"),
          dateParam("end_date", "orders created until"),
          query("payment_status", { type: "string", enum: paymentStatusEnum }, "the latest payment's status"),
          query("order_status", { type: "string", enum: ["", "All", "Completed", "PartialyCompleted", "Pending"] }, "order status"),
          query(
            "format",
            { type: "string", enum: ["json", "ndjson"], default: "json" },
            "json: one JSON body of at most 10,000 rows. ndjson: every matching row, streamed as application/x-ndjson (one OrderPaymentStatusRow per line, same order), read from the database in keyset-paginated batches (the database writes each batch's lines; the next batch is read while one is sent; the first batch is at most 500 rows); bad filters still answer 400 JSON before any row",
          ),
          query("batch_size", { type: "integer", minimum: 1, maximum: 5000, default: 5000 }, "ndjson only: rows per database batch (tests)"),
        ],
        responses: {
          "200": {
            description: "format=json: the rows in data.data. format=ndjson: one row per line, all matching rows (no cap); a stream that ends early (connection dropped) is an error",
            content: {
              "application/json": {
                schema: { type: "object", properties: { data: wrap(arrayOf("OrderPaymentStatusRow")), total_results: { type: "integer" }, truncated: { type: "boolean" } }, required: ["data"] },
              },
              "application/x-ndjson": { schema: ref("OrderPaymentStatusRow") },
            },
          },
          "400": error("Bad query"),
          ...common,
        },
      },
    },
    "/get-bookings": {
      get: {
        summary: "The bookings list: one page of orders, newest first",
        description: `${CHOSEN} status = the tab ("" or All = All Booking). search: short id (exact) or part of the user's or provider's username, name, email or phone. paymentStatus and phonepe_response are the latest payment attempt's. ${MONEY}`,
        "x-path-chosen-by-us": true,
        parameters: [
          query("status", { type: "string", enum: statusEnum }, "order status (tab)"),
          query("serviceType", { type: "string", enum: ["", "All", "Consultation", "Service", "Retainership", "AddOnService"] }, "service type"),
          query("search", { type: "string", maxLength: 100 }, "short id or party"),
          page,
          pageSize(10),
        ],
        responses: { "200": json(paged(arrayOf("BookingRow")), "The page"), "400": error("Bad query"), ...common },
      },
    },
    "/get-all-orders": {
      get: {
        summary: "One page of orders (full records), newest first",
        parameters: [query("status", { type: "string", enum: statusEnum }, "order status"), page, pageSize(10)],
        responses: { "200": json(paged(arrayOf("OrderRecord")), "The page"), "400": error("Bad query"), ...common },
      },
    },
    "/get-order-by-id": {
      get: {
        summary: "One order with both parties, cancellations and its latest payment (data.data)",
        parameters: [orderId],
        responses: { "200": json(wrap(wrap(ref("OrderRecord"))), "The order"), "400": error("Bad id"), "404": notFoundError("order"), ...common },
      },
    },
    "/get-order-detail": {
      get: {
        summary: "The booking-detail page's fetch: the order, its consultation, chats, files, activities, call log and overlap, and what may be done now (data.data)",
        description: `${CHOSEN} The order is named by order_id, or by short_id instead (the payments list links the detail by short id).`,
        "x-path-chosen-by-us": true,
        parameters: [
          query("order_id", { type: "integer", minimum: 1 }, "the order's id (required unless short_id is given)"),
          query("short_id", { type: "string", maxLength: 40 }, "the order's short id, instead of order_id"),
        ],
        responses: { "200": json(wrap(wrap(ref("OrderDetail"))), "The order detail"), "400": error("Bad id"), "404": notFoundError("order"), ...common },
      },
    },
    "/update-order": {
      put: {
        summary: "Mark an order complete (user_mark_as_done, status Completed)",
        description: "Refused (400) when the order is Cancelled or Completed. Audited.",
        parameters: [query("shortId", { type: "string", maxLength: 40 }, "the order's short id", true), actingAdmin],
        requestBody: body("UpdateOrderBody"),
        responses: { "200": json(message(wrap(ref("OrderRecord"))), "Order has been marked as completed"), ...mutating, "404": notFoundError("order"), ...common },
      },
    },
    "/get-order-chats": {
      get: {
        summary: "The order's chat, oldest first (timestamp is stored text and may be unparseable; sender_name may be null)",
        parameters: [query("short_id", { type: "string", maxLength: 40 }, "the order's short id", true)],
        responses: { "200": json(wrap(arrayOf("OrderChat")), "The messages"), "400": error("Bad query"), "404": notFoundError("order"), ...common },
      },
    },
    "/get-order-related-files": {
      get: {
        summary: "The order's files, oldest first (final_status Final is highlighted by the admin)",
        parameters: [orderId],
        responses: { "200": json(wrap(arrayOf("OrderFile")), "The files"), "400": error("Bad id"), "404": notFoundError("order"), ...common },
      },
    },
    "/activity_tracker/user-activities/by_order/": {
      get: {
        summary: "The order's activities, newest first",
        parameters: [orderId],
        responses: {
          "200": json({ type: "object", properties: { results: arrayOf("OrderActivity") }, required: ["results"] }, "The activities"),
          "400": error("Bad id"),
          "404": notFoundError("order"),
          ...common,
        },
      },
    },
    "/get-video-call-by-order-id": {
      get: {
        summary: "The order's video-call join/leave log, oldest first, with the two participants' overlap in seconds",
        parameters: [orderId],
        responses: {
          "200": json({ type: "object", properties: { data: arrayOf("VideoCallLog"), overlap_seconds: { type: "integer" } }, required: ["data", "overlap_seconds"] }, "The log"),
          "400": error("Bad id"),
          "404": notFoundError("order"),
          ...common,
        },
      },
    },
    "/get-main-consultation-by-order-id": {
      get: {
        summary: "The order's main consultation (selected slot and offered time slots)",
        parameters: [orderId],
        responses: { "200": json(wrap(ref("MainConsultation")), "The consultation"), "400": error("Bad id"), "404": notFoundError("order or consultation"), ...common },
      },
    },
    "/update-main-consultation-by-order-id": {
      put: {
        summary: "Reschedule: set the selected slot's start; the end is computed (or given when the offering names no minutes)",
        description:
          "startTime must be in the future (400 errors.startTime \"Please select a future date\") and at most a year ahead (400 errors.startTime \"Please select a date within a year from today\"). endTime = startTime + the minutes named in the order's booked_service.offerings (\"45 Minutes …\" → 45); a given endTime must then equal it (400 errors.endTime). When the offerings text names no minutes (\"Quick Video Consultation\"), endTime is required and sets the length: 1 to 1440 minutes after startTime (400 errors.endTime otherwise). Refused for Cancelled or Completed orders. Audited.",
        parameters: [orderId, actingAdmin],
        requestBody: body("RescheduleBody"),
        responses: { "200": json(message(ref("MainConsultation")), "Consultation Rescheduled Successfully"), ...mutating, "404": notFoundError("order or consultation"), ...common },
      },
    },
    "/cancellation-reason/": {
      get: {
        summary: "Cancellation reasons, by position",
        parameters: [
          query("userType", { type: "string", enum: ["", "User", "ServiceProvider"] }, "whose reasons"),
          query("status", { type: "string", enum: ["", "PRE", "POST"] }, "PRE = pre-acceptance, POST = post-acceptance"),
          query("serviceType", { type: "string", enum: ["", "Consultation", "Service", "Retainership", "AddOnService"] }, "service type"),
        ],
        responses: {
          "200": json({ type: "object", properties: { results: arrayOf("CancellationReason") }, required: ["results"] }, "The reasons"),
          "400": error("Bad query"),
          ...common,
        },
      },
      post: {
        summary: "Add a cancellation reason (last in its set unless order is given)",
        parameters: [actingAdmin],
        requestBody: body("CancellationReasonBody"),
        responses: { "201": json(ref("CancellationReason"), "The new reason"), ...mutating, ...common },
      },
    },
    "/cancellation-reason/{id}/": {
      put: {
        summary: "Edit a cancellation reason",
        parameters: [reasonId, actingAdmin],
        requestBody: body("CancellationReasonBody"),
        responses: { "200": json(ref("CancellationReason"), "The reason"), ...mutating, "404": notFoundError("reason"), ...common },
      },
      delete: {
        summary: "Delete a cancellation reason",
        parameters: [reasonId, actingAdmin],
        responses: { "204": { description: "Deleted" }, ...mutating, "404": notFoundError("reason"), ...common },
      },
    },
    "/update-order-cancellation-reason": {
      post: {
        summary: "Save a drag-and-drop reorder: the listed reasons take positions 1, 2, 3… in that order",
        parameters: [actingAdmin],
        requestBody: body("ReorderReasonsBody"),
        responses: { "200": json({ type: "object", properties: { message: { type: "string" } } }, "Saved"), ...mutating, ...common },
      },
    },
    "/cancellation/": {
      post: {
        summary: "Cancel an order on behalf of the User or the ServiceProvider",
        description:
          "comment is required. reason (its text or reasons_id) must be one of cancelled_by's reasons for the order's service type, from the PRE set while the order is Pending or Scheduled and the POST set otherwise (400 errors.reason). Refused (400) when the order is already Cancelled or Completed. Sets the status Cancelled and statusComment, records a cancelled_orders row and an activity; audited. orderStatus is informational: the server uses the stored status.",
        parameters: [actingAdmin],
        requestBody: body("CancelOrderBody"),
        responses: { "201": json(message(wrap(ref("OrderRecord"))), "Order has been cancelled successfully"), ...mutating, "404": notFoundError("order"), ...common },
      },
    },
  };
}

/** Keys GET /dashboard-stats adds for money and orders (DashboardStats is passthrough). */
export const dashboardOrderProperties: Json = {
  bookingsToday: { type: "integer", description: "orders created today (IST)" },
  paymentsAwaitingRelease: { type: "integer", description: "payments that can be released now (PAYMENT_SUCCESS of a Completed order, no other attempt released)" },
  revenueThisMonth: { type: "string", description: "sum of successful payments (PAYMENT_SUCCESS or WITHDRAWN) paid this IST month, rupees as an exact decimal string" },
};
