import type { ProviderAccount } from "~contract/provider-auth";
import { TWO_FACTOR_ISSUERS } from "~contract/two-factor";
import { PROVIDER_DASHBOARD_PATH } from "~/models/provider-auth-labels";
import type { TwoFactorCardData } from "~/models/two-factor";
import { nullOnApiFailure } from "../errors.server";
import { handleForm } from "../form-action.server";
import type { Marketplace } from "../marketplace/index.server";
import { twoFactorIntents } from "../two-factor/account-intents.server";
import { formatDateTime } from "~/utils/dates";

/**
 * A provider's own two-factor sign-in on their dashboard: optional (no policy requires it of
 * providers, and no one resets it for them). `api` acts as the provider (x-acting-provider).
 */

/** The card's state; null status when the API could not say (the card says so, the page still opens). */
export async function providerTwoFactorCard(provider: ProviderAccount, api: Marketplace): Promise<TwoFactorCardData> {
  const status = await api.raw.providerTwoFactorStatus(provider.serviceProvider_id).catch(nullOnApiFailure);
  return {
    status: status ? { ...status, required: false } : null,
    enabledSince: status?.enabled_at ? formatDateTime(status.enabled_at) : null,
  };
}

/** The dashboard's two-factor forms, as the admin's Profile has them. */
export function providerTwoFactorAction(request: Request, provider: ProviderAccount, api: Marketplace) {
  const id = provider.serviceProvider_id;
  return handleForm(
    request,
    api,
    twoFactorIntents(request, {
      page: PROVIDER_DASHBOARD_PATH,
      account: provider.username,
      issuer: TWO_FACTOR_ISSUERS.provider,
      start: () => api.startProviderEnrolment(id),
      confirm: (code) => api.confirmProviderEnrolment(id, code),
      renew: (code) => api.renewProviderRecoveryCodes(id, code),
      disable: (password, code) => api.disableProviderTwoFactor(id, password, code),
    }),
  );
}
