import { API_UNAVAILABLE_MESSAGE, MarketplaceError } from "../marketplace/client.server";
import type { Marketplace } from "../marketplace/index.server";
import { type ProviderAccount } from "~contract/provider-auth";
import { PROVIDER_STATUS_LABELS, type ProfileStatusView } from "~/models/provider-auth-labels";
import { planTotal, WIZARD_SECTION_LABELS, WIZARD_SECTIONS } from "~contract/provider-wizard-labels";
import { formatPaise, readPaise } from "~shared/money";
import { formatDate, formatDateTime } from "~/utils/dates";

export const DEFAULT_MARKETPLACE_NAME = "Marketplace";

/** The marketplace's name (General Settings' Site Name) for the provider pages' header; the default when unset or unreadable. */
export async function marketplaceName(api: Marketplace): Promise<string> {
  try {
    const setting = await api.raw.getSetting("GeneralSetting");
    const name = (setting.setting1 as { siteName?: unknown } | null)?.siteName;
    return typeof name === "string" && name.trim() ? name.trim() : DEFAULT_MARKETPLACE_NAME;
  } catch (error) {
    if (error instanceof MarketplaceError) return DEFAULT_MARKETPLACE_NAME;
    throw error;
  }
}

export const providerNameOf = (provider: Pick<ProviderAccount, "firstName" | "lastName" | "username">) =>
  `${provider.firstName} ${provider.lastName}`.trim() || provider.username;

/** The dashboard's figures: the account's status and which wizard steps are saved and when (GET /get-saved-form-data as the provider). */
export async function profileStatusView(provider: ProviderAccount, api: Marketplace): Promise<ProfileStatusView> {
  let savedAt: Record<string, string> = {};
  let sectionsError: string | null = null;
  try {
    savedAt = (await api.raw.getSavedFormData(provider.serviceProvider_id)).saved_at;
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    sectionsError = error.kind === "unavailable" ? API_UNAVAILABLE_MESSAGE : `Your saved steps could not be read: ${error.message}`;
  }
  return {
    name: providerNameOf(provider),
    username: provider.username,
    status: PROVIDER_STATUS_LABELS[provider.user_status],
    underReview: provider.user_status === "Hold",
    stage: provider.stage,
    plan: provider.plan?.plan_name ?? "No plan chosen yet",
    registeredOn: provider.registered_at ? formatDate(provider.registered_at) : "Not registered yet",
    sections: WIZARD_SECTIONS.map((key) => ({
      key,
      label: WIZARD_SECTION_LABELS[key],
      savedAt: savedAt[key] ? formatDateTime(savedAt[key]) : null,
    })),
    sectionsError,
  };
}

/**
 * What the provider's subscription costs (the thank-you page): their plan's charge × months × 1.18,
 * plus ₹500 when the saved plan step took the profile review; null without a plan or when the plan
 * is no longer offered. Formatted in INR.
 */
export async function subscriptionTotal(provider: ProviderAccount, api: Marketplace): Promise<string | null> {
  if (!provider.plan) return null;
  const planId = provider.plan.plan_id;
  const [plans, saved] = await Promise.all([api.listWizardPlans(), api.getSavedFormData(provider.serviceProvider_id)]);
  const plan = plans.find((p) => p.plan_id === planId);
  const charge = plan ? readPaise(plan.charge) : null;
  if (!plan || charge === null) return null;
  const profileReview = (saved.plan as { profileReview?: unknown } | null)?.profileReview === true;
  return formatPaise(planTotal(Number(charge), plan.plan_validity, profileReview).total);
}
