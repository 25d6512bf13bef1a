/**
 * Money, exactly. Amounts are whole paise (integers) everywhere; rupees appear only as decimal
 * strings ("1499.50") at the edge. No floating-point arithmetic: percentages are held as
 * hundredths of a percent (basis points) and products are computed with BigInt.
 *
 * Rounding rule: half-up to the paisa (0.5 paisa and above rounds away from zero).
 */

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

function assertPaise(paise: number | bigint): bigint {
  if (typeof paise === "number" && !Number.isSafeInteger(paise)) throw new RangeError(`Paise must be a whole number: ${paise}`);
  return BigInt(paise);
}

/** percent of an amount in paise, rounded half-up to the paisa. */
export function percentOf(paise: number | bigint, percent: string | number): number {
  return Number(divideHalfUp(assertPaise(paise) * percentToBasisPoints(percent), BP_WHOLE));
}

/** 149950 → "1499.50"; -5 → "-0.05". */
export function paiseToInr(paise: number | bigint): string {
  const value = assertPaise(paise);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  return `${negative ? "-" : ""}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}

/** "1499.5" | "1499.50" | "1499" | 1499 → 149950. More than two decimals is refused, not rounded. */
export function inrToPaise(inr: string | number): number {
  const text = typeof inr === "number" ? String(inr) : inr.trim();
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`Not a rupee amount with at most two decimals: ${text}`);
  const paise = BigInt(match[2]) * 100n + BigInt((match[3] ?? "").padEnd(2, "0"));
  const signed = match[1] ? -paise : paise;
  if (signed > BigInt(Number.MAX_SAFE_INTEGER) || signed < -BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError("Amount too large");
  return Number(signed);
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

/** A sum of paise as PostgreSQL returns it (numeric/bigint text) → rupee string, exactly. */
export function paiseTextToInr(text: string | number | null | undefined): string {
  if (text === null || text === undefined) return "0.00";
  const raw = String(text);
  if (!/^-?\d+$/.test(raw)) throw new RangeError(`Not a whole number of paise: ${raw}`);
  const value = BigInt(raw);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  return `${negative ? "-" : ""}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}
