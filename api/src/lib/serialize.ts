import type { CategoryRecord } from "~contract/categories";
import type { FaqRecord } from "~contract/faqs";
import type { AdminUser } from "~contract/admin-users";
import type { AuditEntry } from "~contract/audit-log";
import type { AdminUserRow, AuditRow, CategoryRow, FaqRow } from "../db/schema";

export function categoryRecord(row: CategoryRow): CategoryRecord {
  return {
    category_id: row.category_id,
    categoryName: row.categoryName,
    desc: row.desc,
    status: row.status,
    superCategory: row.superCategory,
    pageTitle: row.pageTitle,
    metaDescription: row.metaDescription,
    mostPopular: row.mostPopular,
    hide_from_menu_bar: row.hide_from_menu_bar,
    parentCategoryId: row.parentCategoryId,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    updated_by: row.updated_by,
  };
}

export function faqRecord(row: FaqRow): FaqRecord {
  return {
    id: row.id,
    category: row.category,
    content: row.content,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    updated_by: row.updated_by,
  };
}

/** Never the password hash. */
export function adminUserRecord(row: AdminUserRow): AdminUser {
  return {
    adminUserId: row.adminUserId,
    adminUsername: row.adminUsername,
    adminEmail: row.adminEmail,
    adminStatus: row.adminStatus,
    adminRole: row.adminRole,
    adminAccessRoleSettings: row.adminAccessRoleSettings,
    appearance: row.appearance,
    last_signed_in_at: row.lastSignedInAt?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function auditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    admin_user_id: row.admin_user_id,
    admin_username: row.admin_username,
    action: row.action,
    entity: row.entity,
    entity_id: row.entity_id,
    before: row.before ?? null,
    after: row.after ?? null,
    reverts_id: row.reverts_id,
    job_id: row.job_id,
    request_id: row.request_id,
    created_at: row.created_at.toISOString(),
  };
}
