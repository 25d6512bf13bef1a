import { openEntryPath } from "~/models/access";
import { AUDIT_ENTITY_AREAS, mayOpenAuditEntity, type AuditEntry } from "~contract/audit-log";
import type { AreaEntity } from "~contract/audit-access";
import { isRecordId } from "~contract/ids";
import { auditPartChanges } from "~contract/setting-parts";
import { settingsTabUrl } from "~/models/settings-tabs";
import { LIST_PAGES } from "~/models/list-views";
import { exportedList } from "./changes.server";

/**
 * Where an audit entry's record is shown: its own page when it has one, else its area's screen;
 * null when this admin may not open it. The audit log's "Open the record" and the header's Recent
 * changes link through here.
 */

/** The admin page a record lives on, when it has one and this admin may open it. */
export function recordHref(entry: AuditEntry, access: readonly string[]): string | null {
  const id = entry.entity_id;
  if (!isRecordId(id)) return null;
  switch (entry.entity) {
    case "category":
      return openEntryPath(access, "/admin/category", `/admin/edit-categories/${id}`);
    case "plan":
      return entry.action === "delete" ? null : openEntryPath(access, "/admin/subscriptions", `/admin/edit-subscriptions/${id}`);
    case "admin_user":
      return openEntryPath(access, "/admin/list-admin-users", `/admin/list-admin-users?dialog=edit&id=${id}`);
    case "service_provider":
      return openEntryPath(access, "/admin/service-provider", `/admin/provider-details/${id}`);
    case "bank_file":
      return openEntryPath(access, "/admin/payments", `/admin/payments/bank-files/${id}`);
    case "order":
    case "main_consultation":
      return openEntryPath(access, "/admin/bookings", `/admin/bookings/${id}`);
    case "blog_article":
      return entry.action === "delete" ? null : openEntryPath(access, "/admin/posts", `/admin/posts/post?post=${id}`);
    case "blog_comment":
      return entry.action === "delete" ? null : openEntryPath(access, "/admin/comments", `/admin/comments?comment=${id}`);
    case "clickwrap":
      return openEntryPath(access, "/admin/clickwrap-agreement", `/admin/clickwrap-agreement/add?terms_id=${id}`);
    case "notification_template":
      return entry.action === "delete" ? null : openEntryPath(access, "/admin/notification", `/admin/notification/edit/${id}`);
    case "user":
      return entry.action === "delete" || !entry.record_name
        ? null
        : openEntryPath(access, "/admin/user", `/admin/user?${new URLSearchParams({ search: entry.record_name })}`);
    default:
      return null;
  }
}

/** The settings tab that edits a setting's part (its category, block or sub-category chosen). */
export function settingHref(entry: AuditEntry, access: readonly string[]): string | null {
  const changes = auditPartChanges(entry);
  if (!changes || changes.length === 0) return null;
  const { name, keys } = changes[0].part;
  const tab = {
    GeneralSetting: "general",
    CategoryServiceProviderFormSetting: "category",
    PricingSetting: "payment-gateway",
    PayoutSetting: "payment-gateway",
    DynamicContent: "content",
    CreateServicesSetting: "create-service",
  } as const;
  const params =
    name === "DynamicContent"
      ? { block: keys[0] }
      : name === "CreateServicesSetting"
        ? { category: keys[0], sub: keys[1] }
        : { category: keys[0] };
  return openEntryPath(access, "/admin/settings", settingsTabUrl(tab[name], params));
}

/** The record's own page, else its area's screen (a payment, a file, a message…); null when this admin may not open its area. */
export function auditEntryHref(entry: AuditEntry, access: readonly string[]): string | null {
  if (!mayOpenAuditEntity(access, entry.entity)) return null;
  const area = Object.hasOwn(AUDIT_ENTITY_AREAS, entry.entity) ? AUDIT_ENTITY_AREAS[entry.entity as AreaEntity] : null;
  // an export: the list as it was filtered then
  const exported = exportedList(entry);
  // (its own page when the area has more than one list, such as the payout ledger beside the payments)
  const listPage = Object.hasOwn(LIST_PAGES, entry.entity_id) ? LIST_PAGES[entry.entity_id as keyof typeof LIST_PAGES] : null;
  if (exported && area) return `${listPage ?? area.screen}${exported.filter ? `?${exported.filter}` : ""}`;
  const own = entry.entity === "setting" ? settingHref(entry, access) : recordHref(entry, access);
  if (own) return own;
  return area ? area.screen : null;
}
