import { describe, expect, it } from "vitest";
import * as route from "~/routes/admin.settings";
import { SETTING_MESSAGES } from "~contract/setting-labels";
import { CHOOSE_SUB_CATEGORIES, CREATE_SERVICE_INTENTS, unknownSubCategoryMessage } from "~/models/settings-tabs";
import { apiCall, callRoute, expectRedirect, readToast, requestAs, statusOf } from "../support/routes";
import { newCategory, readSetting } from "../support/records";

type Section = { enabled: boolean; options: string[] };
type TypeEntry = { limits: Section; inclusions: Section; offerings: Section };
type Entry = { Retainership?: TypeEntry; Services?: TypeEntry };
type Setting1 = Record<string, Record<string, Entry>>;
type Setting2 = Record<string, { subCategories: "all" | number[]; enabled: boolean }>;
type Category = { category_id: number; categoryName: string };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- loader/action payloads read by property
function payload(result: unknown): any {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: unknown }).data;
  return result;
}

const tabUrl = (category?: number, sub?: string | number) =>
  `/admin/settings?tab=create-service${category ? `&category=${category}` : ""}${sub !== undefined ? `&sub=${sub}` : ""}`;
const load = async (category?: number, sub?: string | number) =>
  payload(await callRoute(route, await requestAs("admin", tabUrl(category, sub)))).panel.data;
const post = async (url: string, form: Record<string, string | string[]>) => callRoute(route, await requestAs("admin", url, { form }));

/** A category of the test's own with two sub-categories. */
async function categoryWithSubs(): Promise<{ category: Category; subs: Category[] }> {
  const category = await newCategory<Category>(apiCall);
  const subs = await Promise.all([1, 2].map(() => newCategory<Category>(apiCall, { parentCategoryId: category.category_id })));
  return { category, subs: subs.sort((a, b) => a.category_id - b.category_id) };
}

const section = (enabled: boolean, options: string[]): Section => ({ enabled, options });
const typeEntry = (options: string[] = [], enabled = true): TypeEntry => ({
  limits: section(enabled, options),
  inclusions: section(false, []),
  offerings: section(
    enabled,
    options.map((o) => `${o} offering`),
  ),
});

/** Form 2 as the page posts it (without JS: each list's options and one blank input). */
function entryForm(frame: { version: string; part: string }, entry: Entry): Record<string, string> {
  const form: Record<string, string> = { intent: CREATE_SERVICE_INTENTS.entry, version: frame.version, part: frame.part };
  for (const [type, value] of Object.entries(entry) as [string, TypeEntry][]) {
    form[`${type}.offered`] = "on";
    for (const [name, s] of Object.entries(value) as [string, Section][]) {
      if (s.enabled) form[`${type}.${name}.enabled`] = "on";
      [...s.options, ""].forEach((option, i) => (form[`${type}.${name}.options.${i}`] = option));
    }
  }
  return form;
}
function coverageForm(
  frame: { version: string; part: string },
  values: { enabled: boolean; cover: "all" | "chosen"; subCategories?: number[] },
) {
  const form: Record<string, string | string[]> = {
    intent: CREATE_SERVICE_INTENTS.coverage,
    version: frame.version,
    part: frame.part,
    cover: values.cover,
  };
  if (values.enabled) form.enabled = "on";
  if (values.subCategories) form.subCategories = values.subCategories.map(String);
  return form;
}

const stored = () => readSetting<Setting1>(apiCall, "CreateServicesSetting");
const storedEntry = async (category: number, sub: string | number) => ((await stored()).setting1 ?? {})[category]?.[String(sub)];
const storedCoverage = async (category: number) => (((await stored()).setting2 ?? {}) as Setting2)[category];

/** Another admin saves through the API (read, change, PUT; again when someone saved in between). */
async function saveThroughApi(
  change: (now: { setting1: Setting1; setting2: Setting2 }) => { setting1?: Setting1; setting2?: Setting2 },
  actingAdmin: "catalog" | "support" = "catalog",
) {
  for (let attempt = 0; ; attempt++) {
    const now = await stored();
    try {
      await apiCall("/upsert-setting?setting_name=CreateServicesSetting", {
        method: "PUT",
        actingAdmin,
        body: {
          settingName: "CreateServicesSetting",
          ...change({ setting1: now.setting1 ?? {}, setting2: (now.setting2 ?? {}) as Setting2 }),
          updated_at: now.updated_at,
        },
      });
      return;
    } catch (error) {
      if (attempt > 3) throw error;
    }
  }
}

