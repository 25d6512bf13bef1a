/**
 * The parts of a setting, as the settings tabs save them (issue 28 item 18): General Settings is one
 * part; Category Settings, Payment Gateway and a Create Service category's coverage are one part per
 * category; Set Instructions/Content one per block; a Create Service entry one per category and
 * sub-category (or all). The audit log records one entry per part a save changed, with entity_id the
 * part's id ("CategoryServiceProviderFormSetting/12") and before/after keyed by the changed fields'
 * paths inside the part ("offerings.Consultation"); "" is the whole part (a part first saved, or a
 * block of text). A key missing on one side: the field was not there (a revert removes it).
 *
 * Entries written before this (entity_id the setting's name, before/after the whole setting1 and/or
 * setting2) are split into the same parts when they are shown or reverted (legacyPartChanges).
 *
 * No imports of the app (models are the bottom layer): the JSON comparison is this file's own.
 */
import { isSettingName, SETTING_NAMES, type SettingName } from "./setting-labels";
import { isOneOf } from "~shared/one-of";

type Values = Record<string, unknown>;
export type SettingSlot = "setting1" | "setting2";
/** How many map keys deep a part sits in each slot the setting uses. */
const PART_DEPTHS: Record<SettingName, Partial<Record<SettingSlot, number>>> = {
  GeneralSetting: { setting1: 0 },
  CategoryServiceProviderFormSetting: { setting1: 1 },
  PricingSetting: { setting1: 1 },
  DynamicContent: { setting1: 1 },
  // setting2: a category's coverage; setting1: a category's entry per sub-category (or "all")
  CreateServicesSetting: { setting1: 2, setting2: 1 },
  PayoutSetting: { setting1: 0 },
};

export type SettingPart = { name: SettingName; slot: SettingSlot; keys: string[] };
/** One part's change: the changed fields' paths inside the part, before and after. */
export type SettingPartChange = { part: SettingPart; before: Values; after: Values };

export const isPlainObject = (value: unknown): value is Values => value !== null && typeof value === "object" && !Array.isArray(value);

function canonical(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(canonical);
  if (isPlainObject(node))
    return Object.fromEntries(
      Object.keys(node)
        .sort()
        .map((k) => [k, canonical(node[k])]),
    );
  return node;
}
/** The same JSON value, keys in any order (undefined is its own value: "not there"). */
export const sameValue = (a: unknown, b: unknown) =>
  a === undefined || b === undefined ? a === b : JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

export const settingPartId = (part: SettingPart) => [part.name, ...part.keys].join("/");

/** "CategoryServiceProviderFormSetting/12" → the part; null when it names no part. */
export function parseSettingPartId(id: string): SettingPart | null {
  const [name, ...keys] = id.split("/");
  if (!isSettingName(name) || keys.some((k) => k === "")) return null;
  const slot = (Object.entries(PART_DEPTHS[name]) as [SettingSlot, number][]).find(([, depth]) => depth === keys.length)?.[0];
  return slot ? { name, slot, keys } : null;
}

/** The part's value in a setting ({setting1, setting2}); undefined when not there. */
export function partValue(record: { setting1?: unknown; setting2?: unknown }, part: SettingPart): unknown {
  let node: unknown = record[part.slot] ?? undefined;
  for (const key of part.keys) {
    if (!isPlainObject(node)) return undefined;
    node = node[key];
  }
  return node === null && part.keys.length > 0 ? undefined : node;
}

/** The slot with the part set to value (undefined: removed); the other slot is not touched. */
export function withPartValue(record: { setting1?: unknown; setting2?: unknown }, part: SettingPart, value: unknown): unknown {
  if (part.keys.length === 0) return value ?? null;
  const put = (node: unknown, keys: string[]): Values => {
    const copy: Values = isPlainObject(node) ? { ...node } : {};
    const [key, ...rest] = keys;
    if (rest.length === 0) {
      if (value === undefined) delete copy[key];
      else copy[key] = value;
    } else {
      copy[key] = put(copy[key], rest);
    }
    return copy;
  };
  return put(record[part.slot], part.keys);
}

/** Every part a setting holds. */
function partsOf(name: SettingName, record: { setting1?: unknown; setting2?: unknown }): SettingPart[] {
  const parts: SettingPart[] = [];
  for (const [slot, depth] of Object.entries(PART_DEPTHS[name]) as [SettingSlot, number][]) {
    const walk = (node: unknown, keys: string[]) => {
      if (keys.length === depth) {
        if (node !== undefined && node !== null) parts.push({ name, slot, keys });
        return;
      }
      if (isPlainObject(node)) for (const key of Object.keys(node)) walk(node[key], [...keys, key]);
    };
    walk(record[slot], []);
  }
  return parts;
}

