/**
 * Who makes a change to a provider's profile (the wizard's calls and its documents): an admin
 * (x-acting-admin, an Active admin) or the provider themself (x-acting-provider, which must be the
 * provider of the call: a provider only ever reaches their own profile).
 */
import { ACTING_ADMIN_HEADER, ACTING_PROVIDER_HEADER } from "~contract/api";
import { WIZARD_MESSAGES as M } from "~contract/provider-wizard-labels";
import { auditLog } from "../db/schema";
import { recordAudit, type Actor, type Tx } from "./audit";
import { badRequest, HttpError } from "./http";
import { error, z } from "./openapi";

export const PROVIDER_OWN_PROFILE_ONLY = "A provider can only reach their own profile";

/** The two headers, documented; one of them is required on changes (checked by whoActs). */
export const Acting = z.object({
  [ACTING_ADMIN_HEADER]: z
    .string()
    .optional()
    .openapi({
      param: { name: ACTING_ADMIN_HEADER, in: "header" },
      description: "adminUserId of the admin making the change (an Active admin)",
      example: "1",
    }),
  [ACTING_PROVIDER_HEADER]: z
    .string()
    .optional()
    .openapi({
      param: { name: ACTING_PROVIDER_HEADER, in: "header" },
      description:
        "A provider changing their own profile: their serviceProvider_id (must be the call's serviceProviderId). One of the two headers is required on changes.",
      example: "1",
    }),
});

export const forbiddenActor = {
  403: error("x-acting-admin names an admin who is not Active, or x-acting-provider names another provider"),
};

export type Who = { admin: Actor | null; name: string };
type HeaderContext = { req: { header: (name: string) => string | undefined } };

/** A provider may only ever reach their own profile (403 otherwise); answers the header when sent. */
export function checkProviderHeader(c: HeaderContext, providerId: number) {
  const acting = c.req.header(ACTING_PROVIDER_HEADER)?.trim();
  if (acting && acting !== String(providerId)) throw new HttpError(403, { message: PROVIDER_OWN_PROFILE_ONLY });
  return acting;
}

/** The admin (x-acting-admin) or the provider themself (x-acting-provider) making a change. */
export async function whoActs(
  c: HeaderContext,
  provider: { id: number; username: string },
  requireAdmin: () => Promise<Actor>,
): Promise<Who> {
  const asProvider = checkProviderHeader(c, provider.id);
  if (c.req.header(ACTING_ADMIN_HEADER)?.trim()) {
    const admin = await requireAdmin();
    return { admin, name: admin.adminUsername };
  }
  if (asProvider) return { admin: null, name: provider.username };
  throw badRequest(M.actorRequired);
}

/** Audited as the admin, or (a provider's own change) with no admin and the provider named in after. */
export async function auditAs(
  tx: Tx,
  who: Who,
  entry: { action: "create" | "update"; entity: string; entityId: number; before: unknown; after: Record<string, unknown> },
) {
  if (who.admin) return recordAudit(tx, who.admin, entry);
  await tx.insert(auditLog).values({
    admin_user_id: null,
    admin_username: null,
    action: entry.action,
    entity: entry.entity,
    entity_id: String(entry.entityId),
    before: entry.before ?? null,
    after: { ...entry.after, by_provider: who.name },
  });
}
