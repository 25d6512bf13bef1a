/**
 * Reading and showing a profile-edit activity's details (spec 1 §2.14, §3, §4). The details are
 * JSON text written by the marketplace, possibly holding `updated_fields`, each with an old and a
 * new value. Entries whose details cannot be read are hidden (and not counted).
 */

export const FILE_UPLOAD = "File Upload";
export const MAX_SHOWN_CHARACTERS = 100;

export type ActivityStatus = "updated" | "no_changes";

export type FieldChange = {
  field: string;
  old: string;
  new: string;
  /** a file-upload change, flagged 'File Upload' */
  fileUpload: boolean;
};

export type ActivityDetails = {
  status: ActivityStatus;
  /** the non-empty changed fields, in the order the details list them */
  changes: FieldChange[];
};

type RawChange = { old: unknown; new: unknown; type?: unknown };

const FILE_NAME = /^[^\s/\\]+\.[A-Za-z0-9]{2,5}$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

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
