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
 * India has kept one offset, +05:30 with no daylight saving, since 15 October 1945 (IANA's
 * Asia/Kolkata); an instant from then on is formatted with arithmetic (`fastIndiaTime`), an earlier
 * one, whose offset was another, through luxon's time-zone data.
 */
const FIXED_OFFSET_SINCE_MS = Date.UTC(1945, 9, 14, 18, 30);
const INDIA_OFFSET_MS = 330 * 60_000;
/** An ISO instant as the API sends it (Z or ±HH:MM): what Date.parse reads the same on every engine. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

type Fields = { year: number; month: number; day: number; hour: number; minute: number; second: number };
type Piece = string | ((f: Fields) => string);
const two = (n: number) => (n < 10 ? `0${n}` : String(n));
/** The luxon tokens the admin's formats use; a pattern with any other goes through luxon. */
const TOKENS: Record<string, (f: Fields) => string> = {
  yyyy: (f) => String(f.year).padStart(4, "0"),
  yy: (f) => two(f.year % 100),
  MMM: (f) => MONTHS[f.month - 1],
  LLL: (f) => MONTHS[f.month - 1],
  MM: (f) => two(f.month),
  M: (f) => String(f.month),
  dd: (f) => two(f.day),
  d: (f) => String(f.day),
  HH: (f) => two(f.hour),
  H: (f) => String(f.hour),
  hh: (f) => two(f.hour % 12 || 12),
  h: (f) => String(f.hour % 12 || 12),
  mm: (f) => two(f.minute),
  ss: (f) => two(f.second),
  a: (f) => (f.hour < 12 ? "AM" : "PM"),
};
const compiled = new Map<string, Piece[] | null>();
/** A pattern as pieces (literal text, or a field's writer), once per pattern; null if it has a token luxon alone knows. */
function compile(pattern: string): Piece[] | null {
  let pieces = compiled.get(pattern);
  if (pieces !== undefined) return pieces;
  pieces = [];
  for (const part of pattern.match(/'[^']*'|([A-Za-z])\1*|[^A-Za-z']+/g) ?? []) {
    if (part.startsWith("'")) pieces.push(part.slice(1, -1));
    else if (/^[A-Za-z]/.test(part)) {
      const writer = TOKENS[part];
      if (!writer) {
        pieces = null;
        break;
      }
      pieces.push(writer);
    } else pieces.push(part);
  }
  compiled.set(pattern, pieces);
  return pieces;
}

/** The pattern written by arithmetic, or null when luxon must do it (an older instant, another shape, another token). */
function fastIndiaTime(value: string | Date, pattern: string): string | null {
  const ms = typeof value === "string" ? (ISO_INSTANT.test(value) ? Date.parse(value) : NaN) : value.getTime();
  if (!(ms >= FIXED_OFFSET_SINCE_MS)) return null;
  const pieces = compile(pattern);
  if (!pieces) return null;
  const india = new Date(ms + INDIA_OFFSET_MS);
  const fields: Fields = {
    year: india.getUTCFullYear(),
    month: india.getUTCMonth() + 1,
    day: india.getUTCDate(),
    hour: india.getUTCHours(),
    minute: india.getUTCMinutes(),
    second: india.getUTCSeconds(),
  };
  let out = "";
  for (const piece of pieces) out += typeof piece === "string" ? piece : piece(fields);
  return out;
}

/**
 * `value` in India time in a luxon `pattern`; MMM/LLL are the three-letter English month.
 * `fallback` for a missing or unreadable value. Lists format thousands of dates a second: an API
 * instant since 1945 is written by arithmetic (the same text luxon writes; tests/routes/dates.test.ts
 * compares them), anything else by luxon.
 */
export function formatIndiaTime(value: string | Date | DateTime | null | undefined, pattern: string, fallback = "—"): string {
  if (typeof value === "string" || value instanceof Date) {
    const fast = fastIndiaTime(value, pattern);
    if (fast !== null) return fast;
  }
  const dt = DateTime.isDateTime(value) ? (value.isValid ? value.setZone(ADMIN_ZONE) : null) : toIndiaTime(value);
  if (!dt) return fallback;
  const month = `'${MONTHS[dt.month - 1]}'`;
  // only unquoted MMM/LLL (exactly three letters: MMMM, a full month name, is not used here)
  const parts = pattern.split(/('[^']*')/);
  const english = parts.map((part) => (part.startsWith("'") ? part : part.replace(/(?<![ML])(MMM|LLL)(?![ML])/g, month))).join("");
  return dt.setLocale("en-US").toFormat(english);
}
