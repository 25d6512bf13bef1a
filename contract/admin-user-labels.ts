/**
 * Admin users' constants, labels, password rule and messages (spec 2 §3, §5, §8). No zod here:
 * pages' browser bundles import this file; ./admin-users builds its schemas on it.
 */
import { ACCESS_NAMES, type AccessName } from "./access";

export const ADMIN_STATUSES = ["Active", "Inactive", "Block"] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];
export const ADMIN_ROLES = ["Admin", "Support", "Technical"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

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

/** An admin user with no area (a valid choice): they open the Dashboard and their Profile only. */
export const DASHBOARD_ONLY = "Dashboard only";

/** The list's "Access" column: All Access, the areas' labels, or Dashboard only. */
export function accessSummary(access: readonly string[]): string {
  if (access.includes(ALL_ACCESS)) return "All Access";
  if (access.length === 0) return DASHBOARD_ONLY;
  return access.map((name) => ACCESS_LABELS[name as AccessName] ?? name).join(", ");
}

/** Access names in the one order of ACCESS_NAMES, without repeats; All Access alone when asked for. */
export function normalizeAccess(access: readonly string[]): string[] {
  if (access.includes(ALL_ACCESS)) return [ALL_ACCESS];
  const known = new Set(access);
  return ACCESS_NAMES.filter((name) => known.has(name));
}

// the password rule is every admin password's, Profile's too: ./passwords
export {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_NEEDS_MIX,
  PASSWORD_REQUIRED,
  PASSWORD_RULE,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  passwordProblem,
  passwordStrength,
  STRENGTH_LABELS,
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

export const ADMIN_USER_ADDED = "Admin user added successfully";
export const ADMIN_USER_UPDATED = "Admin user updated successfully";
export const ADMIN_USER_DELETED = "Admin user deleted successfully";
export const ADMIN_USER_DELETE_FAILED = "Failed to delete admin user";
export const NO_CHANGE = "No Change Detected";
export const passwordSet = (username: string) =>
  `Admin user updated successfully: ${username} has a new password and is signed out everywhere`;
/** The edit dialog's words on setting another admin's password (All Access only). */
export const NEW_PASSWORD_HINT =
  "Optional: set a new password for this admin (for one who forgot theirs). Saving signs them out everywhere; the change is audited without the password, and the password is never shown again.";
export const OWN_PASSWORD_HINT = "Your own password is changed on the Profile page.";

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

// ——— the Admin Users page's data (loader → components) ———

/** A row of the list, formatted by the loader. */
export type AdminUserRow = {
  id: number;
  username: string;
  email: string;
  role: string;
  status: AdminStatus;
  access: string;
  created: string;
  /** "27-11-2026 03:01" or "Never" */
  lastSignedIn: string;
  /** the signed-in admin's own row */
  self: boolean;
};

/** The list's filters as the URL holds them ("" = any). */
export type AdminUserFilters = { status: string; role: string };

export const sessionsEnded = (n: number, username: string) => `Ended ${n} session${n === 1 ? "" : "s"} of ${username}`;

/** What the add/edit form holds (strings and checkboxes as HTML posts them). */
export type AdminUserFormValues = {
  adminUsername: string;
  adminEmail: string;
  adminStatus: string;
  adminRole: string;
  allAccess: boolean;
  access: string[];
  updated_at?: string;
};

/** What the form offers the signed-in admin (./admin-user-access grantableFor): the rest is shown, not offered. */
export type AdminUserGrant = { allAccess: boolean; adminRole: boolean; areas: string[]; password: boolean; self: boolean };

export type AdminUserDialog =
  | { kind: "add"; values: AdminUserFormValues; grant: AdminUserGrant }
  /** blocked: why this admin may not change this admin user at all (said instead of the form) */
  | { kind: "edit"; id: number; values: AdminUserFormValues; updatedText: string; grant: AdminUserGrant; blocked: string | null }
  /** blocked: why the API would certainly refuse (themselves, the last All Access admin): said instead of a confirm */
  | { kind: "delete"; id: number; username: string; blocked: string | null }
  /** ending another admin's sessions: how many are live; blocked as above (themselves, no session, not All Access) */
  | { kind: "end-sessions"; id: number; username: string; sessions: number; blocked: string | null };
