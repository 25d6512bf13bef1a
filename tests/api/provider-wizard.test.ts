import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, desc, eq } from "drizzle-orm";
import {
  auditLog,
  categories,
  plans,
  settings,
  profileDocuments,
  providerFormSections,
  providerServices,
  serviceProviders,
  users,
} from "../../api/src/db/schema";
import { ACTING_PROVIDER_HEADER } from "~contract/api";
import { isRevertable } from "~contract/audit-log";
import {
  DELIVERY_TIMES,
  LANGUAGES,
  SavedFormData,
  SERVICE_COUNTRIES,
  SubmitProfileAnswer,
  UpsertServicesAnswer,
  WIZARD_MESSAGES as M,
  WizardPlanList,
  planTotal,
} from "~contract/provider-wizard";
import { CategoryServiceProviderFormSetting1, type ProviderFormCategory } from "~contract/settings";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed } from "./helpers";

describe("planTotal (the plan step's total payable)", () => {
  it("is charge × months × 1.18 in whole paise, plus ₹500 with the profile review add-on", () => {
    expect(planTotal(49_900, 3, false)).toEqual({ subtotal: 149_700, gst: 26_946, addOn: 0, total: 176_646 });
    expect(planTotal(49_900, 3, true).total).toBe(226_646);
    expect(planTotal(0, 1, false).total).toBe(0);
    expect(planTotal(0, 12, true).total).toBe(50_000);
    // a GST share below a paisa rounds half-up
    expect(planTotal(1, 1, false)).toEqual({ subtotal: 1, gst: 0, addOn: 0, total: 1 });
    expect(planTotal(3, 1, false).gst).toBe(1);
    expect(planTotal(99_999_999, 24, false).total).toBe(2_831_999_972);
    expect(() => planTotal(-1, 1, false)).toThrow(RangeError);
    expect(() => planTotal(100, 0, false)).toThrow(RangeError);
    expect(SERVICE_COUNTRIES).toHaveLength(26);
    expect(SERVICE_COUNTRIES).toContain("India");
    expect(LANGUAGES).toHaveLength(33);
  });
});

type Made = { serviceProvider_id: number; user_id: number; username: string };

const categoriesData = (category_id: number) => ({
  category_id,
  specializations: [
    { specialization: "Tax planning", experience: 5, subSpecialization: ["Startups", "NRIs"], subSpecializationExp: [3, 2] },
    { specialization: "Audit", experience: 2 },
  ],
});
const row = (offerings: string, extra: Record<string, unknown> = {}) => ({
  offerings,
  indiaPrice: "1499.5",
  deliveryTime: "3 Days",
  ...extra,
});
const servicesData = (category_id: number) => ({
  category_id,
  Consultation: [
    row("30 Minutes Call", { indiaPrice: 499, outsidePrice: "999", deliveryTime: "1 Day" }),
    { offerings: "", indiaPrice: "", deliveryTime: "" },
  ],
  Service: [
    row("GST filing", {
      specialty: ["Startups"],
      inclusions: ["Filing"],
      limits: ["1 revision"],
      limitsPriceVariation: [{ indiaPrice: "200", limits: ["2 revisions"], deliveryTime: "5 Days" }],
      askBeforeOrder: true,
    }),
    row("Health check"),
  ],
  Retainership: [row("Monthly", { deliveryTime: "1 Month" })],
  AddOnService: [],
});
const day = { startTime: "09:30", endTime: "17:00" };
const detailsData = () => ({
  countries: ["India", "Singapore"],
  tagline: "Practical tax help for small businesses",
  skills: ["GST", "Income tax"],
  professionalProfile: "<p>Ten years of practice.</p>",
  occupation: "practice",
  qualification: "CA",
  expYears: 10,
  expMonths: 6,
  languageProficiency: [{ language: "English", spoken: true, written: true, rating: 5 }],
  preferred_days_time: { Monday: day, Tuesday: day, Sunday: { startTime: "", endTime: "" } },
});
const documentsData = () => ({
  panNumber: "abcde1234f",
  gstNo: "27ABCDE1234F1Z5",
  websiteLink: "https://example.com/me",
  documentComment: "All attached",
  certificationId: "ICAI-1",
  yearOfPassing: "2012",
});

