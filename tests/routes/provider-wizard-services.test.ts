/**
 * The provider wizard's first two steps through the admin's Edit Form route
 * (/admin/edit-provider-details/{id}?step=categories|services): what each loads, the form-only
 * posts without JavaScript, each rule's message beside its field with the typed values kept, and
 * the saves. Each test makes its own provider; the categories and their settings are this file's.
 */
import { marketplaceFor } from "~/services/marketplace/index.server";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as route from "~/routes/admin.edit-provider-details.$providerId";
import { WIZARD_MESSAGES as M } from "~contract/provider-wizard-labels";
import { API_UNAVAILABLE_MESSAGE } from "~/services/marketplace/client.server";
import { STEP_MODULES } from "~/services/provider-wizard/steps.server";
import { loadWizard, wizardAction, type WizardRoute } from "~/services/provider-wizard/wizard.server";
import { changeSetting, newCategory } from "../support/records";
import { apiCall, callRoute, expectRedirect, readToast, requestAs, statusOf } from "../support/routes";

type Category = { category_id: number; categoryName: string };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- loader/action payloads read by property
function payload(result: unknown): any {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: unknown }).data;
  return result;
}

async function newProvider(): Promise<number> {
  const answer = await apiCall<{ data: { serviceProvider_id: number } }>("/test-fixtures/provider-accounts", {
    method: "POST",
    body: { password: "Provider@12345" },
  });
  return answer.data.serviceProvider_id;
}

const saveSetting = (name: string, change: Parameters<typeof changeSetting>[2]) => changeSetting(apiCall, name, change);
const section = (enabled: boolean, options: string[] = []) => ({ enabled, options });
let offered: Category; // Category Settings with specializations, offerings; Create Service Settings for Services
let plain: Category; // no settings: free text everywhere

afterEach(() => vi.restoreAllMocks());

beforeAll(async () => {
  offered = await newCategory<Category>(apiCall);
  plain = await newCategory<Category>(apiCall);
  await saveSetting("CategoryServiceProviderFormSetting", ({ setting1 }) => ({
    setting1: {
      ...setting1,
      [offered.category_id]: {
        offerings: { Consultation: ["30 Minutes Call", "60 Minutes Call"], Service: [], Retainership: [], AddOnService: [] },
        specializations: [
          { name: "Income Tax", subSpecializations: ["Returns", "Appeals", "TDS", "Notices", "Planning", "Audit"] },
          { name: "GST", subSpecializations: [] },
        ],
        specializationExperience: { min: 2, max: 20 },
        fields: { specializations: true, subSpecializations: true, specializationExperience: true },
      },
    },
  }));
  await saveSetting("CreateServicesSetting", ({ setting1, setting2 }) => ({
    setting1: {
      ...setting1,
      [offered.category_id]: {
        all: {
          Services: {
            limits: section(true, ["2 revisions", "5 revisions"]),
            inclusions: section(true),
            offerings: section(true, ["Basic", "Premium"]),
          },
        },
      },
    },
    setting2: { ...setting2, [offered.category_id]: { enabled: true, subCategories: "all" } },
  }));
});

const base = (id: number) => `/admin/edit-provider-details/${id}`;
const load = async (id: number, step: string) =>
  payload(await callRoute(route, await requestAs("admin", `${base(id)}?step=${step}`), { providerId: String(id) }));
const post = async (id: number, step: string, form: Record<string, string | string[]>) =>
  callRoute(route, await requestAs("admin", `${base(id)}?step=${step}`, { form }), { providerId: String(id) });
const saved = async (id: number) =>
  (await apiCall<{ data: Record<string, unknown> }>(`/get-saved-form-data?serviceProviderId=${id}`, { actingAdmin: "admin" })).data;

const categoriesForm = (category: number, rows: { s: string; e: string; subs?: [string, string][] }[], intent = "save") => {
  const form: Record<string, string> = { intent, category_id: String(category) };
  rows.forEach((row, i) => {
    form[`specializations.${i}.specialization`] = row.s;
    form[`specializations.${i}.experience`] = row.e;
    (row.subs ?? []).forEach(([sub, exp], j) => {
      form[`specializations.${i}.subSpecialization.${j}`] = sub;
      form[`specializations.${i}.subSpecializationExp.${j}`] = exp;
    });
  });
  return form;
};

