/**
 * Rupees as the API gives them: exact decimal strings ("1499.50"). Formatting only regroups the
 * digits (Indian grouping: 12,34,567.00); no floating-point arithmetic anywhere.
 */

const INR = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** "1234567.5" → "12,34,567.50"; null for a value that is not a rupee amount. */
export function groupInr(amount: string): string | null {
  const match = INR.exec(amount.trim());
  if (!match) return null;
  const [, minus, whole, fraction = ""] = match;
  const digits = whole.replace(/^0+(?=\d)/, "");
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3);
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ",")},${last3}` : last3;
  return `${minus ?? ""}${grouped}.${fraction.padEnd(2, "0")}`;
}

/** "1499.5" → "₹1,499.50"; "-20.00" → "-₹20.00"; an unreadable value is shown as it came. */
export function formatInr(amount: string | null | undefined, fallback = "—"): string {
  if (amount === null || amount === undefined || amount === "") return fallback;
  const grouped = groupInr(amount);
  if (grouped === null) return amount;
  return grouped.startsWith("-") ? `-₹${grouped.slice(1)}` : `₹${grouped}`;
}

/** "1499.50" → 149950 whole paise (for sums and comparisons done without floats). */
export function inrToPaise(amount: string): bigint {
  const match = INR.exec(amount.trim());
  if (!match) throw new RangeError(`Not a rupee amount: ${amount}`);
  const paise = BigInt(match[2]) * 100n + BigInt((match[3] ?? "").padEnd(2, "0"));
  return match[1] ? -paise : paise;
}
