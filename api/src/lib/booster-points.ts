import { eq } from "drizzle-orm";
import { BOOSTING_MESSAGES, type BoostingKind } from "~contract/booster-points";
import { boostingPoints, serviceProviders, type BoostingPointRow } from "../db/schema";
import { recordAudit, type Actor, type Tx } from "./audit";
import { badRequest, INT4_MAX, INVALID_INPUT_MESSAGE } from "./http";
import { lockProvider } from "./providers";

export const boostingRecord = (row: BoostingPointRow) => ({
  id: row.id,
  service_provider: row.service_provider,
  points: row.points,
  reason: row.reason,
  kind: row.kind,
  created_by: row.created_by,
  created_at: row.created_at.toISOString(),
});

/**
 * The one way a provider's booster points change: a history row (who, why, what kind) and the new
 * total (the sum of the rows) in the same transaction, the provider locked meanwhile. The total
 * never goes below 0: a 400 naming `field`, the caller's name for the points.
 */
export async function changeBoosterPoints(
  tx: Tx,
  actor: Actor,
  change: { serviceProviderId: number; points: number; reason: string; kind: BoostingKind },
  field: string,
) {
  const current = await lockProvider(tx, change.serviceProviderId);
  const total = current.boosterPoints + change.points;
  if (total < 0) throw badRequest(INVALID_INPUT_MESSAGE, { [field]: BOOSTING_MESSAGES.belowZero });
  if (total > INT4_MAX) throw badRequest(INVALID_INPUT_MESSAGE, { [field]: "Points are out of range" });
  if (change.kind === "grant" && change.points < 0) throw badRequest(INVALID_INPUT_MESSAGE, { [field]: BOOSTING_MESSAGES.negativeGrant });
  const [row] = await tx
    .insert(boostingPoints)
    .values({
      service_provider: change.serviceProviderId,
      points: change.points,
      reason: change.reason,
      kind: change.kind,
      created_by: actor.adminUsername,
    })
    .returning();
  await tx.update(serviceProviders).set({ boosterPoints: total }).where(eq(serviceProviders.serviceProvider_id, change.serviceProviderId));
  const record = boostingRecord(row);
  await recordAudit(tx, actor, {
    action: "create",
    entity: "boosting_point",
    entityId: row.id,
    before: { boosterPoints: current.boosterPoints },
    after: { ...record, boosterPoints: total },
  });
  return { record, total };
}
