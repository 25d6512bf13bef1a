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