async function savedCategories(id: number, category: Category, rows = [{ s: "Income Tax", e: "5" }]) {
  expectRedirect(await post(id, "categories", categoriesForm(category.category_id, rows)), `${base(id)}?step=services`);
}

describe("Categories step", () => {
  it("loads the categories, each one's specializations and bounds from its settings, and one blank row", async () => {
    const id = await newProvider();
    const { frame, view } = await load(id, "categories");
    expect(frame.step).toBe("categories");
    expect(view.categories).toContainEqual({ id: offered.category_id, name: offered.categoryName });
    expect(view.options[offered.category_id].specializations.map((s: { name: string }) => s.name)).toEqual(["Income Tax", "GST"]);
    expect(view.options[offered.category_id].experience).toEqual({ min: 2, max: 20 });
    expect(view.draft).toEqual({
      category_id: "",
      specializations: [{ specialization: "", experience: "", subSpecialization: [], subSpecializationExp: [] }],
    });
  });

  it("refuses no specialization with the spec's message; a later step before saving returns here", async () => {
    const id = await newProvider();
    const refused = await post(id, "categories", categoriesForm(offered.category_id, [{ s: "", e: "" }]));
    expect(statusOf(refused)).toBe(400);
    expect(payload(refused).fieldErrors.specializations).toBe(M.specializationNotAdded);
    const early = expectRedirect(
      await callRoute(route, await requestAs("admin", `${base(id)}?step=services`), { providerId: String(id) }),
      `${base(id)}?step=categories`,
    );
    expect((await readToast(early))?.message).toBe(M.specializationNotAdded);
  });

  it("every specialization needs a value; messages name the rows as the form shows them, values kept", async () => {
    const id = await newProvider();
    const form = categoriesForm(plain.category_id, [
      { s: "", e: "" },
      { s: "Corporate Law", e: "5" },
      { s: "", e: "3" },
    ]);
    const refused = await post(id, "categories", form);
    expect(statusOf(refused)).toBe(400);
    const { fieldErrors, repopulateFields } = payload(refused);
    expect(fieldErrors).toEqual({ "specializations.2.specialization": M.specializationNotAdded });
    expect(repopulateFields.specializations[1]).toEqual({
      specialization: "Corporate Law",
      experience: "5",
      subSpecialization: [],
      subSpecializationExp: [],
    });
    expect((await saved(id)).categories).toBeNull();
  });

  it("refuses experience outside the category's bounds and a specialization it does not offer (the API's checks, beside the fields)", async () => {
    const id = await newProvider();
    const refused = await post(
      id,
      "categories",
      categoriesForm(offered.category_id, [
        { s: "", e: "" },
        {
          s: "Income Tax",
          e: "25",
          subs: [
            ["", ""],
            ["Returns", "1"],
          ],
        },
        { s: "Astrology", e: "5" },
      ]),
    );
    expect(statusOf(refused)).toBe(400);
    expect(payload(refused).fieldErrors).toEqual({
      "specializations.1.experience": M.experienceRange(2, 20),
      "specializations.1.subSpecializationExp.1": M.experienceRange(2, 20),
      "specializations.2.specialization": M.specializationNotOffered,
    });
  });

  it("without JavaScript: adds a sub-specialization unsaved, refuses a seventh with 'Max 6', and shows another category's form unsaved", async () => {
    const id = await newProvider();
    const added = await post(
      id,
      "categories",
      categoriesForm(offered.category_id, [{ s: "Income Tax", e: "5", subs: [["Returns", "3"]] }], "add-sub:0"),
    );
    expect(statusOf(added)).toBe(200);
    expect(payload(added).fieldErrors).toEqual({});
    expect(payload(added).repopulateFields.specializations[0].subSpecialization).toEqual(["Returns", ""]);

    const six: [string, string][] = ["Returns", "Appeals", "TDS", "Notices", "Planning", "Audit"].map((s) => [s, "3"]);
    const seventh = await post(
      id,
      "categories",
      categoriesForm(offered.category_id, [{ s: "Income Tax", e: "5", subs: six }], "add-sub:0"),
    );
    expect(payload(seventh).fieldErrors).toEqual({ "specializations.0.subSpecialization": M.maxSubSpecializations });
    const posted = await post(
      id,
      "categories",
      categoriesForm(offered.category_id, [{ s: "Income Tax", e: "5", subs: [...six, ["Returns", "4"]] }]),
    );
    expect(payload(posted).fieldErrors["specializations.0.subSpecialization"]).toBe(M.maxSubSpecializations);

    const other = await post(id, "categories", categoriesForm(plain.category_id, [{ s: "GST", e: "4" }], "category"));
    expect(statusOf(other)).toBe(200);
    expect(payload(other).repopulateFields).toEqual({
      category_id: String(plain.category_id),
      specializations: [{ specialization: "GST", experience: "4", subSpecialization: [], subSpecializationExp: [] }],
    });
    const back = await post(id, "categories", categoriesForm(offered.category_id, [{ s: "Corporate Law", e: "4" }], "category"));
    expect(payload(back).repopulateFields.specializations).toEqual([
      { specialization: "", experience: "", subSpecialization: [], subSpecializationExp: [] },
    ]);
    expect((await saved(id)).categories).toBeNull();
  });

  it("saves and goes on to Create Services; a reload shows what was saved", async () => {
    const id = await newProvider();
    const done = expectRedirect(
      await post(
        id,
        "categories",
        categoriesForm(offered.category_id, [
          {
            s: "Income Tax",
            e: "6",
            subs: [
              ["Appeals", "3"],
              ["", ""],
            ],
          },
          { s: "GST", e: "4" },
          { s: "", e: "" },
        ]),
      ),
      `${base(id)}?step=services`,
    );
    expect((await readToast(done))?.message).toBe(M.saved);
    const { view } = await load(id, "categories");
    expect(view.draft).toEqual({
      category_id: String(offered.category_id),
      specializations: [
        { specialization: "Income Tax", experience: "6", subSpecialization: ["Appeals"], subSpecializationExp: ["3"] },
        { specialization: "GST", experience: "4", subSpecialization: [], subSpecializationExp: [] },
      ],
    });
  });
});

