/**
 * Rupees as the API gives them: exact decimal strings ("1499.50"). Intl.NumberFormat("en-IN")
 * formats them as strings, exactly (Indian grouping: 12,34,567.00); no floating-point arithmetic anywhere.
 */

const INR = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

// Intl formats a decimal string exactly (no float on the way), with Indian grouping.
const GROUPED = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const RUPEES = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" });
type DecimalString = Parameters<Intl.NumberFormat["format"]>[0];

/** "1234567.5" → "12,34,567.50"; null for a value that is not a rupee amount. */
export function groupInr(amount: string): string | null {
  const trimmed = amount.trim();
  return INR.test(trimmed) ? GROUPED.format(trimmed as unknown as DecimalString) : null;
}

/** "1499.5" → "₹1,499.50"; "-20.00" → "-₹20.00"; an unreadable value is shown as it came. */
export function formatInr(amount: string | null | undefined, fallback = "—"): string {
  if (amount === null || amount === undefined || amount === "") return fallback;
  const trimmed = amount.trim();
  return INR.test(trimmed) ? RUPEES.format(trimmed as unknown as DecimalString) : amount;
}

/** "1499.50" → 149950 whole paise (for sums and comparisons done without floats). */
export function inrToPaise(amount: string): bigint {
  const match = INR.exec(amount.trim());
  if (!match) throw new RangeError(`Not a rupee amount: ${amount}`);
  const paise = BigInt(match[2]) * 100n + BigInt((match[3] ?? "").padEnd(2, "0"));
  return match[1] ? -paise : paise;
}

/** 149950 whole paise → "₹1,499.50" (exact: the rupees are written as a decimal string first). */
export function formatPaise(paise: number | bigint): string {
  const value = BigInt(paise);
  const sign = value < 0n ? "-" : "";
  const abs = value < 0n ? -value : value;
  return formatInr(`${sign}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`);
}
