/** settings: the handlers of the calls settings.routes.ts defines. */
import { eq, inArray } from "drizzle-orm";
import {
  ALL_SUB_CATEGORIES,
  DYNAMIC_CONTENT_KEYS,
  GeneralSettings,
  SETTING_MESSAGES,
  SETTING_NAMES,
  SettingRecord,
  SETTING_SCHEMAS,
  type SettingName,
} from "~contract/settings";
import { sameJson } from "~shared/json";
import { sanitizeRichText } from "~shared/sanitize";
import type { Database } from "../../db/client";
import { categories, plans, settings, type SettingRow } from "../../db/schema";
import { settingPartChanges, settingPartId } from "~contract/setting-parts";
import { recordAudit, requireActor, type Actor, type Tx } from "../../lib/audit";
import { badRequest, INVALID_INPUT_MESSAGE, nextVersion, parseVersion, staleEdit } from "../../lib/http";
import { apiRouter, z } from "../../lib/openapi";
import { getRoute, oneRoute, upsertRoute } from "./settings.routes";

type Values = Record<string, unknown>;

function settingRecord(name: SettingName, row: SettingRow | undefined): SettingRecord {
  return {
    settingName: name,
    setting1: row?.setting1 ?? null,
    setting2: row?.setting2 ?? null,
    updated_at: row ? row.updated_at.toISOString() : null,
    updated_by: row?.updated_by ?? null,
  };
}

/**
 * The entries of a map setting (category → sub-category or plan → value) that differ from the
 * stored ones, two levels deep; undefined when nothing is given.
 */
function changedEntries(stored: unknown, given: unknown): unknown {
  if (!given || typeof given !== "object" || Array.isArray(given)) return given;
  const old = stored && typeof stored === "object" ? (stored as Values) : {};
  const changed: Values = {};
  for (const [key, value] of Object.entries(given as Values)) {
    if (sameJson(old[key], value)) continue;
    const oldInner = old[key];
    if (value && typeof value === "object" && !Array.isArray(value) && oldInner && typeof oldInner === "object") {
      // a category entry: only its inner entries (sub-categories, plans, fields) that changed
      const inner = Object.fromEntries(Object.entries(value as Values).filter(([k, v]) => !sameJson((oldInner as Values)[k], v)));
      changed[key] = inner;
    } else {
      changed[key] = value;
    }
  }
  return changed;
}

/** Category, sub-category and plan ids named by a setting must exist (400 naming each path). */
async function assertReferences(db: Database, name: SettingName, setting1: unknown, setting2: unknown) {
  // only these three are maps keyed by category id
  if (name === "GeneralSetting" || name === "DynamicContent" || name === "PayoutSetting") return;
  const errors: Record<string, string> = {};
  const keysOf = (value: unknown) => (value && typeof value === "object" ? Object.keys(value as Values) : []);
  const categoryIds = new Set<number>([...keysOf(setting1), ...keysOf(setting2)].map(Number));
  if (categoryIds.size === 0) return;
  const rows = await db
    .select({ id: categories.category_id, parent: categories.parentCategoryId })
    .from(categories)
    .where(inArray(categories.category_id, [...categoryIds]));
  const known = new Set(rows.map((r) => r.id));
  for (const [part, value] of [
    ["setting1", setting1],
    ["setting2", setting2],
  ] as const) {
    for (const key of keysOf(value)) if (!known.has(Number(key))) errors[`${part}.${key}`] = SETTING_MESSAGES.unknownCategory;
  }

  if (name === "PricingSetting") {
    const planIds = new Set(keysOf(setting1).flatMap((c) => keysOf((setting1 as Values)[c]).map(Number)));
    const planRows = planIds.size
      ? await db
          .select({ id: plans.plan_id })
          .from(plans)
          .where(inArray(plans.plan_id, [...planIds]))
      : [];
    const knownPlans = new Set(planRows.map((r) => r.id));
    for (const c of keysOf(setting1)) {
      for (const p of keysOf((setting1 as Values)[c]))
        if (!knownPlans.has(Number(p))) errors[`setting1.${c}.${p}`] = SETTING_MESSAGES.unknownPlan;
    }
  }

  if (name === "CreateServicesSetting") {
    // sub-categories must be children of their category
    const subIds = new Set<number>();
    for (const c of keysOf(setting1)) for (const s of keysOf((setting1 as Values)[c])) if (s !== ALL_SUB_CATEGORIES) subIds.add(Number(s));
    for (const c of keysOf(setting2)) {
      const subs = ((setting2 as Values)[c] as { subCategories: unknown }).subCategories;
      if (Array.isArray(subs)) for (const s of subs) subIds.add(Number(s));
    }
    const subRows = subIds.size
      ? await db
          .select({ id: categories.category_id, parent: categories.parentCategoryId })
          .from(categories)
          .where(inArray(categories.category_id, [...subIds]))
      : [];
    const parentOf = new Map(subRows.map((r) => [r.id, r.parent]));
    for (const c of keysOf(setting1)) {
      for (const s of keysOf((setting1 as Values)[c])) {
        if (s !== ALL_SUB_CATEGORIES && parentOf.get(Number(s)) !== Number(c))
          errors[`setting1.${c}.${s}`] = SETTING_MESSAGES.notASubCategory;
      }
    }
    for (const c of keysOf(setting2)) {
      const subs = ((setting2 as Values)[c] as { subCategories: unknown }).subCategories;
      if (!Array.isArray(subs)) continue;
      subs.forEach((s: number, i) => {
        if (parentOf.get(s) !== Number(c)) errors[`setting2.${c}.subCategories.${i}`] = SETTING_MESSAGES.notASubCategory;
      });
    }
  }
  if (Object.keys(errors).length > 0) throw badRequest(INVALID_INPUT_MESSAGE, errors);
}