type Row = Record<string, string>;
const servicesForm = (tables: Partial<Record<string, Row[]>>, intent = "save") => {
  const form: Record<string, string> = { intent };
  for (const [type, rows] of Object.entries(tables))
    rows!.forEach((row, i) => Object.entries(row).forEach(([field, value]) => (form[`${type}.${i}.${field}`] = value)));
  return form;
};
const blank: Row = { offerings: "", description: "", indiaPrice: "", outsidePrice: "", deliveryTime: "" };
const good = (offering: string, price = "999.5"): Row => ({
  offerings: offering,
  description: "A service",
  indiaPrice: price,
  outsidePrice: "",
  deliveryTime: "3 Days",
});

describe("Create Services step", () => {
  it("shows the tables and columns the settings enable, five empty rows each", async () => {
    const id = await newProvider();
    await savedCategories(id, offered, [
      { s: "Income Tax", e: "5" },
      { s: "GST", e: "3" },
    ]);
    const { frame, view } = await load(id, "services");
    expect(frame.step).toBe("services");
    expect(view.categoryName).toBe(offered.categoryName);
    expect(view.columns.Consultation).toMatchObject({
      shown: true,
      offerings: ["30 Minutes Call", "60 Minutes Call"],
      inclusions: { shown: false },
      limits: { shown: false },
    });
    expect(view.columns.Service).toMatchObject({
      shown: true,
      offerings: ["Basic", "Premium"],
      specialty: { shown: true, options: ["Income Tax", "GST"] },
      inclusions: { shown: true, options: null },
      limits: { shown: true, options: ["2 revisions", "5 revisions"] },
      limitsPriceVariation: true,
    });
    expect(view.columns.Retainership.shown).toBe(false);
    expect(view.columns.AddOnService.shown).toBe(false);
    for (const type of ["Consultation", "Service", "Retainership", "AddOnService"]) {
      expect(view.draft[type]).toHaveLength(5);
      expect(view.draft[type][0]).toMatchObject({ offerings: "", indiaPrice: "", limitsPriceVariation: [] });
    }

    const other = await newProvider();
    await savedCategories(other, plain, [{ s: "Anything", e: "5" }]);
    const free = (await load(other, "services")).view.columns;
    for (const type of ["Consultation", "Service", "Retainership", "AddOnService"])
      expect(free[type]).toMatchObject({ shown: true, offerings: null });
  });

  it("refuses each rule beside its field, rows named as the form shows them, values kept and nothing saved", async () => {
    const id = await newProvider();
    await savedCategories(id, offered);
    const form = servicesForm({
      Consultation: [blank, { ...good("30 Minutes Call"), indiaPrice: "12.345" }, { ...good(""), description: "no offering" }],
      Service: [blank, blank, blank, { ...good("Basic"), indiaPrice: "" }, { ...good("Premium"), deliveryTime: "" }],
    });
    form["Service.4.limitsPriceVariation.0.indiaPrice"] = "";
    form["Service.4.limitsPriceVariation.1.indiaPrice"] = "1e5";
    form["Service.4.limitsPriceVariation.1.limits.0"] = "2 revisions";
    form["Service.4.specialty.0"] = "Income Tax";
    form["Service.4.inclusions"] = "Filing\nReview";
    const refused = await post(id, "services", form);
    expect(statusOf(refused)).toBe(400);
    const { fieldErrors, repopulateFields } = payload(refused);
    expect(fieldErrors).toEqual({
      "Consultation.1.indiaPrice": M.chargesNumeric,
      "Consultation.2.offerings": M.offeringRequired,
      "Service.3.indiaPrice": M.chargesRequired,
      "Service.4.deliveryTime": M.deliveryTime,
      "Service.4.limitsPriceVariation.1.indiaPrice": M.chargesNumeric,
    });
    expect(repopulateFields.Service[4]).toMatchObject({
      offerings: "Premium",
      specialty: ["Income Tax"],
      inclusions: ["Filing", "Review"],
      limitsPriceVariation: [{ indiaPrice: "" }, { indiaPrice: "1e5", limits: ["2 revisions"] }],
    });
    expect((await saved(id)).services).toBeNull();
  });

  it("refuses more than 10 rows ('Max 10 Services are Allowed'), and the API's offering check lands on the row as shown", async () => {
    const id = await newProvider();
    await savedCategories(id, offered);
    const eleven = await post(id, "services", servicesForm({ Service: Array.from({ length: 11 }, () => good("Basic")) }));
    expect(payload(eleven).fieldErrors).toEqual({ Service: M.maxServices });
    const notOffered = await post(id, "services", servicesForm({ Consultation: [blank, blank, good("Ten Minute Call")] }));
    expect(statusOf(notOffered)).toBe(400);
    expect(payload(notOffered).fieldErrors).toEqual({ "Consultation.2.offerings": M.offeringNotOffered });
  });

  it("without JavaScript: Add row and Remove answer the new rows unsaved; an eleventh row is refused", async () => {
    const id = await newProvider();
    await savedCategories(id, offered);
    const added = await post(id, "services", servicesForm({ Retainership: [good("Monthly"), blank] }, "add:Retainership"));
    expect(statusOf(added)).toBe(200);
    expect(payload(added).fieldErrors).toEqual({});
    expect(payload(added).repopulateFields.Retainership.map((r: Row) => r.offerings)).toEqual(["Monthly", "", ""]);
    const removed = await post(
      id,
      "services",
      servicesForm({ Consultation: [good("30 Minutes Call"), good("60 Minutes Call")] }, "remove:Consultation.0"),
    );
    expect(payload(removed).repopulateFields.Consultation.map((r: Row) => r.offerings)).toEqual(["60 Minutes Call"]);
    const variation = await post(id, "services", servicesForm({ Service: [good("Basic")] }, "add-variation:Service.0"));
    expect(payload(variation).repopulateFields.Service[0].limitsPriceVariation).toEqual([
      { indiaPrice: "", limits: [], deliveryTime: "", description: "" },
    ]);
    const full = await post(id, "services", servicesForm({ Service: Array.from({ length: 10 }, () => blank) }, "add:Service"));
    expect(payload(full).fieldErrors).toEqual({ Service: M.maxServices });
    expect((await saved(id)).services).toBeNull();
  });

  it("saves the rows typed (blanks dropped), and a reload shows them; a new category starts the tables afresh", async () => {
    const id = await newProvider();
    await savedCategories(id, offered);
    const form = servicesForm({ Consultation: [blank, good("60 Minutes Call", "1499.5")], Service: [good("Premium", "5000")] });
    form["Service.0.specialty.0"] = "Income Tax";
    form["Service.0.limits.1"] = "5 revisions";
    form["Service.0.inclusions"] = "Filing";
    form["Service.0.askBeforeOrder"] = "on";
    form["Service.0.limitsPriceVariation.0.indiaPrice"] = "";
    form["Service.0.limitsPriceVariation.1.indiaPrice"] = "7000";
    form["Service.0.limitsPriceVariation.1.limits.0"] = "2 revisions";
    form["Service.0.limitsPriceVariation.1.deliveryTime"] = "7 Days";
    const done = expectRedirect(await post(id, "services", form), `${base(id)}?step=service-details`);
    expect((await readToast(done))?.message).toBe(M.saved);
    const { view } = await load(id, "services");
    expect(view.restarted).toBe(false);
    expect(view.draft.Consultation).toHaveLength(1);
    expect(view.draft.Consultation[0]).toMatchObject({ offerings: "60 Minutes Call", indiaPrice: "1499.50", deliveryTime: "3 Days" });
    expect(view.draft.Service[0]).toMatchObject({
      offerings: "Premium",
      specialty: ["Income Tax"],
      inclusions: ["Filing"],
      limits: ["5 revisions"],
      askBeforeOrder: true,
      limitsPriceVariation: [{ indiaPrice: "7000.00", limits: ["2 revisions"], deliveryTime: "7 Days", description: "" }],
    });
    expect(view.draft.Retainership).toHaveLength(5);

    await savedCategories(id, plain, [{ s: "Contracts", e: "5" }]);
    const fresh = (await load(id, "services")).view;
    expect(fresh.restarted).toBe(true);
    expect(fresh.categoryId).toBe(plain.category_id);
    expect(fresh.draft.Consultation).toHaveLength(5);
    expect(fresh.draft.Consultation[0].offerings).toBe("");
    expectRedirect(
      await post(id, "services", servicesForm({ Consultation: [good("Free text call")] })),
      `${base(id)}?step=service-details`,
    );
    expect((await load(id, "services")).view.restarted).toBe(false);
  });

  it("tells the admin on the page when the API cannot save, keeping the rows typed", async () => {
    const id = await newProvider();
    await savedCategories(id, offered);
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes("/save-service-provider-form")) return Promise.reject(new TypeError("fetch failed"));
      return realFetch(input, init);
    });
    const refused = await post(id, "services", servicesForm({ Consultation: [good("30 Minutes Call")] }));
    expect(statusOf(refused)).toBe(503);
    expect(payload(refused).formError).toBe(API_UNAVAILABLE_MESSAGE);
    expect(payload(refused).repopulateFields.Consultation[0].offerings).toBe("30 Minutes Call");
  });
});

