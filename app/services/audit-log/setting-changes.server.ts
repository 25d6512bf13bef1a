import { type AuditEntry } from "~contract/audit-log";
import { type ValuePiece } from "~/models/audit-log";
import { ALL_SUB_CATEGORIES_LABEL } from "~/models/settings-tabs";
import {
  auditPartChanges,
  changedLeaves,
  changedPaths,
  isPlainObject,
  type SettingPart,
  type SettingPartChange,
} from "~contract/setting-parts";
import { ALL_SUB_CATEGORIES } from "~contract/setting-labels";
import {
  CREATE_SERVICE_SECTION_LABELS,
  DYNAMIC_CONTENT_LABELS,
  isDynamicContentKey,
  OFFERING_TYPE_LABELS,
  PROVIDER_FORM_FIELD_LABELS,
  SETTING_TAB_LABELS,
  SOCIAL_LINK_LABELS,
  type CreateServiceSection,
  type OfferingType,
  type ProviderFormField,
  type SocialLink,
} from "~/models/setting-labels";
import { formatInr } from "~shared/money";
import { htmlToText } from "~shared/html-text";

/**
 * A setting part's audit entry in the settings form's own words (issue 28 item 18): which tab and
 * category (or block), each changed field by the label the form gives it, lists item by item with
 * the added and removed ones marked, a list in a new order said to be reordered.
 */

export type ValueView = { text: string; pieces: ValuePiece[]; separator: string };
export type SettingChangeRow = { field: string; before: ValueView; after: ValueView; note?: string };

type Names = Record<string, string>;
const EMPTY = "(empty)";
const NONE = "None";

const categoryName = (names: Names, id: string) => names[`category:${id}`] ?? `Category #${id}`;

/** "Category Settings › Web Development", "Set Instructions/Content › Documents", "Create Service Settings › Web Development › All sub-categories". */
export function settingPartTitle(part: SettingPart, names: Names): string {
  const tab = SETTING_TAB_LABELS[part.name];
  if (part.name === "DynamicContent")
    return `${tab} › ${isDynamicContentKey(part.keys[0]) ? DYNAMIC_CONTENT_LABELS[part.keys[0]] : part.keys[0]}`;
  if (part.name === "CreateServicesSetting" && part.keys.length === 2) {
    const [category, sub] = part.keys;
    return `${tab} › ${categoryName(names, category)} › ${sub === ALL_SUB_CATEGORIES ? ALL_SUB_CATEGORIES_LABEL : categoryName(names, sub)}`;
  }
  if (part.name === "CreateServicesSetting") return `${tab} › ${categoryName(names, part.keys[0])} › Sub-categories they cover`;
  return part.keys.length ? `${tab} › ${categoryName(names, part.keys[0])}` : tab;
}

const RANGE_LABELS: Record<string, string> = {
  totalExperience: "Total experience (years)",
  specializationExperience: "Specialization experience (years)",
  charges: "Charges (₹)",
};
const END_LABELS: Record<string, string> = { min: "Minimum", max: "Maximum" };
const GENERAL_LABELS: Record<string, string> = {
  siteName: "Site Name",
  contactEmail: "Contact Email",
  contactPhone: "Contact Phone",
  address: "Address",
  socialLinks: "Social Links",
  logo: "Logo",
  favicon: "Favicon",
};