/** The changed fields of one value: paths of the differing leaves (objects are gone into, lists are leaves). */
export function changedLeaves(before: unknown, after: unknown): { before: Values; after: Values } {
  const out = { before: {} as Values, after: {} as Values };
  const walk = (b: unknown, a: unknown, path: string) => {
    if (isPlainObject(b) && isPlainObject(a)) {
      for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) walk(b[key], a[key], path ? `${path}.${key}` : key);
      return;
    }
    if (sameValue(b, a)) return;
    if (b !== undefined) out.before[path] = b;
    if (a !== undefined) out.after[path] = a;
  };
  walk(before, after, "");
  return out;
}

/** The parts a save changes, each with its changed fields; a part whose value is the same is left out. */
export function settingPartChanges(
  name: SettingName,
  before: { setting1?: unknown; setting2?: unknown },
  after: { setting1?: unknown; setting2?: unknown },
): SettingPartChange[] {
  const seen = new Set<string>();
  const changes: SettingPartChange[] = [];
  for (const part of [...partsOf(name, before), ...partsOf(name, after)]) {
    const id = settingPartId(part);
    if (seen.has(id)) continue;
    seen.add(id);
    const leaves = changedLeaves(partValue(before, part), partValue(after, part));
    if (Object.keys(leaves.before).length + Object.keys(leaves.after).length > 0) changes.push({ part, ...leaves });
  }
  return changes;
}

/** The paths a part change names (on either side). */
export const changedPaths = (change: { before: Values; after: Values }) => [
  ...new Set([...Object.keys(change.before), ...Object.keys(change.after)]),
];

/** The value at a path inside a part ("" = the part); undefined when not there. */
export function valueAtPath(value: unknown, path: string): unknown {
  if (path === "") return value;
  let node = value;
  for (const key of path.split(".")) {
    if (!isPlainObject(node)) return undefined;
    node = node[key];
  }
  return node;
}

/** The part with each path set to its value in `values`, or removed when `values` has none. */
export function withPathValues(value: unknown, paths: string[], values: Values): unknown {
  let result = value;
  for (const path of paths) {
    const next = Object.hasOwn(values, path) ? values[path] : undefined;
    if (path === "") {
      result = next;
      continue;
    }
    const put = (node: unknown, keys: string[]): Values => {
      const copy: Values = isPlainObject(node) ? { ...node } : {};
      const [key, ...rest] = keys;
      if (rest.length === 0) {
        if (next === undefined) delete copy[key];
        else copy[key] = next;
      } else {
        copy[key] = put(copy[key], rest);
      }
      return copy;
    };
    result = put(result, path.split("."));
  }
  return result;
}

/**
 * An audit entry of a setting, as part changes: a part entry (entity_id a part id) is one; an entry
 * of before this (entity_id the setting's name, whole setting1/setting2) is split into its parts.
 * Null when it is neither (the entry is shown as it is).
 */
export function auditPartChanges(entry: {
  entity: string;
  entity_id: string;
  before?: unknown;
  after?: unknown;
}): SettingPartChange[] | null {
  if (entry.entity !== "setting") return null;
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  if (!isPlainObject(before) || !isPlainObject(after)) return null;
  if (isLegacySettingEntry(entry)) {
    const name = entry.entity_id as SettingName;
    // a slot left out of both sides was not changed
    const slots = ["setting1", "setting2"].filter((s) => s in before || s in after);
    const side = (values: Values) => Object.fromEntries(slots.map((s) => [s, values[s] ?? null]));
    return settingPartChanges(name, side(before), side(after));
  }
  const part = parseSettingPartId(entry.entity_id);
  return part ? [{ part, before, after }] : null;
}

/** An entry written before the per-part log: entity_id a setting name, keys setting1/setting2. */
export function isLegacySettingEntry(entry: { entity: string; entity_id: string; before?: unknown; after?: unknown }): boolean {
  if (entry.entity !== "setting" || !isOneOf(SETTING_NAMES, entry.entity_id)) return false;
  const keys = [entry.before, entry.after].flatMap((side) => (isPlainObject(side) ? Object.keys(side) : []));
  // GeneralSetting's own part id is its name: its part entries have field paths, never "setting1"
  return keys.length > 0 && keys.every((k) => k === "setting1" || k === "setting2");
}
