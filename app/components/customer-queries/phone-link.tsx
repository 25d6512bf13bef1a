import type { PhoneView } from "~/models/customer-queries";

/** A phone as a chat-messaging link (https://wa.me/<digits>) opened in a new tab; plain text when it has no digits. */
export function PhoneLink({ phone, label }: { phone: PhoneView; label: string }) {
  if (!phone.href) return <span>{phone.text}</span>;
  return (
    <a
      href={phone.href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${label}: ${phone.text} (opens a chat in a new tab)`}
      style={{ whiteSpace: "nowrap" }}
    >
      {phone.text}
    </a>
  );
}

/** A small bin (decorative: the button around it carries the name). */
export function TrashIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14M10 11v6M14 11v6" />
    </svg>
  );
}
