/**
 * /admin/settings?tab=category (Category Settings, CategoryServiceProviderFormSetting): the loader
 * and the save-category action against the real API. Every test that saves makes its own
 * categories, so it only ever changes entries no other test reads.
 */
import { describe, expect, it } from "vitest";
import * as route from "~/routes/admin.settings";
import { PROVIDER_FORM_FIELDS, SETTING_MESSAGES as M, type ProviderFormCategory } from "~contract/settings";
import { OFFERING_TYPES } from "../../app/models/setting-labels";
import type { CategorySettingsDraft } from "~/models/settings-tabs";
import { newCategory, readSetting as readRecord } from "../support/records";
import { apiCall, callRoute, expectRedirect, readToast, requestAs, statusOf, type DemoAdminName } from "../support/routes";

const NAME = "CategoryServiceProviderFormSetting";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- loader/action payloads read by property
function payload(result: unknown): any {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: unknown }).data;
  return result;
}

/** A new top-level category of the test's own: its id. */
const createCategory = async () => (await newCategory(apiCall)).category_id;

const readSetting = () => readRecord<Record<string, ProviderFormCategory>>(apiCall, NAME);
const entryOf = async (category: number) => (await readSetting()).setting1?.[category];

/** Saves one category's entry through the API, as `who`. */
async function putEntry(category: number, entry: Partial<ProviderFormCategory>, who: DemoAdminName = "admin") {
  const stored = await readSetting();
  return apiCall(`/upsert-setting?setting_name=${NAME}`, {
    method: "PUT",
    actingAdmin: who,
    body: { settingName: NAME, setting1: { ...(stored.setting1 ?? {}), [category]: entry }, updated_at: stored.updated_at },
  });
}

const tabUrl = (category?: number | string) => `/admin/settings?tab=category${category === undefined ? "" : `&category=${category}`}`;
const load = async (category?: number | string) => payload(await callRoute(route, await requestAs("admin", tabUrl(category))));
const post = async (category: number, form: Record<string, string>) =>
  callRoute(route, await requestAs("admin", tabUrl(category), { form }));

const draft = (changes: Partial<CategorySettingsDraft> = {}): CategorySettingsDraft => ({
  fields: Object.fromEntries(PROVIDER_FORM_FIELDS.map((f) => [f, false])) as CategorySettingsDraft["fields"],
  offerings: { Consultation: [], Service: [], Retainership: [], AddOnService: [] },
  specializations: [],
  totalExperience: { min: "0", max: "29" },
  specializationExperience: { min: "1", max: "40" },
  charges: { min: "", max: "" },
  ...changes,
});

/** The form as the browser posts it (a checked box posts "on"; each list as dotted names). */
function formOf(values: CategorySettingsDraft, frame: { version: string; part: string }): Record<string, string> {
  const form: Record<string, string> = { intent: "save-category", version: frame.version, part: frame.part };
  for (const f of PROVIDER_FORM_FIELDS) if (values.fields[f]) form[`fields.${f}`] = "on";
  for (const t of OFFERING_TYPES) values.offerings[t].forEach((o, i) => (form[`offerings.${t}.${i}`] = o));
  values.specializations.forEach((s, i) => {
    form[`specializations.${i}.name`] = s.name;
    s.subSpecializations.forEach((sub, j) => (form[`specializations.${i}.subSpecializations.${j}`] = sub));
  });
  for (const key of ["totalExperience", "specializationExperience", "charges"] as const) {
    form[`${key}.min`] = values[key].min;
    form[`${key}.max`] = values[key].max;
  }
  return form;
}

const options = (n: number, label = "Option") => Array.from({ length: n }, (_, i) => `${label} ${i + 1}`);

