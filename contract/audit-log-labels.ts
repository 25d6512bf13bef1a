/** The audit log's names and links, without zod (components of other pages link to it). */

/** What the audit log records, by its stored name, with the words the screen uses. */
export const AUDIT_ENTITIES = {
  admin_user: "Admin user",
  admin_two_factor: "Two-factor sign-in",
  audit_log: "Audit log",
  bank_account: "Bank account",
  blog_article: "Post",
  blog_comment: "Comment",
  booking_journey: "Booking journey",
  bank_file: "Bank file",
  bulk_job: "Bulk job",
  boosting_point: "Booster points",
  cancellation_reason: "Cancellation reason",
  category: "Category",
  contact_share_attempt: "Contact share attempt",
  clickwrap: "Terms version",
  contact: "Contact",
  faq: "FAQ",
  file: "Stored file",
  main_consultation: "Consultation",
  notification_template: "Notification template",
  order: "Order",
  outbox: "Message",
  payment: "Payment",
  payout: "Payout",
  plan: "Subscription plan",
  provider_document: "Provider documents",
  provider_form: "Provider form",
  provider_services: "Provider services",
  provider_two_factor: "Provider two-factor sign-in",
  query_chat: "Query message",
  rating: "Rating",
  saved_view: "Saved view",
  security_policy: "Security policy",
  service_provider: "Service provider",
  setting: "Setting",
  user: "User",
} as const satisfies Record<string, string>;
export type AuditEntity = keyof typeof AUDIT_ENTITIES;

export const AUDIT_ACTIONS = {
  create: "Created",
  update: "Updated",
  delete: "Deleted",
  revert: "Reverted",
  reveal: "Revealed",
  export: "Exported",
} as const satisfies Record<string, string>;

export { AUDIT_ENTITY_AREAS, auditEntitiesOpenTo, auditEntityAccess, mayOpenAuditEntity, REVERT_ACCESS_MESSAGES } from "./audit-access";
