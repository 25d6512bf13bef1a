/**
 * Reading and showing a profile-edit activity's details (spec 1 §2.14, §3, §4). The details are
 * JSON text written by the marketplace, possibly holding `updated_fields`, each with an old and a
 * new value. Entries whose details cannot be read are hidden (and not counted).
 * Also an order activity's details (readOrderActivityDetails, below), with the same value rules.
 */
import type { DetailFact, FieldChange, OrderActivityDetails } from "~contract/activity";
import type { ActivityDetails } from "~/models/activity";
import { formatTimestamp } from "./dates";

export const FILE_UPLOAD = "File Upload";
export const MAX_SHOWN_CHARACTERS = 100;

type RawChange = { old: unknown; new: unknown; type?: unknown };

const FILE_NAME = /^[^\s/\\]+\.[A-Za-z0-9]{2,5}$/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  if (isRecord(value)) return Object.keys(value).length === 0;
  return false;
}

/** A list of file names (["a.pdf", "b.jpg"]), shown as a count. */
export function isFileArray(value: unknown, fileUpload = false): value is unknown[] {
  if (!Array.isArray(value)) return false;
  if (fileUpload) return true;
  return value.length > 0 && value.every((item) => typeof item === "string" && FILE_NAME.test(item.trim()));
}

function truncate(text: string): string {
  if (text.length <= MAX_SHOWN_CHARACTERS) return text;
  return `${text.slice(0, MAX_SHOWN_CHARACTERS)}… (${text.length} characters)`;
}

/**
 * One old or new value as the Activity Details dialog shows it: null → N/A, booleans True/False,
 * file arrays → "N files", long strings cut at 100 characters with their length.
 */
export function formatActivityValue(value: unknown, fileUpload = false): string {
  if (value === null || value === undefined) return "N/A";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "N/A";
  if (typeof value === "string") return truncate(value);
  if (isFileArray(value, fileUpload)) return `${value.length} ${value.length === 1 ? "file" : "files"}`;
  try {
    return truncate(JSON.stringify(value));
  } catch {
    return "N/A";
  }
}

function readChange(entry: unknown): RawChange {
  if (isRecord(entry) && ("old" in entry || "new" in entry)) {
    return { old: entry.old, new: entry.new, type: entry.type };
  }
  // a bare value: what the field became
  return { old: null, new: entry };
}

/** The details text read, or null when it cannot be (not JSON, not an object, bad updated_fields). */
export function parseActivityDetails(details: string | null | undefined): ActivityDetails | null {
  if (typeof details !== "string" || details.trim() === "") return null;
  let json: unknown;
  try {
    json = JSON.parse(details);
  } catch {
    return null;
  }
  if (!isRecord(json)) return null;
  const fields = json.updated_fields ?? {};
  if (!isRecord(fields)) return null;
  const changeType = json.change_type ?? json.type;

  const changes: FieldChange[] = [];
  for (const [field, entry] of Object.entries(fields)) {
    const change = readChange(entry);
    if (isEmptyValue(change.old) && isEmptyValue(change.new)) continue;
    const fileUpload =
      change.type === FILE_UPLOAD ||
      (changeType === FILE_UPLOAD && (isFileArray(change.new) || isFileArray(change.old) || Array.isArray(change.new)));
    changes.push({
      field,
      old: formatActivityValue(change.old, fileUpload),
      new: formatActivityValue(change.new, fileUpload),
      fileUpload,
    });
  }
  return { status: changes.length > 0 ? "updated" : "no_changes", changes };
}

/** "3 fields: city, is_pro, catchyLine" / "5 fields: a, b, c, ..." for the history table. */
export function fieldsChangedSummary(changes: readonly FieldChange[]): { count: number; names: string } {
  const names = changes.slice(0, 3).map((c) => c.field);
  return { count: changes.length, names: names.join(", ") + (changes.length > 3 ? ", ..." : "") };
}

// ---------------------------------------------------------------------------------------------
// Order activities (spec 2 §2 booking detail; spec 3 §2.12 "activity list"): id, activity_type,
// activity_timestamp, user, details. The details are free: plain words ("Marked complete by
// admin", the booked offering), nothing, or JSON written by the marketplace ({from, to, by} for a
// reschedule, {on_behalf_of, reason, comment, by} for a cancellation, updated_fields like the
// provider history…). They are shown in words with the same value rules as the provider history
// dialog, dates in India time; the stored JSON only behind a "raw" disclosure.

/** Plain-text details longer than this are cut (the whole text stays in the raw disclosure). */
export const MAX_TEXT_CHARACTERS = 300;
/** At most this many key/value pairs are listed; the rest are in the raw disclosure. */
export const MAX_FACTS = 30;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** "on_behalf_of" → "On behalf of", "startTime" → "Start time", "selectedSlot" → "Selected slot". */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : key;
}

/** One value of an order activity: an ISO instant in India time, else the history dialog's rules. */
export function formatOrderActivityValue(value: unknown): string {
  if (typeof value === "string" && ISO_INSTANT.test(value.trim())) {
    const shown = formatTimestamp(value.trim(), "");
    if (shown) return shown;
  }
  return formatActivityValue(value);
}