describe("Category Settings: the loader", () => {
  it("asks for a category first, and says when the one in the URL is unknown", async () => {
    const none = await load();
    expect(none.tab).toBe("category");
    expect(none.panel.data).toMatchObject({ category: null, categoryMessage: "Please select a category" });
    expect(none.panel.data.categories.length).toBeGreaterThan(0);
    expect(none.panel.data.frame.version).toBe("");

    const unknown = await load(2147483000);
    expect(unknown.panel.data).toMatchObject({ category: null, categoryMessage: M.unknownCategory });
    expect((await load("abc")).panel.data.categoryMessage).toBe(M.unknownCategory);
  });

  it("shows the defaults for a category never saved, then the stored entry", async () => {
    const category = await createCategory();
    const fresh = (await load(category)).panel.data;
    expect(fresh.category).toMatchObject({ id: category });
    expect(fresh.categoryMessage).toBeNull();
    expect(fresh.draft).toEqual(draft());

    await putEntry(category, {
      fields: { ...draft().fields, about: true, charges: true },
      offerings: { Consultation: ["30 Minutes Call"], Service: ["Audit"], Retainership: [], AddOnService: ["Urgent"] },
      specializations: [{ name: "GST", subSpecializations: ["Returns", "Audit"] }],
      totalExperience: { min: 2, max: 20 },
      specializationExperience: { min: 1, max: 15 },
      charges: { min: "99.50", max: "5000.00" },
    });
    const stored = (await load(category)).panel.data;
    expect(stored.draft).toEqual(
      draft({
        fields: { ...draft().fields, about: true, charges: true },
        offerings: { Consultation: ["30 Minutes Call"], Service: ["Audit"], Retainership: [], AddOnService: ["Urgent"] },
        specializations: [{ name: "GST", subSpecializations: ["Returns", "Audit"] }],
        totalExperience: { min: "2", max: "20" },
        specializationExperience: { min: "1", max: "15" },
        charges: { min: "99.50", max: "5000.00" },
      }),
    );
    expect(stored.frame.version).toBe((await readSetting()).updated_at);
    expect(stored.frame.lastSaved).toMatch(/ by admin$/);
    expect(stored.frame.part).not.toBe(fresh.frame.part);
  });
});

