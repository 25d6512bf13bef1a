/** What only the admin uses of ~shared/dates (the shared part stays in shared/dates.ts). */
import { formatIndiaTime } from "~shared/dates";
import { DateTime } from "luxon";
import { DAY_OUT_OF_RANGE, isDayInRange } from "~contract/input-rules";
import { ADMIN_ZONE } from "~shared/time-zone";

/** Display formats of spec 1 §9 (DD-MMM-yyyy, DD-MM-YYYY HH:mm, YYYY-MM-DD HH:mm:ss). */
export const DATE_FORMAT = "dd-MMM-yyyy";
export const DATE_TIME_FORMAT = "dd-MM-yyyy HH:mm";
export const TIMESTAMP_FORMAT = "yyyy-MM-dd HH:mm:ss";
/** spec 3 §2.4: the comments table's Date, "Nov 21, 2025 17:05". */
export const COMMENT_DATE_FORMAT = "MMM dd, yyyy HH:mm";

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
