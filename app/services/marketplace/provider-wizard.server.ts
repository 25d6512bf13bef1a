import {
  SaveSectionAnswer,
  SavedFormData,
  SubmitProfileAnswer,
  UpsertServicesAnswer,
  WizardPlanList,
  type PlanSection,
  type SaveSectionBody,
  type ServicesByType,
} from "~contract/provider-wizard";
import { type WizardMode } from "~/models/provider-wizard-labels";
import { z } from "zod";
import { apiRequest, type Caller } from "./client.server";

/**
 * The provider wizard's calls. The caller is the signed-in admin (adminUserId) or, for a provider
 * on their own profile, { providerId } (sent as x-acting-provider). A 400 carries errors: field → message
 * (MarketplaceError), the fields as data.<field> for a section save.
 */

/** PUT /save-service-provider-form: one section (201 Form saved successfully). */
export async function saveWizardSection(caller: Caller, serviceProviderId: number, section: SaveSectionBody) {
  return apiRequest("/save-service-provider-form", {
    method: "PUT",
    query: { serviceProviderId },
    body: section,
    caller,
    answer: SaveSectionAnswer,
  });
}

/** GET /get-saved-form-data: every section as saved (null when not), the user status (Hold: edit mode) and the saved services. */
export async function getSavedFormData(caller: Caller, serviceProviderId: number): Promise<SavedFormData> {
  const answer = await apiRequest("/get-saved-form-data", {
    query: { serviceProviderId },
    caller,
    answer: z.object({ data: SavedFormData }),
  });
  return answer.data;
}

/** POST /upsert-service-bulk: replaces the provider's services of one category, in order. */
export async function upsertServicesBulk(
  caller: Caller,
  serviceProviderId: number,
  categoryId: number,
  services: z.input<typeof ServicesByType>,
) {
  const answer = await apiRequest("/upsert-service-bulk", {
    method: "POST",
    query: { serviceProviderId, categoryId },
    body: services,
    caller,
    answer: UpsertServicesAnswer,
  });
  return answer.data;
}

/** GET /provider-plans (ours): the Active plans for the plan step, cheapest first. */
export async function listWizardPlans(caller: Caller) {
  const answer = await apiRequest("/provider-plans", { caller, answer: WizardPlanList });
  return answer.data;
}

/** POST /submit-service-provider-profile (ours): register (create) or update (edit) from the saved sections. */
export async function submitProviderProfile(caller: Caller, serviceProviderId: number, mode: WizardMode, plan?: PlanSection) {
  return apiRequest("/submit-service-provider-profile", {
    method: "POST",
    query: { serviceProviderId },
    body: { mode, ...(plan ? { plan } : {}) },
    caller,
    answer: SubmitProfileAnswer,
  });
}
