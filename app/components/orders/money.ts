/**
 * "1499.00" (the API's exact rupee string) → "₹1,499.00" with Indian digit grouping.
 * String work only: no float maths on money. Anything unreadable is shown as given.
 */
export function formatInr(value: string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "—";
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign, whole, fraction = ""] = match;
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3);
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ",")},${last3}` : last3;
  return `${sign}₹${grouped}.${(fraction + "00").slice(0, 2)}`;
}
