import { z } from "zod";
import { paginated } from "./api";
import { dateRange, endOnOrAfterStart, paging } from "./list-query-schema";

export const AuditEntry = z.object({
  id: z.number().int(),
  admin_user_id: z.number().int().nullable(),
  admin_username: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  before: z.unknown().nullable().describe("the changed fields before the change (any JSON value)"),
  after: z.unknown().nullable().describe("the changed fields after the change (any JSON value)"),
  /** for action "revert": the entry whose change this one undid */
  reverts_id: z.number().int().nullable().optional(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** What the audit log records, by its stored name, with the words the screen uses. */
export const AUDIT_ENTITIES = {
  admin_user: "Admin user",
  bank_account: "Bank account",
  blog_article: "Post",
  blog_comment: "Comment",
  boosting_point: "Booster points",
  cancellation_reason: "Cancellation reason",
  category: "Category",
  contact_share_attempt: "Contact share attempt",
  clickwrap: "Terms version",
  faq: "FAQ",
  file: "Stored file",
  main_consultation: "Consultation",
  notification_template: "Notification template",
  order: "Order",
  outbox: "Message",
  payment: "Payment",
  plan: "Subscription plan",
  provider_document: "Provider documents",
  provider_form: "Provider form",
  provider_services: "Provider services",
  query_chat: "Query message",
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
} as const satisfies Record<string, string>;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/**
 * Records whose changes "Revert this change" can undo: plans, categories, FAQs, settings (setting1 /
 * setting2), a cancellation reason's fields (never a reorder of a party's list), an admin user's
 * access (with role, status and email, never the password), posts, terms versions while they are
 * drafts (a published one's text is fixed: the API refuses) and notification templates. Payments,
 * orders, comments' moderation and deletions are never reverted.
 */
export const REVERTABLE_FIELDS: Partial<Record<AuditEntity, readonly string[] | "any">> = {
  plan: "any",
  category: "any",
  faq: "any",
  cancellation_reason: ["reason", "repercussion", "status", "service_type", "user_type"],
  admin_user: ["adminAccessRoleSettings", "adminRole", "adminStatus", "adminEmail"],
  setting: ["setting1", "setting2"],
  blog_article: ["title", "description", "author", "tags", "status", "content"],
  clickwrap: ["version", "text"],
  notification_template: "any",
};

/** Whether an entry's change can be offered for revert (the API checks again, against the record as it is now). */
export function isRevertable(entry: Pick<AuditEntry, "action" | "entity" | "before" | "after">): boolean {
  if (entry.action !== "update" && entry.action !== "revert") return false;
  const fields = REVERTABLE_FIELDS[entry.entity as AuditEntity];
  if (!fields) return false;
  const before = entry.before;
  const after = entry.after;
  if (!before || !after || typeof before !== "object" || typeof after !== "object" || Array.isArray(after)) return false;
  const changed = Object.keys(after);
  if (changed.length === 0) return false;
  return fields === "any" || changed.every((field) => fields.includes(field));
}

const optionalId = z
  .union([z.literal(""), z.coerce.number().int().positive()])
  .optional()
  .transform((v) => (v === "" ? undefined : v));
const optionalName = <T extends Record<string, string>>(names: T) =>
  z
    .union([z.literal(""), z.enum(Object.keys(names) as [keyof T & string, ...(keyof T & string)[]])])
    .optional()
    .transform((v) => (v === "" ? undefined : v));

/** GET /audit-log: newest first, narrowed by admin, entity, action and a date range (IST days). */
export const AuditListQuery = z
  .object({
    admin: optionalId.describe("the acting admin's adminUserId"),
    entity: optionalName(AUDIT_ENTITIES),
    action: optionalName(AUDIT_ACTIONS),
    entity_id: z.string().trim().max(40).optional().describe("one record's history (with entity)"),
    ...dateRange,
    ...paging(25),
  })
  .superRefine(endOnOrAfterStart);
export type AuditListQuery = z.infer<typeof AuditListQuery>;

export const AuditPage = paginated(AuditEntry);
export type AuditPage = z.infer<typeof AuditPage>;

export const REVERT_MESSAGES = {
  reverted: "The change was reverted",
  notRevertable: "This change cannot be reverted",
  gone: "The record no longer exists, so this change cannot be reverted",
  movedOn: (who: string, when: string) => `This record was changed again by ${who} on ${when}: revert the newer change first, or edit the record`,
} as const;

/** One row of the Audit log screen, in words. */
export type AuditLogRow = {
  id: number;
  when: string;
  admin: string;
  action: string;
  entity: string;
  record: string;
  changed: string;
};

/** The entry dialog (?entry=<id>): before and after side by side. */
export type AuditEntryView = {
  id: number;
  title: string;
  when: string;
  admin: string;
  changes: { field: string; before: string; after: string }[];
  /** the record's page, when it has one and this admin may open it */
  recordHref: string | null;
  revertable: boolean;
  /** "This reverted entry #12" */
  revertsId: number | null;
};

export type AuditLogPageData = {
  rows: AuditLogRow[];
  total: number;
  page: number;
  pageSize: number;
  pageSizes: number[];
  filters: { admin: string; entity: string; action: string; start_date: string; end_date: string };
  filterErrors: string[];
  adminOptions: { value: string; label: string }[];
  /** null when the admins could not be listed (the filter says so) */
  adminOptionsError: string | null;
  entityOptions: { value: string; label: string }[];
  actionOptions: { value: string; label: string }[];
  entry: AuditEntryView | null;
  /** an ?entry= that could not be shown, and why */
  entryNotice: string | null;
};
