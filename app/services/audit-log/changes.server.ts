import { settingEntryInWords } from "./setting-changes.server";
import { accessSummary } from "~/models/admin-user-labels";
import { PASSWORD_AUDIT } from "~contract/admin-user-labels";
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from "~contract/audit-log-labels";
import { RECORD_NOUNS } from "~/models/audit-log-labels";
import { type AuditChangeRow } from "~/models/audit-log";
import { type AuditEntry } from "~contract/audit-log";
import { formatDateTime } from "~/utils/dates";
import { formatInr, formatPaise } from "~shared/money";
import { htmlToText } from "~shared/html-text";

/**
 * An audit entry's before/after in words, not JSON: each changed field by its label, each value as
 * the screens show it (₹ amounts, Yes/No, "All Access", dates in IST, rich text as plain text).
 */

const FIELD_LABELS: Record<string, string> = {
  categoryName: "Name",
  desc: "Description",
  status: "Status",
  superCategory: "Super category",
  pageTitle: "Page title",
  metaDescription: "Meta description",
  mostPopular: "Most popular",
  hide_from_menu_bar: "Hidden from the menu bar",
  parentCategoryId: "Parent category",
  content: "Content",
  plan_name: "Plan name",
  charge: "Plan amount",
  service_fee: "Service fee",
  profile_boost: "Booster points",
  plan_validity: "Duration",
  max_approval: "Approval time",
  adminUsername: "Username",
  adminEmail: "Email",
  adminStatus: "Status",
  adminRole: "Role",
  adminAccessRoleSettings: "Access",
  adminPassword: "Password",
  is_active: "Active",
  is_deleted: "Deleted",
  can_sign_in: "Can sign in",
  verified: "Verified",
  payment_status: "Payment status",
  boosterPoints: "Booster points",
  admin_rating: "Admin rating",
  deleted_at: "Deleted at",
  reason: "Reason",
  repercussion: "Repercussion",
  user_type: "User type",
  service_type: "Service type",
  order: "Position",
  // posts, comments, terms versions and notification templates (spec 3 §2.3–2.5, §2.7)
  title: "Title",
  description: "Meta description",
  author: "Author",
  tags: "Tags",
  is_approved: "Approved",
  version: "Version",
  text: "Text",
  notification_type: "Notification type",
  web_notification: "Web Notification",
  whatsapp_template: "Whatsapp Notification",
  email_template: "Email Notification",
};

/** Plan durations in months, as the plan screens label them. */
const DURATION_LABELS: Record<number, string> = { 1: "One Month", 3: "3 Months", 6: "6 Months", 12: "One Year", 24: "2 Years" };

/** "hide_from_menu_bar" / "adminAccessRoleSettings" → "Hide from menu bar" / "Admin access role settings". */
function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const fieldLabel = (key: string) => FIELD_LABELS[key] ?? humanize(key);
export const entityLabel = (entity: string) => AUDIT_ENTITIES[entity as keyof typeof AUDIT_ENTITIES] ?? humanize(entity);
export const actionLabel = (action: string) => AUDIT_ACTIONS[action as keyof typeof AUDIT_ACTIONS] ?? humanize(action);

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const EMPTY = "(empty)";

