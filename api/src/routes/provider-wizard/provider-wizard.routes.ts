/**
 * The provider wizard's calls (spec 3 §2.1, §4, §5, §7): each step saves its own section (PUT
 * /save-service-provider-form, one transaction: a refused save leaves the last good one), GET
 * /get-saved-form-data gives every section back, POST /upsert-service-bulk writes one category's
 * services, and, ours, GET /provider-plans and POST /submit-service-provider-profile. The uploads
 * (POST /create-document, PUT /update-document) are routes/documents' area.
 *
 * Beyond the contract, a save checks the category's Category Settings when they list any: its
 * specializations, sub-specializations, experience bounds and, per service type, enabled offerings.
 *
 * Who acts: an admin (x-acting-admin, an Active admin) or the provider on their own profile
 * (x-acting-provider = the serviceProviderId of the call). Every change is audited; none is revertable.
 *
 * The calls' definitions (paths, validation, answers, OpenAPI): provider-wizard.handlers.ts serves them.
 */
import { Acting, forbiddenActor } from "../../lib/provider-actor";
import { body, chosenByUs, common, createRoute, error, json, mutating, z } from "../../lib/openapi";
import {
  CategoryIdQuery,
  ProviderIdQuery,
  SaveSectionAnswer,
  SaveSectionBody,
  SavedFormData,
  ServicesByType,
  SubmitProfileAnswer,
  SubmitProfileBody,
  UpsertServicesAnswer,
  WizardPlanList,
} from "~contract/provider-wizard";
import { WIZARD_MESSAGES as M } from "~contract/provider-wizard-labels";

export const unknownProvider = { 404: error(M.providerNotFound) };

export const forbidden = forbiddenActor;

export const saveRoute = createRoute({
  method: "put",
  path: "/save-service-provider-form",
  summary: "Save one section of the provider wizard",
  description:
    "Validates the section sent (categories, services, service_details, documents or plan) and replaces its saved copy in one transaction; a refused save (400, errors name each field as data.<field>) leaves the last good one. services must be for the category saved in categories; plan must be an Active plan; documents.ProfileDocument_id must be this provider's. service_details.professionalProfile is rich-text HTML, sanitised before it is stored (the editor's tags only: no scripts, event handlers, images or javascript: links); one that holds no text once sanitised is refused.",
  request: { query: ProviderIdQuery, headers: Acting, body: body(SaveSectionBody.openapi("ProviderWizardSaveBody")) },
  responses: {
    201: json(SaveSectionAnswer.openapi("ProviderWizardSaveAnswer"), M.saved),
    ...mutating,
    ...forbidden,
    ...unknownProvider,
    409: error("section plan for a provider already registered: the plan is chosen once, by subscribing"),
    ...common,
  },
});

export const savedRoute = createRoute({
  method: "get",
  path: "/get-saved-form-data",
  summary: "Every saved section of the provider wizard (null when not saved), the user status and the saved services",
  request: { query: ProviderIdQuery, headers: Acting },
  responses: {
    200: json(z.object({ data: SavedFormData.openapi("ProviderWizardSavedData") }), "The saved data"),
    400: error("Bad id"),
    ...forbidden,
    ...unknownProvider,
    ...common,
  },
});

export const bulkRoute = createRoute({
  method: "post",
  path: "/upsert-service-bulk",
  summary: "Write the provider's services of one category (replaces that category's rows, in order)",
  description: "The body is the Create Services tables (the services section without category_id): the same rules. One transaction.",
  request: { query: CategoryIdQuery, headers: Acting, body: body(ServicesByType.openapi("ProviderWizardServicesByType")) },
  responses: {
    201: json(UpsertServicesAnswer.openapi("ProviderWizardServicesAnswer"), "The rows as written"),
    ...mutating,
    ...forbidden,
    ...unknownProvider,
    ...common,
  },
});

export const plansRoute = createRoute({
  method: "get",
  path: "/provider-plans",
  summary: "The plans a provider may choose (Active only), cheapest first",
  ...chosenByUs(
    "The wizard's plan step: plan_id, plan_name, charge per month, plan_validity months, service_fee %, profile_boost, max_approval days and the total payable (charge × months × 1.18).",
  ),
  responses: { 200: json(WizardPlanList.openapi("ProviderWizardPlans"), "Active plans"), ...common },
});

export const submitRoute = createRoute({
  method: "post",
  path: "/submit-service-provider-profile",
  summary: "Finish the wizard: register the provider (create) or update the profile (edit)",
  ...chosenByUs(
    "Checks every section is saved and still valid (the plan too in create mode: Please Select Your Plan), then in one transaction sets the provider's category, specializations, languages, tagline and (create) plan, writes the services in bulk and the document fields. Create mode registers the provider: registered_at is set, the stage becomes Pending and the user status Hold (awaiting review), so the wizard opens in edit mode afterwards. Answers Successfully Registered As Provider or Profile Updated Successfully.",
  ),
  request: { query: ProviderIdQuery, headers: Acting, body: body(SubmitProfileBody.openapi("ProviderWizardSubmitBody")) },
  responses: {
    200: json(SubmitProfileAnswer.openapi("ProviderWizardSubmitAnswer"), "Registered or updated"),
    ...mutating,
    409: error("mode create for a provider already registered (or its Idempotency-Key's first request still runs)"),
    ...forbidden,
    ...unknownProvider,
    ...common,
  },
});
