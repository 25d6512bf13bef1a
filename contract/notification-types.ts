/**
 * Notification templates (spec 3 §2.7, §3 NotificationTemplate): the events the marketplace notifies
 * about, who receives each, and the placeholders its texts may use. Zod-free, so the admin's pages
 * (the list, the editor's placeholder panel and previews) use it without pulling zod into the browser.
 */

import { isOneOf } from "~shared/one-of";

export const NOTIFICATION_USER_TYPES = ["User", "ServiceProvider"] as const;
export type NotificationUserType = (typeof NOTIFICATION_USER_TYPES)[number];

/** Every placeholder a template may use, with the sample value its preview shows. */
export const PLACEHOLDER_SAMPLES = {
  username: "Priya Sharma",
  provider_name: "Rahul Verma",
  order_id: "ORD000154",
  service_name: "GST Registration",
  amount: "₹2,950.00",
  booking_date: "12-Mar-2026 04:30 PM",
  new_booking_date: "14-Mar-2026 11:00 AM",
  cancelled_by: "the provider",
  cancellation_reason: "Provider unavailable on that day",
  refund_amount: "₹2,950.00",
  payment_id: "pay_Nx81Gq2LmZ0aQe",
  payout_amount: "₹2,241.90",
  document_name: "PAN Card",
  rejection_reason: "The image is blurred",
  plan_name: "Pro Quarterly",
  expiry_date: "31-Mar-2026",
  post_title: "Filing ITR as a freelancer",
  comment_author: "Anita Desai",
  rating: "5",
  login_url: "https://marketplace.example/login",
} as const;
export type PlaceholderName = keyof typeof PLACEHOLDER_SAMPLES;

export type NotificationType = {
  key: string;
  label: string;
  /** who this event is sent to */
  user_types: readonly NotificationUserType[];
  placeholders: readonly PlaceholderName[];
};

const BOTH = NOTIFICATION_USER_TYPES;
const USER = ["User"] as const;
const PROVIDER = ["ServiceProvider"] as const;

/** The marketplace's events, in the order the admin's select offers them. */
export const NOTIFICATION_TYPES: readonly NotificationType[] = [
  { key: "welcome", label: "Welcome / account created", user_types: BOTH, placeholders: ["username", "login_url"] },
  {
    key: "order_placed",
    label: "Order placed",
    user_types: BOTH,
    placeholders: ["username", "provider_name", "order_id", "service_name", "amount", "booking_date"],
  },
  {
    key: "order_cancelled",
    label: "Order cancelled",
    user_types: BOTH,
    placeholders: ["username", "provider_name", "order_id", "service_name", "cancelled_by", "cancellation_reason", "refund_amount"],
  },
  {
    key: "order_completed",
    label: "Order completed",
    user_types: BOTH,
    placeholders: ["username", "provider_name", "order_id", "service_name"],
  },
  {
    key: "consultation_rescheduled",
    label: "Consultation rescheduled",
    user_types: BOTH,
    placeholders: ["username", "provider_name", "order_id", "service_name", "booking_date", "new_booking_date"],
  },
  {
    key: "consultation_reminder",
    label: "Consultation reminder",
    user_types: BOTH,
    placeholders: ["username", "provider_name", "order_id", "service_name", "booking_date"],
  },
  {
    key: "payment_received",
    label: "Payment received",
    user_types: BOTH,
    placeholders: ["username", "provider_name", "order_id", "service_name", "amount", "payment_id"],
  },
  { key: "payment_failed", label: "Payment failed", user_types: USER, placeholders: ["username", "order_id", "service_name", "amount"] },
  { key: "refund_processed", label: "Refund processed", user_types: USER, placeholders: ["username", "order_id", "refund_amount"] },
  { key: "payout_released", label: "Payout released", user_types: PROVIDER, placeholders: ["provider_name", "order_id", "payout_amount"] },
  { key: "document_approved", label: "Document approved", user_types: PROVIDER, placeholders: ["provider_name", "document_name"] },
  {
    key: "document_rejected",
    label: "Document rejected",
    user_types: PROVIDER,
    placeholders: ["provider_name", "document_name", "rejection_reason"],
  },
  {
    key: "subscription_expiring",
    label: "Subscription expiring",
    user_types: PROVIDER,
    placeholders: ["provider_name", "plan_name", "expiry_date"],
  },
  {
    key: "subscription_renewed",
    label: "Subscription renewed",
    user_types: PROVIDER,
    placeholders: ["provider_name", "plan_name", "amount", "expiry_date"],
  },
  {
    key: "new_rating",
    label: "New rating received",
    user_types: PROVIDER,
    placeholders: ["provider_name", "username", "order_id", "rating"],
  },
  { key: "comment_reply", label: "New reply to a comment", user_types: BOTH, placeholders: ["username", "post_title", "comment_author"] },
];

