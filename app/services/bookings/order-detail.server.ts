import { redirect } from "@remix-run/node";
import { z } from "zod";
import { MAX_CONSULTATION_MINUTES, minutesFromOfferings, ORDER_MESSAGES, PARTIES, type OrderDetail } from "~contract/orders";
import { CancelOrderForm, RescheduleForm } from "~/models/orders";
import { formFailure } from "~/services/form-result.server";
import { orderStatusLabel } from "~contract/order-labels";
import { partyLabel, serviceTypeLabel } from "~/models/order-labels";
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from "~contract/payments";
import type { OrderActivityDetails } from "~contract/activity";
import type { OrderDetailPageData, OrderDialog, OrderView } from "~/models/bookings";
import { readOrderActivityDetails } from "~/utils/activity-details";
import { formatTimestamp } from "~/utils/dates";
import { loaderResponseOf } from "~/services/errors.server";
import { handleForm, intent, type IntentContext } from "~/services/form-action.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { canonicalOrderPath, orderRefParam, type OrderUrlForm } from "~/services/bookings/order-ref.server";
import { redirectWithToast } from "~/services/toast.server";
import { formatInr } from "~shared/money";
import { isOneOf } from "~shared/one-of";

const INVALID_DATE = "Invalid date";

/** A stored chat timestamp: formatted, or "Invalid date" when unreadable (spec 2). */
function chatTime(value: string): string {
  return formatTimestamp(value, INVALID_DATE);
}

function overlapText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

const yesNo = (v: boolean) => (v ? "Yes" : "No");

/** Details keys (as humanizeKey shows them) whose values are parties, statuses or service types. */
const PARTY_KEYS = new Set(["On behalf of", "Cancelled by", "User type", "Party"]);
const STATUS_KEYS = new Set(["Status", "Order status"]);
const SERVICE_TYPE_KEYS = new Set(["Service type"]);

/** A raw value in an activity's details in the words the page uses elsewhere ("ServiceProvider" → "Service Provider"). */
function labelDetailValue(label: string, value: string): string {
  const key = label.split(" › ").at(-1) ?? label;
  if (PARTY_KEYS.has(key)) return partyLabel(value);
  if (STATUS_KEYS.has(key)) return orderStatusLabel(value);
  if (SERVICE_TYPE_KEYS.has(key)) return serviceTypeLabel(value);
  return value;
}

function labelActivityDetails(details: OrderActivityDetails): OrderActivityDetails {
  return {
    ...details,
    facts: details.facts.map((f) => ({ ...f, value: labelDetailValue(f.label, f.value) })),
    changes: details.changes.map((c) => ({ ...c, old: labelDetailValue(c.field, c.old), new: labelDetailValue(c.field, c.new) })),
  };
}

/**
 * What the reschedule dialog needs: the length the booked offering names (the API then computes
 * the end), else the dialog asks for it, prefilled with the current slot's length.
 */
function rescheduleView(order: OrderDetail): OrderView["reschedule"] {
  const offeringMinutes = minutesFromOfferings(order.booked_service.offerings);
  const slot = order.consultation?.consultationDetails.selectedSlot;
  const current = slot ? Math.round((Date.parse(slot.endTime) - Date.parse(slot.startTime)) / 60_000) : NaN;
  return {
    offerings: order.booked_service.offerings,
    offeringMinutes,
    /** null when the offering names the minutes */
    askedMinutes: offeringMinutes !== null ? null : current >= 1 && current <= MAX_CONSULTATION_MINUTES ? current : "",
    maxMinutes: MAX_CONSULTATION_MINUTES,
  };
}

