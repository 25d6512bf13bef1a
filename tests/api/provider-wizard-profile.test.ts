import { afterAll, beforeAll, expect, it } from "vitest";
import { and, asc, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { activities, categories, providerServices, serviceProviders, settings } from "../../api/src/db/schema";
import { DELIVERY_TIMES, SavedFormData, SECTION_SCHEMAS, WIZARD_MESSAGES as M } from "~contract/provider-wizard";
import { ProviderDetail } from "~contract/service-providers";
import { CategoryServiceProviderFormSetting1, type ProviderFormCategory } from "~contract/settings";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed } from "./helpers";

/**
 * Issue 28: the provider's profile is one record. The Edit Form (GET /get-saved-form-data) opens
 * on what the details page (GET /get-serviceProvider-by-id) shows, for every seeded registered
 * provider; a save with no change changes nothing; services keep their ids through an edit; the
 * category's settings (charges, switched-off sub-specializations and experience) are honoured.
 */
describeEachDriver("provider wizard: one profile record", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver, testFixtures: true });
  });
  afterAll(() => api?.close());

  const saved = async (id: number) => {
    const answer = await get(api, "/get-saved-form-data", { query: { serviceProviderId: id } });
    expect(answer.status, answer.text).toBe(200);
    return parsed(SavedFormData, answer.body.data);
  };
  const detail = async (id: number) => {
    const answer = await get(api, "/get-serviceProvider-by-id", { query: { serviceProvider_id: id } });
    expect(answer.status, answer.text).toBe(200);
    return parsed(ProviderDetail, answer.body.data);
  };
  const save = (id: number, section: string, data: unknown) =>
    call(api, "PUT", "/save-service-provider-form", { query: { serviceProviderId: id }, body: { section, data } });
  const settingOf = async (categoryId: number): Promise<ProviderFormCategory | undefined> => {
    const [row] = await api.db.select().from(settings).where(eq(settings.settingName, "CategoryServiceProviderFormSetting"));
    return CategoryServiceProviderFormSetting1.parse(row.setting1)[String(categoryId)];
  };
  /** A provider of the test's own, copied from a demo provider the way the seed makes them. */
  const copy = async (variant = 0) => {
    const answer = await call(api, "POST", "/test-fixtures/providers", { actingAdmin: null, body: { variant } });
    expect(answer.status, answer.text).toBe(201);
    return answer.body.data as { serviceProvider_id: number; user_id: number };
  };

  it("gives every seeded registered provider's wizard the profile the details page shows, whole and valid", async () => {
    const registered = await api.db
      .select({ id: serviceProviders.serviceProvider_id })
      .from(serviceProviders)
      .where(and(isNull(serviceProviders.deleted_at), isNotNull(serviceProviders.registered_at), isNotNull(serviceProviders.category_id)))
      .orderBy(asc(serviceProviders.serviceProvider_id))
      .limit(60);
    expect(registered.length).toBeGreaterThanOrEqual(50);
    for (const { id } of registered) {
      const [form, shown] = [await saved(id), await detail(id)];
      const at = `provider ${id}`;
      expect(form.categories, at).not.toBeNull();
      const cats = SECTION_SCHEMAS.categories.parse(form.categories);
      expect(cats.category_id, at).toBe(shown.category?.category_id);
      expect(
        cats.specializations.map((s) => ({
          categoryName: s.specialization,
          experience: s.experience,
          subSpecialization: s.subSpecialization,
        })),
        at,
      ).toEqual(
        shown.specialization.map((s) => ({
          categoryName: s.categoryName,
          experience: s.experience,
          subSpecialization: s.subSpecialization,
        })),
      );
      const details = SECTION_SCHEMAS.service_details.parse(form.service_details);
      expect(details.tagline, at).toBe(shown.profile.tagline);
      expect(details.catchyLine, at).toBe(shown.catchyLine);
      expect(details.skills, at).toEqual(shown.profile.skills);
      expect(
        details.languageProficiency.map((l) => ({ language: l.language, rating: l.rating })),
        at,
      ).toEqual(shown.languageProficiency.map((l) => ({ language: l.language, rating: l.rating })));
      const services = SECTION_SCHEMAS.services.parse(form.services);
      const rows = (["Consultation", "Service", "Retainership", "AddOnService"] as const).flatMap((type) =>
        services[type].map((r) => ({ id: r.serviceId, offerings: r.offerings, indiaPrice: r.indiaPrice })),
      );
      expect(rows, at).toEqual(shown.services.map((r) => ({ id: r.id, offerings: r.offerings, indiaPrice: r.indiaPrice })));
      expect(rows.length, at).toBeGreaterThan(0);
      if (shown.documents)
        expect((form.documents as { ProfileDocument_id: number }).ProfileDocument_id, at).toBe(shown.documents.ProfileDocument_id);
      else expect(form.documents, at).toBeNull();
    }
  });

  it("a save of each step with no change changes nothing (the details, the services' ids, no activity)", async () => {
    const p = await copy(4);
    const id = p.serviceProvider_id;
    const before = await detail(id);
    const form = await saved(id);
    const activitiesBefore = await api.db.select().from(activities).where(eq(activities.user_id, p.user_id));
    for (const section of ["categories", "services", "service_details", "documents"] as const) {
      if (form[section] === null) continue;
      const answer = await save(id, section, form[section]);
      expect(answer.status, `${section}: ${answer.text}`).toBe(201);
    }
    const edit = await call(api, "POST", "/submit-service-provider-profile", { query: { serviceProviderId: id }, body: { mode: "edit" } });
    expect(edit.status, edit.text).toBe(200);
    expect(await detail(id)).toEqual(before);
    expect((await api.db.select().from(activities).where(eq(activities.user_id, p.user_id))).map((a) => a.details)).toEqual(
      activitiesBefore.map((a) => a.details),
    );
  });

  it("an edit keeps the ids of the services kept or edited, deletes only the removed ones, and is a profile update activity", async () => {
    const p = await copy(0);
    const id = p.serviceProvider_id;
    const form = await saved(id);
    const services = SECTION_SCHEMAS.services.parse(form.services);
    const all = [...services.Consultation, ...services.Service, ...services.Retainership];
    expect(all.length).toBeGreaterThanOrEqual(2);
    const [first, ...rest] = services.Service.length > 1 ? services.Service : [...services.Consultation, ...services.Service];
    const edited = { ...first, description: "Now with a written summary" };
    const added = { ...first, serviceId: null, offerings: first.offerings, description: "A second one" };
    const type = services.Service.length > 1 ? "Service" : null;
    const body = type ? { ...services, Service: [edited, added] } : { ...services, Consultation: [edited], Service: [added] };
    const removed = type ? rest.map((r) => r.serviceId) : rest.map((r) => r.serviceId);
    const answer = await save(id, "services", body);
    expect(answer.status, answer.text).toBe(201);
    const rows = await api.db.select().from(providerServices).where(eq(providerServices.service_provider_id, id));
    const ids = rows.map((r) => r.id);
    expect(ids).toContain(first.serviceId);
    expect(rows.find((r) => r.id === first.serviceId)?.description).toBe("Now with a written summary");
    for (const gone of removed) expect(ids).not.toContain(gone);
    // the other tables' rows keep their ids too
    for (const kept of [...services.Consultation, ...services.Retainership]) {
      if (!type && kept === services.Consultation[0]) continue;
      expect(ids).toContain(kept.serviceId);
    }
    // another provider's service id is refused, naming the row
    const [others] = await api.db
      .select({ id: providerServices.id })
      .from(providerServices)
      .where(eq(providerServices.service_provider_id, 1))
      .limit(1);
    const theirs = await save(id, "services", { ...body, Consultation: [{ ...body.Consultation[0], serviceId: others.id }] });
    expect(theirs.status).toBe(400);
    expect(theirs.body.errors["data.Consultation.0.serviceId"]).toBe(M.serviceNotYours);
    const [activity] = await api.db
      .select()
      .from(activities)
      .where(eq(activities.user_id, p.user_id))
      .orderBy(desc(activities.id))
      .limit(1);
    expect(JSON.parse(activity.details!)).toMatchObject({ status: "updated", updated_fields: { services: {} } });
  });

  it("refuses a provider with no service at all, and offers the spec's delivery times", async () => {
    expect(DELIVERY_TIMES).toEqual([
      "1 Day",
      "2 Days",
      "3 Days",
      "4 Days",
      "5 Days",
      "6 Days",
      "7 Days",
      "8 Days",
      "9 Days",
      "10 Days",
      "2 Weeks",
      "3 Weeks",
      "1 Month",
      "1.5 Months",
      "2 Months",
      "3 Months",
      "6 Months",
      "12 Months",
    ]);
    const p = await copy(2);
    const form = await saved(p.serviceProvider_id);
    const categoryId = (form.categories as { category_id: number }).category_id;
    const none = await save(p.serviceProvider_id, "services", {
      category_id: categoryId,
      Consultation: [],
      Service: [],
      Retainership: [],
      AddOnService: [],
    });
    expect(none.status).toBe(400);
    expect(none.body.errors.data).toBe(M.serviceRequired);
    const old = await save(p.serviceProvider_id, "services", {
      ...(form.services as object),
      Consultation: [{ offerings: "x", indiaPrice: "500", deliveryTime: "Same Day" }],
    });
    expect(old.status).toBe(400);
  });

  it("honours the category's settings: the minimum charge, switched-off sub-specializations and experience", async () => {
    const p = await copy(0);
    const id = p.serviceProvider_id;
    const form = await saved(id);
    const categoryId = (form.categories as { category_id: number }).category_id;
    const setting = (await settingOf(categoryId))!;
    expect(setting.charges?.min).toBe("199.00");
    const services = SECTION_SCHEMAS.services.parse(form.services);
    const cheap = await save(id, "services", { ...services, Consultation: [{ ...services.Consultation[0], indiaPrice: "1" }] });
    expect(cheap.status).toBe(400);
    expect(cheap.body.errors["data.Consultation.0.indiaPrice"]).toBe(M.chargeRange(setting.charges!.min, setting.charges!.max));

    // a category whose settings switch sub-specializations and specialization experience off
    const [row] = await api.db.select().from(settings).where(eq(settings.settingName, "CategoryServiceProviderFormSetting"));
    const all = CategoryServiceProviderFormSetting1.parse(row.setting1);
    const [off] = Object.entries(all).filter(([, s]) => !s.fields.subSpecializations && !s.fields.specializationExperience);
    expect(off).toBeDefined();
    const [offId, offSetting] = off;
    const [cat] = await api.db
      .select()
      .from(categories)
      .where(eq(categories.category_id, Number(offId)));
    expect(cat).toBeDefined();
    const fresh = await call(api, "POST", "/test-fixtures/provider-accounts", { actingAdmin: null, body: { password: "Provider@12345" } });
    const freshId = (fresh.body.data as { serviceProvider_id: number }).serviceProvider_id;
    const name = offSetting.specializations[0]?.name ?? "Anything";
    const ok = await save(freshId, "categories", { category_id: Number(offId), specializations: [{ specialization: name }] });
    expect(ok.status, ok.text).toBe(201);
    const subs = await save(freshId, "categories", {
      category_id: Number(offId),
      specializations: [{ specialization: name, subSpecialization: ["X"], subSpecializationExp: [null] }],
    });
    expect(subs.status).toBe(400);
    expect(subs.body.errors["data.specializations.0.subSpecialization"]).toBe(M.subSpecializationsOff);
    // where experience is on, it is required
    const on = await save(id, "categories", {
      category_id: categoryId,
      specializations: [{ specialization: setting.specializations[0].name }],
    });
    expect(setting.fields.specializationExperience).toBe(true);
    expect(on.status).toBe(400);
    expect(on.body.errors["data.specializations.0.experience"]).toBe(
      M.experienceRange(setting.specializationExperience.min, setting.specializationExperience.max),
    );
  });

  it("stores the Professional Profile sanitised and serves it so; one that is only markup is refused (issue 29)", async () => {
    const p = await copy(1);
    const id = p.serviceProvider_id;
    const details = SECTION_SCHEMAS.service_details.parse((await saved(id)).service_details);
    const raw = `<p onmouseover="steal()">Ten years<script>alert(1)</script> of <strong>GST</strong> work.<img src=x onerror=alert(2)></p><p><a href="javascript:alert(3)">me</a></p>`;
    const answer = await save(id, "service_details", { ...details, professionalProfile: raw });
    expect(answer.status, answer.text).toBe(201);
    const clean = `<p>Ten years of <strong>GST</strong> work.</p><p><a rel="noopener noreferrer">me</a></p>`;
    expect((await detail(id)).profile?.professionalProfile).toBe(clean);
    expect(SECTION_SCHEMAS.service_details.parse((await saved(id)).service_details).professionalProfile).toBe(clean);
    const onlyMarkup = await save(id, "service_details", {
      ...details,
      professionalProfile: `<img src=x onerror=alert(1)><script>alert(2)</script>`,
    });
    expect(onlyMarkup.status).toBe(400);
    expect(onlyMarkup.body.errors["data.professionalProfile"]).toBe(M.profileRequired);
    expect((await detail(id)).profile?.professionalProfile).toBe(clean);
  });

  it("keeps coreExpertise, globalExpertise, portfolioLink and the catchy line apart from the tagline; the details show them", async () => {
    const p = await copy(1);
    const id = p.serviceProvider_id;
    const form = await saved(id);
    const details = {
      ...SECTION_SCHEMAS.service_details.parse(form.service_details),
      coreExpertise: "GST for exporters",
      globalExpertise: "Clients in Dubai",
      portfolioLink: "https://example.com/work",
      catchyLine: "Short and sweet",
      tagline: "Practical help for growing businesses every day",
    };
    const answer = await save(id, "service_details", details);
    expect(answer.status, answer.text).toBe(201);
    const shown = await detail(id);
    expect(shown.profile).toMatchObject({
      coreExpertise: "GST for exporters",
      globalExpertise: "Clients in Dubai",
      portfolioLink: "https://example.com/work",
      tagline: "Practical help for growing businesses every day",
    });
    expect(shown.catchyLine).toBe("Short and sweet");
    const bad = await save(id, "service_details", { ...details, portfolioLink: "example.com" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors["data.portfolioLink"]).toBe(M.portfolioLinkFormat);
    const [activity] = await api.db
      .select()
      .from(activities)
      .where(eq(activities.user_id, p.user_id))
      .orderBy(desc(activities.id))
      .limit(1);
    expect(JSON.parse(activity.details!).updated_fields).toMatchObject({
      coreExpertise: { new: "GST for exporters" },
      catchyLine: { new: "Short and sweet" },
    });
  });
});
