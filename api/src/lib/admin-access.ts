import { eq } from "drizzle-orm";
import type { ActingAdmin } from "~contract/admin-user-access";
import type { Database } from "../db/client";
import { adminUsers } from "../db/schema";
import { ACTING_ADMIN_NOT_ACTIVE, type Actor, type Tx } from "./audit";
import { HttpError } from "./http";

/**
 * The acting admin's access as the database has it now (read inside the change's transaction, so a
 * block or demotion that came first counts): 403 when they are no longer Active.
 */
export async function actingAccess(tx: Tx | Database, actor: Actor): Promise<ActingAdmin> {
  const [row] = await tx
    .select({ adminStatus: adminUsers.adminStatus, adminAccessRoleSettings: adminUsers.adminAccessRoleSettings })
    .from(adminUsers)
    .where(eq(adminUsers.adminUserId, actor.adminUserId));
  if (!row || row.adminStatus !== "Active")
    throw new HttpError(403, { message: ACTING_ADMIN_NOT_ACTIVE(actor.adminUsername, row?.adminStatus ?? "Inactive") });
  return { adminUserId: actor.adminUserId, adminAccessRoleSettings: row.adminAccessRoleSettings };
}
