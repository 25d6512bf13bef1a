/** What only the admin uses of ~contract/access (the shared part stays in contract/access.ts). */
import { type RouteAccess, hasAccess } from "~contract/access";

export type SidebarEntry = {
  name: string;
  to: string;
  access: RouteAccess;
  /** further URL prefixes that belong to this entry (and need the same access) */
  also?: string[];
};

export const SIDEBAR: SidebarEntry[] = [
  { name: "Dashboard", to: "/admin", access: "always" },
  {
    name: "Categories",
    to: "/admin/category",
    access: "Category",
    also: [
      "/admin/add-categories",
      "/admin/edit-categories",
      "/admin/sub-categories",
      "/admin/subsub-categories",
      "/admin/add-subcategories",
      "/admin/edit-subcategories",
    ],
  },
  { name: "Admin Users", to: "/admin/list-admin-users", access: "AdminUsers" },
  { name: "Contact Leads", to: "/admin/list-contacts", access: "Contacts" },
  {
    name: "Service provider",
    to: "/admin/service-provider",
    access: "ServiceProvider",
    also: ["/admin/provider-details", "/admin/edit-provider-details"],
  },
  { name: "Documents", to: "/admin/documents", access: "Documents" },
  { name: "Booking List", to: "/admin/bookings", access: "Bookings" },
  { name: "Bank Details", to: "/admin/service-provider-bank-details", access: "BankDetails" },
  { name: "Booking Journey", to: "/admin/track-booking-journey", access: "TrackBookingJourney" },
  { name: "Payments", to: "/admin/payments", access: "Payment" },
  { name: "Order Payment Status", to: "/admin/order-payment-status", access: "Payment" },
  { name: "Ratings", to: "/admin/rating", access: "Ratings" },
  {
    name: "Subscriptions",
    to: "/admin/subscriptions",
    access: "SubscriptionPlan",
    also: ["/admin/add-subscriptions", "/admin/edit-subscriptions"],
  },
  { name: "User", to: "/admin/user", access: "User" },
  { name: "Posts", to: "/admin/posts", access: "S3BucketManager" },
  { name: "s3 Bucket Manager", to: "/admin/s3-bucket-manager", access: "S3BucketManager" },
  { name: "Comments", to: "/admin/comments", access: "Comments" },
  { name: "Agreement", to: "/admin/clickwrap-agreement", access: "Agreement" },
  { name: "Notification", to: "/admin/notification", access: "Notification" },
  { name: "Query Message", to: "/admin/query-msg", access: "QueryMessage" },
  { name: "Settings", to: "/admin/settings", access: "Settings" },
  { name: "Audit Log", to: "/admin/audit-log", access: "AdminUsers" },
];

/**
 * The entries an admin may open, as the shell's loader sends them: bit i set for SIDEBAR[i]. One
 * number instead of the paths (0.13 KB gzip of hydration data on every page, issue 31 §4); the
 * names, paths and icons are SIDEBAR's, which the browser has anyway.
 */
export function sidebarMask(isOpen: (entry: SidebarEntry) => boolean): number {
  return SIDEBAR.reduce((mask, entry, i) => (isOpen(entry) ? mask | (1 << i) : mask), 0);
}

/** The entries of a sidebarMask, in the sidebar's order. */
export function sidebarEntriesOf(mask: number): SidebarEntry[] {
  return SIDEBAR.filter((_, i) => (mask >>> i) & 1);
}

/** Where a card or link may lead this admin: the entry's page if it is open to them, else null. */
export function openEntryPath(accessList: readonly string[], to: string, path: string = to): string | null {
  const entry = SIDEBAR.find((e) => e.to === to);
  return entry && hasAccess(accessList, entry.access) ? path : null;
}

/** The sidebar entry a pathname belongs to (longest matching prefix), for titles and guards. */
export function sidebarEntryFor(pathname: string): SidebarEntry | undefined {
  let best: SidebarEntry | undefined;
  let bestLength = -1;
  for (const entry of SIDEBAR) {
    for (const prefix of [entry.to, ...(entry.also ?? [])]) {
      const matches =
        prefix === "/admin" ? pathname === "/admin" || pathname === "/admin/" : pathname === prefix || pathname.startsWith(prefix + "/");
      if (matches && prefix.length > bestLength) {
        best = entry;
        bestLength = prefix.length;
      }
    }
  }
  return best;
}
