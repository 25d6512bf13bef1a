/**
 * Export of a list as it is filtered (issue 32 §2): the lists that export, the formats, and the
 * audit entry each export leaves (POST /audit-log/exports). One table for the admin (which routes,
 * which words) and the API (which entity the entry belongs to, so it shows to the admins of that area).
 */
import { z } from "zod";
import { INT4_MAX } from "./ids";
import type { AuditEntity } from "./audit-log-labels";

export const EXPORT_FORMATS = ["xlsx", "csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Each list that exports, by its key: the page's name (the sheet's and the file's) and the audit entity it belongs to. */
export const EXPORT_LISTS = {
  users: { name: "Users", entity: "user" },
  contacts: { name: "Contact Leads", entity: "contact" },
  "admin-users": { name: "Admin Users", entity: "admin_user" },
  comments: { name: "Comment Moderation", entity: "blog_comment" },
  ratings: { name: "Ratings", entity: "rating" },
  posts: { name: "Posts", entity: "blog_article" },
  subscriptions: { name: "Subscriptions", entity: "plan" },
  bookings: { name: "Booking List", entity: "order" },
  payments: { name: "Payments", entity: "payment" },
  "payout-ledger": { name: "Payout Ledger", entity: "payment" },
  "bank-details": { name: "Service Provider Bank Details", entity: "bank_account" },
  documents: { name: "Service Provider Documents", entity: "provider_document" },
  providers: { name: "Service Providers", entity: "service_provider" },
  "customer-queries": { name: "Customer Queries", entity: "query_chat" },
  "booking-journeys": { name: "Pending Bookings", entity: "booking_journey" },
  "bucket-files": { name: "S3 Bucket Manager", entity: "file" },
  "audit-log": { name: "Audit Log", entity: "audit_log" },
} as const satisfies Record<string, { name: string; entity: AuditEntity }>;
export type ExportListKey = keyof typeof EXPORT_LISTS;

/** The longest filter an audit entry keeps (the list URL's query, without paging). */
export const EXPORT_FILTER_MAX = 2_000;

/**
 * What an export tells the audit log before its first byte (an export the log refused is not
 * made): who (x-acting-admin), which list, which format, which filter, and how many rows the list
 * holds under it (its total as the page shows it).
 */
export const ListExportAudit = z.object({
  list: z.enum(Object.keys(EXPORT_LISTS) as [ExportListKey, ...ExportListKey[]], {
    errorMap: () => ({ message: "list must be a list that exports" }),
  }),
  format: z.enum(EXPORT_FORMATS, { errorMap: () => ({ message: "format must be xlsx or csv" }) }),
  filter: z.string().max(EXPORT_FILTER_MAX, `filter must be at most ${EXPORT_FILTER_MAX} characters`),
  rows: z.number().int("rows must be a whole number").min(0, "rows must be 0 or more").max(INT4_MAX, "rows is too large"),
});
export type ListExportAudit = z.infer<typeof ListExportAudit>;
