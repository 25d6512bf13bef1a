import { DateTime } from "luxon";
import { DAY_OUT_OF_RANGE, isDayInRange } from "~contract/input-rules";
import { ADMIN_ZONE } from "./time-zone";

/**
 * The one date formatter: every date the admin sees (pages, messages, the API's conflict texts) is
 * shown in India time with three-letter English months, whatever the server's zone or ICU data.
 * One formatter per kind: formatDate (a day) and formatDateTime (a moment) everywhere, except the
 * screens whose format the specs name: order detail's timestamps (formatTimestamp), comments
 * (formatCommentDate) and the bucket manager (formatUploadedAt). No date says its zone: each page
 * says it once (TIME_ZONE_NOTE, in the admin and provider layouts).
 */
export { ADMIN_ZONE, TIME_ZONE_NOTE } from "./time-zone";

/** Display formats of spec 1 §9 (DD-MMM-yyyy, DD-MM-YYYY HH:mm, YYYY-MM-DD HH:mm:ss). */
export const DATE_FORMAT = "dd-MMM-yyyy";
export const DATE_TIME_FORMAT = "dd-MM-yyyy HH:mm";
export const TIMESTAMP_FORMAT = "yyyy-MM-dd HH:mm:ss";
/** spec 3 §2.4: the comments table's Date, "Nov 21, 2025 17:05". */
export const COMMENT_DATE_FORMAT = "MMM dd, yyyy HH:mm";
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

/** "21-Nov-2025" */
export function formatDate(value: string | Date | null | undefined, fallback = "—"): string {
  return formatIndiaTime(value, DATE_FORMAT, fallback);
}

/** "21-11-2025 17:05" */
export function formatDateTime(value: string | Date | null | undefined, fallback = "—"): string {
  return formatIndiaTime(value, DATE_TIME_FORMAT, fallback);
}

/** "2025-11-21 17:05:09" */
export function formatTimestamp(value: string | Date | null | undefined, fallback = "—"): string {
  return formatIndiaTime(value, TIMESTAMP_FORMAT, fallback);
}

/** "Nov 21, 2025 17:05" (comments, spec 3 §2.4) */
export function formatCommentDate(value: string | Date | null | undefined, fallback = "—"): string {
  return formatIndiaTime(value, COMMENT_DATE_FORMAT, fallback);
}

/** spec 3 §2.11: en-US short month, 12-hour with seconds, India time ("Nov 25, 2026, 3:04:05 PM"). */
const UPLOADED_AT = new Intl.DateTimeFormat("en-US", {
  timeZone: ADMIN_ZONE,
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  second: "2-digit",
  hour12: true,
});
/** The bucket manager's Uploaded At ("Nov 25, 2026, 3:04:05 PM"); ICU's narrow space becomes a plain one. */
export const formatUploadedAt = (iso: string) => UPLOADED_AT.format(new Date(iso)).replace(/\u202f/g, " ");

/** A calendar date typed into a date input ("YYYY-MM-DD"), or null if it is not a real date. */
export function parseCalendarDate(value: string): DateTime | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const dt = DateTime.fromISO(value, { zone: ADMIN_ZONE });
  return dt.isValid ? dt : null;
}

/**
 * A filter's date range as typed (`start_date`, `end_date`, "YYYY-MM-DD"): the dates to send, and a
 * message per problem, named by the filter's own labels. A range whose start is after its end sends
 * neither date.
 */
export function readDateRange(
  raw: { start_date: string; end_date: string },
  labels: { from: string; to: string },
): { start_date?: string; end_date?: string; errors: string[] } {
  const errors: string[] = [];
  // a real day in the years the lists take (app/models/input-rules.ts), or a message naming the filter
  const day = (value: string, label: string) => {
    if (!value) return null;
    const parsed = parseCalendarDate(value);
    if (!parsed) errors.push(`${label} "${value.slice(0, 40)}" is not a date (use YYYY-MM-DD).`);
    else if (!isDayInRange(value))
      errors.push(`${label} "${value}": ${DAY_OUT_OF_RANGE.charAt(0).toLowerCase()}${DAY_OUT_OF_RANGE.slice(1)}.`);
    else return parsed;
    return null;
  };
  const from = day(raw.start_date, labels.from);
  const to = day(raw.end_date, labels.to);
  if (from && to && from > to) {
    errors.push(`${labels.from} must be on or before ${labels.to}.`);
    return { errors };
  }
  return { start_date: from ? raw.start_date : undefined, end_date: to ? raw.end_date : undefined, errors };
}