describe("Category Settings: saving", () => {
  it("saves the category's form and reads it back, leaving the other categories' entries as they were", async () => {
    const [category, other] = [await createCategory(), await createCategory()];
    await putEntry(other, { offerings: { Consultation: ["Theirs"], Service: [], Retainership: [], AddOnService: [] } });
    const { frame } = (await load(category)).panel.data;
    const typed = draft({
      fields: { ...draft().fields, profilePhoto: true, totalExperience: true, charges: true },
      offerings: {
        Consultation: ["15 Minutes Call", " 30 Minutes Call "],
        Service: ["Audit"],
        Retainership: ["Monthly"],
        AddOnService: ["Urgent"],
      },
      specializations: [
        { name: "Corporate Law", subSpecializations: ["Mergers", "Startups"] },
        // a blank name is no specialization (the no-JS blank row)
        { name: " ", subSpecializations: ["Ignored"] },
        { name: "Tax", subSpecializations: [] },
      ],
      totalExperience: { min: "3", max: "25" },
      specializationExperience: { min: "2", max: "30" },
      charges: { min: "499.5", max: "10000" },
    });
    const form = formOf(typed, frame);
    form["offerings.Service.5"] = ""; // blank slots post nothing of use
    const saved = expectRedirect(await post(category, form), tabUrl(category));
    expect(saved.headers.get("Location")).toBe(tabUrl(category));
    expect(await readToast(saved)).toMatchObject({ type: "success", message: "Settings Saved Successfully" });

    expect(await entryOf(category)).toEqual({
      fields: { ...draft().fields, profilePhoto: true, totalExperience: true, charges: true },
      offerings: {
        Consultation: ["15 Minutes Call", "30 Minutes Call"],
        Service: ["Audit"],
        Retainership: ["Monthly"],
        AddOnService: ["Urgent"],
      },
      specializations: [
        { name: "Corporate Law", subSpecializations: ["Mergers", "Startups"] },
        { name: "Tax", subSpecializations: [] },
      ],
      totalExperience: { min: 3, max: 25 },
      specializationExperience: { min: 2, max: 30 },
      charges: { min: "499.50", max: "10000.00" },
    });
    expect((await entryOf(other))?.offerings.Consultation).toEqual(["Theirs"]);
    expect((await readSetting()).updated_by).toBe("admin");

    // read back: what the tab shows now
    const again = (await load(category)).panel.data;
    expect(again.draft.offerings.Consultation).toEqual(["15 Minutes Call", "30 Minutes Call"]);
    expect(again.draft.charges).toEqual({ min: "499.50", max: "10000.00" });
    expect(again.draft.fields.profilePhoto).toBe(true);
    expect(again.draft.fields.about).toBe(false);

    // unchecking every field and clearing the charges: all off, no bound
    const cleared = expectRedirect(await post(category, formOf(draft(), again.frame)), tabUrl(category));
    expect(await readToast(cleared)).toMatchObject({ message: "Settings Saved Successfully" });
    const after = await entryOf(category);
    expect(Object.values(after!.fields).every((on) => on === false)).toBe(true);
    expect(after!.charges).toBeNull();
    expect(after!.specializations).toEqual([]);
  });

  it("refuses each rule with its message beside the field, the typed values kept and nothing saved", async () => {
    const category = await createCategory();
    const { frame } = (await load(category)).panel.data;
    const refused = async (values: CategorySettingsDraft) => {
      const result = await post(category, formOf(values, frame));
      expect(statusOf(result)).toBe(400);
      const data = payload(result);
      expect(data.intent).toBe("save-category");
      expect(data.repopulateFields).toMatchObject({ ...values, version: frame.version, part: frame.part });
      return data.fieldErrors;
    };

    const repeats = draft({
      offerings: {
        Consultation: [],
        Service: ["Audit", "Filing", " audit "],
        Retainership: ["Monthly  Filing", "monthly filing"],
        AddOnService: [],
      },
      specializations: [
        { name: "GST", subSpecializations: ["A", "a"] },
        { name: "gst", subSpecializations: [] },
      ],
    });
    // the message beside the repeat names the option it repeats (issue 29)
    expect(await refused(repeats)).toEqual({
      "offerings.Service.2": 'Option Already Added: "Audit"',
      "offerings.Retainership.1": 'Option Already Added: "Monthly  Filing"',
      "specializations.0.subSpecializations.1": M.optionRepeats("A"),
      "specializations.1.name": M.optionRepeats("GST"),
    });

    const tooMany = draft({
      offerings: { Consultation: options(11), Service: options(11), Retainership: options(11), AddOnService: options(11) },
      specializations: [{ name: "Tax", subSpecializations: options(7, "Sub") }],
    });
    expect(await refused(tooMany)).toEqual({
      "offerings.Consultation": "Max 10 Consultations are Allowed",
      "offerings.AddOnService": "Max 10 Consultations are Allowed",
      "offerings.Service": "Max 10 Services are Allowed",
      "offerings.Retainership": "Max 10 Retainership are Allowed",
      "specializations.0.subSpecializations": "Max 6 Sub Specialization can be selected",
    });

    // numbers come back exactly as typed
    const outOfRange = draft({
      totalExperience: { min: "-1", max: "30" },
      specializationExperience: { min: "0", max: "41" },
      charges: { min: "abc", max: "12.345" },
    });
    expect(await refused(outOfRange)).toEqual({
      "totalExperience.min": "Total experience must be 0 to 29 years",
      "totalExperience.max": "Total experience must be 0 to 29 years",
      "specializationExperience.min": "Specialization experience must be 1 to 40 years",
      "specializationExperience.max": "Specialization experience must be 1 to 40 years",
      "charges.min": M.chargesNumeric,
      "charges.max": M.chargesNumeric,
    });

    const notNumbers = draft({
      totalExperience: { min: "two", max: "" },
      specializationExperience: { min: "1.5", max: "40" },
      charges: { min: "100", max: "" },
    });
    expect(await refused(notNumbers)).toEqual({
      "totalExperience.min": M.totalExperience,
      "totalExperience.max": M.totalExperience,
      "specializationExperience.min": M.specializationExperience,
      "charges.max": M.chargesNumeric,
    });

    const upsideDown = draft({ totalExperience: { min: "20", max: "5" }, charges: { min: "500", max: "99.99" } });
    expect(await refused(upsideDown)).toEqual({ "totalExperience.max": M.minAboveMax, "charges.max": M.minAboveMax });

    // ten of each and six subs are allowed
    const atTheLimits = draft({
      offerings: { Consultation: options(10), Service: options(10), Retainership: options(10), AddOnService: options(10) },
      specializations: [{ name: "Tax", subSpecializations: options(6, "Sub") }],
    });
    expect(await entryOf(category)).toBeUndefined();
    expectRedirect(await post(category, formOf(atTheLimits, frame)), tabUrl(category));
    expect((await entryOf(category))?.specializations).toEqual([{ name: "Tax", subSpecializations: options(6, "Sub") }]);
  });

  it("answers a stale save of the same category with 409 naming who saved, the values kept; Save again replaces theirs", async () => {
    const category = await createCategory();
    const { frame } = (await load(category)).panel.data;
    await putEntry(category, { offerings: { Consultation: ["Theirs"], Service: [], Retainership: [], AddOnService: [] } }, "catalog");

    const mine = draft({
      offerings: { Consultation: ["Mine"], Service: [], Retainership: [], AddOnService: [] },
      totalExperience: { min: "4", max: "x" },
    });
    // a value the rules refuse is told first: nothing is compared or saved
    expect(statusOf(await post(category, formOf(mine, frame)))).toBe(400);

    const valid = draft({ ...mine, totalExperience: { min: "4", max: "12" } });
    const result = await post(category, formOf(valid, frame));
    expect(statusOf(result)).toBe(409);
    const data = payload(result);
    const now = await readSetting();
    expect(data.conflict.updatedBy).toBe("catalog");
    expect(data.formError).toContain("catalog saved these settings at");
    expect(data.formError).toContain("Nothing was saved");
    expect(data.repopulateFields).toMatchObject({ ...valid, version: now.updated_at });
    expect(data.repopulateFields.part).not.toBe(frame.part);
    expect((await entryOf(category))?.offerings.Consultation).toEqual(["Theirs"]);

    // Save again (the form now carries the newer version and part)
    const again = expectRedirect(await post(category, formOf(valid, data.repopulateFields)), tabUrl(category));
    expect(await readToast(again)).toMatchObject({ message: "Settings Saved Successfully" });
    expect(await entryOf(category)).toMatchObject({ offerings: { Consultation: ["Mine"] }, totalExperience: { min: 4, max: 12 } });
  });

  it("names who changed this category, not who saved another category after them", async () => {
    const [category, other] = [await createCategory(), await createCategory()];
    const { frame } = (await load(category)).panel.data;
    await putEntry(category, { offerings: { Consultation: ["Theirs"], Service: [], Retainership: [], AddOnService: [] } }, "catalog");
    await putEntry(other, { offerings: { Consultation: ["Later"], Service: [], Retainership: [], AddOnService: [] } }, "support");
    expect((await readSetting()).updated_by).toBe("support");

    const result = await post(category, formOf(draft(), frame));
    expect(statusOf(result)).toBe(409);
    expect(payload(result).conflict.updatedBy).toBe("catalog");
    expect(payload(result).formError).toMatch(/^catalog saved these settings at /);
  });

  it("merges a save made meanwhile to another category: no conflict, both kept", async () => {
    const [category, other] = [await createCategory(), await createCategory()];
    const { frame } = (await load(category)).panel.data;
    await putEntry(other, { offerings: { Consultation: [], Service: ["Theirs"], Retainership: [], AddOnService: [] } }, "catalog");
    expect((await readSetting()).updated_at).not.toBe(frame.version);

    const mine = draft({ offerings: { Consultation: [], Service: ["Mine"], Retainership: [], AddOnService: [] } });
    const saved = expectRedirect(await post(category, formOf(mine, frame)), tabUrl(category));
    expect(await readToast(saved)).toMatchObject({ message: "Settings Saved Successfully" });
    expect((await entryOf(category))?.offerings.Service).toEqual(["Mine"]);
    expect((await entryOf(other))?.offerings.Service).toEqual(["Theirs"]);
    expect((await readSetting()).updated_by).toBe("admin");
  });

  it("saves while the setting keeps the entry of a category deleted since", async () => {
    const [gone, category] = [await createCategory(), await createCategory()];
    await putEntry(gone, { offerings: { Consultation: ["Orphan"], Service: [], Retainership: [], AddOnService: [] } });
    await apiCall(`/remove-category?category_id=${gone}`, { method: "DELETE", actingAdmin: "admin" });
    const { frame } = (await load(category)).panel.data;
    const mine = draft({ offerings: { Consultation: ["Mine"], Service: [], Retainership: [], AddOnService: [] } });
    const saved = expectRedirect(await post(category, formOf(mine, frame)), tabUrl(category));
    expect(await readToast(saved)).toMatchObject({ message: "Settings Saved Successfully" });
    expect((await entryOf(category))?.offerings.Consultation).toEqual(["Mine"]);
    // kept as it was: this tab never drops another category's entry
    expect((await entryOf(gone))?.offerings.Consultation).toEqual(["Orphan"]);
  });

  it("reads lists numbered with gaps (a row removed) in their order", async () => {
    const category = await createCategory();
    const { frame } = (await load(category)).panel.data;
    const form = formOf(draft(), frame);
    Object.assign(form, {
      "specializations.1.name": "First",
      "specializations.1.subSpecializations.2": "B",
      "specializations.1.subSpecializations.0": "A",
      "specializations.3.name": "Second",
      "offerings.Service.4": "Later",
      "offerings.Service.2": "Earlier",
    });
    expectRedirect(await post(category, form), tabUrl(category));
    expect(await entryOf(category)).toMatchObject({
      specializations: [
        { name: "First", subSpecializations: ["A", "B"] },
        { name: "Second", subSpecializations: [] },
      ],
      offerings: { Service: ["Earlier", "Later"] },
    });
  });

  it("reads list names written with brackets as the dotted ones (remix-validated-form's path rules)", async () => {
    const category = await createCategory();
    const { frame } = (await load(category)).panel.data;
    const form = formOf(draft(), frame);
    Object.assign(form, {
      "specializations[0].name": "Bracketed",
      "specializations[0].subSpecializations[0]": "Sub",
      "offerings.Consultation[0]": "Call",
    });
    expectRedirect(await post(category, form), tabUrl(category));
    expect(await entryOf(category)).toMatchObject({
      specializations: [{ name: "Bracketed", subSpecializations: ["Sub"] }],
      offerings: { Consultation: ["Call"] },
    });
  });

  it("answers a form whose names cannot be read with a message, saving nothing", async () => {
    const category = await createCategory();
    const { frame } = (await load(category)).panel.data;
    const result = await post(category, { ...formOf(draft(), frame), "__proto__.polluted": "yes" });
    expect(statusOf(result)).toBe(400);
    expect(payload(result)).toMatchObject({ intent: "save-category", formError: "The form could not be read." });
    expect(await entryOf(category)).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("refuses a save without a category, and an unknown intent", async () => {
    const noCategory = await callRoute(route, await requestAs("admin", tabUrl(), { form: formOf(draft(), { version: "", part: "" }) }));
    expect(statusOf(noCategory)).toBe(400);
    expect(payload(noCategory).fieldErrors).toEqual({ category: "Please select a category" });

    const category = await createCategory();
    expect(statusOf(await post(category, { intent: "save-prices" }))).toBe(400);
  });
});
