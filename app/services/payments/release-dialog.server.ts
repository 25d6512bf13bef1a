import type { PaymentRecord } from "~contract/payments";
import type { ReleaseConfirm, ReleaseNotice, RequestDialog, RequestDialogKind } from "~/models/payments";
import { formatDate, formatDateTime } from "~/utils/dates";
import { formatInr } from "~shared/money";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";

export const PAYMENT_NOT_FOUND = "Payment not found";
export const ALREADY_RELEASED = "Payment already released";
export const NOT_RELEASABLE = "This payment cannot be released";
export const PAYMENT_LOAD_FAILED = "Could not load the payment";

/**
 * The release dialog asked for by the URL (?dialog=release&id=…). The payment is taken from the
 * page's rows when it is there, else fetched by id (GET /payments/{id}), so a bookmarked or shared
 * URL opens it whatever page or filters it carries. Unknown ids, released and not-successful
 * payments are told in words, with nothing to confirm.
 */
/** The payment the URL names: from the page's rows, else fetched; a notice when it cannot be shown. */
async function paymentAsked(
  id: number,
  rows: readonly PaymentRecord[],
  api: Marketplace,
): Promise<{ payment: PaymentRecord; notice: null } | { payment: null; notice: ReleaseNotice }> {
  const onPage = rows.find((p) => p.payment_id === id);
  if (onPage) return { payment: onPage, notice: null };
  try {
    return { payment: await api.raw.getPayment(id), notice: null };
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    if (error.kind === "not-found") {
      return {
        payment: null,
        notice: {
          kind: "not-found",
          title: PAYMENT_NOT_FOUND,
          message: `No payment has the id ${id}. The link may be wrong or out of date.`,
        },
      };
    }
    return { payment: null, notice: { kind: "error", title: PAYMENT_LOAD_FAILED, message: error.message } };
  }
}

export const NO_WAITING_REQUEST = "No release request is waiting";

/**
 * The approve or reject dialog of a release request (?dialog=approve-release|reject-release&id=<payment id>):
 * the payment's waiting request, else a notice saying what became of it.
 */
export async function requestDialogFor(
  asked: { kind: RequestDialogKind; id: number | null; raw: string } | null,
  rows: readonly PaymentRecord[],
  api: Marketplace,
  adminUserId: number,
): Promise<{ dialog: RequestDialog | null; notice: ReleaseNotice | null }> {
  if (!asked) return { dialog: null, notice: null };
  if (asked.id === null) {
    return { dialog: null, notice: { kind: "not-found", title: PAYMENT_NOT_FOUND, message: "The link does not name a payment." } };
  }
  const found = await paymentAsked(asked.id, rows, api);
  if (!found.payment) return { dialog: null, notice: found.notice };
  const { payment } = found;
  const request = payment.release;
  if (!request || request.state !== "Requested") {
    const now = request ? ` Its release is ${request.state}${request.decided_by ? ` by ${request.decided_by}` : ""}.` : "";
    return {
      dialog: null,
      notice: {
        kind: "released",
        title: NO_WAITING_REQUEST,
        message: `No release of order ${payment.short_id} is waiting for approval.${now}`,
      },
    };
  }
  const own = request.requested_by_id === adminUserId;
  if (asked.kind === "approve-release" && own) {
    return {
      dialog: null,
      notice: {
        kind: "not-releasable",
        title: "You requested this release",
        message: "A different admin with Payment access must approve it.",
      },
    };
  }
  return {
    dialog: {
      kind: asked.kind,
      paymentId: payment.payment_id,
      payoutId: request.payout_id,
      shortId: payment.short_id,
      provider: payment.serviceProviderUsername,
      payable: formatInr(payment.invoice.service_provider.payable),
      requestedBy: request.requested_by ?? "an admin",
      requestedAt: formatDateTime(request.requested_at),
      own,
    },
    notice: null,
  };
}

export async function releaseDialogFor(
  asked: { id: number | null; raw: string } | null,
  rows: readonly PaymentRecord[],
  api: Marketplace,
): Promise<{ dialog: ReleaseConfirm | null; notice: ReleaseNotice | null }> {
  if (!asked) return { dialog: null, notice: null };
  if (asked.id === null) {
    return {
      dialog: null,
      notice: {
        kind: "not-found",
        title: PAYMENT_NOT_FOUND,
        message: asked.raw ? `"${asked.raw}" is not a payment id. The link may be wrong.` : "The link does not name a payment.",
      },
    };
  }
  let payment = rows.find((p) => p.payment_id === asked.id);
  if (!payment) {
    try {
      payment = await api.raw.getPayment(asked.id);
    } catch (error) {
      if (!(error instanceof MarketplaceError)) throw error;
      if (error.kind === "not-found") {
        return {
          dialog: null,
          notice: {
            kind: "not-found",
            title: PAYMENT_NOT_FOUND,
            message: `No payment has the id ${asked.id}. The link may be wrong or out of date.`,
          },
        };
      }
      return { dialog: null, notice: { kind: "error", title: PAYMENT_LOAD_FAILED, message: error.message } };
    }
  }
  const what = `The payment of ${formatInr(payment.total_amount)} for order ${payment.short_id} to ${payment.serviceProviderUsername}`;
  if (payment.payment_status === "WITHDRAWN") {
    const on = payment.release_date ? ` on ${formatDate(payment.release_date)}` : "";
    return { dialog: null, notice: { kind: "released", title: ALREADY_RELEASED, message: `${what} was already released${on}.` } };
  }
  if (!payment.releasable) {
    return {
      dialog: null,
      notice: {
        kind: "not-releasable",
        title: NOT_RELEASABLE,
        message: `${what} cannot be released. ${payment.release_refusal ?? ""}.`.replace(/ \.$/, "."),
      },
    };
  }
  const sp = payment.invoice.service_provider;
  return {
    dialog: {
      id: payment.payment_id,
      shortId: payment.short_id,
      provider: payment.serviceProviderUsername,
      payable: formatInr(sp.payable),
      amount: formatInr(sp.amount),
      serviceCharge: formatInr(sp.service_charge),
      serviceFeePercent: sp.service_fee_percent,
      gst: formatInr(sp.gst),
      gstPercent: sp.gst_percent,
      needsApproval: payment.release_needs_approval === true,
    },
    notice: null,
  };
}