describe("Create Service Settings tab", () => {
  it("asks for a category first, then offers its sub-categories (absent = all); unknown ones are told", async () => {
    const none = await load();
    expect(none.categoryMessage).toBe(SETTING_MESSAGES.selectCategory);
    expect(none.entry).toBeNull();
    expect(payload(await callRoute(route, await requestAs("admin", tabUrl(2147483000)))).panel.data.categoryMessage).toBe(
      SETTING_MESSAGES.unknownCategory,
    );

    const { category, subs } = await categoryWithSubs();
    const all = await load(category.category_id);
    expect(all.category).toEqual({ id: category.category_id, name: category.categoryName });
    expect(all.subCategories).toEqual(subs.map((s) => ({ id: s.category_id, name: s.categoryName })));
    expect(all.sub).toEqual({ key: "all", name: "All sub-categories" });
    expect(all.coverage.draft).toEqual({ enabled: false, cover: "all", subCategories: [] });
    expect(all.entry.draft.Retainership).toEqual({ offered: false, ...typeEntry([], false) });
    expect((await load(category.category_id, "all")).sub.key).toBe("all");
    expect((await load(category.category_id, subs[1].category_id)).sub).toEqual({
      key: String(subs[1].category_id),
      name: subs[1].categoryName,
    });

    // a sub-category of another category, or not an id, is unknown here: no entry form, a message
    const other = await categoryWithSubs();
    for (const bad of [other.subs[0].category_id, "x1"]) {
      const panel = await load(category.category_id, bad);
      expect(panel.sub).toBeNull();
      expect(panel.entry).toBeNull();
      expect(panel.subMessage).toBe(unknownSubCategoryMessage(category.categoryName));
      expect(panel.coverage.draft).toBeTruthy();
    }
    const refused = await post(
      tabUrl(category.category_id, other.subs[0].category_id),
      entryForm(all.entry.frame, { Services: typeEntry(["A"]) }),
    );
    expect(statusOf(refused)).toBe(400);
    expect(payload(refused).fieldErrors).toEqual({ sub: unknownSubCategoryMessage(category.categoryName) });
    expect(payload(refused).repopulateFields.Services.limits.options).toEqual(["A"]);
    expect(await storedEntry(category.category_id, other.subs[0].category_id)).toBeUndefined();

    const noCategory = payload(await post(tabUrl(), coverageForm(none.coverage.frame, { enabled: true, cover: "all" })));
    expect(noCategory.fieldErrors).toEqual({ category: SETTING_MESSAGES.selectCategory });
  });

  it("saves the category's coverage (on, the ticked sub-categories or all) and reads it back", async () => {
    const { category, subs } = await categoryWithSubs();
    const panel = await load(category.category_id, subs[0].category_id);
    const saved = expectRedirect(
      await post(
        tabUrl(category.category_id, subs[0].category_id),
        coverageForm(panel.coverage.frame, { enabled: true, cover: "chosen", subCategories: [subs[1].category_id] }),
      ),
      tabUrl(category.category_id, subs[0].category_id),
    );
    expect(await readToast(saved)).toMatchObject({ type: "success", message: "Settings Saved Successfully" });
    expect(await storedCoverage(category.category_id)).toEqual({ enabled: true, subCategories: [subs[1].category_id] });
    const again = await load(category.category_id);
    expect(again.coverage.draft).toEqual({ enabled: true, cover: "chosen", subCategories: [String(subs[1].category_id)] });
    expect(again.coverage.frame.lastSaved).toMatch(/ by admin$/);

    expectRedirect(
      await post(
        tabUrl(category.category_id),
        coverageForm(again.coverage.frame, { enabled: false, cover: "all", subCategories: [subs[0].category_id] }),
      ),
      tabUrl(category.category_id),
    );
    expect(await storedCoverage(category.category_id)).toEqual({ enabled: false, subCategories: "all" });
  });

  it("refuses a chosen set with nothing ticked, and a sub-category of another category (the API's message), keeping the values", async () => {
    const { category } = await categoryWithSubs();
    const other = await categoryWithSubs();
    const panel = await load(category.category_id);
    const empty = await post(tabUrl(category.category_id), coverageForm(panel.coverage.frame, { enabled: true, cover: "chosen" }));
    expect(statusOf(empty)).toBe(400);
    expect(payload(empty).fieldErrors).toEqual({ subCategories: CHOOSE_SUB_CATEGORIES });
    expect(payload(empty).repopulateFields).toMatchObject({ enabled: true, cover: "chosen", subCategories: [] });

    const foreign = await post(
      tabUrl(category.category_id),
      coverageForm(panel.coverage.frame, { enabled: true, cover: "chosen", subCategories: [other.subs[0].category_id] }),
    );
    expect(statusOf(foreign)).toBe(400);
    expect(payload(foreign).fieldErrors).toEqual({ "subCategories.0": SETTING_MESSAGES.notASubCategory });
    expect(payload(foreign).repopulateFields.subCategories).toEqual([String(other.subs[0].category_id)]);
    expect(await storedCoverage(category.category_id)).toBeUndefined();
  });

  it("saves a sub-category's service types with their limits, inclusions and offerings; a type left out is not offered", async () => {
    const { category, subs } = await categoryWithSubs();
    const sub = subs[0].category_id;
    const panel = await load(category.category_id, sub);
    const entry: Entry = { Retainership: typeEntry(["Monthly", " 10 hours "]) };
    const form = entryForm(panel.entry.frame, entry);
    form["Retainership.inclusions.options.0"] = "";
    form["Retainership.inclusions.options.1"] = "Weekly call";
    // Services: its lists typed but the type not ticked, so not offered and not kept
    form["Services.limits.options.0"] = "Ignored";
    const saved = expectRedirect(await post(tabUrl(category.category_id, sub), form), tabUrl(category.category_id, sub));
    expect(await readToast(saved)).toMatchObject({ type: "success", message: "Settings Saved Successfully" });
    expect(await storedEntry(category.category_id, sub)).toEqual({
      Retainership: {
        limits: { enabled: true, options: ["Monthly", "10 hours"] },
        inclusions: { enabled: false, options: ["Weekly call"] },
        offerings: { enabled: true, options: ["Monthly offering", "10 hours  offering"] },
      },
    });
    const again = await load(category.category_id, sub);
    expect(again.entry.draft.Retainership).toMatchObject({ offered: true, limits: { enabled: true, options: ["Monthly", "10 hours"] } });
    expect(again.entry.draft.Services.offered).toBe(false);
    // "all" is its own entry
    expect((await load(category.category_id, "all")).entry.draft.Retainership.offered).toBe(false);

    expectRedirect(
      await post(tabUrl(category.category_id, "all"), entryForm(again.entry.frame, { Services: typeEntry(["Logo"]) })),
      tabUrl(category.category_id, "all"),
    );
    expect(await storedEntry(category.category_id, "all")).toEqual({ Services: typeEntry(["Logo"]) });
    expect((await storedEntry(category.category_id, sub))?.Retainership?.limits.options).toEqual(["Monthly", "10 hours"]);
  });

  it("refuses 11 options and a repeat with the spec's messages beside the lists, keeping every value and saving nothing", async () => {
    const { category, subs } = await categoryWithSubs();
    const sub = subs[1].category_id;
    const panel = await load(category.category_id, sub);
    const eleven = Array.from({ length: 11 }, (_, i) => `Option ${i + 1}`);
    const form = entryForm(panel.entry.frame, {
      Retainership: typeEntry(eleven),
      Services: { limits: section(true, ["Logo", "Banner", "logo "]), inclusions: section(true, eleven), offerings: section(false, []) },
    });
    const refused = await post(tabUrl(category.category_id, sub), form);
    expect(statusOf(refused)).toBe(400);
    const body = payload(refused);
    expect(body.fieldErrors).toEqual({
      "Retainership.limits.options": SETTING_MESSAGES.maxRetainership,
      "Retainership.offerings.options": SETTING_MESSAGES.maxRetainership,
      "Services.limits.options.2": 'Option Already Added: "Logo"',
      "Services.inclusions.options": SETTING_MESSAGES.maxServices,
    });
    expect(body.repopulateFields.Retainership.limits.options).toEqual(eleven);
    expect(body.repopulateFields.Services.limits).toEqual({ enabled: true, options: ["Logo", "Banner", "logo "] });
    expect(body.repopulateFields.Services.offered).toBe(true);
    expect(body.repopulateFields.version).toBe(panel.entry.frame.version);
    expect(await storedEntry(category.category_id, sub)).toBeUndefined();
  });

  it("answers a stale save of the same entry with who saved it, keeps the values, and Save again replaces theirs", async () => {
    const { category, subs } = await categoryWithSubs();
    const sub = subs[0].category_id;
    const panel = await load(category.category_id, sub);
    await saveThroughApi(({ setting1 }) => ({
      setting1: { ...setting1, [category.category_id]: { [sub]: { Services: typeEntry(["Theirs"]) } } },
    }));
    // then someone else saves another category: the message still names who changed this entry
    const elsewhere = await categoryWithSubs();
    await saveThroughApi(({ setting1 }) => ({ setting1: { ...setting1, [elsewhere.category.category_id]: { all: {} } } }), "support");
    expect((await stored()).updated_by).not.toBe("catalog");

    const mine: Entry = { Services: typeEntry(["Mine"]) };
    const stale = await post(tabUrl(category.category_id, sub), entryForm(panel.entry.frame, mine));
    expect(statusOf(stale)).toBe(409);
    const body = payload(stale);
    expect(body.formError).toContain("catalog saved these settings at");
    expect(body.conflict.updatedBy).toBe("catalog");
    expect(body.repopulateFields.Services.limits.options).toEqual(["Mine"]);
    expect((await storedEntry(category.category_id, sub))?.Services?.limits.options).toEqual(["Theirs"]);

    expectRedirect(
      await post(tabUrl(category.category_id, sub), entryForm(body.repopulateFields, mine)),
      tabUrl(category.category_id, sub),
    );
    expect(await storedEntry(category.category_id, sub)).toEqual(mine);
  });

  it("answers a stale save of the coverage with who saved it", async () => {
    const { category } = await categoryWithSubs();
    const panel = await load(category.category_id);
    await saveThroughApi(({ setting2 }) => ({
      setting2: { ...setting2, [category.category_id]: { enabled: true, subCategories: "all" } },
    }));
    const stale = await post(tabUrl(category.category_id), coverageForm(panel.coverage.frame, { enabled: false, cover: "all" }));
    expect(statusOf(stale)).toBe(409);
    expect(payload(stale).conflict.updatedBy).toBe("catalog");
    expect(payload(stale).repopulateFields.enabled).toBe(false);
    expect(await storedCoverage(category.category_id)).toEqual({ enabled: true, subCategories: "all" });
  });

  it("merges a save made meanwhile to another part (another sub-category, the coverage) without a conflict", async () => {
    const { category, subs } = await categoryWithSubs();
    const [mine, theirs] = subs.map((s) => s.category_id);
    const panel = await load(category.category_id, mine);
    await saveThroughApi(({ setting1, setting2 }) => ({
      setting1: { ...setting1, [category.category_id]: { [theirs]: { Retainership: typeEntry(["Theirs"]) } } },
      setting2: { ...setting2, [category.category_id]: { enabled: true, subCategories: [theirs] } },
    }));
    expectRedirect(
      await post(tabUrl(category.category_id, mine), entryForm(panel.entry.frame, { Services: typeEntry(["Mine"]) })),
      tabUrl(category.category_id, mine),
    );
    expect(await storedEntry(category.category_id, mine)).toEqual({ Services: typeEntry(["Mine"]) });
    expect(await storedEntry(category.category_id, theirs)).toEqual({ Retainership: typeEntry(["Theirs"]) });
    expect(await storedCoverage(category.category_id)).toEqual({ enabled: true, subCategories: [theirs] });
  });

  it("saves a sub-category's entry while another entry of the category names a sub-category deleted since", async () => {
    const { category, subs } = await categoryWithSubs();
    const [gone, mine] = subs.map((s) => s.category_id);
    const panel = await load(category.category_id, mine);
    await saveThroughApi(({ setting1 }) => ({
      setting1: { ...setting1, [category.category_id]: { [gone]: { Services: typeEntry(["Old"]) } } },
    }));
    await apiCall(`/remove-category?category_id=${gone}`, { method: "DELETE", actingAdmin: "admin" });
    expectRedirect(
      await post(tabUrl(category.category_id, mine), entryForm(panel.entry.frame, { Services: typeEntry(["Mine"]) })),
      tabUrl(category.category_id, mine),
    );
    const stored = (
      await readSetting<Record<string, Record<string, { Services: { limits: { options: string[] } } }>>>(apiCall, "CreateServicesSetting")
    ).setting1!;
    expect(stored[category.category_id][mine].Services.limits.options).toEqual(["Mine"]);
    // the deleted sub-category's entry is kept as it was (the audit log still shows it)
    expect(stored[category.category_id][gone].Services.limits.options).toEqual(["Old"]);
  });

  it("refuses an unknown intent", async () => {
    expect(statusOf(await post(tabUrl(), { intent: "explode" }))).toBe(400);
  });
});
