/**
 * Admin users' constants, labels, password rule and messages (spec 2 §3, §5, §8). No zod here:
 * pages' browser bundles import this file; ./admin-users builds its schemas on it.
 */
import { ACCESS_NAMES, type AccessName } from "./access";

export const ADMIN_STATUSES = ["Active", "Inactive", "Block"] as const;
export const ADMIN_ROLES = ["Admin", "Support", "Technical"] as const;

/** adminAccessRoleSettings = ["*"]: every area ("All Access"). */
export const ALL_ACCESS = "*";

/** How each access name reads on the form's checkboxes and in the list. */
export const ACCESS_LABELS: Record<AccessName, string> = {
  Category: "Categories",
  ServiceProvider: "Service Providers",
  Documents: "Documents",
  AdminUsers: "Admin Users",
  Bookings: "Bookings",
  SubscriptionPlan: "Subscriptions",
  Ratings: "Ratings",
  User: "Users",
  Settings: "Settings",
  Payment: "Payments",
  Contacts: "Contacts",
  TrackBookingJourney: "Booking Journey",
  S3BucketManager: "S3 Bucket Manager",
  QueryMessage: "Query Messages",
  Notification: "Notifications",
  Agreement: "Agreements",
  Comments: "Comments",
  BankDetails: "Bank Details",
};

/** Access names in the one order of ACCESS_NAMES, without repeats; All Access alone when asked for. */
export function normalizeAccess(access: readonly string[]): string[] {
  if (access.includes(ALL_ACCESS)) return [ALL_ACCESS];
  const known = new Set(access);
  return ACCESS_NAMES.filter((name) => known.has(name));
}
export {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_NEEDS_MIX,
  PASSWORD_REQUIRED,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  passwordProblem,
} from "./passwords";

// ——— messages (spec 2 §5, §8) and the API's refusals ———

export const USERNAME_REQUIRED = "Please input username!";
export const EMAIL_REQUIRED = "Please input email!";
export const EMAIL_INVALID = "Please enter a valid email!";
export const STATUS_REQUIRED = "Please select status!";
export const ROLE_REQUIRED = "Please select role!";
/** Access missing from a call (the form always sends it: no area ticked is Dashboard only). */
export const ACCESS_REQUIRED = "Please choose All Access, some areas, or none (Dashboard only)";
export const USERNAME_TAKEN = "This username is already taken";
/** An email another admin user has, in any case: says whose it is. */
export const emailTaken = (username: string) => `This email is already used by admin user ${username}`;
export const ADMIN_USER_DELETED = "Admin user deleted successfully";

export const CANNOT_DELETE_SELF = "You cannot delete your own admin account.";
export const CANNOT_END_OWN_SESSIONS = "You cannot end your own sessions here: sign out instead.";
export const END_SESSIONS_NEEDS_ALL_ACCESS = "Only an admin with All Access can end another admin's sessions.";
export const CANNOT_BLOCK_SELF = "You cannot block or deactivate your own admin account.";
export const lastAllAccessAdmin = (username: string, doing: "delete" | "update") =>
  doing === "delete"
    ? `${username} is the last active admin with All Access and cannot be deleted. Give another active admin All Access first.`
    : `${username} is the last active admin with All Access: it cannot be blocked, deactivated or lose All Access. Give another active admin All Access first.`;

/**
 * What the audit log holds for a password: never the password or its hash, only that it was set
 * (create) or changed (update), under the API's field name adminPassword.
 */
export const PASSWORD_AUDIT = { set: "(set)", before: "(previous password)", changed: "(changed)" } as const;
