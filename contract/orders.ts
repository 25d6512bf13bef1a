import { z } from "zod";
import { INT4_MAX } from "./ids";

import { PARTY_LABELS, SERVICE_TYPE_LABELS } from "./order-labels";
import { ORDER_STATUSES, PARTIES, REASON_STATUSES, SERVICE_TYPES, type OrderStatus, type Party, type ServiceType } from "./order-values";

export {
  ORDER_STATUSES,
  PARTIES,
  REASON_MAX_LENGTH,
  REASON_STATUSES,
  REPERCUSSION_MAX_LENGTH,
  SERVICE_TYPES,
  type OrderStatus,
  type Party,
  type ServiceType,
} from "./order-values";

/** Statuses whose cancellation uses the pre-acceptance (PRE) reasons; every other status uses POST. */
export const PRE_ACCEPTANCE_STATUSES: readonly OrderStatus[] = ["Pending", "Scheduled"];
/** Cancel and Mark Complete are refused (and disabled in the admin) in these statuses. */
export const FINAL_STATUSES: readonly OrderStatus[] = ["Cancelled", "Completed"];
export const reasonSetFor = (status: OrderStatus): "PRE" | "POST" => (PRE_ACCEPTANCE_STATUSES.includes(status) ? "PRE" : "POST");

/** Rupees as an exact decimal string with two decimals, e.g. "1499.00" (stored as integer paise). */
export const Inr = z.string().regex(/^-?\d+\.\d{2}$/);

/** The longest consultation a reschedule may set when the end is given (minutes). */
export const MAX_CONSULTATION_MINUTES = 1440;

export const ORDER_MESSAGES = {
  notFound: "Order not found",
  alreadyFinal: (status: string) => `The order is already ${status}`,
  rescheduled: "Consultation Rescheduled Successfully",
  cancelled: "Order has been cancelled successfully",
  completed: "Order has been marked as completed",
  futureDate: "Please select a future date",
  withinAYear: "Please select a date within a year from today",
  commentRequired: "Please enter a comment",
  reasonNotInSet: "This reason is not offered for this order",
  noConsultation: "This order has no consultation",
  noMinutes: "The booked service's offerings text does not say how many minutes it lasts",
  durationRequired: "Please enter how many minutes the consultation lasts",
  endAfterStart: `The end must be 1 to ${MAX_CONSULTATION_MINUTES} minutes after the start`,
  endFollowsOffering: (minutes: number) =>
    `This consultation lasts ${minutes} minutes (its booked offering): the end must be ${minutes} minutes after the start`,
} as const;

export const OrderParty = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type OrderParty = z.infer<typeof OrderParty>;

/** Spec 3 §3 "service" milestones. */
export const OrderMilestones = z.object({
  bookingTime: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  finalDraftSharedAt: z.string().nullable(),
  draftAcceptedAt: z.string().nullable(),
  ticketRaisedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});

export const CancelledOrder = z.object({
  id: z.number().int(),
  order: z.number().int(),
  cancelled_by: z.enum(PARTIES),
  reason: z.string(),
  comment: z.string(),
  created_at: z.string(),
});

export const OrderPaymentSummary = z.object({
  payment_id: z.number().int(),
  transaction_id: z.string(),
  payment_gateway: z.string(),
  payment_status: z.string(),
  total_amount: Inr,
  payment_date: z.string(),
  release_date: z.string().nullable(),
  invoice_number: z.string().nullable(),
  phonepe_response: z.unknown().nullable().describe("the payment gateway's answer as it sent it (any JSON value)"),
});

/** GET /get-order-by-id → data.data (spec 2 §3 "Order detail"). Money in rupees. */
export const OrderRecord = z.object({
  order_id: z.number().int(),
  short_id: z.string(),
  status: z.enum(ORDER_STATUSES),
  serviceType: z.enum(SERVICE_TYPES),
  charges: Inr,
  booked_service: z.object({ offerings: z.string() }).passthrough(),
  created_at: z.string(),
  updated_at: z.string(),
  statusComment: z.string().nullable(),
  user_mark_as_done: z.boolean(),
  service_provider_mark_as_done: z.boolean(),
  userId: OrderParty,
  serviceProviderId: z.object({ serviceProvider_id: z.number().int(), userId: OrderParty }),
  userUsername: z.string(),
  serviceProviderUsername: z.string(),
  service: OrderMilestones,
  completedAt: z.string().nullable(),
  cancelled_orders: z.array(CancelledOrder),
  /** the order's latest payment attempt */
  payment: OrderPaymentSummary.nullable(),
  transaction_id: z.string().nullable(),
});
export type OrderRecord = z.infer<typeof OrderRecord>;

