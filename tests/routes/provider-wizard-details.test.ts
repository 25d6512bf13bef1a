import { marketplaceFor } from "~/services/marketplace/index.server";
import { describe, expect, it } from "vitest";
import * as editRoute from "~/routes/admin.edit-provider-details.$providerId";
import type { FormFailure } from "../../app/models/form-result";
import { SERVICE_COUNTRIES, WEEK_DAYS, WIZARD_MESSAGES as M } from "~contract/provider-wizard-labels";
import type { ServiceDetailsDraft, ServiceDetailsView } from "~/models/provider-wizard-service-details-view";
import type { WizardFrame } from "../../app/models/provider-wizard-labels";
import { STEP_MODULES } from "~/services/provider-wizard/steps.server";
import { loadWizard, wizardAction, type WizardRoute } from "~/services/provider-wizard/wizard.server";
import { apiCall, ADMIN_ORIGIN, callRoute, expectRedirect, readToast, requestAs, statusOf } from "../support/routes";
import { providerWithCategories, saveServiceDetails } from "../support/wizard-details-setup";

type Loaded = { frame: WizardFrame; view: ServiceDetailsView };
type Answer = FormFailure<ServiceDetailsDraft>;

function payload<T>(result: unknown): T {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: T }).data;
  return result as T;
}

const pathOf = (id: number) => `/admin/edit-provider-details/${id}?step=service-details`;
const load = async (id: number) => callRoute(editRoute, await requestAs("admin", pathOf(id)), { providerId: String(id) });
const post = async (id: number, form: Record<string, string | string[]>) =>
  callRoute(editRoute, await requestAs("admin", pathOf(id), { form }), { providerId: String(id) });
const saved = async (id: number) =>
  (
    await apiCall<{ data: { service_details: Record<string, unknown> | null; saved_at: Record<string, string> } }>(
      `/get-saved-form-data?serviceProviderId=${id}`,
      { actingAdmin: "admin" },
    )
  ).data;

const noTimes = () => Object.fromEntries(WEEK_DAYS.map((day) => [day, { startTime: "", endTime: "" }]));

/** A filled form, as the page posts it (field names are the section's paths). */
const filledForm = (): Record<string, string | string[]> => ({
  intent: "save",
  countries: ["India", "Singapore"],
  tagline: "Clear answers on GST for small shops",
  "skills.0": "GST returns",
  "skills.1": "",
  professionalProfile: "<p>Fifteen years of practice.</p>",
  occupation: "freelancer",
  qualification: "M.Com",
  expYears: "15",
  expMonths: "2",
  "languageProficiency.0.language": "English",
  "languageProficiency.0.spoken": "true",
  "languageProficiency.0.rating": "4",
  "languageProficiency.1.language": "",
  "languageProficiency.1.rating": "",
  "preferred_days_time.Monday.startTime": "09:00",
  "preferred_days_time.Monday.endTime": "13:00",
  "preferred_days_time.Wednesday.startTime": "",
  "preferred_days_time.Wednesday.endTime": "",
});

