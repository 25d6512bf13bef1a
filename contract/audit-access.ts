import { hasAccess, type AccessName } from "./access";
import { ACCESS_LABELS } from "./admin-user-labels";
import type { AuditEntity } from "./audit-log-labels";

/**
 * Which area each kind of audited record belongs to: the access name its screens need (the same
 * names the route guards use, app/models/access.ts) and the screen that lists it. One table for the
 * API (revert, the header's recent changes) and the admin (what is offered, where a notice links).
 * A kind of record not named here (AREALESS_ENTITIES) belongs to All Access alone.
 */
/**
 * Kinds of record of no one area: a saved view (issue 32 §4) is of whichever list it filters, a bulk
 * job (docs/decisions/0026-bulk-jobs.md) of whichever list it acts on; the security policy (two-factor,
 * issue 36) is All Access's alone.
 */
export const AREALESS_ENTITIES = ["saved_view", "bulk_job", "security_policy"] as const;
export type AreaEntity = Exclude<AuditEntity, (typeof AREALESS_ENTITIES)[number]>;

export const AUDIT_ENTITY_AREAS = {
  admin_user: { access: "AdminUsers", screen: "/admin/list-admin-users" },
  admin_two_factor: { access: "AdminUsers", screen: "/admin/list-admin-users" },
  audit_log: { access: "AdminUsers", screen: "/admin/audit-log" },
  bank_account: { access: "BankDetails", screen: "/admin/service-provider-bank-details" },
  bank_file: { access: "Payment", screen: "/admin/payments/bank-files" },
  blog_article: { access: "S3BucketManager", screen: "/admin/posts" },
  blog_comment: { access: "Comments", screen: "/admin/comments" },
  booking_journey: { access: "TrackBookingJourney", screen: "/admin/track-booking-journey" },
  boosting_point: { access: "ServiceProvider", screen: "/admin/service-provider" },
  cancellation_reason: { access: "Settings", screen: "/admin/settings?tab=cancellation" },
  category: { access: "Category", screen: "/admin/category" },
  contact_share_attempt: { access: "QueryMessage", screen: "/admin/query-msg" },
  clickwrap: { access: "Agreement", screen: "/admin/clickwrap-agreement" },
  contact: { access: "Contacts", screen: "/admin/list-contacts" },
  faq: { access: "Category", screen: "/admin/category" },
  file: { access: "S3BucketManager", screen: "/admin/s3-bucket-manager" },
  main_consultation: { access: "Bookings", screen: "/admin/bookings" },
  notification_template: { access: "Notification", screen: "/admin/notification" },
  order: { access: "Bookings", screen: "/admin/bookings" },
  outbox: { access: "ServiceProvider", screen: "/admin/service-provider/messages" },
  payment: { access: "Payment", screen: "/admin/payments" },
  payout: { access: "Payment", screen: "/admin/payments" },
  plan: { access: "SubscriptionPlan", screen: "/admin/subscriptions" },
  provider_document: { access: "Documents", screen: "/admin/documents" },
  provider_form: { access: "ServiceProvider", screen: "/admin/service-provider" },
  provider_services: { access: "ServiceProvider", screen: "/admin/service-provider" },
  provider_two_factor: { access: "ServiceProvider", screen: "/admin/service-provider" },
  query_chat: { access: "QueryMessage", screen: "/admin/query-msg" },
  rating: { access: "Ratings", screen: "/admin/rating" },
  service_provider: { access: "ServiceProvider", screen: "/admin/service-provider" },
  setting: { access: "Settings", screen: "/admin/settings" },
  user: { access: "User", screen: "/admin/user" },
} as const satisfies Record<AreaEntity, { access: AccessName; screen: string }>;

/** The access name a kind of record needs; null: only All Access ("*") opens it. */
export function auditEntityAccess(entity: string): AccessName | null {
  return Object.hasOwn(AUDIT_ENTITY_AREAS, entity) ? AUDIT_ENTITY_AREAS[entity as AreaEntity].access : null;
}

/** Whether an admin holding `accessList` may open (and so see, and change) records of this kind. */
export function mayOpenAuditEntity(accessList: readonly string[], entity: string): boolean {
  if (accessList.includes("*")) return true;
  const access = auditEntityAccess(entity);
  return access !== null && hasAccess(accessList, access);
}

/** The kinds of record an admin may open; null: every kind (All Access). */
export function auditEntitiesOpenTo(accessList: readonly string[]): AuditEntity[] | null {
  if (accessList.includes("*")) return null;
  return (Object.keys(AUDIT_ENTITY_AREAS) as AreaEntity[]).filter((entity) => hasAccess(accessList, AUDIT_ENTITY_AREAS[entity].access));
}

/** Why a revert is refused for want of access (the API's 403, the dialog's note). */
export const REVERT_ACCESS_MESSAGES = {
  area: (access: AccessName) => `You need ${ACCESS_LABELS[access]} access to revert this change`,
  allAccess: "You need All Access to revert this change",
  own: "You cannot revert a change to your own admin user: another admin with Admin Users access must do it",
} as const;
