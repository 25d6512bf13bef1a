import { type BoosterHistoryView } from "~contract/booster-points";
import { BOOSTING_KIND_LABELS } from "~/models/booster-points";
import { formatDateTime } from "~/utils/dates";
import { API_UNAVAILABLE_MESSAGE, MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";

/**
 * A provider's booster points history for a page: who, when (India time), why and what kind, and
 * the total (their sum). A failed read says so instead of taking the page down.
 */
export async function readBoosterHistory(serviceProviderId: number, api: Marketplace): Promise<BoosterHistoryView> {
  try {
    const history = await api.raw.getBoostingHistory(serviceProviderId);
    return {
      rows: history.booster_points_history.map((h) => ({
        id: h.id,
        when: formatDateTime(h.created_at),
        points: h.points,
        kind: BOOSTING_KIND_LABELS[h.kind],
        reason: h.reason,
        by: h.created_by ?? "—",
      })),
      total: history.total_booster_points,
      error: null,
    };
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    const why = error.kind === "unavailable" ? API_UNAVAILABLE_MESSAGE : error.message;
    return { rows: [], total: null, error: `The booster points history could not be loaded: ${why}` };
  }
}
