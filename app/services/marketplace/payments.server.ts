import { z } from "zod";
import { PaymentRecord, type PaymentListQuery } from "~contract/payments";
import { PaymentPage } from "~/models/payments";
import { apiRequest, MarketplaceError, type Caller } from "./client.server";

/** One page of payments (GET /payments), newest payment first or sorted; the filters and the sort work in the API. */
export async function listPayments(caller: Caller, query: Partial<PaymentListQuery> & { page: number; page_size: number }) {
  const answer = await apiRequest("/payments", {
    query: {
      provider: query.provider,
      status: query.status,
      releasable: query.releasable,
      release_state: query.release_state,
      start_date: query.start_date,
      end_date: query.end_date,
      user_id: query.user_id,
      page: query.page,
      page_size: query.page_size,
      sortField: query.sortField,
      sortOrder: query.sortOrder,
    },
    caller,
    answer: PaymentPage,
  });
  return { rows: answer.data, total: answer.total_results };
}

const PaymentAnswer = z.object({ message: z.string(), data: PaymentRecord });

/**
 * The release: PUT /payments/{payment_id} with payment_status WITHDRAWN. At or above the two-person
 * threshold the API records a request instead (202): the message says which.
 */
export async function releasePayment(caller: Caller, paymentId: number) {
  return apiRequest(`/payments/${paymentId}`, {
    method: "PUT",
    body: { payment_status: "WITHDRAWN" },
    caller,
    answer: PaymentAnswer,
  });
}

/** A second admin approves a release request (POST /release-requests/{payout_id}/approve): the payment is released. */
export async function approveReleaseRequest(caller: Caller, payoutId: number) {
  return apiRequest(`/release-requests/${payoutId}/approve`, { method: "POST", caller, answer: PaymentAnswer });
}

/** Rejects a release request with the reason (POST /release-requests/{payout_id}/reject). */
export async function rejectReleaseRequest(caller: Caller, payoutId: number, reason: string) {
  return apiRequest(`/release-requests/${payoutId}/reject`, { method: "POST", body: { reason }, caller, answer: PaymentAnswer });
}

/** One payment by id (GET /payments/{payment_id}); a MarketplaceError "not-found" when unknown. */
export async function getPayment(caller: Caller, paymentId: number): Promise<PaymentRecord> {
  const answer = await apiRequest(`/payments/${paymentId}`, { caller, answer: z.object({ data: PaymentRecord }) });
  return answer.data;
}

const notFound = () => new MarketplaceError("not-found", "Payment not found", 404);

/**
 * The paid payment of the order with this short id (the one its invoices are for), from one call
 * (GET /payments?short_id=): a released attempt first, else the latest successful one; null when
 * the order was never paid. "not-found" when no payment names that order.
 */
export async function getPaidPaymentByShortId(caller: Caller, shortId: string): Promise<PaymentRecord | null> {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(shortId)) throw notFound();
  const answer = await apiRequest("/payments", { query: { short_id: shortId, page: 1, page_size: 200 }, caller, answer: PaymentPage });
  if (answer.data.length === 0) throw notFound();
  const released = answer.data.find((p) => p.payment_status === "WITHDRAWN");
  return released ?? answer.data.filter((p) => p.has_invoice).sort((a, b) => b.payment_id - a.payment_id)[0] ?? null;
}