/**
 * One audit entry per part of the setting this save changed (one category's entry, one block, the
 * General Settings: contract/setting-parts.ts), with only that part's changed fields, so the log
 * reads as the form and a revert touches that part alone.
 */
async function recordPartChanges(tx: Tx, actor: Actor, action: "create" | "update", name: SettingName, before: Values, after: Values) {
  for (const change of settingPartChanges(name, before, after)) {
    await recordAudit(tx, actor, {
      action,
      entity: "setting",
      entityId: settingPartId(change.part),
      before: action === "create" ? null : change.before,
      after: change.after,
    });
  }
}

async function findSetting(db: Database | Tx, name: SettingName, lock = false): Promise<SettingRow | undefined> {
  const query = db.select().from(settings).where(eq(settings.settingName, name));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export function settingsRouter(db: Database) {
  const router = apiRouter();

  router.openapi(getRoute, async (c) => {
    const rows = await db
      .select()
      .from(settings)
      .where(inArray(settings.settingName, [...SETTING_NAMES]));
    const byName = new Map(rows.map((r) => [r.settingName, r]));
    const answer = Object.fromEntries(SETTING_NAMES.map((name) => [name, settingRecord(name, byName.get(name))])) as z.infer<
      typeof GeneralSettings
    >;
    return c.json({ data: answer }, 200);
  });

  router.openapi(oneRoute, async (c) => {
    const { setting_name } = c.req.valid("query");
    return c.json({ data: settingRecord(setting_name, await findSetting(db, setting_name)) }, 200);
  });

  router.openapi(upsertRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { setting_name } = c.req.valid("query");
    const { settingName, updated_at, ...parts } = c.req.valid("json");
    if (settingName !== setting_name) throw badRequest(INVALID_INPUT_MESSAGE, { settingName: SETTING_MESSAGES.settingNameMismatch });

    const given: Values = {};
    if (parts.setting1 !== undefined) given.setting1 = parts.setting1;
    // a setting without setting2 keeps null there: null for it is no change
    if (parts.setting2 !== undefined && (parts.setting2 !== null || SETTING_SCHEMAS[settingName].setting2)) given.setting2 = parts.setting2;
    if (Object.keys(given).length === 0) throw badRequest(INVALID_INPUT_MESSAGE, { setting1: SETTING_MESSAGES.nothingSent });
    if (settingName === "DynamicContent" && given.setting1) {
      const content = given.setting1 as Record<string, string>;
      given.setting1 = Object.fromEntries(DYNAMIC_CONTENT_KEYS.map((k) => [k, sanitizeRichText(content[k] ?? "")]));
    }
    const version = updated_at ? parseVersion(updated_at) : null;
    // only what this save changes must name live records: an entry kept as stored may name a
    // category, sub-category or plan deleted since, and must not block saving the others
    const before = await findSetting(db, settingName);
    await assertReferences(
      db,
      settingName,
      changedEntries(before?.setting1, given.setting1),
      changedEntries(before?.setting2, given.setting2),
    );

    const saved = await db.transaction(async (tx) => {
      const current = await findSetting(tx, settingName, true);
      if (!current) {
        if (version !== null) throw badRequest(INVALID_INPUT_MESSAGE, { updated_at: SETTING_MESSAGES.notSavedYet });
        const now = new Date();
        const [row] = await tx
          .insert(settings)
          .values({
            settingName,
            setting1: given.setting1 ?? null,
            setting2: given.setting2 ?? null,
            created_at: now,
            updated_at: now,
            updated_by: actor.adminUsername,
          })
          .onConflictDoNothing()
          .returning();
        if (!row) {
          // someone created it between our read and our insert
          const other = await findSetting(tx, settingName);
          throw staleEdit("setting", other ?? { updated_at: now, updated_by: null });
        }
        await recordPartChanges(tx, actor, "create", settingName, {}, given);
        return row;
      }
      if (version === null || current.updated_at.getTime() !== version) throw staleEdit("setting", current);

      const before: Values = {};
      const after: Values = {};
      for (const [key, value] of Object.entries(given)) {
        const old = current[key as "setting1" | "setting2"];
        if (!sameJson(old, value)) {
          before[key] = old;
          after[key] = value;
        }
      }
      if (Object.keys(after).length === 0) return current;
      const [row] = await tx
        .update(settings)
        .set({ ...after, updated_at: nextVersion(current.updated_at), updated_by: actor.adminUsername })
        .where(eq(settings.settingName, settingName))
        .returning();
      await recordPartChanges(tx, actor, "update", settingName, before, after);
      return row;
    });
    return c.json({ data: settingRecord(settingName, saved), message: SETTING_MESSAGES.saved }, 200);
  });

  return router;
}