/** A changed field's label, as the form labels it. */
export function settingFieldLabel(part: SettingPart, path: string, names: Names): string {
  const keys = path === "" ? [] : path.split(".");
  switch (part.name) {
    case "PayoutSetting":
      return "Releases needing a second admin from (₹)";
    case "GeneralSetting": {
      if (keys[0] === "socialLinks" && keys[1]) return `Social Links › ${SOCIAL_LINK_LABELS[keys[1] as SocialLink] ?? keys[1]}`;
      return keys.length ? (GENERAL_LABELS[keys[0]] ?? keys.join(" › ")) : "General Settings";
    }
    case "CategoryServiceProviderFormSetting": {
      const [group, item] = keys;
      if (group === "fields") return `Provider form fields › ${PROVIDER_FORM_FIELD_LABELS[item as ProviderFormField] ?? item}`;
      if (group === "offerings") return `Offerings › ${OFFERING_TYPE_LABELS[item as OfferingType] ?? item}`;
      if (group === "specializations") return "Specializations";
      if (group in RANGE_LABELS) return item ? `${RANGE_LABELS[group]} › ${END_LABELS[item] ?? item}` : RANGE_LABELS[group];
      return keys.length ? keys.join(" › ") : "Category Settings";
    }
    case "PricingSetting":
      return keys.length ? `${names[`plan:${keys[0]}`] ?? `Plan #${keys[0]}`} (₹)` : "Plan prices";
    case "DynamicContent":
      return `${isDynamicContentKey(part.keys[0]) ? DYNAMIC_CONTENT_LABELS[part.keys[0]] : part.keys[0]} content`;
    case "CreateServicesSetting": {
      if (part.keys.length === 1) {
        if (keys[0] === "enabled") return "Create Service Settings on for this category";
        if (keys[0] === "subCategories") return "Sub-categories they cover";
        return "Sub-categories they cover";
      }
      const [type, section, end] = keys;
      if (!type) return "Service types";
      if (!section) return `Offer ${type}`;
      const label = CREATE_SERVICE_SECTION_LABELS[section as CreateServiceSection] ?? section;
      return end === "enabled" ? `${type} › ${label} enabled` : `${type} › ${label}`;
    }
  }
}

/** One item or scalar in words, as the form shows it. */
function itemText(part: SettingPart, path: string, value: unknown, names: Names): string {
  if (value === null || value === undefined || value === "") return EMPTY;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  const top = path.split(".")[0];
  if ((part.name === "PricingSetting" || part.name === "PayoutSetting") && typeof value === "string") return formatInr(value);
  if (part.name === "CategoryServiceProviderFormSetting" && top === "charges" && typeof value === "string") return formatInr(value);
  if (part.name === "CreateServicesSetting" && top === "subCategories") {
    if (value === ALL_SUB_CATEGORIES) return ALL_SUB_CATEGORIES_LABEL;
    if (typeof value === "number") return categoryName(names, String(value));
  }
  if (part.name === "CategoryServiceProviderFormSetting" && top === "specializations" && isPlainObject(value)) {
    const subs = Array.isArray(value.subSpecializations) ? value.subSpecializations.map(String) : [];
    return subs.length ? `${String(value.name)} (${subs.join(", ")})` : String(value.name);
  }
  if (typeof value === "string") return /<[a-z][^>]*>/i.test(value) ? htmlToText(value) || EMPTY : value;
  if (typeof value === "number") return value.toLocaleString("en-IN");
  return JSON.stringify(value);
}

const view = (pieces: ValuePiece[], separator: string): ValueView => ({
  text: pieces.map((p) => p.text).join(separator),
  pieces,
  separator,
});
const whole = (text: string, changed: boolean): ValueView => view([{ text, changed }], "");

/** Runs of words, the middle that differs marked (common start and end kept plain). */
function textDiff(before: string, after: string): { before: ValueView; after: ValueView } {
  const b = before.split(/(\s+)/);
  const a = after.split(/(\s+)/);
  let start = 0;
  while (start < b.length && start < a.length && b[start] === a[start]) start++;
  let end = 0;
  while (end < b.length - start && end < a.length - start && b[b.length - 1 - end] === a[a.length - 1 - end]) end++;
  const runs = (words: string[]): ValuePiece[] =>
    [
      { text: words.slice(0, start).join(""), changed: false },
      { text: words.slice(start, words.length - end).join(""), changed: true },
      { text: words.slice(words.length - end).join(""), changed: false },
    ].filter((p) => p.text !== "");
  return { before: view(runs(b), ""), after: view(runs(a), "") };
}

