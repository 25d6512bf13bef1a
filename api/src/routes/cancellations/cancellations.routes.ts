/**
 * Cancellation (spec 2 §4, §5, §7): the reasons offered to each party (list, read, create, edit, delete,
 * reorder) and cancelling an order on behalf of the User or the ServiceProvider. Each party's reasons form
 * one ordered list (the admin's User and Service Provider tables); a cancel dialog offers its set
 * (party × PRE/POST × service type) in that list's order.
 *
 * The calls' definitions (paths, validation, answers, OpenAPI): cancellations.handlers.ts serves them.
 */
import {
  CANCELLATION_REASON_MESSAGES as MESSAGES,
  CancellationReasonBody,
  CancellationReasonQuery,
  CancelOrderBody,
  ReorderReasonsBody,
  CancellationReason,
  UpdateCancellationReasonBody,
} from "~contract/orders";
import { ActingAdmin, body, common, createRoute, data, error, idParam, json, message, mutating, z } from "../../lib/openapi";
import { Order, unknownOrder } from "../orders";

export const Reason = CancellationReason.openapi("CancellationReason");

export const ReasonBody = body(CancellationReasonBody.openapi("CancellationReasonBody"));

export const reasonId = { params: z.object({ id: idParam("id", "reasons_id") }) };

export const unknownReason = { 404: error(MESSAGES.notFound) };

export const reasonsRoute = createRoute({
  method: "get",
  path: "/cancellation-reason/",
  summary: "Cancellation reasons, by position",
  description:
    "userType gives one party's list (the admin's Service Provider or User table) in its order; status and serviceType narrow it to the set the booking page's cancel dialog offers, in the same order.",
  request: { query: CancellationReasonQuery },
  responses: { 200: json(z.object({ results: z.array(Reason) }), "The reasons"), 400: error("Bad query"), ...common },
});

export const reasonRoute = createRoute({
  method: "get",
  path: "/cancellation-reason/{id}/",
  summary: "One cancellation reason (the edit dialog's values and version)",
  request: reasonId,
  responses: { 200: json(data(Reason), "The reason"), 400: error("Bad id"), ...unknownReason, ...common },
});

export const addReasonRoute = createRoute({
  method: "post",
  path: "/cancellation-reason/",
  summary: "Add a cancellation reason (last in its party's list unless order is given)",
  description:
    "400 errors name each bad field (reason, repercussion, status, service_type, user_type, order); errors.reason names the existing reason when the party already has the same one (spaces and case aside) for that stage and service type. Audited (after: the reason's fields).",
  request: { headers: ActingAdmin, body: ReasonBody },
  responses: { 201: json(Reason, "The new reason"), ...mutating, ...common },
});

export const editReasonRoute = createRoute({
  method: "put",
  path: "/cancellation-reason/{id}/",
  summary: "Edit a cancellation reason: only the fields given change",
  description:
    "Send any of reason, repercussion, status, service_type, user_type plus the updated_at you loaded: 409 (naming who saved it and when) when the reason changed since; 400 \"No Change Detected\" when nothing differs; 400 errors.reason naming the existing reason when the result would repeat one of the party's (spaces and case aside) for that stage and service type. A reason moved to the other party goes last in that party's list; positions otherwise change only through POST /update-order-cancellation-reason. Audited with before/after holding the changed fields (the audit log's revert sends `before` back through this call).",
  request: { ...reasonId, headers: ActingAdmin, body: body(UpdateCancellationReasonBody.openapi("UpdateCancellationReasonBody")) },
  responses: {
    200: json(Reason, "The reason"),
    ...mutating,
    ...unknownReason,
    409: error("Changed by another admin since it was loaded"),
    ...common,
  },
});

export const deleteReasonRoute = createRoute({
  method: "delete",
  path: "/cancellation-reason/{id}/",
  summary: "Delete a cancellation reason",
  description:
    "Orders already cancelled with it keep showing it: cancelled_orders stores the reason's text. Audited (before: the reason's fields).",
  request: { ...reasonId, headers: ActingAdmin },
  responses: { 204: { description: "Deleted" }, ...mutating, ...unknownReason, ...common },
});

export const reorderRoute = createRoute({
  method: "post",
  path: "/update-order-cancellation-reason",
  summary: "Save a reorder of one party's list: the listed reasons take positions 1, 2, 3… in that order",
  description:
    "ordered_ids is the whole new order of ONE party's list (every User reason, or every ServiceProvider reason, across both stages and every service type: the admin's User and Service Provider tables). Refused (400, errors.ordered_ids) unless it is exactly that list's current set: no reason missing, listed twice, unknown or of the other party. A reason's updated_at (the version an edit sends back) is left as it is: a reorder does not make an open edit stale. Audited (entity_id the party, before/after ordered_ids). Saving the current order again changes nothing.",
  request: { headers: ActingAdmin, body: body(ReorderReasonsBody.openapi("ReorderReasonsBody")) },
  responses: {
    200: json(message, MESSAGES.reordered),
    ...mutating,
    409: error("expected_ids is not the list's order any more (reordered meanwhile)"),
    ...common,
  },
});

export const cancelRoute = createRoute({
  method: "post",
  path: "/cancellation/",
  summary: "Cancel an order on behalf of the User or the ServiceProvider",
  description:
    "comment is required. reason (its text or reasons_id) must be one of cancelled_by's reasons for the order's service type, from the PRE set while the order is Pending or Scheduled and the POST set otherwise (400 errors.reason). Refused (400) when the order is already Cancelled or Completed. Sets the status Cancelled and statusComment, records a cancelled_orders row and an activity; audited. orderStatus is informational: the server uses the stored status.",
  request: { headers: ActingAdmin, body: body(CancelOrderBody.openapi("CancelOrderBody")) },
  responses: {
    201: json(message.extend({ data: data(Order) }), "Order has been cancelled successfully"),
    ...mutating,
    ...unknownOrder,
    ...common,
  },
});
