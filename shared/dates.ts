import { DateTime } from "luxon";
import { ADMIN_ZONE } from "./time-zone";
export { ADMIN_ZONE } from "./time-zone";
/**
 * "21-Nov-2025 17:05:09 IST": only for the API's sentences (conflict messages), read apart from
 * any page and its time zone note.
 */
export const MOMENT_SECONDS_FORMAT = "dd-MMM-yyyy HH:mm:ss 'IST'";

// Luxon's MMM comes from the runtime's ICU data, which differs by locale and version: en-IN and
// en-GB give "Sept" for September. Months are written from this list instead.
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** A value from the API or a Date, in India time; null if missing or unreadable. */
export function toIndiaTime(value: string | Date | null | undefined): DateTime | null {
  if (value === null || value === undefined || value === "") return null;
  const dt = value instanceof Date ? DateTime.fromJSDate(value) : DateTime.fromISO(value, { setZone: true });
  const parsed = dt.isValid ? dt : typeof value === "string" ? DateTime.fromSQL(value, { zone: "utc" }) : dt;
  return parsed.isValid ? parsed.setZone(ADMIN_ZONE) : null;
}

/**
 * `value` in India time in a luxon `pattern`; MMM/LLL are the three-letter English month.
 * `fallback` for a missing or unreadable value.
 */
export function formatIndiaTime(value: string | Date | DateTime | null | undefined, pattern: string, fallback = "—"): string {
  const dt = DateTime.isDateTime(value) ? (value.isValid ? value.setZone(ADMIN_ZONE) : null) : toIndiaTime(value);
  if (!dt) return fallback;
  const month = `'${MONTHS[dt.month - 1]}'`;
  // only unquoted MMM/LLL (exactly three letters: MMMM, a full month name, is not used here)
  const parts = pattern.split(/('[^']*')/);
  const english = parts.map((part) => (part.startsWith("'") ? part : part.replace(/(?<![ML])(MMM|LLL)(?![ML])/g, month))).join("");
  return dt.setLocale("en-US").toFormat(english);
}