/** The order as the page shows it: every date formatted (India time), money in rupees. */
function toView(order: OrderDetail): OrderView {
  const cancelled = order.cancelled_orders.at(-1) ?? null;
  const userName = (id: number | null) =>
    id === null
      ? null
      : id === order.userId.id
        ? order.userId.username
        : id === order.serviceProviderId.userId.id
          ? order.serviceProviderId.userId.username
          : null;
  const payment = order.payment;
  return {
    orderId: order.order_id,
    shortId: order.short_id,
    customerId: order.userId.id,
    status: order.status,
    summary: {
      type: serviceTypeLabel(order.serviceType),
      amount: formatInr(order.charges),
      transactionId: order.transaction_id ?? payment?.transaction_id ?? "—",
      bookingId: order.short_id,
      paidAt: payment && ["PAYMENT_SUCCESS", "WITHDRAWN"].includes(payment.payment_status) ? formatTimestamp(payment.payment_date) : "—",
      provider: order.serviceProviderUsername,
      cancelledBy: cancelled ? partyLabel(cancelled.cancelled_by) : "—",
      comment: cancelled?.comment ?? order.statusComment ?? "—",
      user: order.userUsername,
      cancellationReason: cancelled?.reason ?? "—",
    },
    order: {
      offerings: order.booked_service.offerings,
      createdAt: formatTimestamp(order.created_at),
      statusComment: order.statusComment ?? "—",
      userMarkAsDone: yesNo(order.user_mark_as_done),
      providerMarkAsDone: yesNo(order.service_provider_mark_as_done),
      user: `${order.userId.firstName} ${order.userId.lastName}`.trim() + ` (${order.userId.username}, ${order.userId.email})`,
      provider:
        `${order.serviceProviderId.userId.firstName} ${order.serviceProviderId.userId.lastName}`.trim() +
        ` (${order.serviceProviderId.userId.username}, ${order.serviceProviderId.userId.email})`,
      paymentStatus: payment ? (PAYMENT_STATUS_LABELS[payment.payment_status as PaymentStatus] ?? payment.payment_status) : "—",
      completedAt: formatTimestamp(order.completedAt),
      milestones: [
        { label: "Booking Time", value: formatTimestamp(order.service.bookingTime) },
        { label: "Accepted At", value: formatTimestamp(order.service.acceptedAt) },
        { label: "Final Draft Shared At", value: formatTimestamp(order.service.finalDraftSharedAt) },
        { label: "Draft Accepted At", value: formatTimestamp(order.service.draftAcceptedAt) },
        { label: "Ticket Raised At", value: formatTimestamp(order.service.ticketRaisedAt) },
        { label: "Resolved At", value: formatTimestamp(order.service.resolvedAt) },
      ],
      cancellations: order.cancelled_orders.map((c) => ({
        id: c.id,
        by: partyLabel(c.cancelled_by),
        reason: c.reason,
        comment: c.comment,
        at: formatTimestamp(c.created_at),
      })),
    },
    consultation: order.consultation
      ? {
          selectedSlot: order.consultation.consultationDetails.selectedSlot
            ? {
                start: formatTimestamp(order.consultation.consultationDetails.selectedSlot.startTime),
                end: formatTimestamp(order.consultation.consultationDetails.selectedSlot.endTime),
              }
            : null,
          timeSlots: order.consultation.timeSlots.map((t) => ({
            slot: t.slot,
            start: formatTimestamp(t.startTime),
            end: formatTimestamp(t.endTime),
          })),
        }
      : null,
    videoCalls: order.video_calls.map((v) => ({
      id: v.id,
      event: v.event,
      at: formatTimestamp(v.timestamp),
      user: userName(v.user_id) ?? `User #${v.user_id}`,
    })),
    overlap: overlapText(order.call_overlap_seconds),
    overlapSeconds: order.call_overlap_seconds,
    activities: order.activities.map((a) => {
      const details = labelActivityDetails(readOrderActivityDetails(a.details));
      return {
        id: a.id,
        type: a.activity_type,
        at: formatTimestamp(a.activity_timestamp),
        iso: a.activity_timestamp,
        // who: the party's username; an admin's action (no user) names the admin its details give
        user: a.username ?? userName(a.user) ?? (a.user === null ? (details.by ? `Admin (${details.by})` : "Admin") : `User #${a.user}`),
        details,
      };
    }),
    chats: order.chats.map((c) => ({
      id: c.order_chat_id,
      sender: c.sender_name || "Unknown User",
      text: c.data.text,
      at: chatTime(c.timestamp),
      fromUser: c.sender !== null && c.sender === order.userId.id,
    })),
    files: order.files.map((f) => ({
      id: f.file_id,
      name: f.file,
      sender: f.sender_name || "Unknown User",
      final: f.final_status === "Final",
      status: f.final_status ?? "—",
      at: formatTimestamp(f.created_at),
    })),
    reschedule: rescheduleView(order),
    canCancel: order.can_cancel,
    canComplete: order.can_complete,
    reasonSet: order.cancellation_reason_set,
    serviceType: order.serviceType,
  };
}

function readDialog(params: URLSearchParams, order: OrderDetail): OrderDialog | null {
  const name = params.get("dialog");
  const asked = params.get("by");
  const by = isOneOf(PARTIES, asked) ? asked : "User";
  if (name === "complete" && order.can_complete) return { name, by };
  if (name === "cancel" && order.can_cancel) return { name, by };
  if (name === "reschedule" && order.consultation && order.can_cancel) return { name, by };
  return null;
}

