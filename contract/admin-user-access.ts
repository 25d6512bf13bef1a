/**
 * Who may give which access to which admin user: one pure rule, applied by the API to every create,
 * update (the audit log's revert included) and delete of an admin user, and by the admin's form to
 * offer only what can be granted. No zod here: the form's browser bundle imports it.
 *
 * The rule (issue 29):
 * - only an admin holding Admin Users (or All Access) changes admin users at all;
 * - no admin widens their own access, role or status;
 * - only an admin with All Access grants All Access or the Admin role, changes or deletes an admin
 *   who has All Access, or sets another admin's password (an admin's own password: the Profile page);
 * - an admin grants only areas they hold themselves.
 * "Granted" is what the admin user may use after the change and could not before: areas and role
 * newly given, and, when an Inactive or Blocked admin is made Active, everything they hold.
 */
import type { AccessName } from "./access";
import { ACCESS_NAMES, hasAccess } from "./access";
import { ACCESS_LABELS, ALL_ACCESS } from "./admin-user-labels";

/** An admin user's access-bearing fields (before or after a change). */
export type AccessHolder = { adminStatus: string; adminRole: string; adminAccessRoleSettings: readonly string[] };
/** The acting admin, as the API has them now. */
export type ActingAdmin = { adminUserId: number; adminAccessRoleSettings: readonly string[] };

export const ACCESS_RULE_MESSAGES = {
  needsAdminUsers: "Only an admin with Admin Users access can change admin users.",
  selfWiden: "You cannot widen your own access, role or status.",
  allAccessGrants: "Only an admin with All Access can grant All Access or the Admin role.",
  allAccessTarget: "Only an admin with All Access can change or delete an admin who has All Access.",
  passwordNeedsAllAccess: "Only an admin with All Access can set another admin's password.",
  ownPassword: "Change your own password on the Profile page.",
  areasNotHeld: (labels: readonly string[]) => `You can grant only areas you hold yourself (not: ${labels.join(", ")}).`,
} as const;

/** Which field of the admin user form a refusal belongs beside (null: the form as a whole). */
export type AccessRefusal = { message: string; field: "adminAccessRoleSettings" | "adminRole" | "adminStatus" | "adminPassword" | null };

export const isAllAccess = (access: readonly string[]) => access.includes(ALL_ACCESS);

/** What an admin user may use after a change that they could not before (see the rule above). */
export function grantedBy(
  before: AccessHolder | null,
  after: AccessHolder,
): { allAccess: boolean; adminRole: boolean; areas: AccessName[]; byActivation: boolean } {
  const activation = before !== null && before.adminStatus !== "Active" && after.adminStatus === "Active";
  const had = before === null || activation ? [] : before.adminAccessRoleSettings;
  const allAccess = isAllAccess(after.adminAccessRoleSettings) && !isAllAccess(had);
  const areas =
    isAllAccess(after.adminAccessRoleSettings) || isAllAccess(had)
      ? []
      : ACCESS_NAMES.filter((name) => after.adminAccessRoleSettings.includes(name) && !had.includes(name));
  const adminRole = after.adminRole === "Admin" && (before === null || activation || before.adminRole !== "Admin");
  return { allAccess, adminRole, areas, byActivation: activation };
}

/**
 * Why the acting admin may not make this change to an admin user (null: they may). `before` is null
 * for a new admin user; `targetId` is the admin user's id (null for a new one); `setsPassword` when
 * the change sets a password.
 */
export function adminChangeRefusal(
  actor: ActingAdmin,
  change: { targetId: number | null; before: AccessHolder | null; after: AccessHolder; setsPassword?: boolean },
): AccessRefusal | null {
  const actorAll = isAllAccess(actor.adminAccessRoleSettings);
  if (!hasAccess(actor.adminAccessRoleSettings, "AdminUsers")) return { message: ACCESS_RULE_MESSAGES.needsAdminUsers, field: null };
  const self = change.targetId !== null && change.targetId === actor.adminUserId;
  if (change.before && isAllAccess(change.before.adminAccessRoleSettings) && !actorAll)
    return { message: ACCESS_RULE_MESSAGES.allAccessTarget, field: null };
  if (change.setsPassword && change.before) {
    if (self) return { message: ACCESS_RULE_MESSAGES.ownPassword, field: "adminPassword" };
    if (!actorAll) return { message: ACCESS_RULE_MESSAGES.passwordNeedsAllAccess, field: "adminPassword" };
  }
  const granted = grantedBy(change.before, change.after);
  const accessField = granted.byActivation ? "adminStatus" : "adminAccessRoleSettings";
  if (self && (granted.allAccess || granted.areas.length > 0 || granted.byActivation))
    return { message: ACCESS_RULE_MESSAGES.selfWiden, field: accessField };
  if (self && granted.adminRole) return { message: ACCESS_RULE_MESSAGES.selfWiden, field: "adminRole" };
  if (actorAll) return null;
  if (granted.allAccess) return { message: ACCESS_RULE_MESSAGES.allAccessGrants, field: accessField };
  if (granted.adminRole)
    return { message: ACCESS_RULE_MESSAGES.allAccessGrants, field: granted.byActivation ? "adminStatus" : "adminRole" };
  const notHeld = granted.areas.filter((name) => !actor.adminAccessRoleSettings.includes(name));
  if (notHeld.length > 0)
    return { message: ACCESS_RULE_MESSAGES.areasNotHeld(notHeld.map((name) => ACCESS_LABELS[name])), field: accessField };
  return null;
}

/** Why the acting admin may not delete this admin user (null: the access rule allows it). */
export function adminDeleteRefusal(actor: ActingAdmin, target: AccessHolder): string | null {
  if (!hasAccess(actor.adminAccessRoleSettings, "AdminUsers")) return ACCESS_RULE_MESSAGES.needsAdminUsers;
  if (isAllAccess(target.adminAccessRoleSettings) && !isAllAccess(actor.adminAccessRoleSettings))
    return ACCESS_RULE_MESSAGES.allAccessTarget;
  return null;
}