/** One value in words. */
export function valueInWords(key: string, value: unknown, entity?: string): string {
  if (value === null || value === undefined || value === "") return EMPTY;
  if (key === "adminAccessRoleSettings" && Array.isArray(value)) {
    return accessSummary(value.map(String));
  }
  // never a password: only that one was set or changed (admin-user-labels PASSWORD_AUDIT)
  if (key === "adminPassword") return value === PASSWORD_AUDIT.changed ? "Changed" : value === PASSWORD_AUDIT.set ? "Set" : "(hidden)";
  if (entity === "plan") {
    if (key === "charge") return Number.isSafeInteger(value) ? formatPaise(value as number) : formatInr(String(value));
    if (key === "plan_validity") return DURATION_LABELS[Number(value)] ?? `${String(value)} months`;
    if (key === "max_approval") return `${String(value)} Day(s)`;
    if (key === "service_fee") return `${String(value)} %`;
  }
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return value.toLocaleString("en-IN");
  if (typeof value === "string") {
    if (ISO_TIME.test(value)) return formatDateTime(value, value);
    return /<[a-z][^>]*>/i.test(value) ? htmlToText(value) || EMPTY : value;
  }
  if (Array.isArray(value)) return value.length ? value.map((item) => valueInWords(key, item, entity)).join(", ") : "None";
  if (typeof value === "object") {
    const parts = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${fieldLabel(k)}: ${valueInWords(k, v, entity)}`);
    return parts.length ? parts.join("; ") : EMPTY;
  }
  return String(value);
}

export type ChangeRow = AuditChangeRow;

const asObject = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * Field / Before / After rows. A creation has only "after" values, a deletion only "before" ones;
 * a non-object value (rare) is shown as one "Value" row.
 */
export function changeRows(entry: Pick<AuditEntry, "entity" | "entity_id" | "before" | "after" | "names">): ChangeRow[] {
  const setting = settingEntryInWords(entry);
  if (setting) {
    return setting.rows.map((row) => ({
      field: row.field,
      before: row.before.text,
      after: row.after.text,
      beforePieces: row.before.pieces,
      afterPieces: row.after.pieces,
      separator: row.before.separator,
      ...(row.note ? { note: row.note } : {}),
    }));
  }
  const reorder = reorderRow(entry);
  if (reorder) return [reorder];
  const before = asObject(entry.before);
  const after = asObject(entry.after);
  if ((entry.before !== null && !before) || (entry.after !== null && !after)) {
    return [{ field: "Value", before: valueInWords("value", entry.before), after: valueInWords("value", entry.after) }];
  }
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.map((key) => ({
    field: fieldLabel(key),
    before: before ? valueInWords(key, before[key], entry.entity) : "—",
    after: after ? valueInWords(key, after[key], entry.entity) : "—",
  }));
}

/** A party's cancellation reasons put in a new order: the reasons by name, the moved ones highlighted. */
function reorderRow(entry: Pick<AuditEntry, "entity" | "before" | "after" | "names">): ChangeRow | null {
  const ids = (side: unknown) => asObject(side)?.ordered_ids;
  const before = ids(entry.before);
  const after = ids(entry.after);
  if (entry.entity !== "cancellation_reason" || !Array.isArray(before) || !Array.isArray(after)) return null;
  const name = (id: unknown) => entry.names?.[`cancellation_reason:${String(id)}`] ?? `Reason #${String(id)}`;
  const pieces = (list: unknown[], other: unknown[]) => list.map((id, i) => ({ text: name(id), changed: other[i] !== id }));
  const beforePieces = pieces(before, after);
  const afterPieces = pieces(after, before);
  const text = (list: { text: string }[]) => list.map((p) => p.text).join(", ") || "None";
  return {
    field: "Order",
    before: text(beforePieces),
    after: text(afterPieces),
    beforePieces,
    afterPieces,
    separator: ", ",
    note: "Reordered",
  };
}

const PARTIES: Record<string, string> = { User: "users", ServiceProvider: "service providers" };
/** What the record is called in words: "plan Basic", "user aarav.sharma1", "admin user support", "Category Settings › Web Development". */
/** An export's entry (action "export", POST /audit-log/exports): the list's name and the filter it was exported under. */
export function exportedList(
  entry: Pick<AuditEntry, "entity_id" | "after"> & { action?: string },
): { list: string; filter: string } | null {
  if (entry.action !== "export") return null;
  const after = asObject(entry.after);
  const list = typeof after?.list === "string" ? after.list : entry.entity_id;
  return { list, filter: typeof after?.filter === "string" ? after.filter : "" };
}

export function recordTitle(
  entry: Pick<AuditEntry, "entity" | "entity_id" | "before" | "after" | "record_name" | "names"> & { action?: string },
): string {
  const setting = settingEntryInWords(entry);
  if (setting) return setting.title;
  const exported = exportedList(entry);
  if (exported) return `the ${exported.list} list`;
  if (entry.entity === "cancellation_reason" && entry.entity_id in PARTIES)
    return `the cancellation reasons of ${PARTIES[entry.entity_id]}`;
  const noun = RECORD_NOUNS[entry.entity as keyof typeof RECORD_NOUNS] ?? entityLabel(entry.entity).toLowerCase();
  return entry.record_name ? `${noun} ${entry.record_name}` : `${noun} #${entry.entity_id}`;
}

/** The changed fields' labels, for the list's one-line summary. */
export function changedFields(entry: Pick<AuditEntry, "entity" | "entity_id" | "before" | "after" | "names">): string {
  const setting = settingEntryInWords(entry);
  const reorder = setting ? null : reorderRow(entry);
  const keys =
    setting || reorder ? [] : [...new Set([...Object.keys(asObject(entry.before) ?? {}), ...Object.keys(asObject(entry.after) ?? {})])];
  const labels = setting
    ? [...new Set(setting.rows.map((r) => (r.note ? `${r.field} (${r.note.toLowerCase()})` : r.field)))]
    : reorder
      ? ["Order (reordered)"]
      : keys.map(fieldLabel);
  if (labels.length === 0) return "—";
  return labels.length > 4 ? `${labels.slice(0, 4).join(", ")} and ${labels.length - 4} more` : labels.join(", ");
}
