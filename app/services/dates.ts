import { DateTime } from "luxon";

/** Every date the admin sees is shown in India time, in English, whatever the server's zone. */
export const ADMIN_ZONE = "Asia/Kolkata";
export const ADMIN_LOCALE = "en-IN";

/** Display formats of spec 1 §9 (DD-MMM-yyyy, DD-MM-YYYY HH:mm, YYYY-MM-DD HH:mm:ss). */
export const DATE_FORMAT = "dd-MMM-yyyy";
export const DATE_TIME_FORMAT = "dd-MM-yyyy HH:mm";
export const TIMESTAMP_FORMAT = "yyyy-MM-dd HH:mm:ss";

function toDateTime(value: string | Date | null | undefined): DateTime | null {
  if (value === null || value === undefined || value === "") return null;
  const dt =
    value instanceof Date ? DateTime.fromJSDate(value) : DateTime.fromISO(value, { setZone: true });
  const parsed = dt.isValid ? dt : typeof value === "string" ? DateTime.fromSQL(value, { zone: "utc" }) : dt;
  return parsed.isValid ? parsed.setZone(ADMIN_ZONE).setLocale(ADMIN_LOCALE) : null;
}

/** "21-Nov-2025"; `fallback` for a missing or unreadable value. */
export function formatDate(value: string | Date | null | undefined, fallback = "—"): string {
  return toDateTime(value)?.toFormat(DATE_FORMAT) ?? fallback;
}

/** "21-11-2025 17:05" */
export function formatDateTime(value: string | Date | null | undefined, fallback = "—"): string {
  return toDateTime(value)?.toFormat(DATE_TIME_FORMAT) ?? fallback;
}

/** "2025-11-21 17:05:09" */
export function formatTimestamp(value: string | Date | null | undefined, fallback = "—"): string {
  return toDateTime(value)?.toFormat(TIMESTAMP_FORMAT) ?? fallback;
}

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
  const from = raw.start_date ? parseCalendarDate(raw.start_date) : null;
  const to = raw.end_date ? parseCalendarDate(raw.end_date) : null;
  if (raw.start_date && !from) errors.push(`${labels.from} "${raw.start_date}" is not a date (use YYYY-MM-DD).`);
  if (raw.end_date && !to) errors.push(`${labels.to} "${raw.end_date}" is not a date (use YYYY-MM-DD).`);
  if (from && to && from > to) {
    errors.push(`${labels.from} must be on or before ${labels.to}.`);
    return { errors };
  }
  return { start_date: from ? raw.start_date : undefined, end_date: to ? raw.end_date : undefined, errors };
}