/** The booking/payment detail page's loader (the route checked "Bookings" or "Payment" access first). */
export async function orderDetailLoader(
  request: Request,
  params: { bookingid?: string },
  api: Marketplace,
  form: OrderUrlForm,
): Promise<OrderDetailPageData> {
  const order = await api.getOrderDetail(orderRefParam(params.bookingid));
  const url = new URL(request.url);
  const canonical = canonicalOrderPath(url, order, form);
  if (canonical) throw redirect(canonical);
  const dialog = readDialog(url.searchParams, order);
  let reasons: { value: string; label: string }[] | null = null;
  let reasonsError: string | null = null;
  if (dialog?.name === "cancel") {
    try {
      const list = await api.raw.listCancellationReasons({
        userType: dialog.by,
        status: order.cancellation_reason_set,
        serviceType: order.serviceType,
      });
      reasons = list.map((r) => ({ value: r.reason, label: r.reason }));
    } catch (error) {
      if (!(error instanceof MarketplaceError)) throw error;
      reasonsError = "Error fetching cancellation reasons";
      reasons = [];
    }
  }
  const rescheduled = url.searchParams.get("rescheduled");
  return {
    view: toView(order),
    base: url.pathname,
    dialog,
    reasons,
    reasonsError,
    /** the new slot, shown after a successful reschedule */
    rescheduledEnd:
      rescheduled && order.consultation?.consultationDetails.selectedSlot
        ? formatTimestamp(order.consultation.consultationDetails.selectedSlot.endTime)
        : null,
  };
}

/** The API's refusal of an order action: its messages per field and its reason in words; anything else is rethrown. */
function refusalOf(error: unknown): { fieldErrors: Record<string, string>; reason: string; invalid: boolean } {
  if (!(error instanceof MarketplaceError)) throw error;
  const fields = Object.values(error.fieldErrors);
  return { fieldErrors: error.fieldErrors, reason: fields.length ? fields.join(" ") : error.message, invalid: error.kind === "invalid" };
}

/** The API's messages for `names` only, under the dialog's field names (`{ endTime: "durationMinutes" }`). */
function fieldsOf(fieldErrors: Record<string, string>, names: Record<string, string>): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const [apiName, field] of Object.entries(names)) if (fieldErrors[apiName]) picked[field] = fieldErrors[apiName];
  return picked;
}

/**
 * The detail page's dialogs (Mark Complete, Cancel, Reschedule), always on the URL's order (a field
 * naming another order is never acted on). Done: back to the page with a toast. Fields that do not
 * pass, or that the API refused by name, are told beside them with the values kept; any other
 * refusal is an error toast with the API's reason.
 */
export async function orderDetailAction(request: Request, params: { bookingid?: string }, api: Marketplace) {
  const ref = orderRefParam(params.bookingid);
  // the payments list's URLs name the order by short id: an unknown one is the 404 page, as the loader answers
  const orderId =
    "order_id" in ref
      ? ref.order_id
      : (
          await api.getOrderDetail(ref).catch((error: unknown) => {
            throw loaderResponseOf(error);
          })
        ).order_id;
  const here = new URL(request.url).pathname;
  /** a refusal answered with an error toast: `failed` and the API's reason */
  const toast = (failed: string, reason: string) => redirectWithToast(request, here, { type: "error", message: `${failed}: ${reason}` });
  /** a refusal the API gave by field: beside the fields, values kept */
  const besideFields = ({ intent: name, values }: IntentContext, fieldErrors: Record<string, string>, formError?: string) =>
    formFailure(values, { intent: name, fieldErrors, formError }, 400);

  return handleForm(request, api, {
    complete: intent(
      z.object({}),
      async () => {
        const order = await api.getOrderDetail(orderId);
        await api.markOrderComplete(order.short_id);
        return redirectWithToast(request, here, { type: "success", message: ORDER_MESSAGES.completed });
      },
      { refused: (error) => toast("Failed to mark order as complete", refusalOf(error).reason) },
    ),
    cancel: intent(
      CancelOrderForm,
      async (data) => {
        await api.cancelOrder({ order: orderId, ...data });
        return redirectWithToast(request, here, { type: "success", message: ORDER_MESSAGES.cancelled });
      },
      {
        refused: (error, context) => {
          const { fieldErrors, reason, invalid } = refusalOf(error);
          const named = invalid ? fieldsOf(fieldErrors, { reason: "reason", comment: "comment" }) : {};
          if (Object.keys(named).length) return besideFields(context, named, `Failed to cancel order: ${reason}`);
          return toast("Failed to cancel order", reason);
        },
      },
    ),
    reschedule: intent(
      RescheduleForm,
      async ({ startTime, durationMinutes }) => {
        const endTime = durationMinutes === null ? undefined : new Date(Date.parse(startTime) + durationMinutes * 60_000).toISOString();
        await api.rescheduleConsultation(orderId, startTime, endTime);
        return redirectWithToast(request, `${here}?rescheduled=1`, { type: "success", message: ORDER_MESSAGES.rescheduled });
      },
      {
        refused: (error, context) => {
          const { fieldErrors, reason } = refusalOf(error);
          const named = fieldsOf(fieldErrors, { startTime: "startTime", endTime: "durationMinutes" });
          if (Object.keys(named).length) return besideFields(context, named);
          return toast("Failed to reschedule consultation", reason);
        },
      },
    ),
  });
}
