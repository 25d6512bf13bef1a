/** What only the admin uses of ~contract/admin-user-labels (the shared part stays in contract/admin-user-labels.ts). */
import { ADMIN_STATUSES, ADMIN_ROLES, ALL_ACCESS, ACCESS_LABELS } from "~contract/admin-user-labels";
import { type AccessName } from "~contract/access";
import type { ListColumn } from "~/models/list-columns";

export type AdminStatus = (typeof ADMIN_STATUSES)[number];
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** An admin user with no area (a valid choice): they open the Dashboard and their Profile only. */
export const DASHBOARD_ONLY = "Dashboard only";

/** The list's "Access" column: All Access, the areas' labels, or Dashboard only. */
export function accessSummary(access: readonly string[]): string {
  if (access.includes(ALL_ACCESS)) return "All Access";
  if (access.length === 0) return DASHBOARD_ONLY;
  return access.map((name) => ACCESS_LABELS[name as AccessName] ?? name).join(", ");
}

export const ADMIN_USER_ADDED = "Admin user added successfully";
export const ADMIN_USER_UPDATED = "Admin user updated successfully";
export const ADMIN_USER_DELETE_FAILED = "Failed to delete admin user";
export const NO_CHANGE = "No Change Detected";
export const passwordSet = (username: string) =>
  `Admin user updated successfully: ${username} has a new password and is signed out everywhere`;
/** The edit dialog's words on setting another admin's password (All Access only). */
export const NEW_PASSWORD_HINT =
  "Optional: set a new password for this admin (for one who forgot theirs). Saving signs them out everywhere; the change is audited without the password, and the password is never shown again.";
export const OWN_PASSWORD_HINT = "Your own password is changed on the Profile page.";

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

/** The Admin Users list's columns: the table's and the export's (the table adds its Actions). */
export const ADMIN_USER_COLUMNS: readonly ListColumn<AdminUserRow>[] = [
  { key: "username", header: "Username", sortField: "adminUsername", width: 22, value: (r) => r.username },
  { key: "email", header: "Email", width: 30, value: (r) => r.email },
  { key: "role", header: "Role", width: 14, value: (r) => r.role },
  { key: "status", header: "Status", sortField: "adminStatus", width: 10, value: (r) => r.status },
  { key: "access", header: "Access", width: 50, value: (r) => r.access },
  { key: "created", header: "Created", sortField: "created_at", width: 12, value: (r) => r.created },
  { key: "lastSignedIn", header: "Last signed in", sortField: "last_signed_in_at", width: 18, value: (r) => r.lastSignedIn },
];

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
  | { kind: "end-sessions"; id: number; username: string; sessions: number; blocked: string | null }
  /** resetting another admin's two-factor sign-in (All Access); blocked: themselves, not All Access, not set up */
  | { kind: "reset-two-factor"; id: number; username: string; blocked: string | null };