const isPrimitive = (value: unknown) => value === null || value === undefined || ["string", "number", "boolean"].includes(typeof value);

/** Nested objects and lists as labelled pairs ("To › Start time"), lists of plain values joined. */
function flatten(value: unknown, label: string, out: DetailFact[], depth: number): void {
  if (out.length >= MAX_FACTS) return;
  if (isPrimitive(value)) {
    out.push({ label, value: formatOrderActivityValue(value) });
    return;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) out.push({ label, value: "None" });
    else if (isFileArray(value)) out.push({ label, value: formatActivityValue(value) });
    else if (value.every(isPrimitive)) out.push({ label, value: truncate(value.map((v) => formatOrderActivityValue(v)).join(", ")) });
    else if (depth >= 3) out.push({ label, value: formatActivityValue(value) });
    else value.forEach((item, i) => flatten(item, `${label} ${i + 1}`, out, depth + 1));
    return;
  }
  if (isRecord(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) out.push({ label, value: "None" });
    else if (depth >= 3) out.push({ label, value: formatActivityValue(value) });
    else for (const [key, inner] of entries) flatten(inner, label ? `${label} › ${humanizeKey(key)}` : humanizeKey(key), out, depth + 1);
    return;
  }
  out.push({ label, value: formatActivityValue(value) });
}

const isOldNew = (value: unknown): value is { old: unknown; new: unknown; type?: unknown } =>
  isRecord(value) && "old" in value && "new" in value && Object.keys(value).every((k) => k === "old" || k === "new" || k === "type");

/** {from, to}: one row per key of either side (or one "Value" row when they are plain values). */
function fromToChanges(from: unknown, to: unknown): FieldChange[] {
  const change = (field: string, old: unknown, next: unknown): FieldChange => ({
    field,
    old: formatOrderActivityValue(old),
    new: formatOrderActivityValue(next),
    fileUpload: false,
  });
  if (
    (isRecord(from) || from === null || from === undefined) &&
    (isRecord(to) || to === null || to === undefined) &&
    (isRecord(from) || isRecord(to))
  ) {
    const before = isRecord(from) ? from : {};
    const after = isRecord(to) ? to : {};
    // the new side's key order first (the old side may come back from jsonb with its keys re-sorted)
    const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
    return keys.map((key) => change(humanizeKey(key), before[key], after[key]));
  }
  return [change("Value", from, to)];
}

/**
 * An order activity's details as the page shows them: words, key/value pairs and Field / Old / New
 * rows, never "[object Object]"; the stored JSON kept for a "raw" disclosure.
 */
export function readOrderActivityDetails(details: string | null | undefined): OrderActivityDetails {
  const empty: OrderActivityDetails = { text: null, facts: [], changes: [], raw: null, by: null };
  if (typeof details !== "string" || details.trim() === "") return empty;
  const trimmed = details.trim();
  let json: unknown = undefined;
  if (/^[[{"]/.test(trimmed)) {
    try {
      json = JSON.parse(trimmed);
    } catch {
      json = undefined;
    }
  }
  if (typeof json === "string") json = json.trim() === "" ? undefined : json;
  if (json === undefined || typeof json === "string" || !(isRecord(json) || Array.isArray(json))) {
    const text = typeof json === "string" ? json : trimmed;
    if (text.length <= MAX_TEXT_CHARACTERS) return { ...empty, text };
    return { ...empty, text: `${text.slice(0, MAX_TEXT_CHARACTERS)}… (${text.length} characters)`, raw: text };
  }
  const raw = JSON.stringify(json, null, 2);
  const facts: DetailFact[] = [];
  if (Array.isArray(json)) {
    flatten(json, "Item", facts, 0);
    return { ...empty, facts, raw };
  }

  const changes: FieldChange[] = [];
  let by: string | null = null;
  const rest: [string, unknown][] = [];
  for (const [key, value] of Object.entries(json)) {
    if (key === "updated_fields" && isRecord(value)) {
      changes.push(...(parseActivityDetails(JSON.stringify({ updated_fields: value, change_type: json.change_type }))?.changes ?? []));
    } else if (key === "change_type" && "updated_fields" in json) {
      continue;
    } else if (key === "by" && typeof value === "string" && value.trim()) {
      by = value.trim();
    } else if ((key === "from" || key === "to") && "from" in json && "to" in json) {
      if (key === "from") changes.push(...fromToChanges(json.from, json.to));
    } else if (isOldNew(value)) {
      changes.push({
        field: humanizeKey(key),
        old: formatOrderActivityValue(value.old),
        new: formatOrderActivityValue(value.new),
        fileUpload: value.type === FILE_UPLOAD,
      });
    } else {
      rest.push([key, value]);
    }
  }
  for (const [key, value] of rest) flatten(value, humanizeKey(key), facts, 1);
  return { text: null, facts, changes, raw, by };
}