export const TimeSlot = z.object({ slot: z.number().int(), startTime: z.string(), endTime: z.string() });
export const MainConsultation = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  consultationDetails: z.object({ selectedSlot: z.object({ startTime: z.string(), endTime: z.string() }).nullable() }).passthrough(),
  timeSlots: z.array(TimeSlot),
  updated_at: z.string(),
});
export type MainConsultation = z.infer<typeof MainConsultation>;

export const OrderChat = z.object({
  order_chat_id: z.number().int(),
  order: z.number().int(),
  sender: z.number().int().nullable(),
  sender_name: z.string().nullable(),
  data: z.object({ text: z.string() }).passthrough(),
  /** stored text; may be unparseable ("Invalid date" in the admin) */
  timestamp: z.string(),
});
export type OrderChat = z.infer<typeof OrderChat>;

export const OrderFile = z.object({
  file_id: z.number().int(),
  order: z.number().int(),
  sender: z.number().int().nullable(),
  sender_name: z.string().nullable(),
  file: z.string(),
  final_status: z.string().nullable(),
  created_at: z.string(),
});
export type OrderFile = z.infer<typeof OrderFile>;

export const OrderActivity = z.object({
  id: z.number().int(),
  order: z.number().int(),
  activity_type: z.string(),
  activity_timestamp: z.string(),
  user: z.number().int().nullable(),
  username: z.string().nullable(),
  details: z.string().nullable(),
});
export type OrderActivity = z.infer<typeof OrderActivity>;

export const VideoCallLog = z.object({
  id: z.number().int(),
  order: z.number().int(),
  event: z.enum(["join", "leave"]),
  timestamp: z.string(),
  user_id: z.number().int(),
});
export type VideoCallLog = z.infer<typeof VideoCallLog>;