describe("provider wizard: Service Details (/admin/edit-provider-details/{id}?step=service-details)", () => {
  it("shows the saved section as the form's values; a provider without one gets an empty form with one language row", async () => {
    const fresh = await providerWithCategories(apiCall);
    const empty = payload<Loaded>(await load(fresh.serviceProvider_id));
    expect(empty.frame.step).toBe("service-details");
    expect(empty.view.draft).toEqual({
      countries: [],
      tagline: "",
      catchyLine: "",
      coreExpertise: "",
      globalExpertise: "",
      portfolioLink: "",
      skills: [],
      professionalProfile: "",
      occupation: "",
      qualification: "",
      expYears: "",
      expMonths: "",
      languageProficiency: [{ language: "", spoken: false, written: false, rating: "" }],
      preferred_days_time: noTimes(),
    });

    await saveServiceDetails(apiCall, fresh.serviceProvider_id);
    const shown = payload<Loaded>(await load(fresh.serviceProvider_id));
    expect(shown.frame.savedAt["service-details"]).toBeTruthy();
    expect(shown.view.draft).toEqual({
      countries: ["India", "Singapore"],
      tagline: "Practical tax help for small businesses",
      catchyLine: "",
      coreExpertise: "",
      globalExpertise: "",
      portfolioLink: "",
      skills: ["GST", "Income tax"],
      professionalProfile: "<p>Ten years of practice.</p>",
      occupation: "practice",
      qualification: "CA",
      expYears: "10",
      expMonths: "6",
      languageProficiency: [
        { language: "English", spoken: true, written: true, rating: "5" },
        { language: "Hindi", spoken: true, written: false, rating: "3" },
      ],
      preferred_days_time: {
        ...noTimes(),
        Monday: { startTime: "09:30", endTime: "17:00" },
        Tuesday: { startTime: "10:00", endTime: "14:00" },
      },
    });
  });

  it("saves the form (blank skill and language rows left out) and goes on to Documents & Terms with Form saved successfully", async () => {
    const p = await providerWithCategories(apiCall);
    const response = expectRedirect(
      await post(p.serviceProvider_id, filledForm()),
      `/admin/edit-provider-details/${p.serviceProvider_id}?step=documents`,
    );
    expect(await readToast(response)).toEqual({ type: "success", message: M.saved });
    expect((await saved(p.serviceProvider_id)).service_details).toEqual({
      countries: ["India", "Singapore"],
      tagline: "Clear answers on GST for small shops",
      catchyLine: "",
      coreExpertise: "",
      globalExpertise: "",
      portfolioLink: "",
      skills: ["GST returns"],
      professionalProfile: "<p>Fifteen years of practice.</p>",
      occupation: "freelancer",
      qualification: "M.Com",
      expYears: 15,
      expMonths: 2,
      languageProficiency: [{ language: "English", spoken: true, written: false, rating: 4 }],
      preferred_days_time: { ...noTimes(), Monday: { startTime: "09:00", endTime: "13:00" } },
    });

    // "All" means every country: the form sends All with the others ticked, the section keeps All
    expectRedirect(
      await post(p.serviceProvider_id, { ...filledForm(), countries: ["All", ...SERVICE_COUNTRIES] }),
      `/admin/edit-provider-details/${p.serviceProvider_id}?step=documents`,
    );
    expect((await saved(p.serviceProvider_id)).service_details?.countries).toEqual(["All"]);
    const reloaded = payload<Loaded>(await load(p.serviceProvider_id));
    expect(reloaded.view.draft.countries).toEqual(["All"]);
  });

  it("refuses an empty form with each required field's message, keeping what was typed, and saves nothing", async () => {
    const p = await providerWithCategories(apiCall);
    const result = await post(p.serviceProvider_id, { intent: "save", expMonths: "5", "languageProficiency.0.language": "" });
    expect(statusOf(result)).toBe(400);
    const answer = payload<Answer>(result);
    expect(answer.fieldErrors).toEqual({
      countries: M.countriesRequired,
      tagline: M.taglineRequired,
      skills: M.skillsRequired,
      professionalProfile: M.profileRequired,
      occupation: M.occupationRequired,
      qualification: M.qualificationRequired,
      expYears: M.expYears,
      languageProficiency: M.languageRequired,
      preferred_days_time: M.daysRequired,
    });
    expect(answer.repopulateFields.expMonths).toBe("5");
    expect((await saved(p.serviceProvider_id)).service_details).toBeNull();
  });

  it("refuses bad values with their messages beside the fields (language rows by their place in the form), keeping the typed values", async () => {
    const p = await providerWithCategories(apiCall);
    await saveServiceDetails(apiCall, p.serviceProvider_id);
    const before = await saved(p.serviceProvider_id);
    const nextYear = String(new Date().getUTCFullYear() + 1);
    const { "languageProficiency.0.spoken": _spoken, ...filled } = filledForm();
    const form = {
      ...filled,
      expMonths: "12",
      // row 0 blank (left out), row 1 without a rating, row 2 a rating without a language
      "languageProficiency.0.language": "",
      "languageProficiency.0.rating": "",
      "languageProficiency.1.language": "Tamil",
      "languageProficiency.1.rating": "",
      "languageProficiency.2.language": "",
      "languageProficiency.2.rating": "3",
      "preferred_days_time.Monday.endTime": "",
      "preferred_days_time.Tuesday.startTime": "18:00",
      "preferred_days_time.Tuesday.endTime": "09:00",
    };
    const result = await post(p.serviceProvider_id, form);
    expect(statusOf(result)).toBe(400);
    const answer = payload<Answer>(result);
    expect(answer.fieldErrors).toEqual({
      expMonths: M.expMonths,
      "languageProficiency.1.rating": M.rating,
      "languageProficiency.2.language": M.languageUnknown,
      "preferred_days_time.Monday.endTime": M.timeBoth,
      "preferred_days_time.Tuesday.endTime": M.endAfterStart,
    });
    expect(answer.repopulateFields).toMatchObject({
      expMonths: "12",
      tagline: "Clear answers on GST for small shops",
      languageProficiency: [
        { language: "", spoken: false, written: false, rating: "" },
        { language: "Tamil", spoken: false, written: false, rating: "" },
        { language: "", spoken: false, written: false, rating: "3" },
      ],
    });
    expect(answer.repopulateFields.preferred_days_time.Tuesday).toEqual({ startTime: "18:00", endTime: "09:00" });

    // an unknown country, a language given twice (after a blank row); Year of Passing is not this step's (Documents & Terms asks it)
    const later = payload<Answer>(
      await post(p.serviceProvider_id, {
        ...filledForm(),
        yearOfPassing: nextYear,
        certificationId: "C-1",
        countries: ["India", "Atlantis"],
        "languageProficiency.2.language": "English",
        "languageProficiency.2.rating": "2",
      }),
    );
    expect(later.fieldErrors).toEqual({ countries: M.countryUnknown, "languageProficiency.2.language": M.languageRepeated });
    expect(later.repopulateFields).not.toHaveProperty("yearOfPassing");
    expect(later.repopulateFields.countries).toEqual(["India", "Atlantis"]);
    // the last good save is intact
    expect(await saved(p.serviceProvider_id)).toEqual(before);
  });

  it("Keep Same Time For All Days without JavaScript: needs Monday first, then answers the form with Monday on every day, saving nothing", async () => {
    const p = await providerWithCategories(apiCall);
    const withoutMonday = await post(p.serviceProvider_id, {
      ...filledForm(),
      intent: "keep-same-time",
      "preferred_days_time.Monday.startTime": "09:00",
      "preferred_days_time.Monday.endTime": "",
      "preferred_days_time.Friday.startTime": "11:00",
      "preferred_days_time.Friday.endTime": "12:00",
    });
    expect(statusOf(withoutMonday)).toBe(400);
    const refused = payload<Answer>(withoutMonday);
    expect(refused.fieldErrors).toEqual({ keepSameTime: M.mondayFirst });
    expect(refused.repopulateFields.preferred_days_time.Friday).toEqual({ startTime: "11:00", endTime: "12:00" });
    expect(refused.repopulateFields.tagline).toBe("Clear answers on GST for small shops");

    const copied = await post(p.serviceProvider_id, {
      ...filledForm(),
      intent: "keep-same-time",
      "preferred_days_time.Monday.startTime": "08:15",
      "preferred_days_time.Monday.endTime": "16:45",
      "preferred_days_time.Friday.startTime": "11:00",
      "preferred_days_time.Friday.endTime": "12:00",
    });
    expect(statusOf(copied)).toBe(200);
    const answer = payload<Answer>(copied);
    expect(answer.fieldErrors).toEqual({});
    expect(answer.repopulateFields.preferred_days_time).toEqual(
      Object.fromEntries(WEEK_DAYS.map((day) => [day, { startTime: "08:15", endTime: "16:45" }])),
    );
    expect(answer.repopulateFields.qualification).toBe("M.Com");
    expect((await saved(p.serviceProvider_id)).service_details).toBeNull();
  });

  it("adds and removes a language row without JavaScript (the form answered, nothing saved)", async () => {
    const p = await providerWithCategories(apiCall);
    const added = await post(p.serviceProvider_id, { ...filledForm(), intent: "add:languageProficiency" });
    expect(statusOf(added)).toBe(200);
    const withRow = payload<Answer>(added);
    expect(withRow.fieldErrors).toEqual({});
    expect(withRow.repopulateFields.languageProficiency).toEqual([
      { language: "English", spoken: true, written: false, rating: "4" },
      { language: "", spoken: false, written: false, rating: "" },
      { language: "", spoken: false, written: false, rating: "" },
    ]);
    expect(withRow.repopulateFields.tagline).toBe("Clear answers on GST for small shops");

    const removed = payload<Answer>(await post(p.serviceProvider_id, { ...filledForm(), intent: "remove:languageProficiency.0" }));
    expect(removed.repopulateFields.languageProficiency).toEqual([{ language: "", spoken: false, written: false, rating: "" }]);
    expect((await saved(p.serviceProvider_id)).service_details).toBeNull();

    // an unknown intent is refused
    expect(statusOf(await post(p.serviceProvider_id, { ...filledForm(), intent: "shuffle" }))).toBe(400);
  });

  it("needs a session and the Service Providers access; before the categories are saved it returns to Categories", async () => {
    const p = await providerWithCategories(apiCall);
    expectRedirect(
      await callRoute(editRoute, await requestAs(null, pathOf(p.serviceProvider_id)), { providerId: String(p.serviceProvider_id) }),
      "/admin/login",
    );
    const denied = await callRoute(editRoute, await requestAs("catalog", pathOf(p.serviceProvider_id), { form: filledForm() }), {
      providerId: String(p.serviceProvider_id),
    });
    expect(statusOf(denied)).toBe(403);
    expect((await saved(p.serviceProvider_id)).service_details).toBeNull();

    const bare = (
      await apiCall<{ data: { serviceProvider_id: number } }>("/test-fixtures/provider-accounts", {
        method: "POST",
        body: { password: "Provider@12345" },
      })
    ).data;
    const back = expectRedirect(
      await load(bare.serviceProvider_id),
      `/admin/edit-provider-details/${bare.serviceProvider_id}?step=categories`,
    );
    expect(await readToast(back)).toEqual({ type: "warning", message: M.specializationNotAdded });
  });

  it("works for a provider on their own profile (x-acting-provider): the saved values shown, a save goes on to Documents & Terms", async () => {
    const p = await providerWithCategories(apiCall);
    await saveServiceDetails(apiCall, p.serviceProvider_id);
    const base = "/provider/complete-profile";
    const route = (request: Request): WizardRoute => ({
      request,
      api: marketplaceFor({ providerId: p.serviceProvider_id, signal: request.signal }, request),
      serviceProviderId: p.serviceProvider_id,
      actor: { kind: "provider", serviceProviderId: p.serviceProvider_id },
      basePath: base,
      providerName: p.username,
      exit: { to: "/provider/provider-dashboard", label: "Back" },
      finishTo: () => "/provider/thank-you",
    });
    const loaded = await loadWizard<ServiceDetailsView>(route(new Request(`${ADMIN_ORIGIN}${base}?step=service-details`)), STEP_MODULES);
    expect(loaded.frame).toMatchObject({ who: "provider", title: "Complete Your Profile", step: "service-details" });
    expect(loaded.view.draft.tagline).toBe("Practical tax help for small businesses");

    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(filledForm()))
      for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);
    const request = new Request(`${ADMIN_ORIGIN}${base}?step=service-details`, {
      method: "POST",
      body: form,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expectRedirect(await wizardAction(route(request), STEP_MODULES), `${base}?step=documents`);
    expect((await saved(p.serviceProvider_id)).service_details).toMatchObject({
      tagline: "Clear answers on GST for small shops",
      occupation: "freelancer",
    });
  });
});
