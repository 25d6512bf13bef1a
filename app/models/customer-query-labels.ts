/** What only the admin uses of ~contract/customer-query-labels (the shared part stays in contract/customer-query-labels.ts). */

/** The page's own words (what the browser bundle needs). */
export const CUSTOMER_QUERY_LABELS = {
  title: "Customer Queries",
  confirmTitle: "Are you sure?",
  confirmMessage: "This message will be permanently deleted.",
  confirmAttempt: "This contact share attempt will be permanently deleted.",
  unknownContent: "Unknown",
  noMessages: "No messages in this conversation yet.",
} as const;

/** "+91" and "98765 43210" (or "+91 98765 43210") → https://wa.me/919876543210; null when there are no digits. */
export function chatLinkFor(phone: string, countryCode: string): string | null {
  const trimmed = phone.trim();
  const digits = (trimmed.startsWith("+") ? trimmed : `${countryCode}${trimmed}`).replace(/\D/g, "");
  return digits ? `https://wa.me/${digits}` : null;
}

/** Text of rich-text HTML (tags dropped, entities read, blank runs as one space): never rendered as HTML. */
export function plainTextOf(html: string | null | undefined): string {
  if (!html) return "";
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6])>/gi, "\n")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
      if (code[0] === "#") {
        const n = code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
        return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : " ";
      }
      return named[code.toLowerCase()] ?? whole;
    })
    .replace(/[ \t\r\f\v]+/g, " ")
    .replace(/ *\n[\s]*/g, "\n")
    .trim();
}