/** Our order-detail fetch (GET /get-order-detail) → data.data: the order and its records in one answer. */
export const OrderDetail = OrderRecord.extend({
  consultation: MainConsultation.nullable(),
  chats: z.array(OrderChat),
  files: z.array(OrderFile),
  activities: z.array(OrderActivity),
  video_calls: z.array(VideoCallLog),
  /** overlap of the user's and the provider's time in the call, whole seconds */
  call_overlap_seconds: z.number().int(),
  counts: z.object({ chats: z.number().int(), files: z.number().int(), activities: z.number().int(), video_calls: z.number().int() }),
  /** what the admin may do now */
  can_cancel: z.boolean(),
  can_complete: z.boolean(),
  cancellation_reason_set: z.enum(REASON_STATUSES),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

export const CancellationReason = z.object({
  reasons_id: z.number().int(),
  status: z.enum(REASON_STATUSES),
  service_type: z.enum(SERVICE_TYPES),
  reason: z.string(),
  repercussion: z.string(),
  user_type: z.enum(PARTIES),
  /** position in its party's list (the admin's Service Provider and User tables); each set offers its reasons in this order */
  order: z.number().int(),
  /** the version an edit starts from (PUT sends it back; 409 when it moved on) and who saved it */
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type CancellationReason = z.infer<typeof CancellationReason>;

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.literal(""), z.enum(values)])
    .optional()
    .transform((v) => (v ? v : undefined));

/** GET /cancellation-reason/ query. */
export const CancellationReasonQuery = z.object({
  userType: optionalEnum(PARTIES),
  status: optionalEnum(REASON_STATUSES),
  serviceType: optionalEnum(SERVICE_TYPES),
});

import { REASON_MAX_LENGTH, REPERCUSSION_MAX_LENGTH } from "./order-values";

/** The cancellation reasons' messages (API and admin). */
export const CANCELLATION_REASON_MESSAGES = {
  notFound: "Cancellation reason not found",
  reasonRequired: "Please enter a reason",
  reasonTooLong: `The reason must be at most ${REASON_MAX_LENGTH} characters`,
  repercussionText: "The repercussion must be text",
  repercussionTooLong: `The repercussion must be at most ${REPERCUSSION_MAX_LENGTH} characters`,
  // the choices as the dialog names them, never the stored values (PRE, AddOnService, ServiceProvider)
  status: "Please choose Pre-Acceptance or Post-Acceptance",
  serviceType: `Please select a service type (${SERVICE_TYPES.map((type) => SERVICE_TYPE_LABELS[type]).join(", ")})`,
  userType: `Please choose ${PARTIES.map((party) => PARTY_LABELS[party]).join(" or ")}`,
  order: "The position must be a whole number, 0 or more",
  noChange: "No Change Detected",
  /** the same reason (ignoring case and spaces) for the same party, stage and service type */
  duplicate: (existing: { reasons_id: number; reason: string; user_type: Party; status: "PRE" | "POST"; service_type: ServiceType }) =>
    `This reason already exists for ${PARTY_LABELS[existing.user_type]}, ${existing.status === "PRE" ? "Pre-Acceptance" : "Post-Acceptance"}, ${SERVICE_TYPE_LABELS[existing.service_type]}: "${existing.reason}" (#${existing.reasons_id})`,
  reordered: "Order updated successfully",
  reorderEmpty: "ordered_ids must list the reasons in their new order",
  reorderDuplicate: (ids: number[]) => `ordered_ids lists ${ids.length === 1 ? "reason" : "reasons"} ${ids.join(", ")} more than once`,
  reorderUnknown: (ids: number[]) => `ordered_ids names unknown ${ids.length === 1 ? "reason" : "reasons"} ${ids.join(", ")}`,
  reorderMixed: "ordered_ids mixes the User and ServiceProvider lists: reorder one list at a time",
  reorderMissing: (userType: string, ids: number[]) =>
    `ordered_ids must list every ${userType} reason exactly once; missing ${ids.length === 1 ? "reason" : "reasons"} ${ids.join(", ")}`,
} as const;

const reasonText = z
  .string({ required_error: CANCELLATION_REASON_MESSAGES.reasonRequired, invalid_type_error: CANCELLATION_REASON_MESSAGES.reasonRequired })
  .trim()
  .min(1, CANCELLATION_REASON_MESSAGES.reasonRequired)
  .max(REASON_MAX_LENGTH, CANCELLATION_REASON_MESSAGES.reasonTooLong);
const repercussionText = z
  .string({ invalid_type_error: CANCELLATION_REASON_MESSAGES.repercussionText })
  .trim()
  .max(REPERCUSSION_MAX_LENGTH, CANCELLATION_REASON_MESSAGES.repercussionTooLong);

/** The fields a reason is made of, as the admin's add and edit forms send them. */
export const CancellationReasonFields = z.object({
  status: z.enum(REASON_STATUSES, { errorMap: () => ({ message: CANCELLATION_REASON_MESSAGES.status }) }),
  service_type: z.enum(SERVICE_TYPES, { errorMap: () => ({ message: CANCELLATION_REASON_MESSAGES.serviceType }) }),
  reason: reasonText,
  repercussion: repercussionText,
  user_type: z.enum(PARTIES, { errorMap: () => ({ message: CANCELLATION_REASON_MESSAGES.userType }) }),
});
export type CancellationReasonFields = z.infer<typeof CancellationReasonFields>;

/** POST /cancellation-reason/ body: the fields (repercussion may be left out), plus an optional position (default: last in its party's list). */
export const CancellationReasonBody = CancellationReasonFields.extend({
  repercussion: repercussionText.optional().default(""),
  order: z
    .number({ invalid_type_error: CANCELLATION_REASON_MESSAGES.order })
    .int(CANCELLATION_REASON_MESSAGES.order)
    .min(0, CANCELLATION_REASON_MESSAGES.order)
    .max(INT4_MAX, CANCELLATION_REASON_MESSAGES.order)
    .optional(),
});
export type CancellationReasonBody = z.infer<typeof CancellationReasonBody>;

/**
 * PUT /cancellation-reason/{id}/ body: only the fields to change (any of them; the audit log's revert sends
 * the changed ones back), plus the updated_at the admin loaded. The position changes only through the reorder
 * call; a reason moved to the other party goes last in that party's list.
 */
export const UpdateCancellationReasonBody = CancellationReasonFields.partial().extend({
  updated_at: z.string({ required_error: "updated_at is required" }).min(1, "updated_at is required"),
});
export type UpdateCancellationReasonBody = z.infer<typeof UpdateCancellationReasonBody>;

/** POST /update-order-cancellation-reason body: the whole new order of one party's list. */
export const ReorderReasonsBody = z.object({
  ordered_ids: z
    .array(z.number().int().positive().max(INT4_MAX), {
      required_error: CANCELLATION_REASON_MESSAGES.reorderEmpty,
      invalid_type_error: CANCELLATION_REASON_MESSAGES.reorderEmpty,
    })
    .min(1, CANCELLATION_REASON_MESSAGES.reorderEmpty)
    .max(1000),
  /** the list's order the new one was made from: 409 when it has been reordered since (ours, optional) */
  expected_ids: z.array(z.number().int().positive().max(INT4_MAX)).max(1000).optional(),
});

export const CancelComment = z
  .string({ required_error: ORDER_MESSAGES.commentRequired })
  .trim()
  .min(1, ORDER_MESSAGES.commentRequired)
  .max(2000, "Comment is at most 2000 characters");

/** POST /cancellation/ body (spec 2 §7). reason: the reason's text (or its reasons_id). */
export const CancelOrderBody = z.object({
  comment: CancelComment,
  reason: z.union([z.string().trim().min(1, "Please select a reason").max(300), z.number().int().positive().max(INT4_MAX)], {
    errorMap: () => ({ message: "Please select a reason" }),
  }),
  cancelled_by: z.enum(PARTIES, { errorMap: () => ({ message: "cancelled_by must be User or ServiceProvider" }) }),
  order: z.coerce.number({ invalid_type_error: "order must be an order id" }).int().positive().max(INT4_MAX, "order is out of range"),
  /** the status the admin saw; informational ("Scheduled Consultation" is accepted for Scheduled) */
  orderStatus: z.string().max(40).optional(),
});
export type CancelOrderBody = z.infer<typeof CancelOrderBody>;

/** PUT /update-order?shortId body: only marking as done is supported. */
export const UpdateOrderBody = z.object({
  user_mark_as_done: z.literal(true, { errorMap: () => ({ message: "Only user_mark_as_done: true is supported" }) }),
});

/**
 * PUT /update-main-consultation-by-order-id body. The end is start + the minutes the booked
 * offerings text names; endTime is needed only when it names none (then it sets the length).
 */
export const RescheduleBody = z.object({
  consultationDetails: z.object({
    selectedSlot: z.object({
      startTime: z
        .string({ required_error: "Please select a date and time" })
        .refine((v) => !Number.isNaN(Date.parse(v)), "Not a valid date-time"),
      endTime: z
        .string()
        .refine((v) => !Number.isNaN(Date.parse(v)), "Not a valid date-time")
        .optional(),
    }),
  }),
});
export type RescheduleBody = z.infer<typeof RescheduleBody>;

/** How far ahead a consultation may be moved. */
export const RESCHEDULE_MAX_DAYS = 365;

/** Why a reschedule's start cannot be used (in the past, or more than a year ahead), or null. */
export function rescheduleStartProblem(startMs: number, nowMs = Date.now()): string | null {
  if (startMs <= nowMs) return ORDER_MESSAGES.futureDate;
  if (startMs > nowMs + RESCHEDULE_MAX_DAYS * 86_400_000) return ORDER_MESSAGES.withinAYear;
  return null;
}

/** "45 Minutes Video Consultation" → 45; null when the text names no minutes. */
export function minutesFromOfferings(offerings: string): number | null {
  const match = /(\d{1,4})\s*(?:min|mins|minute|minutes)\b/i.exec(offerings) ?? /^\s*(\d{1,4})\b/.exec(offerings);
  if (!match) return null;
  const minutes = Number(match[1]);
  return minutes > 0 ? minutes : null;
}

/** Seconds both participants were in the call at once (join/leave events of two users). */
export function callOverlapSeconds(logs: { event: "join" | "leave"; timestamp: string; user_id: number }[]): number {
  const intervals = new Map<number, [number, number][]>();
  const open = new Map<number, number>();
  const sorted = [...logs].sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
  for (const log of sorted) {
    const t = Date.parse(log.timestamp);
    if (Number.isNaN(t)) continue;
    if (log.event === "join") {
      if (!open.has(log.user_id)) open.set(log.user_id, t);
    } else if (open.has(log.user_id)) {
      const list = intervals.get(log.user_id) ?? [];
      list.push([open.get(log.user_id)!, t]);
      intervals.set(log.user_id, list);
      open.delete(log.user_id);
    }
  }
  const users = [...intervals.keys()];
  if (users.length < 2) return 0;
  const [a, b] = [intervals.get(users[0])!, intervals.get(users[1])!];
  let ms = 0;
  for (const [s1, e1] of a) for (const [s2, e2] of b) ms += Math.max(0, Math.min(e1, e2) - Math.max(s1, s2));
  return Math.floor(ms / 1000);
}
