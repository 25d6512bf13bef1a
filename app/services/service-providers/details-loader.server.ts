import { data } from "@remix-run/node";
import type { ProviderDetail } from "~contract/service-providers";
import type { ProviderDetailsPageData, ProviderView } from "~/models/service-providers";
import { SERVICE_TYPE_LABELS } from "~/models/provider-wizard-services-view";
import { getPublicEnv } from "~/services/env.server";
import { formatInr } from "~shared/money";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { readBoosterHistory } from "~/services/service-providers/booster-history.server";
import { readProviderPayouts } from "~/services/payout-ledger/provider-payouts.server";
import {
  ACTIVITY_PAGE_SIZE,
  documentRows,
  historyPage,
  readPositive,
  safeBack,
  toActivityRows,
} from "~/services/service-providers/details-query.server";

function toView(provider: ProviderDetail): ProviderView {
  const publicSite = getPublicEnv().PUBLIC_SITE_URL.replace(/\/?$/, "/");
  return {
    id: provider.serviceProvider_id,
    userId: provider.userId.id,
    username: provider.userId.username,
    firstName: provider.userId.firstName,
    lastName: provider.userId.lastName,
    email: provider.userId.email,
    phone: provider.userId.phone,
    online: provider.userId.online,
    place: [provider.city, provider.state, provider.country].filter((v) => v.trim()).join(", "),
    rating: provider.userId.rating,
    categoryName: provider.category?.categoryName ?? null,
    catchyLine: provider.catchyLine,
    acceptedTerms: provider.last_accepted_agreement || "N/A",
    languages: provider.languageProficiency,
    specializations: provider.specialization,
    tagline: provider.profile.tagline,
    coreExpertise: provider.profile.coreExpertise,
    globalExpertise: provider.profile.globalExpertise,
    portfolioLink: provider.profile.portfolioLink,
    skills: provider.profile.skills,
    services: provider.services.map((s) => ({
      id: s.id,
      type: SERVICE_TYPE_LABELS[s.serviceType],
      offerings: s.offerings,
      indiaPrice: s.indiaPrice === null ? null : formatInr(s.indiaPrice),
      deliveryTime: s.deliveryTime,
    })),
    boosterPoints: provider.boosterPoints,
    planName: provider.plan?.plan_name ?? null,
    publicProfileUrl: new URL(`profile/${encodeURIComponent(provider.userId.username)}`, publicSite).toString(),
  };
}

/**
 * A provider's details page: the profile (404 when unknown), its documents, booster points history
 * and one page of its update activities. Activities that cannot be read are told, not fatal.
 */
export async function providerDetailsLoader(request: Request, api: Marketplace, providerId: number, withPayouts = false) {
  const url = new URL(request.url);
  const provider = await api.getProviderDetail(providerId);

  const [history, booster, payouts] = await Promise.all([
    api.raw.listUserActivities(provider.userId.id).then(
      (records) => ({ rows: toActivityRows(records), error: null }),
      (error: unknown) => {
        if (!(error instanceof MarketplaceError)) throw error;
        return { rows: [], error: `The profile update activities could not be loaded: ${error.message}` };
      },
    ),
    readBoosterHistory(providerId, api),
    withPayouts ? readProviderPayouts(api, providerId) : null,
  ]);
  const shown = historyPage(history.rows, readPositive(url.searchParams, "activity_page"));
  const asked = readPositive(url.searchParams, "activity");
  const open = asked === null ? undefined : history.rows.find((row) => row.id === asked);

  return data<ProviderDetailsPageData>({
    provider: toView(provider),
    back: safeBack(url.searchParams.get("back")),
    documents: documentRows(provider),
    booster,
    payouts,
    history: {
      rows: shown.rows.map(({ id, timestamp, category, count, names }) => ({ id, timestamp, category, count, names })),
      total: shown.total,
      page: shown.page,
      pageSize: ACTIVITY_PAGE_SIZE,
      error: history.error,
      dialog: open ? { id: open.id, timestamp: open.timestamp, status: open.status, count: open.count, changes: open.changes } : null,
    },
  });
}
