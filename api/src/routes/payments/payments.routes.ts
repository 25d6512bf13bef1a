/**
 * Payments (spec 2 §2 Payments list, Invoices; §7): the list with working filters and the release
 * (PUT /payments/{payment_id} → WITHDRAWN).
 *
 * The calls' definitions (paths, validation, answers, OpenAPI): payments.handlers.ts serves them.
 */
import { PaymentListQuery, ReleasePaymentBody, PaymentRecord } from "~contract/payments";
import { RejectReleaseBody } from "~contract/payouts";
import { endOnOrAfterStart, sortTogether } from "~contract/list-query-schema";
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
import { MONEY } from "../orders";

export const Payment = PaymentRecord.openapi("PaymentRecord");

export const unknownPayment = { 404: error("Unknown payment") };

export const paymentId = { params: z.object({ payment_id: idParam("payment_id", "the payment's id") }) };

export const listRoute = createRoute({
  method: "get",
  path: "/payments",
  summary: "One page of payments, newest payment_date first or sorted, with both invoice views",
  description: `Filters work (the old screen's panel was a placeholder): provider = a provider id or part of the provider's username; status; start_date/end_date on payment_date. sortField (payment_date, release_date — not yet released first ascending —, total_amount, payment_status — A–Z, each by date the same way) with sortOrder (asc, desc) orders the list, ties by payment_id (default: newest payment_date first). ${MONEY} invoice.service_provider: service charge = service_fee_percent of the amount, GST = 18% of the service charge, payable = amount − service charge − GST (each rounded half-up to the paisa); invoice.user: the amount.`,
  request: {
    query: PaymentListQuery.extend({
      short_id: z
        .string()
        .regex(/^[A-Za-z0-9_-]{0,40}$/, "short_id is up to 40 letters, digits, - or _")
        .optional()
        .openapi({ description: "the payments of the order with exactly this short id (every attempt)" }),
    }).superRefine((query, ctx) => {
      endOnOrAfterStart(query, ctx);
      sortTogether(query, ctx);
    }),
  },
  responses: { 200: json(paged(data(z.array(Payment))), "The page"), 400: error("Bad query"), ...common },
});

export const paymentRoute = createRoute({
  method: "get",
  path: "/payments/{payment_id}",
  summary: "One payment by id, with both invoice views (data)",
  ...chosenByUs(`Used by the payments list's release dialog when its payment is not on the page shown. ${MONEY}`),
  request: paymentId,
  responses: { 200: json(data(Payment), "The payment"), 400: error("Bad id"), ...unknownPayment, ...common },
});

export const releaseRoute = createRoute({
  method: "put",
  path: "/payments/{payment_id}",
  summary: "Release a payment to the provider (payment_status → WITHDRAWN)",
  description:
    'The payout rule: only a PAYMENT_SUCCESS payment of a Completed order, and only if no other attempt of that order was released. Any other case answers 409 with the reason ("Payment already released", "Only a successful payment can be released (this one is Payment Failed)", "Order ORD000054 is Cancelled: only a completed order\'s payment can be released", "Another payment of order … was already released"); PaymentRecord.releasable and release_refusal say the same beforehand. Sets release_date and paid_to_provider = service_provider_amount (the provider invoice\'s payable: amount − service charge − GST); audited. Ours (issue 34): when the payable is at or above the two-person threshold (PayoutSetting.release_approval_threshold) nothing is released yet: the answer is 202 and a release request (a payout in state Requested) waits for a different admin with Payment access (POST /release-requests/{payout_id}/approve or /reject); a payment with a waiting request answers 409. Every release writes a payout (state Approved; the ledger\'s row), audited as entity payout.',
  request: { ...paymentId, headers: ActingAdmin, body: body(ReleasePaymentBody.openapi("ReleasePaymentBody")) },
  responses: {
    200: json(message.extend({ data: Payment }), "Payment Status Updated Successfully"),
    202: json(message.extend({ data: Payment }), "Release requested: another admin with Payment access must approve it"),
    ...mutating,
    ...unknownPayment,
    409: error("Refused by the payout rule, with the reason"),
    ...common,
  },
});

const payoutId = { params: z.object({ payout_id: idParam("payout_id", "the release request's payout id") }) };

const decisionAnswers = {
  200: json(message.extend({ data: Payment }), "The decision, and the payment as it is now"),
  ...mutating,
  403: error("The acting admin is not Active, has no Payment access, or (to approve) made the request"),
  404: error("Release request not found"),
  409: error("The request was already approved or rejected, or (to approve) the payout rule refuses the release"),
  ...common,
};

export const approveRequestRoute = createRoute({
  method: "post",
  path: "/release-requests/{payout_id}/approve",
  summary: "Approve a release request: the payment is released (issue 34)",
  ...chosenByUs(
    "A different admin from the requester, Active with Payment access. The payout rule is checked again; of two concurrent decisions one wins and the other answers 409. Audited (entity payout, and the payment's release).",
  ),
  request: { ...payoutId, headers: ActingAdmin },
  responses: decisionAnswers,
});

export const rejectRequestRoute = createRoute({
  method: "post",
  path: "/release-requests/{payout_id}/reject",
  summary: "Reject a release request with a reason (issue 34)",
  ...chosenByUs(
    "An Active admin with Payment access (the requester too: withdrawing their own request). The payment can then be released or requested again. Audited (entity payout).",
  ),
  request: { ...payoutId, headers: ActingAdmin, body: body(RejectReleaseBody.openapi("RejectReleaseBody")) },
  responses: decisionAnswers,
});