describe("both steps for a provider on their own profile", () => {
  const providerRoute = (request: Request, serviceProviderId: number): WizardRoute => ({
    request,
    api: marketplaceFor({ providerId: serviceProviderId, signal: request.signal }, request),
    serviceProviderId,
    actor: { kind: "provider", serviceProviderId },
    basePath: "/provider/complete-profile",
    providerName: "A provider",
    exit: { to: "/provider/provider-dashboard", label: "Back" },
    finishTo: () => "/provider/thank-you",
  });
  const as = (id: number, step: string, form?: Record<string, string>) =>
    requestAs(null, `/provider/complete-profile?step=${step}`, form ? { form } : {});

  it("saves the categories and the services as the provider", async () => {
    const id = await newProvider();
    const loaded = await loadWizard(providerRoute(await as(id, "categories"), id), STEP_MODULES);
    expect(loaded.frame).toMatchObject({ who: "provider", title: "Complete Your Profile", step: "categories" });
    const done = await wizardAction(
      providerRoute(await as(id, "categories", categoriesForm(plain.category_id, [{ s: "Family Law", e: "4" }])), id),
      STEP_MODULES,
    );
    expectRedirect(done, "/provider/complete-profile?step=services");
    const services = await wizardAction(
      providerRoute(await as(id, "services", servicesForm({ Service: [good("Will drafting")] })), id),
      STEP_MODULES,
    );
    expectRedirect(services, "/provider/complete-profile?step=service-details");
    expect(((await saved(id)).services as { Service: { offerings: string }[] }).Service.map((r) => r.offerings)).toEqual(["Will drafting"]);
  });
});