const BY_KEY = new Map(NOTIFICATION_TYPES.map((t) => [t.key, t]));
export const notificationTypeOf = (key: string): NotificationType | undefined => BY_KEY.get(key);
export const notificationTypeLabel = (key: string) => BY_KEY.get(key)?.label ?? key;

/** The list's sortable columns (sortField): User Type, Notification Type (by its label), Updated. */
export const TEMPLATE_SORT_FIELDS = ["user_type", "notification_type", "updated_at"] as const;

/** The types' keys in the order of their labels (A→Z): how the list sorts by Notification Type. */
export const TYPE_KEYS_BY_LABEL: readonly string[] = [...NOTIFICATION_TYPES]
  .sort((a, b) => a.label.localeCompare(b.label, "en", { sensitivity: "base" }) || a.key.localeCompare(b.key, "en"))
  .map((t) => t.key);

export const TEMPLATE_CHANNELS = ["web_notification", "whatsapp_template", "email_template"] as const;
export type TemplateChannel = (typeof TEMPLATE_CHANNELS)[number];
/** The editor's field labels (spec 3 §2.7), also used in the API's messages. */
export const CHANNEL_LABELS: Record<TemplateChannel, string> = {
  web_notification: "Web Notification",
  whatsapp_template: "Whatsapp Notification",
  email_template: "Email Notification",
};
export const CHANNEL_LIMITS: Record<TemplateChannel, number> = { web_notification: 200, whatsapp_template: 1024, email_template: 20000 };

export const TEMPLATE_MESSAGES = {
  added: "Template added successfully",
  updated: "Template updated successfully",
  deleted: "Template deleted successfully",
  noChange: "No Change Detected",
  notFound: "Template not found",
  deleteQuestion: "Are you sure you want to delete the Template",
  deleteConfirm: "Yes, proceed!",
  chooseUserType: "Choose a user type",
  chooseType: "Choose a notification type",
  userTypeRequired: "Please choose a user type",
  typeRequired: "Please choose a notification type",
  unknownType: "Unknown notification type",
  oneChannel: "Fill in at least one of Web, Whatsapp or Email Notification",
} as const;

export const notForUserType = (type: NotificationType, userType: string) =>
  `${type.label} is not sent to a ${userType}; it goes to ${type.user_types.join(" and ")} only`;

export const duplicateTemplate = (userType: string, typeKey: string, id: number) =>
  `A ${userType} template for ${notificationTypeLabel(typeKey)} already exists (template #${id}): edit that one instead`;

export const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/g;

/** The placeholder names a text uses, each once, in order of appearance. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]))];
}

export const braces = (name: string) => `{${name}}`;

/** The sentence refusing a channel's unknown placeholders, or null when it uses only allowed ones. */
export function unknownPlaceholderMessage(channel: TemplateChannel, text: string, type: NotificationType): string | null {
  const unknown = placeholdersIn(text).filter((name) => !isOneOf(type.placeholders, name));
  if (unknown.length === 0) return null;
  const names = unknown.map(braces).join(", ");
  return `Unknown placeholder${unknown.length > 1 ? "s" : ""} ${names} in ${CHANNEL_LABELS[channel]}; allowed: ${type.placeholders.map(braces).join(", ")}`;
}
