/** What only the admin uses of ~contract/admin-user-access (the shared part stays in contract/admin-user-access.ts). */
import { type AccessHolder, type ActingAdmin, isAllAccess } from "~contract/admin-user-access";
import type { AccessName } from "~contract/access";
import { ACCESS_NAMES } from "~contract/access";

/**
 * What the admin user form offers this acting admin for this admin user (null: a new one): the
 * All Access box, the Admin role and each area, enabled only where ticking it could be saved; what the
 * admin user already has stays enabled so that it can be taken away. `password`: the form offers
 * a new password (All Access, another admin).
 */
export function grantableFor(
  actor: ActingAdmin,
  target: (AccessHolder & { adminUserId: number }) | null,
): { allAccess: boolean; adminRole: boolean; areas: AccessName[]; password: boolean; self: boolean } {
  const self = target !== null && target.adminUserId === actor.adminUserId;
  const actorAll = isAllAccess(actor.adminAccessRoleSettings);
  const has = target?.adminAccessRoleSettings ?? [];
  const targetAll = isAllAccess(has);
  // a target that is not Active: ticking an area they hold grants it again once they are made Active
  const mayGiveArea = (name: AccessName) =>
    self ? has.includes(name) || targetAll : actorAll || actor.adminAccessRoleSettings.includes(name) || has.includes(name);
  return {
    allAccess: targetAll || (!self && actorAll),
    adminRole: target?.adminRole === "Admin" || (!self && actorAll),
    areas: ACCESS_NAMES.filter(mayGiveArea),
    password: !self && actorAll && target !== null,
    self,
  };
}
