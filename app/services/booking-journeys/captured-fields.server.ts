import type { CapturedField } from "~/models/booking-journeys";
import { formatIndiaTime } from "~shared/dates";
import { DATE_FORMAT, DATE_TIME_FORMAT } from "~/utils/dates";
import { formatInr } from "~shared/money";

/**
 * A step's captured data (JSON written by the customer app) as labelled fields the dialog lists:
 * keys in words, rupee amounts in INR, moments in India time, yes/no, nested objects as nested lists.
 */

const WORDS: Record<string, string> = {
  gst: "GST",
  upi: "UPI",
  id: "ID",
  url: "URL",
  inr: "INR",
  pan: "PAN",
  ifsc: "IFSC",
  utr: "UTR",
  otp: "OTP",
  sms: "SMS",
};
const LABELS: Record<string, string> = { line1: "Address Line 1", line2: "Address Line 2", pincode: "Pincode", fullName: "Full Name" };
const MONEY_KEY = /(price|amount|charges?|fee|total|cost|subtotal|tax|gst|discount)$/i;
const RUPEES = /^-?\d+(\.\d{1,2})?$/;
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_DEPTH = 6;
// jsonb keeps keys sorted by length, not as written: the fields the customer app is known to send
// come in the order its forms ask for them, any others after them
const ORDER = [
  "fullName",
  "name",
  "email",
  "phone",
  "requirements",
  "service",
  "offering",
  "limits",
  "price",
  "deliveryTime",
  "chosenVariation",
  "line1",
  "line2",
  "city",
  "state",
  "pincode",
  "country",
  "method",
  "amount",
  "gatewayStatus",
  "failureReason",
  "attemptedAt",
];
const rank = (key: string) => {
  const i = ORDER.indexOf(key);
  return i === -1 ? ORDER.length : i;
};

/** "deliveryTime" → "Delivery Time", "gateway_status" → "Gateway Status", "line1" → "Address Line 1". */
export function humaniseKey(key: string): string {
  if (LABELS[key]) return LABELS[key];
  const words = key
    .replace(/([a-z\d])([A-Z])/g, "$1 $2")
    .replace(/([A-Za-z])(\d)/g, "$1 $2")
    .split(/[\s_\-.]+/)
    .filter(Boolean);
  if (words.length === 0) return key;
  return words.map((w) => WORDS[w.toLowerCase()] ?? w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
}

function money(value: unknown): string | null {
  // rupees as a JSON number (1499.5) are read through their decimal text, never rounded as a float
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (RUPEES.test(text)) return formatInr(text);
  return null;
}

function scalar(key: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (MONEY_KEY.test(key)) {
    const inr = money(value);
    if (inr) return inr;
  }
  if (typeof value === "string") {
    const text = value.trim();
    if (MOMENT.test(text)) return formatIndiaTime(text, DATE_TIME_FORMAT, text);
    if (DAY.test(text)) return formatIndiaTime(`${text}T12:00:00+05:30`, DATE_FORMAT, text);
    return value;
  }
  if (typeof value === "number") return String(value);
  return JSON.stringify(value);
}

function field(key: string, label: string, value: unknown, depth: number): CapturedField {
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== "object"))
      return { label, value: value.length ? value.map((v) => scalar(key, v)).join(", ") : "—" };
    if (depth >= MAX_DEPTH) return { label, value: JSON.stringify(value) };
    return { label, fields: value.map((item, i) => field(key, `${label} ${i + 1}`, item, depth + 1)) };
  }
  if (value && typeof value === "object") {
    if (depth >= MAX_DEPTH) return { label, value: JSON.stringify(value) };
    return { label, fields: capturedFields(value as Record<string, unknown>, depth + 1) };
  }
  return { label, value: scalar(key, value) };
}

/** The fields of one step's data, known ones in the forms' order. */
export function capturedFields(data: Record<string, unknown>, depth = 0): CapturedField[] {
  return Object.entries(data)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([key, value]) => field(key, humaniseKey(key), value, depth));
}