describe("a demo provider with every section saved", () => {
  it("loads both steps with the saved category, specializations and services", async () => {
    // the seed saves every section for the lowest-numbered providers (api/src/seed/provider-wizard.ts)
    let id: number | undefined;
    let data: Record<string, unknown> = {};
    for (let candidate = 1; candidate <= 40 && id === undefined; candidate++) {
      data = await saved(candidate).catch(() => ({}));
      if (data.services && data.categories) id = candidate;
    }
    expect(id, "a seeded provider with saved services").toBeDefined();
    const categories = data.categories as { category_id: number; specializations: { specialization: string }[] };
    const services = data.services as Record<string, { offerings: string }[]>;
    const step1 = (await load(id!, "categories")).view;
    expect(step1.draft.category_id).toBe(String(categories.category_id));
    expect(step1.categories.map((c: { id: number }) => c.id)).toContain(categories.category_id);
    expect(step1.draft.specializations.map((s: { specialization: string }) => s.specialization)).toEqual(
      categories.specializations.map((s) => s.specialization),
    );
    const step2 = (await load(id!, "services")).view;
    expect(step2.restarted).toBe(false);
    for (const type of ["Consultation", "Service", "Retainership", "AddOnService"]) {
      const rows = services[type] ?? [];
      expect(step2.draft[type].map((r: { offerings: string }) => r.offerings)).toEqual(
        rows.length ? rows.map((r) => r.offerings) : ["", "", "", "", ""],
      );
    }
  });
});

