/**
 * The access model of spec 1 §2.3 and §6: each sidebar entry needs one access name,
 * '*' grants them all. One list drives the sidebar and every route guard.
 */
export const ACCESS_NAMES = [
  "Category",
  "ServiceProvider",
  "Documents",
  "AdminUsers",
  "Bookings",
  "SubscriptionPlan",
  "Ratings",
  "User",
  "Settings",
  "Payment",
  "Contacts",
  "TrackBookingJourney",
  "S3BucketManager",
  "QueryMessage",
  "Notification",
  "Agreement",
  "Comments",
  "BankDetails",
] as const;

export type AccessName = (typeof ACCESS_NAMES)[number];
/** "always" = any signed-in admin (Dashboard, Profile, Logout). */
export type RouteAccess = AccessName | "always";

export function hasAccess(accessList: readonly string[], access: RouteAccess): boolean {
  if (access === "always") return true;
  return accessList.includes("*") || accessList.includes(access);
}
