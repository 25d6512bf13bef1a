import { redirect } from "@remix-run/node";
import { DateTime } from "luxon";
import type { RouteAccess } from "~contract/access";
import { fieldErrorsOf } from "~contract/form-result";
import {
  MAX_CONSULTATION_MINUTES,
  minutesFromOfferings,
  ORDER_MESSAGES,
  PARTIES,
  rescheduleStartProblem,
  type OrderDetail,
} from "~contract/orders";
import { CancelOrderForm } from "~/models/orders";
import { formFailure } from "~/services/form-result.server";
import { orderStatusLabel } from "~contract/order-labels";
import { partyLabel, serviceTypeLabel } from "~/models/order-labels";
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from "~contract/payments";
import { requireAdmin } from "~/services/auth.server";
import type { OrderActivityDetails } from "~contract/activity";
import type { OrderDetailPageData, OrderDialog, OrderView } from "~/models/bookings";
import { readOrderActivityDetails } from "~/utils/activity-details";
import { ADMIN_ZONE } from "~shared/dates";
import { formatTimestamp } from "~/utils/dates";
import { throwLoaderError } from "~/services/errors.server";
import { MarketplaceError, type Caller, callerOf } from "~/services/marketplace/client.server";
import {
  cancelOrder,
  getOrderDetail,
  listCancellationReasons,
  markOrderComplete,
  rescheduleConsultation,
} from "~/services/marketplace/orders.server";
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

/** The booking/payment detail page's loader; `access` is "Bookings" or "Payment" by route. */
export async function orderDetailLoader(
  request: Request,
  params: { bookingid?: string },
  access: RouteAccess,
  form: OrderUrlForm,
): Promise<OrderDetailPageData> {
  const { admin } = await requireAdmin(request, access);
  const caller: Caller = callerOf(admin, request);
  const order = await getOrderDetail(caller, orderRefParam(params.bookingid)).catch(throwLoaderError);
  const url = new URL(request.url);
  const canonical = canonicalOrderPath(url, order, form);
  if (canonical) throw redirect(canonical);
  const dialog = readDialog(url.searchParams, order);
  let reasons: { value: string; label: string }[] | null = null;
  let reasonsError: string | null = null;
  if (dialog?.name === "cancel") {
    try {
      const list = await listCancellationReasons(caller, {
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

function failure(intent: string, fieldErrors: Record<string, string>, values: Record<string, string>, formError?: string) {
  return formFailure(values, { intent, fieldErrors, formError }, 400);
}

function reasonOf(error: unknown): string {
  if (error instanceof MarketplaceError) {
    const fields = Object.values(error.fieldErrors);
    return fields.length ? fields.join(" ") : error.message;
  }
  throw error;
}

/** Wall time typed in a datetime-local input, read as India time → ISO instant; null if unreadable. */
export function kolkataWallTimeToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const dt = DateTime.fromISO(value, { zone: ADMIN_ZONE });
  return dt.isValid ? dt.toUTC().toISO() : null;
}

export async function orderDetailAction(request: Request, params: { bookingid?: string }, access: RouteAccess) {
  const { admin } = await requireAdmin(request, access);
  const caller: Caller = callerOf(admin, request);
  const ref = orderRefParam(params.bookingid);
  const orderId = "order_id" in ref ? ref.order_id : (await getOrderDetail(caller, ref).catch(throwLoaderError)).order_id;
  const here = new URL(request.url).pathname;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };

  if (intent === "complete") {
    // only the URL's order: a form field naming another order is never acted on
    try {
      const order = await getOrderDetail(caller, orderId);
      await markOrderComplete(caller, order.short_id);
    } catch (error) {
      return redirectWithToast(request, here, { type: "error", message: `Failed to mark order as complete: ${reasonOf(error)}` });
    }
    return redirectWithToast(request, here, { type: "success", message: ORDER_MESSAGES.completed });
  }

  if (intent === "cancel") {
    const values = { cancelled_by: text("cancelled_by"), reason: text("reason"), comment: text("comment") };
    const parsed = CancelOrderForm.safeParse({ ...values, orderStatus: text("orderStatus") || undefined });
    if (!parsed.success) return failure(intent, fieldErrorsOf(parsed.error.issues), values);
    try {
      await cancelOrder(caller, { order: orderId, ...parsed.data });
    } catch (error) {
      if (error instanceof MarketplaceError && error.kind === "invalid" && Object.keys(error.fieldErrors).length) {
        const fe = error.fieldErrors;
        if (fe.reason || fe.comment) {
          return failure(
            intent,
            { ...(fe.reason ? { reason: fe.reason } : {}), ...(fe.comment ? { comment: fe.comment } : {}) },
            values,
            `Failed to cancel order: ${reasonOf(error)}`,
          );
        }
      }
      return redirectWithToast(request, here, { type: "error", message: `Failed to cancel order: ${reasonOf(error)}` });
    }
    return redirectWithToast(request, here, { type: "success", message: ORDER_MESSAGES.cancelled });
  }

  if (intent === "reschedule") {
    const value = text("startTime");
    // only a dialog whose offering names no minutes posts a duration
    const duration = form.has("durationMinutes") ? text("durationMinutes").trim() : null;
    const values: Record<string, string> = { startTime: value, ...(duration === null ? {} : { durationMinutes: duration }) };
    const errors: Record<string, string> = {};
    const iso = kolkataWallTimeToIso(value);
    if (!iso) errors.startTime = "Please select a date and time";
    else {
      const problem = rescheduleStartProblem(Date.parse(iso));
      if (problem) errors.startTime = problem;
    }
    const minutes = duration !== null && /^\d{1,5}$/.test(duration) ? Number(duration) : null;
    if (duration === "") errors.durationMinutes = ORDER_MESSAGES.durationRequired;
    else if (duration !== null && !(minutes !== null && minutes >= 1 && minutes <= MAX_CONSULTATION_MINUTES)) {
      errors.durationMinutes = `Please enter whole minutes from 1 to ${MAX_CONSULTATION_MINUTES}`;
    }
    if (!iso || Object.keys(errors).length) return failure(intent, errors, values);
    const endTime = minutes === null ? undefined : new Date(Date.parse(iso) + minutes * 60_000).toISOString();
    try {
      await rescheduleConsultation(caller, orderId, iso, endTime);
    } catch (error) {
      if (error instanceof MarketplaceError && (error.fieldErrors.startTime || error.fieldErrors.endTime)) {
        const fe = error.fieldErrors;
        return failure(
          intent,
          { ...(fe.startTime ? { startTime: fe.startTime } : {}), ...(fe.endTime ? { durationMinutes: fe.endTime } : {}) },
          values,
        );
      }
      return redirectWithToast(request, here, { type: "error", message: `Failed to reschedule consultation: ${reasonOf(error)}` });
    }
    return redirectWithToast(request, `${here}?rescheduled=1`, { type: "success", message: ORDER_MESSAGES.rescheduled });
  }

  throw new Response(`Unknown intent: ${intent}`, { status: 400, statusText: "Bad Request" });
}
