/**
 * Money, exactly: the one module the admin and the API both use. Amounts are whole paise
 * (integers; BigInt where they may grow past 2^53); rupees appear only as decimal strings
 * ("1499.50") at the edges. No floating-point arithmetic anywhere: rupee text is read digit by
 * digit, percentages are held as hundredths of a percent (basis points), products are BigInt,
 * and Intl.NumberFormat("en-IN") formats decimal strings exactly (Indian grouping: 12,34,567.00).
 *
 * Rounding rule (invoices, GST): half-up to the paisa (0.5 paisa and above rounds away from zero).
 *
 * This module imports nothing, so every layer (models, utils, services, the API) may use it.
 */

// ——— reading rupees ———

const RUPEE_TEXT = /^(\d+)(?:\.(\d{1,2}))?$/;
/** 1,234.50 (western) or 12,34,567.5 (Indian grouping): the leading group 1–3 digits, then groups of 2 and a last of 3. */
const GROUPED_RUPEE_TEXT = /^(\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})*,\d{3})(?:\.(\d{1,2}))?$/;

export type ReadRupeesOptions = {
  /** accept thousands separators ("1,234.5", "12,34,567.50"); off by default, as for every form field today */
  grouping?: boolean;
};

/**
 * "1499.5" | "1499.50" | "1499" | 1499.5 → 149950n whole paise; null for anything else: a negative
 * amount, more than two decimals (refused, not rounded), an exponent ("1e5"), blank text.
 */
export function readPaise(rupees: string | number, options: ReadRupeesOptions = {}): bigint | null {
  // a number is read through its shortest decimal text (19.99 → "19.99"), so no float arithmetic is done on it
  const text = typeof rupees === "number" ? (Number.isFinite(rupees) ? String(rupees) : "") : rupees.trim();
  const match = RUPEE_TEXT.exec(text) ?? (options.grouping ? GROUPED_RUPEE_TEXT.exec(text) : null);
  if (!match) return null;
  return BigInt(match[1].replaceAll(",", "")) * 100n + BigInt((match[2] ?? "").padEnd(2, "0"));
}

/** readPaise that throws a RangeError for what is not a rupee amount. */
export function inrToPaise(rupees: string | number, options?: ReadRupeesOptions): bigint {
  const paise = readPaise(rupees, options);
  if (paise === null) throw new RangeError(`Not a rupee amount with at most two decimals: ${rupees}`);
  return paise;
}

/** inrToPaise as a JavaScript number (database columns, JSON): a RangeError past Number.MAX_SAFE_INTEGER paise. */
export function inrToPaiseNumber(rupees: string | number, options?: ReadRupeesOptions): number {
  return safePaise(inrToPaise(rupees, options));
}

/** A BigInt of paise as a number, refused (RangeError) when it would lose precision. */
export function safePaise(paise: bigint): number {
  if (paise > BigInt(Number.MAX_SAFE_INTEGER) || paise < -BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError("Amount too large");
  return Number(paise);
}

// ——— writing rupees ———

/** Whole paise as a number (a safe integer), a BigInt, or digits as PostgreSQL returns a sum ("987654321987654321"). */
function wholePaise(paise: number | bigint | string): bigint {
  if (typeof paise === "bigint") return paise;
  if (typeof paise === "number") {
    if (!Number.isSafeInteger(paise)) throw new RangeError(`Paise must be a whole number: ${paise}`);
    return BigInt(paise);
  }
  if (!/^-?\d+$/.test(paise)) throw new RangeError(`Not a whole number of paise: ${paise}`);
  return BigInt(paise);
}

/** 149950 → "1499.50"; -5 → "-0.05"; "987654321987654321" → "9876543219876543.21". */
export function paiseToInr(paise: number | bigint | string): string {
  const value = wholePaise(paise);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  return `${negative ? "-" : ""}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}

// Intl formats a decimal string exactly (no float on the way), with Indian grouping.
const GROUPED = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const RUPEES = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" });
type DecimalString = Parameters<Intl.NumberFormat["format"]>[0];
const SIGNED_RUPEE_TEXT = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** "1234567.5" → "12,34,567.50"; null for a value that is not a rupee amount. */
export function groupInr(amount: string): string | null {
  const trimmed = amount.trim();
  return SIGNED_RUPEE_TEXT.test(trimmed) ? GROUPED.format(trimmed as unknown as DecimalString) : null;
}

/** "1499.5" → "₹1,499.50"; "-20.00" → "-₹20.00"; an unreadable value is shown as it came. */
export function formatInr(amount: string | null | undefined, fallback = "—"): string {
  if (amount === null || amount === undefined || amount === "") return fallback;
  const trimmed = amount.trim();
  return SIGNED_RUPEE_TEXT.test(trimmed) ? RUPEES.format(trimmed as unknown as DecimalString) : amount;
}

/** 149950 whole paise → "₹1,499.50" (exact: the rupees are written as a decimal string first). */
export function formatPaise(paise: number | bigint | string): string {
  return formatInr(paiseToInr(paise));
}

// ——— percentages and the invoice ———

export const GST_PERCENT = "18";
const BP_PER_PERCENT = 100n;
const BP_WHOLE = 10_000n; // 100 % in basis points

/** "12.5" | "18" | 12 → basis points (1250, 1800, 1200). At most two decimals, 0–100. */
export function percentToBasisPoints(percent: string | number): bigint {
  const text = typeof percent === "number" ? String(percent) : percent.trim();
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`Not a percentage with at most two decimals: ${text}`);
  const bp = BigInt(match[1]) * BP_PER_PERCENT + BigInt((match[2] ?? "").padEnd(2, "0"));
  if (bp > BP_WHOLE) throw new RangeError(`A percentage is at most 100: ${text}`);
  return bp;
}

/** numerator / denominator rounded half-up (away from zero at exactly .5). */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (2n * n + d) / (2n * d);
  return negative ? -q : q;
}

/** percent of an amount in paise, rounded half-up to the paisa, as a BigInt. */
export function percentOfPaise(paise: number | bigint, percent: string | number): bigint {
  return divideHalfUp(wholePaise(paise) * percentToBasisPoints(percent), BP_WHOLE);
}

/** percent of an amount in paise, rounded half-up to the paisa. */
export function percentOf(paise: number | bigint, percent: string | number): number {
  return Number(percentOfPaise(paise, percent));
}

export type InvoiceSplit = {
  /** what the user paid */
  amount: number;
  /** platform commission: service_fee % of the amount */
  service_charge: number;
  /** 18 % of the service charge */
  gst: number;
  /** amount − service charge − GST */
  payable: number;
};

/**
 * The ServiceProvider invoice: service charge = service fee % of the amount (half-up to the
 * paisa), GST = 18 % of the service charge (half-up), payable = amount − service charge − GST.
 * All in paise.
 */
export function providerInvoiceSplit(amountPaise: number, serviceFeePercent: string | number): InvoiceSplit {
  const service_charge = percentOf(amountPaise, serviceFeePercent);
  const gst = percentOf(service_charge, GST_PERCENT);
  return { amount: amountPaise, service_charge, gst, payable: amountPaise - service_charge - gst };
}
