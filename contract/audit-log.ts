import { z } from "zod";
import { coercedRecordId, INT4_MAX } from "./ids";
import { dateRange, endOnOrAfterStart, paging } from "./list-query-schema";
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditEntity } from "./audit-log-labels";
import { auditPartChanges } from "./setting-parts";

export * from "./audit-log-labels";

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
  /** the bulk job (GET /bulk-jobs/{id}) that made this change, if one did */
  job_id: z.number().int().nullable().optional(),
  /** the admin request that made the change (x-request-id): find its lines in both servers' logs */
  request_id: z.string().nullable().optional(),
  created_at: z.string(),
  /** the record's name now (a deleted one's as its entry kept it): "Basic" for a plan, a username for a user */
  record_name: z.string().nullable().optional(),
  /** a setting part's entry: names of the categories and plans it names by id, keyed "category:12", "plan:3" */
  names: z.record(z.string()).optional(),
  /**
   * One entry asked for by an admin (GET /audit-entries/{id} with x-acting-admin): whether that
   * admin's "Revert this change" would go through now, and if not, why (no access to the record's
   * area, their own admin user, the record deleted or changed since, a kind never reverted).
   */
  revert: z.object({ possible: z.boolean(), reason: z.string().nullable() }).optional(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** The most an unread count says ("99+" beyond). */
export const UNREAD_CAP = 99;

/**
 * GET /audit-log (the header's "Recent changes"): with x-acting-admin, only entries of the areas
 * that admin may open, with how many of them are unread (made by others after seen_up_to, at most
 * UNREAD_CAP + 1) and where the admin has read up to.
 */
export const RecentAudit = z.object({
  data: z.array(AuditEntry),
  unread: z.number().int().optional(),
  seen_up_to: z.number().int().optional(),
});
export type RecentAudit = z.infer<typeof RecentAudit>;

/** POST /audit-log/seen: the acting admin has read "Recent changes" up to this entry. */
export const AuditSeenBody = z.object({
  up_to: z
    .number({ invalid_type_error: "up_to must be an audit entry's id", required_error: "up_to is required" })
    .int("up_to must be an audit entry's id")
    .min(0, "up_to must be an audit entry's id")
    .max(INT4_MAX, "up_to must be an audit entry's id"),
});

/**
 * Records whose changes "Revert this change" can undo: plans, categories, FAQs, a part of a setting
 * (app/models/setting-parts.ts), a cancellation reason's fields (never a reorder of a party's list), an admin user's
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
  setting: "any",
  blog_article: ["title", "description", "author", "tags", "status", "content"],
  clickwrap: ["version", "text"],
  notification_template: "any",
};

/** Whether an entry's change can be offered for revert (the API checks again, against the record as it is now). */
export function isRevertable(entry: Pick<AuditEntry, "action" | "entity" | "entity_id" | "before" | "after">): boolean {
  if (entry.action !== "update" && entry.action !== "revert") return false;
  if (entry.entity === "setting") {
    // per part: the changed fields of one category's entry, one block, the General Settings
    const changes = auditPartChanges(entry);
    return changes !== null && changes.length > 0;
  }
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
  .union([z.literal(""), coercedRecordId("admin")])
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
    entity_id: z
      .string()
      .trim()
      .max(80)
      .optional()
      .describe("one record's history (with entity); a setting's part: its part id, e.g. CategoryServiceProviderFormSetting/12"),
    ...dateRange,
    ...paging(25),
  })
  .superRefine(endOnOrAfterStart);
export type AuditListQuery = z.infer<typeof AuditListQuery>;

export const REVERT_MESSAGES = {
  reverted: "The change was reverted",
  notRevertable: "This change cannot be reverted",
  gone: "The record no longer exists, so this change cannot be reverted",
  movedOn: (who: string, when: string) =>
    `This record was changed again by ${who} on ${when}: revert the newer change first, or edit the record`,
} as const;
