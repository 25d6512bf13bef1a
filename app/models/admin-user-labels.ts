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

/** The list's "Access" column: All Access, or the areas' labels. */
export function accessSummary(access: readonly string[]): string {
  if (access.includes(ALL_ACCESS)) return "All Access";
  if (access.length === 0) return "No access";
  return access.map((name) => ACCESS_LABELS[name as AccessName] ?? name).join(", ");
}

/** Access names in the one order of ACCESS_NAMES, without repeats; All Access alone when asked for. */
export function normalizeAccess(access: readonly string[]): string[] {
  if (access.includes(ALL_ACCESS)) return [ALL_ACCESS];
  const known = new Set(access);
  return ACCESS_NAMES.filter((name) => known.has(name));
}

// ——— the password rule (checked by the API; the form shows it, and a meter with JS) ———

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;
export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters, with at least one letter and one digit.`;
export const PASSWORD_REQUIRED = "Please input password!";
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const PASSWORD_NEEDS_MIX = "Password must contain at least one letter and one digit";
export const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;

/** Why a new password is refused, or null when it meets the rule. */
export function passwordProblem(password: string): string | null {
  if (password.length === 0) return PASSWORD_REQUIRED;
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG;
  if (!/\p{L}/u.test(password) || !/\p{N}/u.test(password)) return PASSWORD_NEEDS_MIX;
  return null;
}

export const STRENGTH_LABELS = ["Too weak", "Weak", "Fair", "Good", "Strong"] as const;

/**
 * The meter beside the password field (0-4): 0 while the rule is not met; then longer passwords
 * and more kinds of characters (lower case, upper case, digits, symbols) score higher.
 */
export function passwordStrength(password: string): { score: number; label: (typeof STRENGTH_LABELS)[number] } {
  if (passwordProblem(password)) return { score: 0, label: STRENGTH_LABELS[0] };
  const kinds = [/\p{Ll}/u, /\p{Lu}/u, /\p{N}/u, /[^\p{L}\p{N}]/u].filter((re) => re.test(password)).length;
  let score = 1;
  if (password.length >= 14) score += 1;
  if (kinds >= 3) score += 1;
  if (kinds === 4 || password.length >= 20) score += 1;
  const clamped = Math.min(score, 4);
  return { score: clamped, label: STRENGTH_LABELS[clamped] };
}

// ——— messages (spec 2 §5, §8) and the API's refusals ———

export const USERNAME_REQUIRED = "Please input username!";
export const EMAIL_REQUIRED = "Please input email!";
export const EMAIL_INVALID = "Please enter a valid email!";
export const STATUS_REQUIRED = "Please select status!";
export const ROLE_REQUIRED = "Please select role!";
export const ACCESS_REQUIRED = "Please choose All Access or at least one area";
export const USERNAME_TAKEN = "This username is already taken";

export const ADMIN_USER_ADDED = "Admin user added successfully";
export const ADMIN_USER_UPDATED = "Admin user updated successfully";
export const ADMIN_USER_DELETED = "Admin user deleted successfully";
export const ADMIN_USER_DELETE_FAILED = "Failed to delete admin user";
export const NO_CHANGE = "No Change Detected";

export const CANNOT_DELETE_SELF = "You cannot delete your own admin account.";
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
  /** the signed-in admin's own row */
  self: boolean;
};

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

export type AdminUserDialog =
  | { kind: "add"; values: AdminUserFormValues }
  | { kind: "edit"; id: number; values: AdminUserFormValues; updatedText: string }
  | { kind: "delete"; id: number; username: string; self: boolean };