/** A list, item by item: removed items marked before, added ones after; the same items in a new order: "Reordered". */
function listDiff(
  part: SettingPart,
  path: string,
  before: unknown[],
  after: unknown[],
  names: Names,
): { before: ValueView; after: ValueView; note?: string } {
  const b = before.map((v) => itemText(part, path, v, names));
  const a = after.map((v) => itemText(part, path, v, names));
  const count = (list: string[]) => list.reduce((m, t) => m.set(t, (m.get(t) ?? 0) + 1), new Map<string, number>());
  const sameItems = b.length === a.length && [...count(b)].every(([t, n]) => count(a).get(t) === n);
  if (sameItems) {
    // a reorder: the items that moved are marked
    return {
      before: view(
        b.map((text, i) => ({ text, changed: a[i] !== text })),
        ", ",
      ),
      after: view(
        a.map((text, i) => ({ text, changed: b[i] !== text })),
        ", ",
      ),
      note: "Reordered",
    };
  }
  const inAfter = new Set(a);
  const inBefore = new Set(b);
  const pieces = (list: string[], other: Set<string>) =>
    list.length ? list.map((text) => ({ text, changed: !other.has(text) })) : [{ text: NONE, changed: false }];
  return { before: view(pieces(b, inAfter), ", "), after: view(pieces(a, inBefore), ", ") };
}

function rowFor(part: SettingPart, path: string, before: unknown, after: unknown, names: Names): SettingChangeRow {
  const field = settingFieldLabel(part, path, names);
  if (Array.isArray(before) || Array.isArray(after)) {
    const list = (v: unknown) => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);
    return { field, ...listDiff(part, path, list(before), list(after), names) };
  }
  const b = itemText(part, path, before, names);
  const a = itemText(part, path, after, names);
  if (b.length + a.length > 80 && b !== EMPTY && a !== EMPTY) return { field, ...textDiff(b, a) };
  return { field, before: whole(b, b !== EMPTY), after: whole(a, a !== EMPTY) };
}

/**
 * The rows of one part's change: one per changed field. A field that was added or removed whole
 * (a part saved for the first time, charges set) is shown field by field inside it.
 */
export function settingPartRows(change: SettingPartChange, names: Names): SettingChangeRow[] {
  const rows: SettingChangeRow[] = [];
  for (const path of changedPaths(change)) {
    const before = change.before[path];
    const after = change.after[path];
    if (
      (isPlainObject(before) || before === undefined || before === null) &&
      (isPlainObject(after) || after === undefined || after === null) &&
      (isPlainObject(before) || isPlainObject(after))
    ) {
      if (change.part.name === "CreateServicesSetting" && change.part.keys.length === 2 && path.split(".").length === 1 && path !== "") {
        // a service type offered or no longer offered
        rows.push({ field: `Offer ${path}`, before: whole(before ? "Yes" : "No", true), after: whole(after ? "Yes" : "No", true) });
      }
      const inner = changedLeaves(isPlainObject(before) ? before : {}, isPlainObject(after) ? after : {});
      for (const sub of changedPaths(inner)) {
        const full = path === "" ? sub : `${path}.${sub}`;
        rows.push(rowFor(change.part, full, inner.before[sub], inner.after[sub], names));
      }
      continue;
    }
    rows.push(rowFor(change.part, path, before, after, names));
  }
  return rows;
}

/** A setting entry in words: its title (the part) and rows; null when it is not a setting entry. */
export function settingEntryInWords(entry: Pick<AuditEntry, "entity" | "entity_id" | "before" | "after" | "names">) {
  const changes = auditPartChanges(entry);
  if (!changes) return null;
  const names = entry.names ?? {};
  if (changes.length === 0)
    return { title: SETTING_TAB_LABELS[entry.entity_id as SettingPart["name"]] ?? entry.entity_id, rows: [] as SettingChangeRow[] };
  const titles = [...new Set(changes.map((c) => settingPartTitle(c.part, names)))];
  const several = titles.length > 1;
  const rows = changes.flatMap((change) =>
    settingPartRows(change, names).map((row) =>
      several ? { ...row, field: `${settingPartTitle(change.part, names)} › ${row.field}` } : row,
    ),
  );
  return { title: several ? `${SETTING_TAB_LABELS[changes[0].part.name]} (${titles.length} parts)` : titles[0], rows };
}