describeEachDriver("provider wizard", (driver) => {
  let api: TestApi;
  let categoryId: number;
  let otherCategoryId: number;
  let activePlan: typeof plans.$inferSelect;
  let inactivePlanId: number;
  let configuredCategoryId: number;
  let configuredSetting: ProviderFormCategory;

  beforeAll(async () => {
    api = await startTestApi({ driver, testFixtures: true });
    // categories whose Category Settings list nothing (the settings' own checks have their test)
    const [formSetting] = await api.db.select().from(settings).where(eq(settings.settingName, "CategoryServiceProviderFormSetting"));
    const configured = new Set(Object.keys((formSetting?.setting1 as Record<string, unknown> | null) ?? {}));
    const cats = (await api.db.select().from(categories).orderBy(asc(categories.category_id))).filter(
      (c) => !configured.has(String(c.category_id)),
    );
    categoryId = cats[0].category_id;
    otherCategoryId = cats[1].category_id;
    const top = (await api.db.select().from(categories).orderBy(asc(categories.category_id))).find((c) =>
      configured.has(String(c.category_id)),
    )!;
    configuredCategoryId = top.category_id;
    configuredSetting = CategoryServiceProviderFormSetting1.parse(formSetting.setting1)[String(top.category_id)];
    const all = await api.db.select().from(plans).orderBy(asc(plans.plan_id));
    activePlan = all.find((p) => p.status === "Active" && p.charge > 0) ?? all.find((p) => p.status === "Active")!;
    const [inactive] = await api.db
      .insert(plans)
      .values({ plan_name: `Wizard retired ${driver} ${Date.now()}`, charge: 10_000, plan_validity: 1, status: "Inactive" })
      .returning();
    inactivePlanId = inactive.plan_id;
  });
  afterAll(() => api?.close());

  async function newProvider(status: "Active" | "Hold" = "Active"): Promise<Made> {
    // a provider account just signed up: an empty profile, not yet subscribed (create mode unless on Hold)
    const answer = await call(api, "POST", "/test-fixtures/provider-accounts", { actingAdmin: null, body: { password: "Provider@12345" } });
    expect(answer.status, answer.text).toBe(201);
    const made = answer.body.data as Made;
    await api.db.update(users).set({ status }).where(eq(users.id, made.user_id));
    return made;
  }
  const save = (
    id: number,
    section: string,
    data: unknown,
    options: { actingAdmin?: number | null; headers?: Record<string, string> } = {},
  ) => call(api, "PUT", "/save-service-provider-form", { query: { serviceProviderId: id }, body: { section, data }, ...options });
  async function saved(id: number) {
    const answer = await get(api, "/get-saved-form-data", { query: { serviceProviderId: id } });
    expect(answer.status, answer.text).toBe(200);
    return parsed(SavedFormData, answer.body.data);
  }
  const audits = (id: number, entity = "provider_form") =>
    api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entity_id, String(id))))
      .orderBy(desc(auditLog.id));
  async function saveAll(id: number, withPlan = true) {
    for (const [section, data] of [
      ["categories", categoriesData(categoryId)],
      ["services", servicesData(categoryId)],
      ["service_details", detailsData()],
      ["documents", documentsData()],
      ...(withPlan ? [["plan", { plan_id: activePlan.plan_id, profileReview: true }]] : []),
    ] as [string, unknown][]) {
      const answer = await save(id, section, data);
      expect(answer.status, `${section}: ${answer.text}`).toBe(201);
    }
  }

  it("GET /provider-plans lists the Active plans, cheapest first, with the total payable", async () => {
    const answer = await get(api, "/provider-plans");
    expect(answer.status, answer.text).toBe(200);
    const list = parsed(WizardPlanList, answer.body).data;
    const active = await api.db.select().from(plans).where(eq(plans.status, "Active"));
    expect(list.map((p) => p.plan_id).sort()).toEqual(active.map((p) => p.plan_id).sort());
    expect(list.some((p) => p.plan_id === inactivePlanId)).toBe(false);
    const charges = list.map((p) => Number(p.charge));
    expect(charges).toEqual([...charges].sort((a, b) => a - b));
    const shown = list.find((p) => p.plan_id === activePlan.plan_id)!;
    const total = planTotal(activePlan.charge, activePlan.plan_validity, false).total;
    expect(shown.total_payable).toBe(`${Math.trunc(total / 100)}.${String(total % 100).padStart(2, "0")}`);
    expect(shown).toMatchObject({
      plan_name: activePlan.plan_name,
      plan_validity: activePlan.plan_validity,
      max_approval: activePlan.max_approval,
    });
  });

  it("saves each section (201 Form saved successfully), gives them all back, and audits each save", async () => {
    const p = await newProvider();
    const empty = await saved(p.serviceProvider_id);
    expect(empty).toMatchObject({
      categories: null,
      services: null,
      service_details: null,
      documents: null,
      plan: null,
      user_status: "Active",
      mode: "create",
      provider_services: [],
    });

    const first = await save(p.serviceProvider_id, "categories", categoriesData(categoryId));
    expect(first.status, first.text).toBe(201);
    expect(first.body.message).toBe("Form saved successfully");
    expect(first.body.data).toMatchObject({ section: "categories", updated_by: "admin" });
    await saveAll(p.serviceProvider_id);

    const data = await saved(p.serviceProvider_id);
    expect(data.categories).toEqual({
      category_id: categoryId,
      specializations: [
        { specialization: "Tax planning", experience: 5, subSpecialization: ["Startups", "NRIs"], subSpecializationExp: [3, 2] },
        { specialization: "Audit", experience: 2, subSpecialization: [], subSpecializationExp: [] },
      ],
    });
    const services = data.services as {
      Consultation: { indiaPrice: string; outsidePrice: string | null }[];
      Service: unknown[];
      Retainership: unknown[];
    };
    // the blank pre-filled row is dropped; prices normalised to rupees with 2 decimals
    expect(services.Consultation).toHaveLength(1);
    expect(services.Consultation[0]).toMatchObject({ indiaPrice: "499.00", outsidePrice: "999.00" });
    expect(services.Service).toHaveLength(2);
    expect(data.service_details).toMatchObject({ countries: ["India", "Singapore"], expYears: 10 });
    expect(data.documents).toMatchObject({ certificationId: "ICAI-1", yearOfPassing: "2012" });
    expect((data.service_details as { preferred_days_time: Record<string, unknown> }).preferred_days_time.Wednesday).toEqual({
      startTime: "",
      endTime: "",
    });
    expect(data.documents).toMatchObject({ panNumber: "ABCDE1234F", gstNo: "27ABCDE1234F1Z5", ProfileDocument_id: expect.any(Number) });
    expect(data.plan).toEqual({ plan_id: activePlan.plan_id, profileReview: true });
    expect(Object.keys(data.saved_at).sort()).toEqual(["categories", "plan", "service_details", "services", "documents"].sort());

    const entries = await audits(p.serviceProvider_id);
    // saveAll's second categories save changed nothing: nothing written, nothing audited
    expect(entries).toHaveLength(5);
    expect(entries.every((e) => e.admin_username === "admin")).toBe(true);
    expect(entries.at(-1)).toMatchObject({ action: "create", before: null, after: { section: "categories" } });
    // a categories save that changes something is an update, with the previous data as before
    const changed = categoriesData(categoryId);
    changed.specializations[1].experience = 3;
    expect((await save(p.serviceProvider_id, "categories", changed)).status).toBe(201);
    const update = (await audits(p.serviceProvider_id)).find((e) => e.action === "update")!;
    expect(update.before).toMatchObject({ section: "categories", data: { category_id: categoryId } });
    // never offered for revert
    expect(isRevertable({ ...update, entity: update.entity, before: update.before, after: update.after })).toBe(false);
  });

  it("refuses each rule with its message, naming the field; a refused save leaves the last good one and no audit row", async () => {
    const p = await newProvider();
    const id = p.serviceProvider_id;
    expect((await save(id, "categories", categoriesData(categoryId))).status).toBe(201);
    const before = await api.db.select().from(providerFormSections).where(eq(providerFormSections.service_provider_id, id));
    const auditsBefore = (await audits(id)).length;

    const refused = async (section: string, data: unknown, field: string, message: string) => {
      const answer = await save(id, section, data);
      expect(answer.status, `${field}: ${answer.text}`).toBe(400);
      expect(answer.body.errors?.[field], `${field}: ${answer.text}`).toBe(message);
    };
    await refused(
      "categories",
      { category_id: categoryId, specializations: [{ specialization: " ", experience: 3 }] },
      "data.specializations.0.specialization",
      M.specializationNotAdded,
    );
    await refused("categories", { category_id: categoryId, specializations: [] }, "data.specializations", M.specializationNotAdded);
    await refused(
      "categories",
      {
        category_id: categoryId,
        specializations: [
          {
            specialization: "A",
            experience: 3,
            subSpecialization: ["1", "2", "3", "4", "5", "6", "7"],
            subSpecializationExp: [1, 1, 1, 1, 1, 1, 1],
          },
        ],
      },
      "data.specializations.0.subSpecialization",
      M.maxSubSpecializations,
    );
    await refused(
      "categories",
      { category_id: categoryId, specializations: [{ specialization: "A", experience: 41 }] },
      "data.specializations.0.experience",
      M.specializationExperience,
    );
    await refused(
      "categories",
      { category_id: 999_999, specializations: [{ specialization: "A", experience: 1 }] },
      "data.category_id",
      M.categoryRequired,
    );

    const many = Array.from({ length: 11 }, (_, i) => row(`Row ${i}`));
    await refused("services", { category_id: categoryId, Service: many }, "data.Service", M.maxServices);
    await refused("services", { category_id: categoryId, Retainership: many }, "data.Retainership", M.maxRetainership);
    await refused(
      "services",
      { category_id: categoryId, Service: [row("A"), row("B", { indiaPrice: "1e5" })] },
      "data.Service.1.indiaPrice",
      M.chargesNumeric,
    );
    await refused(
      "services",
      { category_id: categoryId, Service: [row("A", { indiaPrice: "12.345" })] },
      "data.Service.0.indiaPrice",
      M.chargesNumeric,
    );
    await refused(
      "services",
      { category_id: categoryId, Service: [row("A", { limitsPriceVariation: [{ indiaPrice: "2e3" }] })] },
      "data.Service.0.limitsPriceVariation.0.indiaPrice",
      M.chargesNumeric,
    );
    await refused(
      "services",
      { category_id: categoryId, Service: [row("A", { indiaPrice: "" })] },
      "data.Service.0.indiaPrice",
      M.chargesRequired,
    );
    await refused(
      "services",
      { category_id: categoryId, Service: [row("A", { deliveryTime: "Tomorrow" })] },
      "data.Service.0.deliveryTime",
      M.deliveryTime,
    );
    await refused(
      "services",
      { category_id: categoryId, Service: [row("", { indiaPrice: "10" })] },
      "data.Service.0.offerings",
      M.offeringRequired,
    );
    // the services are for the category saved in Categories
    await refused("services", servicesData(otherCategoryId), "data.category_id", M.categoryMismatch);

    const details = detailsData();
    await refused("service_details", { ...details, countries: [] }, "data.countries", M.countriesRequired);
    await refused("service_details", { ...details, countries: ["Atlantis"] }, "data.countries.0", M.countryUnknown);
    await refused("service_details", { ...details, tagline: "" }, "data.tagline", M.taglineRequired);
    await refused("service_details", { ...details, skills: [] }, "data.skills", M.skillsRequired);
    await refused("service_details", { ...details, professionalProfile: " " }, "data.professionalProfile", M.profileRequired);
    await refused("service_details", { ...details, occupation: "astronaut" }, "data.occupation", M.occupationRequired);
    await refused("service_details", { ...details, qualification: "" }, "data.qualification", M.qualificationRequired);
    await refused("documents", { ...documentsData(), yearOfPassing: "20122" }, "data.yearOfPassing", M.yearOfPassing);
    // asked in Documents & Terms only (spec 3 §3)
    expect((await save(id, "service_details", { ...details, yearOfPassing: "2012" })).status).toBe(400);
    await refused("service_details", { ...details, expYears: 30 }, "data.expYears", M.expYears);
    await refused("service_details", { ...details, expMonths: 12 }, "data.expMonths", M.expMonths);
    await refused("service_details", { ...details, languageProficiency: [] }, "data.languageProficiency", M.languageRequired);
    await refused(
      "service_details",
      { ...details, languageProficiency: [{ language: "Klingon", rating: 3 }] },
      "data.languageProficiency.0.language",
      M.languageUnknown,
    );
    await refused(
      "service_details",
      { ...details, languageProficiency: [{ language: "Hindi", rating: 6 }] },
      "data.languageProficiency.0.rating",
      M.rating,
    );
    await refused(
      "service_details",
      { ...details, preferred_days_time: { Monday: { startTime: "18:00", endTime: "09:00" } } },
      "data.preferred_days_time.Monday.endTime",
      M.endAfterStart,
    );
    await refused(
      "service_details",
      { ...details, preferred_days_time: { Monday: { startTime: "9:00", endTime: "18:00" } } },
      "data.preferred_days_time.Monday.startTime",
      M.timeFormat,
    );
    await refused(
      "service_details",
      { ...details, preferred_days_time: { Monday: { startTime: "09:00", endTime: "" } } },
      "data.preferred_days_time.Monday.endTime",
      M.timeBoth,
    );
    await refused("service_details", { ...details, preferred_days_time: {} }, "data.preferred_days_time", M.daysRequired);

    await refused("documents", { ...documentsData(), panNumber: "ABC123" }, "data.panNumber", M.panFormat);
    await refused("documents", { ...documentsData(), gstNo: "27ABCDE1234F1Z" }, "data.gstNo", M.gstFormat);
    await refused("documents", { ...documentsData(), websiteLink: "example.com" }, "data.websiteLink", M.urlFormat);
    const [othersDocument] = await api.db.select({ id: profileDocuments.ProfileDocument_id }).from(profileDocuments).limit(1);
    if (othersDocument)
      await refused(
        "documents",
        { ...documentsData(), ProfileDocument_id: othersDocument.id },
        "data.ProfileDocument_id",
        M.documentNotYours,
      );

    await refused("plan", {}, "data.plan_id", M.selectPlan);
    await refused("plan", { plan_id: inactivePlanId }, "data.plan_id", M.planUnavailable);
    const badSection = await save(id, "payments", {});
    expect(badSection.status).toBe(400);
    expect(badSection.body.errors.section).toMatch(/categories, services/);

    expect(await api.db.select().from(providerFormSections).where(eq(providerFormSections.service_provider_id, id))).toEqual(before);
    expect(await audits(id)).toHaveLength(auditsBefore);
  });

  it("knows who acts: an unknown provider is 404; a change needs an admin or the provider themself; a provider reaches only their own profile", async () => {
    const p = await newProvider();
    const other = await newProvider();
    const unknown = await save(2_000_000_000, "categories", categoriesData(categoryId));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(M.providerNotFound);
    expect((await get(api, "/get-saved-form-data", { query: { serviceProviderId: 2_000_000_000 } })).status).toBe(404);
    expect((await get(api, "/get-saved-form-data", { query: { serviceProviderId: "x" } })).status).toBe(400);

    const nobody = await save(p.serviceProvider_id, "categories", categoriesData(categoryId), { actingAdmin: null });
    expect(nobody.status).toBe(400);
    expect(nobody.body.message).toBe(M.actorRequired);

    const own = { [ACTING_PROVIDER_HEADER]: String(p.serviceProvider_id) };
    const mine = await save(p.serviceProvider_id, "categories", categoriesData(categoryId), { actingAdmin: null, headers: own });
    expect(mine.status, mine.text).toBe(201);
    expect(mine.body.data.updated_by).toBe(p.username);
    const [entry] = await audits(p.serviceProvider_id);
    expect(entry).toMatchObject({
      admin_user_id: null,
      admin_username: null,
      action: "create",
      after: { section: "categories", by_provider: p.username },
    });

    const theirs = await save(other.serviceProvider_id, "categories", categoriesData(categoryId), { actingAdmin: null, headers: own });
    expect(theirs.status).toBe(403);
    expect((await get(api, "/get-saved-form-data", { query: { serviceProviderId: other.serviceProvider_id }, headers: own })).status).toBe(
      403,
    );
    expect(
      await api.db.select().from(providerFormSections).where(eq(providerFormSections.service_provider_id, other.serviceProvider_id)),
    ).toEqual([]);
  });

  it("POST /upsert-service-bulk writes one category's rows in order, replaces them on the next call, and refuses what the step refuses", async () => {
    const p = await newProvider();
    const id = p.serviceProvider_id;
    const { category_id: _ignored, ...tables } = servicesData(categoryId);
    const first = await call(api, "POST", "/upsert-service-bulk", { query: { serviceProviderId: id, categoryId }, body: tables });
    expect(first.status, first.text).toBe(201);
    const rows = parsed(UpsertServicesAnswer, first.body).data;
    expect(rows.map((r) => [r.serviceType, r.position, r.offerings])).toEqual([
      ["Consultation", 0, "30 Minutes Call"],
      ["Service", 0, "GST filing"],
      ["Service", 1, "Health check"],
      ["Retainership", 0, "Monthly"],
    ]);
    expect(rows[1]).toMatchObject({
      indiaPrice: "1499.50",
      specialty: ["Startups"],
      askBeforeOrder: true,
      limitsPriceVariation: [{ indiaPrice: "200.00", limits: ["2 revisions"], deliveryTime: "5 Days" }],
    });
    const stored = await api.db
      .select()
      .from(providerServices)
      .where(eq(providerServices.service_provider_id, id))
      .orderBy(asc(providerServices.id));
    expect(stored.find((r) => r.offerings === "GST filing")?.indiaPrice).toBe(149_950);

    // another category's rows are kept when one category is replaced
    const elsewhere = await call(api, "POST", "/upsert-service-bulk", {
      query: { serviceProviderId: id, categoryId: otherCategoryId },
      body: { Service: [row("Elsewhere")] },
    });
    expect(elsewhere.status, elsewhere.text).toBe(201);
    const second = await call(api, "POST", "/upsert-service-bulk", {
      query: { serviceProviderId: id, categoryId },
      body: { Service: [row("Only one", { deliveryTime: DELIVERY_TIMES[0] })] },
    });
    expect(second.status, second.text).toBe(201);
    const now = await api.db.select().from(providerServices).where(eq(providerServices.service_provider_id, id));
    expect(now.map((r) => r.offerings).sort()).toEqual(["Elsewhere", "Only one"]);
    expect((await saved(id)).provider_services.map((r) => r.offerings)).toEqual(
      categoryId < otherCategoryId ? ["Only one", "Elsewhere"] : ["Elsewhere", "Only one"],
    );

    const tooMany = await call(api, "POST", "/upsert-service-bulk", {
      query: { serviceProviderId: id, categoryId },
      body: { Retainership: Array.from({ length: 11 }, (_, i) => row(`R${i}`)) },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors.Retainership).toBe(M.maxRetainership);
    const badCategory = await call(api, "POST", "/upsert-service-bulk", {
      query: { serviceProviderId: id, categoryId: 1_999_999_999 },
      body: { Service: [row("X")] },
    });
    expect(badCategory.status).toBe(400);
    expect(badCategory.body.errors.categoryId).toBe(M.categoryRequired);
    expect(
      (await api.db.select().from(providerServices).where(eq(providerServices.service_provider_id, id))).map((r) => r.offerings).sort(),
    ).toEqual(["Elsewhere", "Only one"]);
    const entries = await audits(id, "provider_services");
    expect(entries).toHaveLength(3);
    expect(entries[0].after).toMatchObject({ category_id: categoryId, services: [{ offerings: "Only one" }] });
  });

  it("submit (create) needs every section and a plan, then registers the provider: plan, profile, services and document fields", async () => {
    const p = await newProvider();
    const id = p.serviceProvider_id;
    const submit = (mode: string) =>
      call(api, "POST", "/submit-service-provider-profile", { query: { serviceProviderId: id }, body: { mode } });

    const nothing = await submit("create");
    expect(nothing.status).toBe(400);
    expect(Object.keys(nothing.body.errors).sort()).toEqual(["categories", "documents", "plan", "service_details", "services"]);
    expect(nothing.body.errors.services).toBe(M.sectionMissing("Create Services"));
    await saveAll(id, false);
    const noPlan = await submit("create");
    expect(noPlan.status).toBe(400);
    expect(noPlan.body.message).toBe(M.selectPlan);
    expect(noPlan.body.errors).toEqual({ plan: M.selectPlan });
    expect((await submit("later")).status).toBe(400);
    const [unchanged] = await api.db.select().from(serviceProviders).where(eq(serviceProviders.serviceProvider_id, id));

    expect((await save(id, "plan", { plan_id: activePlan.plan_id, profileReview: true })).status).toBe(201);
    const done = await submit("create");
    expect(done.status, done.text).toBe(200);
    const answer = parsed(SubmitProfileAnswer, done.body);
    expect(answer.message).toBe("Successfully Registered As Provider");
    const total = planTotal(activePlan.charge, activePlan.plan_validity, true).total;
    expect(answer.data).toMatchObject({ serviceProviderId: id, plan_id: activePlan.plan_id, services: 4 });
    expect(answer.data.total_payable).toBe(`${Math.trunc(total / 100)}.${String(total % 100).padStart(2, "0")}`);

    const [provider] = await api.db.select().from(serviceProviders).where(eq(serviceProviders.serviceProvider_id, id));
    expect(provider).toMatchObject({ plan_id: activePlan.plan_id, category_id: categoryId });
    expect(provider.specialization).toEqual([
      { categoryName: "Tax planning", experience: 5, subSpecialization: ["Startups", "NRIs"], subSpecializationExp: [3, 2] },
      { categoryName: "Audit", experience: 2, subSpecialization: [], subSpecializationExp: [] },
    ]);
    expect(provider.languageProficiency).toEqual([{ language: "English", rating: 5, spoken: true, written: true }]);
    expect(unchanged.plan_id).not.toBe(activePlan.plan_id);
    const services = await api.db.select().from(providerServices).where(eq(providerServices.service_provider_id, id));
    expect(services).toHaveLength(4);
    const [documents] = await api.db.select().from(profileDocuments).where(eq(profileDocuments.service_provider_id, id));
    expect(documents).toMatchObject({
      panNumber: "ABCDE1234F",
      gstNo: "27ABCDE1234F1Z5",
      websiteLink: "https://example.com/me",
      yearOfPassing: "2012",
      certificationId: "ICAI-1",
    });
    const [entry] = await audits(id, "service_provider");
    expect(entry).toMatchObject({
      action: "update",
      admin_username: "admin",
      after: { mode: "create", plan_id: activePlan.plan_id, services: 4, stage: "Pending", user_status: "Hold" },
    });

    // registered: awaiting review (Hold, stage Pending), and the wizard now opens in edit mode; create again is refused
    expect(provider.stage).toBe("Pending");
    expect(provider.registered_at).toBeInstanceOf(Date);
    expect(await saved(id)).toMatchObject({ user_status: "Hold", mode: "edit" });
    const again = await submit("create");
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(M.alreadyRegistered);
    expect((await submit("edit")).status).toBe(200);
  });

  it("submit (edit) needs no plan and answers Profile Updated Successfully; a Hold provider's saved data loads in edit mode", async () => {
    const p = await newProvider("Hold");
    const id = p.serviceProvider_id;
    await saveAll(id, false);
    const data = await saved(id);
    expect(data).toMatchObject({ user_status: "Hold", mode: "edit" });
    const [before] = await api.db.select().from(serviceProviders).where(eq(serviceProviders.serviceProvider_id, id));
    const done = await call(api, "POST", "/submit-service-provider-profile", {
      query: { serviceProviderId: id },
      body: { mode: "edit" },
      actingAdmin: null,
      headers: { [ACTING_PROVIDER_HEADER]: String(id) },
    });
    expect(done.status, done.text).toBe(200);
    expect(done.body.message).toBe("Profile Updated Successfully");
    expect(done.body.data).toMatchObject({ plan_id: before.plan_id, total_payable: null });
    const [after] = await api.db.select().from(serviceProviders).where(eq(serviceProviders.serviceProvider_id, id));
    expect(after.plan_id).toBe(before.plan_id);
    expect(after.category_id).toBe(categoryId);
  });

  it("checks the category's settings: its specializations, sub-specializations, experience bounds and enabled offerings", async () => {
    const p = await newProvider();
    const id = p.serviceProvider_id;
    const special = configuredSetting.specializations[0];
    const { min, max } = configuredSetting.specializationExperience;
    const good = {
      category_id: configuredCategoryId,
      specializations: [
        {
          specialization: special.name.toUpperCase(),
          experience: min,
          subSpecialization: special.subSpecializations.slice(0, 1),
          subSpecializationExp: [max],
        },
      ],
    };
    const ok = await save(id, "categories", good);
    expect(ok.status, ok.text).toBe(201);
    const refusedWith = async (data: unknown, field: string, message: string, section = "categories") => {
      const answer = await save(id, section, data);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.errors[field], answer.text).toBe(message);
    };
    await refusedWith(
      { ...good, specializations: [{ ...good.specializations[0], specialization: "Underwater basket weaving" }] },
      "data.specializations.0.specialization",
      M.specializationNotOffered,
    );
    if (special.subSpecializations.length > 0) {
      await refusedWith(
        { ...good, specializations: [{ ...good.specializations[0], subSpecialization: ["Not one of them"] }] },
        "data.specializations.0.subSpecialization.0",
        M.subSpecializationNotOffered,
      );
    }
    if (min > 1)
      await refusedWith(
        { ...good, specializations: [{ ...good.specializations[0], experience: min - 1 }] },
        "data.specializations.0.experience",
        M.experienceRange(min, max),
      );

    const offered = configuredSetting.offerings.Service;
    expect(offered.length).toBeGreaterThan(0);
    const services = { category_id: configuredCategoryId, Service: [row(offered[0])] };
    const fine = await save(id, "services", services);
    expect(fine.status, fine.text).toBe(201);
    await refusedWith(
      { ...services, Service: [row(offered[0]), row("Something else")] },
      "data.Service.1.offerings",
      M.offeringNotOffered,
      "services",
    );
    const bulk = await call(api, "POST", "/upsert-service-bulk", {
      query: { serviceProviderId: id, categoryId: configuredCategoryId },
      body: { Service: [row("Something else")] },
    });
    expect(bulk.status).toBe(400);
    expect(bulk.body.errors["Service.0.offerings"]).toBe(M.offeringNotOffered);
    expect((await saved(id)).services).toMatchObject({ Service: [{ offerings: offered[0] }] });
  });

  it("the demo data gives three providers saved sections, one of them Hold (edit mode)", async () => {
    const rows = await api.db
      .select({ id: providerFormSections.service_provider_id, section: providerFormSections.section, by: providerFormSections.updated_by })
      .from(providerFormSections);
    const demo = [...new Set(rows.filter((r) => r.by === "demo").map((r) => r.id))];
    expect(demo).toHaveLength(3);
    const states = await Promise.all(demo.map((id) => saved(id)));
    const hold = states.find((s) => s.user_status === "Hold");
    expect(hold?.mode).toBe("edit");
    expect(hold?.service_details).not.toBeNull();
    expect(hold?.provider_services.length).toBeGreaterThan(0);
    expect(states.some((s) => s.categories !== null && s.plan === null)).toBe(true);
    // the demo sections pass every check the save makes (the category's settings included)
    for (const state of states) {
      for (const section of ["categories", "services", "service_details", "documents", "plan"] as const) {
        // the plan is chosen once, by subscribing: a registered (edit mode) provider's is not saved again
        if (state[section] === null || (section === "plan" && state.mode === "edit")) continue;
        const again = await save(state.serviceProviderId, section, state[section]);
        expect(again.status, `${section}: ${again.text}`).toBe(201);
      }
    }
  });
});
