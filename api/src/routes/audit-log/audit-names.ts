/**
 * The names people know audit entries' records by ("plan Basic", "user aarav.sharma1"), read when
 * the log is read: the record's name now, or for a deleted one the name its entry kept. A setting
 * part's entry also gets the names of the categories, sub-categories and plans it names by id.
 */
import { eq, inArray } from "drizzle-orm";
import type { AuditEntry } from "~contract/audit-log";
import { auditPartChanges, isPlainObject } from "~contract/setting-parts";
import type { Database } from "../../db/client";
import {
  adminUsers,
  blogArticles,
  cancellationReasons,
  categories,
  clickwraps,
  notificationTemplates,
  plans,
  savedViews,
  serviceProviders,
  users,
  type AuditRow,
} from "../../db/schema";
import { auditEntry } from "../../lib/serialize";

type Lookup = (db: Database, ids: number[]) => Promise<{ id: number; name: string }[]>;
const LOOKUPS: Record<string, { lookup: Lookup; kept: string }> = {
  saved_view: {
    lookup: (db, ids) => db.select({ id: savedViews.id, name: savedViews.name }).from(savedViews).where(inArray(savedViews.id, ids)),
    kept: "name",
  },
  plan: {
    lookup: (db, ids) => db.select({ id: plans.plan_id, name: plans.plan_name }).from(plans).where(inArray(plans.plan_id, ids)),
    kept: "plan_name",
  },
  category: {
    lookup: (db, ids) =>
      db.select({ id: categories.category_id, name: categories.categoryName }).from(categories).where(inArray(categories.category_id, ids)),
    kept: "categoryName",
  },
  admin_user: {
    lookup: (db, ids) =>
      db
        .select({ id: adminUsers.adminUserId, name: adminUsers.adminUsername })
        .from(adminUsers)
        .where(inArray(adminUsers.adminUserId, ids)),
    kept: "adminUsername",
  },
  user: {
    lookup: (db, ids) => db.select({ id: users.id, name: users.username }).from(users).where(inArray(users.id, ids)),
    kept: "username",
  },
  service_provider: {
    lookup: (db, ids) =>
      db
        .select({ id: serviceProviders.serviceProvider_id, name: users.username })
        .from(serviceProviders)
        .innerJoin(users, eq(users.id, serviceProviders.user_id))
        .where(inArray(serviceProviders.serviceProvider_id, ids)),
    kept: "username",
  },
  blog_article: {
    lookup: (db, ids) =>
      db.select({ id: blogArticles.id, name: blogArticles.title }).from(blogArticles).where(inArray(blogArticles.id, ids)),
    kept: "title",
  },
  clickwrap: {
    lookup: (db, ids) => db.select({ id: clickwraps.id, name: clickwraps.version }).from(clickwraps).where(inArray(clickwraps.id, ids)),
    kept: "version",
  },
  notification_template: {
    lookup: (db, ids) =>
      db
        .select({ id: notificationTemplates.id, name: notificationTemplates.notification_type })
        .from(notificationTemplates)
        .where(inArray(notificationTemplates.id, ids)),
    kept: "notification_type",
  },
  cancellation_reason: {
    lookup: (db, ids) =>
      db
        .select({ id: cancellationReasons.reasons_id, name: cancellationReasons.reason })
        .from(cancellationReasons)
        .where(inArray(cancellationReasons.reasons_id, ids)),
    kept: "reason",
  },
};

const numericId = (id: string) => (/^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647 ? Number(id) : null);

/** Category and plan ids a setting entry names: its part's keys, a Payment Gateway's plans, a coverage's sub-categories. */
function settingIds(row: AuditRow): { categories: number[]; plans: number[] } {
  const out = { categories: [] as number[], plans: [] as number[] };
  for (const change of auditPartChanges(row) ?? []) {
    const { part } = change;
    if (part.name === "GeneralSetting" || part.name === "DynamicContent" || part.name === "PayoutSetting") continue;
    for (const key of part.keys) if (numericId(key)) out.categories.push(Number(key));
    if (part.name === "PricingSetting") {
      for (const side of [change.before, change.after]) {
        for (const [path, value] of Object.entries(side)) {
          if (path === "" && isPlainObject(value))
            out.plans.push(
              ...Object.keys(value)
                .map(numericId)
                .filter((n): n is number => n !== null),
            );
          else if (numericId(path)) out.plans.push(Number(path));
        }
      }
    }
    if (part.name === "CreateServicesSetting") {
      for (const side of [change.before, change.after]) {
        for (const value of Object.values(side)) {
          const subs = isPlainObject(value) ? value.subCategories : value;
          if (Array.isArray(subs)) out.categories.push(...subs.filter((s): s is number => typeof s === "number"));
        }
      }
    }
  }
  return out;
}

/** A reorder of a party's cancellation reasons (before/after ordered_ids): the reasons it names. */
function reorderedIds(row: AuditRow): number[] {
  if (row.entity !== "cancellation_reason") return [];
  const ids = [row.before, row.after].flatMap((side) => (isPlainObject(side) && Array.isArray(side.ordered_ids) ? side.ordered_ids : []));
  return [...new Set(ids.filter((id): id is number => typeof id === "number"))];
}

/** The entries, each with record_name (and names, for a setting's part). */
export async function namedAuditEntries(db: Database, rows: AuditRow[]): Promise<AuditEntry[]> {
  const byEntity = new Map<string, Set<number>>();
  const want = (entity: string, id: number) => {
    if (!byEntity.has(entity)) byEntity.set(entity, new Set());
    byEntity.get(entity)!.add(id);
  };
  for (const row of rows) {
    const id = numericId(row.entity_id);
    if (LOOKUPS[row.entity] && id !== null) want(row.entity, id);
    for (const reason of reorderedIds(row)) want("cancellation_reason", reason);
    if (row.entity === "setting") {
      const ids = settingIds(row);
      ids.categories.forEach((c) => want("category", c));
      ids.plans.forEach((p) => want("plan", p));
    }
  }
  const names = new Map<string, string>();
  await Promise.all(
    [...byEntity].map(async ([entity, ids]) => {
      for (const { id, name } of await LOOKUPS[entity].lookup(db, [...ids])) names.set(`${entity}:${id}`, name);
    }),
  );
  return rows.map((row) => {
    const entry = auditEntry(row);
    if (row.entity === "setting") {
      const ids = settingIds(row);
      const named = [...ids.categories.map((c) => `category:${c}`), ...ids.plans.map((p) => `plan:${p}`)].filter((k) => names.has(k));
      return { ...entry, record_name: null, names: Object.fromEntries(named.map((k) => [k, names.get(k)!])) };
    }
    const reordered = reorderedIds(row);
    if (reordered.length) {
      const named = reordered.map((r) => `cancellation_reason:${r}`).filter((k) => names.has(k));
      return { ...entry, record_name: null, names: Object.fromEntries(named.map((k) => [k, names.get(k)!])) };
    }
    if (row.entity === "file") return { ...entry, record_name: row.entity_id };
    const now = names.get(`${row.entity}:${row.entity_id}`);
    const keptIn = LOOKUPS[row.entity]?.kept;
    const kept = keptIn
      ? [row.after, row.before]
          .map((side) => (isPlainObject(side) ? side[keptIn] : undefined))
          .find((v) => typeof v === "string" && v !== "")
      : undefined;
    return { ...entry, record_name: now ?? (typeof kept === "string" ? kept : null) };
  });
}