describe("a button's post that names nothing of the form", () => {
  it("answers 'Unknown action' with the typed values kept, saving nothing; an intent the step has no button for is a 400", async () => {
    const id = await newProvider();
    const noRow = await post(id, "categories", categoriesForm(offered.category_id, [{ s: "Income Tax", e: "5" }], "add-sub:3"));
    expect(statusOf(noRow)).toBe(400);
    expect(payload(noRow).formError).toBe("Unknown action");
    expect(payload(noRow).repopulateFields.specializations[0]).toMatchObject({ specialization: "Income Tax", experience: "5" });
    expect(statusOf(await post(id, "categories", categoriesForm(offered.category_id, [{ s: "Income Tax", e: "5" }], "shuffle")))).toBe(400);
    expect((await saved(id)).categories).toBeNull();

    await savedCategories(id, offered);
    const noService = await post(id, "services", servicesForm({ Service: [good("Basic")] }, "remove:Service.7"));
    expect(statusOf(noService)).toBe(400);
    expect(payload(noService).formError).toBe("Unknown action");
    expect(payload(noService).repopulateFields.Service[0].offerings).toBe("Basic");
    expect(statusOf(await post(id, "services", servicesForm({ Service: [good("Basic")] }, "add:Nothing")))).toBe(400);
    expect((await saved(id)).services).toBeNull();
  });
});
