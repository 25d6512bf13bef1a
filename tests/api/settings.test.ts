import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiErrorBody, ConflictBody } from "~contract/api";
import { AuditEntry } from "~contract/audit-log";
import { AuditPage } from "../../app/models/audit-log";
import { auditPartChanges, changedPaths, partValue, settingPartId, withPathValues } from "~contract/setting-parts";
import {
  DYNAMIC_CONTENT_MAX_LENGTH,
  GeneralSettings,
  SETTING_MESSAGES as M,
  SETTING_NAMES,
  SETTING_SCHEMAS,
  SettingRecord,
  type SettingName,
} from "~contract/settings";
import { auditLog, settings } from "../../api/src/db/schema";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed } from "./helpers";

const Saved = z.object({ data: SettingRecord, message: z.literal("Settings Saved Successfully") });
const All = z.object({ data: GeneralSettings });
const Invalid = ApiErrorBody.extend({ errors: z.record(z.string()) });

const options = (n: number, word = "Option") => Array.from({ length: n }, (_, i) => `${word} ${i + 1}`);

describeEachDriver("settings", (driver) => {
  let api: TestApi;
  /** demo ids: a top-level category with sub-categories, one of its subs, another top, a plan */
  let top: number;
  let sub: number;
  let otherTop: number;
  let plan: number;
  beforeAll(async () => {
    api = await startTestApi({ driver });
    const cats = (await get(api, "/get-all-category")).body.data as { category_id: number; parentCategoryId: number | null }[];
    const tops = cats.filter((c) => c.parentCategoryId === null);
    const withSub = tops.find((t) => cats.some((c) => c.parentCategoryId === t.category_id))!;
    top = withSub.category_id;
    sub = cats.find((c) => c.parentCategoryId === top)!.category_id;
    otherTop = tops.find((t) => t.category_id !== top)!.category_id;
    const plans = (await get(api, "/get-all-plan")).body.data as { plan_id: number }[];
    plan = plans[0].plan_id;
  });
  afterAll(() => api?.close());

  const all = async () => parsed(All, (await get(api, "/get-general-setting")).body).data;
  const current = async (name: SettingName) => (await all())[name];
  const upsert = (name: string, body: Record<string, unknown>, actingAdmin?: number | null, query = name) =>
    call(api, "PUT", "/upsert-setting", { query: { setting_name: query }, body: { settingName: name, ...body }, actingAdmin });
  /** a save on the current version that must succeed */
  async function save(name: SettingName, body: Record<string, unknown>, actingAdmin?: number) {
    const answer = await upsert(name, { ...body, updated_at: (await current(name)).updated_at }, actingAdmin);
    expect(answer.status, answer.text).toBe(200);
    return parsed(Saved, answer.body).data;
  }
  /** a save on the current version that must be refused with 400; its field messages */
  async function refused(name: SettingName, body: Record<string, unknown>) {
    const answer = await upsert(name, { ...body, updated_at: (await current(name)).updated_at });
    expect(answer.status, answer.text).toBe(400);
    return parsed(Invalid, answer.body).errors;
  }
  const history = async (name: string) =>
    parsed(AuditPage, (await get(api, "/audit-entries", { query: { entity: "setting", entity_id: name, page_size: 100 } })).body).data;
  const formCategory = (extra: Record<string, unknown> = {}) => ({ [top]: { fields: { about: true }, ...extra } });

  describe("GET /get-general-setting", () => {
    it("answers all five settings by name, the demo ones in the contract's shapes", async () => {
      const data = await all();
      expect(Object.keys(data).sort()).toEqual([...SETTING_NAMES].sort());
      for (const name of SETTING_NAMES) {
        expect(data[name].settingName).toBe(name);
        expect(data[name].updated_at).not.toBeNull();
        const schemas = SETTING_SCHEMAS[name];
        expect(schemas.setting1.safeParse(data[name].setting1).success, name).toBe(true);
        if (schemas.setting2) expect(schemas.setting2.safeParse(data[name].setting2).success, name).toBe(true);
        else expect(data[name].setting2).toBeNull();
      }
      // every tab has content: every demo top-level category priced for every plan, etc.
      const pricing = data.PricingSetting.setting1 as Record<string, Record<string, string>>;
      expect(pricing[String(top)][String(plan)]).toMatch(/^\d+\.\d{2}$/);
      expect((data.DynamicContent.setting1 as Record<string, string>).ChoosePlans).toContain("<h2>");
      expect((data.CreateServicesSetting.setting2 as Record<string, unknown>)[String(top)]).toBeTruthy();
    });

    it("answers a setting never saved with nulls", async () => {
      await api.db.delete(settings).where(eq(settings.settingName, "DynamicContent"));
      expect(await current("DynamicContent")).toEqual({
        settingName: "DynamicContent",
        setting1: null,
        setting2: null,
        updated_at: null,
        updated_by: null,
      });
    });

    it("refuses a call without the secret", async () => {
      expect((await get(api, "/get-general-setting", { key: null })).status).toBe(401);
    });
  });

  describe("PUT /upsert-setting", () => {
    it("creates a setting never saved (no updated_at), audited as a create", async () => {
      await api.db.delete(settings).where(eq(settings.settingName, "DynamicContent"));
      const withVersion = await upsert("DynamicContent", { setting1: { Category: "<p>x</p>" }, updated_at: new Date().toISOString() });
      expect(withVersion.status).toBe(400);
      expect(withVersion.body.errors).toEqual({ updated_at: M.notSavedYet });

      const answer = await upsert("DynamicContent", { setting1: { Category: "<p>Pick one</p>" }, updated_at: null });
      expect(answer.status, answer.text).toBe(200);
      const saved = parsed(Saved, answer.body).data;
      expect(saved).toMatchObject({ settingName: "DynamicContent", updated_by: "admin" });
      expect(saved.setting1).toEqual({ Category: "<p>Pick one</p>", CreateService: "", AddService: "", Documents: "", ChoosePlans: "" });
      expect(await current("DynamicContent")).toEqual(saved);
      // one entry per block (the part the Content tab saves), the block's text as its whole value
      const [entry] = await history("DynamicContent/Category");
      expect(entry).toMatchObject({ action: "create", admin_username: "admin", before: null, after: { "": "<p>Pick one</p>" } });
    });

    it("lets only one of two first saves at the same time win; the other gets 409", async () => {
      await api.db.delete(settings).where(eq(settings.settingName, "PricingSetting"));
      const answers = await Promise.all([
        upsert("PricingSetting", { setting1: { [top]: { [plan]: "10" } } }, 1),
        upsert("PricingSetting", { setting1: { [top]: { [plan]: "20" } } }, 2),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const winner = answers.find((a) => a.status === 200)!;
      const loser = answers.find((a) => a.status === 409)!;
      expect(loser.body.updated_by).toBe(winner.body.data.updated_by);
      expect(await current("PricingSetting")).toEqual(winner.body.data);
      expect((await history(`PricingSetting/${top}`)).filter((e) => e.action === "create")).toHaveLength(1);
    });

    it("sanitises rich text on save: no scripts, handlers or javascript: links", async () => {
      const saved = await save("DynamicContent", {
        setting1: {
          Documents:
            '<p onclick="steal()">Upload <strong>PAN</strong></p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>',
        },
      });
      const html = (saved.setting1 as Record<string, string>).Documents;
      expect(html).toBe('<p>Upload <strong>PAN</strong></p><a rel="noopener noreferrer">x</a>');
    });

    it("refuses rich text over the length limit with the message, naming the block", async () => {
      const errors = await refused("DynamicContent", { setting1: { AddService: "x".repeat(DYNAMIC_CONTENT_MAX_LENGTH + 1) } });
      expect(errors).toEqual({ "setting1.AddService": M.contentTooLong });
    });

    it("saves on the loaded version, answers the message, and audits only the changed part", async () => {
      const before = await current("CreateServicesSetting");
      const setting1 = {
        [top]: {
          all: {
            Services: {
              limits: { enabled: true, options: ["2 revisions"] },
              inclusions: { enabled: false, options: [] },
              offerings: { enabled: true, options: ["Basic"] },
            },
          },
          [sub]: {
            Retainership: { limits: { enabled: true, options: ["4 calls"] }, inclusions: { enabled: true }, offerings: { enabled: false } },
          },
        },
      };
      const answer = await upsert("CreateServicesSetting", { setting1, setting2: before.setting2, updated_at: before.updated_at }, 2);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.message).toBe("Settings Saved Successfully");
      const saved = parsed(Saved, answer.body).data;
      expect(saved.updated_by).toBe("support");
      expect(new Date(saved.updated_at!).getTime()).toBeGreaterThan(new Date(before.updated_at!).getTime());
      expect(saved.setting2).toEqual(before.setting2);
      expect(
        (saved.setting1 as Record<string, Record<string, { Retainership: { inclusions: unknown } }>>)[top][sub].Retainership.inclusions,
      ).toEqual({
        enabled: true,
        options: [],
      });
      // one entry per part changed (a category's entry per sub-category): its changed fields take it from before to after
      const part = { name: "CreateServicesSetting" as const, slot: "setting1" as const, keys: [String(top), String(sub)] };
      const [entry] = await history(settingPartId(part));
      expect(entry).toMatchObject({ action: "update", admin_username: "support", entity_id: `CreateServicesSetting/${top}/${sub}` });
      expect(withPathValues(partValue(before, part), changedPaths(entry as never), entry.after as Record<string, unknown>)).toEqual(
        partValue(saved, part),
      );
      expect(withPathValues(partValue(saved, part), changedPaths(entry as never), entry.before as Record<string, unknown>)).toEqual(
        partValue(before, part),
      );

      // setting2 alone; setting1 left as it is
      const setting2 = { [top]: { subCategories: [sub], enabled: true } };
      const again = await save("CreateServicesSetting", { setting2 });
      expect(again.setting1).toEqual(saved.setting1);
      expect(again.setting2).toEqual(setting2);
      const coverage = { name: "CreateServicesSetting" as const, slot: "setting2" as const, keys: [String(top)] };
      const [second] = await history(settingPartId(coverage));
      expect(withPathValues(partValue(before, coverage), changedPaths(second as never), second.after as Record<string, unknown>)).toEqual(
        setting2[top],
      );
      expect(withPathValues(setting2[top], changedPaths(second as never), second.before as Record<string, unknown>)).toEqual(
        partValue(before, coverage),
      );
    });

    it("writes nothing for a save that changes nothing", async () => {
      const loaded = await current("GeneralSetting");
      const entries = (await history("GeneralSetting")).length;
      const answer = await upsert("GeneralSetting", { setting1: loaded.setting1, updated_at: loaded.updated_at });
      expect(answer.status, answer.text).toBe(200);
      expect(parsed(Saved, answer.body).data).toEqual(loaded);
      expect(await history("GeneralSetting")).toHaveLength(entries);
    });

    it("answers 409 naming who saved meanwhile, and keeps their save", async () => {
      const loaded = await current("GeneralSetting");
      const mine = { ...(loaded.setting1 as object), siteName: "Mine" };
      const theirs = { ...(loaded.setting1 as object), siteName: "Theirs" };
      const first = await upsert("GeneralSetting", { setting1: theirs, updated_at: loaded.updated_at }, 2);
      expect(first.status, first.text).toBe(200);
      const stale = await upsert("GeneralSetting", { setting1: mine, updated_at: loaded.updated_at });
      expect(stale.status).toBe(409);
      const conflict = parsed(ConflictBody, stale.body);
      expect(conflict.message).toMatch(
        /^This setting was changed by support on \d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}:\d{2} IST after you opened it\.$/,
      );
      expect(conflict.updated_by).toBe("support");
      expect(conflict.updated_at).toBe(first.body.data.updated_at);
      // no version at all on a setting that exists: stale as well
      expect((await upsert("GeneralSetting", { setting1: mine })).status).toBe(409);
      expect((await upsert("GeneralSetting", { setting1: mine, updated_at: null })).status).toBe(409);
      expect(((await current("GeneralSetting")).setting1 as { siteName: string }).siteName).toBe("Theirs");
    });

    it("refuses an unknown setting name, a settingName other than the query's, and an empty save", async () => {
      const unknownQuery = await upsert("GeneralSetting", { setting1: {} }, undefined, "NoSuchSetting");
      expect(unknownQuery.status).toBe(400);
      expect(unknownQuery.body.errors.setting_name).toBe(M.unknownSettingName);
      const unknownBody = await upsert("NoSuchSetting", { setting1: {} }, undefined, "GeneralSetting");
      expect(unknownBody.status).toBe(400);
      expect(unknownBody.body.errors.settingName).toMatch(/^settingName must be one of GeneralSetting, /);
      const loaded = await current("GeneralSetting");
      const mismatch = await upsert(
        "GeneralSetting",
        { setting1: loaded.setting1, updated_at: loaded.updated_at },
        undefined,
        "PricingSetting",
      );
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.errors).toEqual({ settingName: M.settingNameMismatch });
      expect(await refused("GeneralSetting", {})).toEqual({ setting1: M.nothingSent });
      expect(await refused("GeneralSetting", { setting2: { x: 1 } })).toEqual({ setting2: M.notUsed });
      expect(((await current("GeneralSetting")).setting1 as { siteName: string }).siteName).toBe("Theirs");
    });

    it("refuses a save without an active acting admin", async () => {
      const loaded = await current("GeneralSetting");
      const body = { setting1: loaded.setting1, updated_at: loaded.updated_at };
      expect((await upsert("GeneralSetting", body, null)).status).toBe(400);
      expect((await upsert("GeneralSetting", body, 5)).status).toBe(403);
    });

    it("names each bad field of General Settings by its path", async () => {
      const errors = await refused("GeneralSetting", {
        setting1: {
          siteName: " ",
          contactEmail: "not-an-email",
          contactPhone: "12",
          address: "",
          socialLinks: { facebook: "ftp://x", myspace: "https://myspace.com" },
          logo: "../etc/passwd",
          favicon: null,
        },
      });
      expect(errors).toMatchObject({
        "setting1.siteName": M.siteNameRequired,
        "setting1.contactEmail": M.emailFormat,
        "setting1.contactPhone": M.phoneFormat,
        "setting1.socialLinks.facebook": M.urlFormat,
        "setting1.logo": M.fileName,
      });
      expect(errors["setting1.socialLinks"]).toMatch(/myspace/);
    });
  });

  describe("spec 2 §5 rules", () => {
    it("refuses a repeated option, case-insensitively and with spaces collapsed, naming the earlier one: Option Already Added", async () => {
      const errors = await refused("CategoryServiceProviderFormSetting", {
        setting1: formCategory({
          offerings: { Service: ["Audit", "Filing", " audit "], Consultation: ["30 Minutes Call", "30  minutes\u00a0call"] },
        }),
      });
      expect(errors).toEqual({
        [`setting1.${top}.offerings.Service.2`]: 'Option Already Added: "Audit"',
        [`setting1.${top}.offerings.Consultation.1`]: 'Option Already Added: "30 Minutes Call"',
      });
      const specs = await refused("CategoryServiceProviderFormSetting", {
        setting1: formCategory({
          specializations: [{ name: "Goods and Services Tax" }, { name: "goods  and services tax", subSpecializations: ["A b", "a  B"] }],
        }),
      });
      expect(specs).toEqual({
        [`setting1.${top}.specializations.1.name`]: 'Option Already Added: "Goods and Services Tax"',
        [`setting1.${top}.specializations.1.subSpecializations.1`]: 'Option Already Added: "A b"',
      });
      const create = await refused("CreateServicesSetting", {
        setting1: {
          [top]: {
            all: {
              Services: {
                limits: { enabled: true, options: ["Two pages", "TWO   PAGES"] },
                inclusions: { enabled: true },
                offerings: { enabled: true },
              },
            },
          },
        },
      });
      expect(create).toEqual({ [`setting1.${top}.all.Services.limits.options.1`]: 'Option Already Added: "Two pages"' });
    });

    it("allows at most 6 sub-specializations: Max 6 Sub Specialization can be selected", async () => {
      const errors = await refused("CategoryServiceProviderFormSetting", {
        setting1: formCategory({ specializations: [{ name: "Tax", subSpecializations: options(7) }] }),
      });
      expect(errors).toEqual({ [`setting1.${top}.specializations.0.subSpecializations`]: "Max 6 Sub Specialization can be selected" });
      const saved = await save("CategoryServiceProviderFormSetting", {
        setting1: formCategory({ specializations: [{ name: "Tax", subSpecializations: options(6) }] }),
      });
      expect((saved.setting1 as Record<string, { specializations: unknown[] }>)[top].specializations).toEqual([
        { name: "Tax", subSpecializations: options(6) },
      ]);
    });

    it("allows at most 10 options per offering type, with the spec's messages", async () => {
      const errors = await refused("CategoryServiceProviderFormSetting", {
        setting1: formCategory({
          offerings: { Consultation: options(11), AddOnService: options(11), Service: options(11), Retainership: options(11) },
        }),
      });
      expect(errors).toEqual({
        [`setting1.${top}.offerings.Consultation`]: "Max 10 Consultations are Allowed",
        [`setting1.${top}.offerings.AddOnService`]: "Max 10 Consultations are Allowed",
        [`setting1.${top}.offerings.Service`]: "Max 10 Services are Allowed",
        [`setting1.${top}.offerings.Retainership`]: "Max 10 Retainership are Allowed",
      });
      const ten = { Consultation: options(10), AddOnService: options(10), Service: options(10), Retainership: options(10) };
      const saved = await save("CategoryServiceProviderFormSetting", { setting1: formCategory({ offerings: ten }) });
      expect((saved.setting1 as Record<string, { offerings: unknown }>)[top].offerings).toEqual(ten);
    });

    it("allows at most 10 Services and 10 Retainership rows in Create Service Settings", async () => {
      const block = (n: number) => ({
        limits: { enabled: true, options: options(n) },
        inclusions: { enabled: true, options: options(n) },
        offerings: { enabled: true },
      });
      const errors = await refused("CreateServicesSetting", {
        setting1: { [top]: { all: { Services: block(11), Retainership: block(11) } } },
      });
      expect(errors).toEqual({
        [`setting1.${top}.all.Services.limits.options`]: "Max 10 Services are Allowed",
        [`setting1.${top}.all.Services.inclusions.options`]: "Max 10 Services are Allowed",
        [`setting1.${top}.all.Retainership.limits.options`]: "Max 10 Retainership are Allowed",
        [`setting1.${top}.all.Retainership.inclusions.options`]: "Max 10 Retainership are Allowed",
      });
      await save("CreateServicesSetting", { setting1: { [top]: { all: { Services: block(10), Retainership: block(10) } } } });
    });

    it("keeps experience within 0–29 (total) and 1–40 (specialization) years", async () => {
      const bad = await refused("CategoryServiceProviderFormSetting", {
        setting1: formCategory({ totalExperience: { min: -1, max: 30 }, specializationExperience: { min: 0, max: 41 } }),
      });
      expect(bad).toEqual({
        [`setting1.${top}.totalExperience.min`]: M.totalExperience,
        [`setting1.${top}.totalExperience.max`]: M.totalExperience,
        [`setting1.${top}.specializationExperience.min`]: M.specializationExperience,
        [`setting1.${top}.specializationExperience.max`]: M.specializationExperience,
      });
      const fractional = await refused("CategoryServiceProviderFormSetting", {
        setting1: formCategory({ totalExperience: { min: 1.5, max: 3 } }),
      });
      expect(fractional).toEqual({ [`setting1.${top}.totalExperience.min`]: M.totalExperience });
      const upsideDown = await refused("CategoryServiceProviderFormSetting", {
        setting1: formCategory({ specializationExperience: { min: 10, max: 5 } }),
      });
      expect(upsideDown).toEqual({ [`setting1.${top}.specializationExperience.max`]: M.minAboveMax });
      const saved = await save("CategoryServiceProviderFormSetting", {
        setting1: formCategory({ totalExperience: { min: 0, max: 29 }, specializationExperience: { min: 1, max: 40 } }),
      });
      expect((saved.setting1 as Record<string, { totalExperience: unknown }>)[top].totalExperience).toEqual({ min: 0, max: 29 });
    });

    it("takes charges as numbers only (rupees, at most 2 decimals)", async () => {
      const errors = await refused("CategoryServiceProviderFormSetting", { setting1: formCategory({ charges: { min: "abc", max: 500 } }) });
      expect(errors).toEqual({ [`setting1.${top}.charges.min`]: M.chargesNumeric, [`setting1.${top}.charges.max`]: M.chargesNumeric });
      const saved = await save("CategoryServiceProviderFormSetting", { setting1: formCategory({ charges: { min: "99.5", max: "1000" } }) });
      expect((saved.setting1 as Record<string, { charges: unknown }>)[top].charges).toEqual({ min: "99.50", max: "1000.00" });
    });
  });

  describe("PricingSetting", () => {
    it("stores prices exact to the paisa, normalised like the plans API", async () => {
      const saved = await save("PricingSetting", { setting1: { [top]: { [plan]: "1499.5" }, [otherTop]: { [plan]: "0" } } });
      expect(saved.setting1).toEqual({ [top]: { [plan]: "1499.50" }, [otherTop]: { [plan]: "0.00" } });
      const errors = await refused("PricingSetting", { setting1: { [top]: { [plan]: "12.345" }, [otherTop]: { [plan]: 12 } } });
      expect(errors).toEqual({ [`setting1.${top}.${plan}`]: M.priceFormat, [`setting1.${otherTop}.${plan}`]: M.priceFormat });
      expect(await refused("PricingSetting", { setting1: { [top]: { [plan]: "10000000.01" } } })).toEqual({
        [`setting1.${top}.${plan}`]: M.priceTooLarge,
      });
    });

    it("refuses categories and plans that do not exist, and keys that are not ids", async () => {
      expect(await refused("PricingSetting", { setting1: { 999999: { [plan]: "1.00" }, [top]: { 999999: "1.00" } } })).toEqual({
        "setting1.999999": M.unknownCategory,
        [`setting1.${top}.999999`]: M.unknownPlan,
      });
      expect(await refused("PricingSetting", { setting1: { abc: {}, "012": {}, 9999999999: {}, [top]: { x: "1" } } })).toEqual({
        "setting1.abc": M.categoryKey,
        "setting1.012": M.categoryKey,
        "setting1.9999999999": M.categoryKey,
        [`setting1.${top}.x`]: M.planKey,
      });
    });
  });

  describe("GET /get-setting and the audit log's Revert", () => {
    it("answers one setting as the list does, and refuses an unknown name", async () => {
      const one = await get(api, "/get-setting", { query: { setting_name: "PricingSetting" } });
      expect(one.status).toBe(200);
      expect(one.body.data).toEqual(await current("PricingSetting"));
      const unknown = await get(api, "/get-setting", { query: { setting_name: "Nope" } });
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors).toEqual({ setting_name: M.unknownSettingName });
    });

    it("reverts a saved setting to what it was, through the same save", async () => {
      const loaded = await current("GeneralSetting");
      await save("GeneralSetting", { setting1: { ...(loaded.setting1 as object), siteName: "To be reverted" } });
      const [entry] = await history("GeneralSetting");
      // support does not hold Settings: refused (issue 29)
      expect((await call(api, "POST", `/audit-entries/${entry.id}/revert`, { actingAdmin: 2 })).status).toBe(403);
      const reverted = await call(api, "POST", `/audit-entries/${entry.id}/revert`, { actingAdmin: 1 });
      expect(reverted.status, reverted.text).toBe(200);
      expect(reverted.body.data).toMatchObject({
        action: "revert",
        reverts_id: entry.id,
        entity: "setting",
        entity_id: "GeneralSetting",
        admin_user_id: 1,
      });
      const now = await current("GeneralSetting");
      expect(now.setting1).toEqual(loaded.setting1);
      expect(now.updated_by).toBe("admin");
      // a second revert of the same entry: the setting has moved on
      expect((await call(api, "POST", `/audit-entries/${entry.id}/revert`)).status).toBe(409);
    });

    it("records the part a save changed (that category's that field), not the whole setting", async () => {
      const stored = (await current("CategoryServiceProviderFormSetting")).setting1 as Record<
        string,
        { offerings: Record<string, string[]> }
      >;
      const mine = stored[String(top)];
      const consultations = [...mine.offerings.Consultation, `Audit call ${Math.random().toString(36).slice(2, 6)}`];
      await save("CategoryServiceProviderFormSetting", {
        setting1: { ...stored, [top]: { ...mine, offerings: { ...mine.offerings, Consultation: consultations } } },
      });
      const [entry] = await history(`CategoryServiceProviderFormSetting/${top}`);
      expect(entry).toMatchObject({
        action: "update",
        entity_id: `CategoryServiceProviderFormSetting/${top}`,
        before: { "offerings.Consultation": mine.offerings.Consultation },
        after: { "offerings.Consultation": consultations },
      });
      expect(Object.keys(entry.after as object)).toEqual(["offerings.Consultation"]);
      // the other categories were not changed: no entry for them, and none for the whole setting
      expect(await history(`CategoryServiceProviderFormSetting/${otherTop}`)).not.toContainEqual(expect.objectContaining({ id: entry.id }));
      expect((await history("CategoryServiceProviderFormSetting")).some((e) => e.id === entry.id)).toBe(false);
      // the list names the category the part belongs to
      expect(entry.names).toMatchObject({ [`category:${top}`]: expect.any(String) });
    });

    it("reverts an earlier change to one category though another category was saved since (the check is per part)", async () => {
      const prices = () => current("PricingSetting").then((r) => r.setting1 as Record<string, Record<string, string>>);
      const start = await prices();
      await save("PricingSetting", { setting1: { ...start, [top]: { ...start[top], [plan]: "111.00" } } });
      const [mine] = await history(`PricingSetting/${top}`);
      expect(mine).toMatchObject({ before: { [plan]: start[top][plan] }, after: { [plan]: "111.00" } });
      const between = await prices();
      await save("PricingSetting", { setting1: { ...between, [otherTop]: { ...between[otherTop], [plan]: "222.00" } } }, 2);

      const reverted = await call(api, "POST", `/audit-entries/${mine.id}/revert`);
      expect(reverted.status, reverted.text).toBe(200);
      expect(reverted.body.data).toMatchObject({
        action: "revert",
        reverts_id: mine.id,
        entity_id: `PricingSetting/${top}`,
        after: { [plan]: start[top][plan] },
      });
      const now = await prices();
      expect(now[top][plan]).toBe(start[top][plan]);
      expect(now[otherTop][plan]).toBe("222.00");
      // the same part changed since: refused, naming who changed it
      await save("PricingSetting", { setting1: { ...now, [top]: { ...now[top], [plan]: "333.00" } } }, 2);
      const again = await call(api, "POST", `/audit-entries/${mine.id}/revert`);
      expect(again.status).toBe(409);
      expect(again.body.message).toContain("changed again by support");
    });

    it("an entry of before the per-part log (the whole setting) is reverted part by part", async () => {
      const stored = (await current("PricingSetting")).setting1 as Record<string, Record<string, string>>;
      const changed = { ...stored, [top]: { ...stored[top], [plan]: "444.00" } };
      await save("PricingSetting", { setting1: changed });
      // as the log recorded it before: the whole setting1, keyed by the setting's name
      const [legacy] = await api.db
        .insert(auditLog)
        .values({
          admin_user_id: 1,
          admin_username: "admin",
          action: "update",
          entity: "setting",
          entity_id: "PricingSetting",
          before: { setting1: stored },
          after: { setting1: changed },
        })
        .returning();
      const later = (await current("PricingSetting")).setting1 as Record<string, Record<string, string>>;
      await save("PricingSetting", { setting1: { ...later, [otherTop]: { ...later[otherTop], [plan]: "555.00" } } });
      const shown = parsed(z.object({ data: AuditEntry }), (await get(api, `/audit-entries/${legacy.id}`)).body).data;
      expect(auditPartChanges(shown)).toEqual([
        {
          part: { name: "PricingSetting", slot: "setting1", keys: [String(top)] },
          before: { [plan]: stored[top][plan] },
          after: { [plan]: "444.00" },
        },
      ]);
      const reverted = await call(api, "POST", `/audit-entries/${legacy.id}/revert`);
      expect(reverted.status, reverted.text).toBe(200);
      const now = (await current("PricingSetting")).setting1 as Record<string, Record<string, string>>;
      expect(now[top][plan]).toBe(stored[top][plan]);
      expect(now[otherTop][plan]).toBe("555.00");
    });

    it("puts back a part that was never set (null clears it)", async () => {
      await api.db.delete(settings).where(eq(settings.settingName, "CreateServicesSetting"));
      const created = await upsert("CreateServicesSetting", { setting1: {} });
      expect(created.status, created.text).toBe(200);
      expect(created.body.data).toMatchObject({ setting1: {}, setting2: null });
      const setting2 = { [top]: { subCategories: "all", enabled: true } };
      await save("CreateServicesSetting", { setting2 });
      // the category's coverage is the part: it was not there before
      const [entry] = await history(`CreateServicesSetting/${top}`);
      expect(entry).toMatchObject({ action: "update", before: {}, after: { "": setting2[top] } });
      const reverted = await call(api, "POST", `/audit-entries/${entry.id}/revert`);
      expect(reverted.status, reverted.text).toBe(200);
      expect(await current("CreateServicesSetting")).toMatchObject({ setting1: {}, setting2: {} });
      // null for a setting without setting2 changes nothing
      const general = await current("GeneralSetting");
      const same = await upsert("GeneralSetting", { setting1: general.setting1, setting2: null, updated_at: general.updated_at });
      expect(same.status).toBe(200);
      expect(same.body.data).toEqual(general);
    });
  });

  describe("CreateServicesSetting references", () => {
    it("keeps saving when an entry kept as stored names a category, sub-category or plan deleted since", async () => {
      const create = async (body: Record<string, unknown>) => {
        const answer = await call(api, "POST", "/create-category", {
          body: {
            categoryName: `Gone ${Math.random().toString(36).slice(2, 8)}`,
            desc: "A category deleted by the test after its settings were saved",
            status: "Active",
            ...body,
          },
        });
        expect(answer.status, answer.text).toBe(201);
        return (answer.body as { data: { category_id: number } }).data.category_id;
      };
      const parent = await create({});
      const [goneSub, keptSub] = [await create({ parentCategoryId: parent }), await create({ parentCategoryId: parent })];
      const goneTop = await create({});
      const entry = (option: string) => ({
        Services: { limits: { enabled: true, options: [option] }, inclusions: { enabled: true }, offerings: { enabled: true } },
      });
      const stored = await current("CreateServicesSetting");
      const setting1 = {
        ...(stored.setting1 as object),
        [parent]: { all: entry("a"), [goneSub]: entry("b"), [keptSub]: entry("c") },
        [goneTop]: { all: entry("d") },
      };
      const setting2 = {
        ...(stored.setting2 as object),
        [parent]: { subCategories: [goneSub, keptSub], enabled: true },
        [goneTop]: { subCategories: "all", enabled: true },
      };
      await save("CreateServicesSetting", { setting1, setting2 });
      for (const id of [goneSub, goneTop]) {
        const removed = await call(api, "DELETE", "/remove-category", { query: { category_id: id } });
        expect(removed.status, removed.text).toBeLessThan(300);
      }
      // another sub-category of the same category changes: the deleted ones are kept as they were
      const saved = await save("CreateServicesSetting", {
        setting1: { ...setting1, [parent]: { ...setting1[parent], [keptSub]: entry("c2") } },
        setting2,
      });
      expect((saved.setting1 as Record<string, Record<string, ReturnType<typeof entry>>>)[parent][keptSub].Services.limits.options).toEqual(
        ["c2"],
      );
      // changing an entry of a deleted sub-category, or listing it anew, is still refused
      const errors = await refused("CreateServicesSetting", {
        setting1: { ...setting1, [parent]: { ...setting1[parent], [goneSub]: entry("b2") } },
        setting2: { ...setting2, [parent]: { subCategories: [goneSub], enabled: false } },
      });
      expect(errors).toEqual({
        [`setting1.${parent}.${goneSub}`]: M.notASubCategory,
        [`setting2.${parent}.subCategories.0`]: M.notASubCategory,
      });

      // a plan deleted since: the category's other prices still save
      const made = await call(api, "POST", "/create-plan", {
        body: {
          plan_name: `Gone plan ${Math.random().toString(36).slice(2, 8)}`,
          charge: "10.00",
          service_fee: "1.00",
          profile_boost: 0,
          plan_validity: 1,
          max_approval: 1,
          status: "Inactive",
        },
      });
      expect(made.status, made.text).toBe(201);
      const gonePlan = (made.body as { data: { plan_id: number } }).data.plan_id;
      const prices = (await current("PricingSetting")).setting1 as Record<string, Record<string, string>>;
      await save("PricingSetting", { setting1: { ...prices, [parent]: { [gonePlan]: "5.00", [plan]: "6.00" } } });
      const deleted = await call(api, "DELETE", "/delete-plan", { query: { plan_id: gonePlan } });
      expect(deleted.status, deleted.text).toBeLessThan(300);
      const repriced = await save("PricingSetting", { setting1: { ...prices, [parent]: { [gonePlan]: "5.00", [plan]: "7.00" } } });
      expect((repriced.setting1 as Record<string, Record<string, string>>)[parent]).toEqual({ [gonePlan]: "5.00", [plan]: "7.00" });
    });

    it("refuses sub-categories of another category", async () => {
      const entry = { Services: { limits: { enabled: true }, inclusions: { enabled: true }, offerings: { enabled: true } } };
      const errors = await refused("CreateServicesSetting", {
        setting1: { [otherTop]: { [sub]: entry } },
        setting2: { [otherTop]: { subCategories: [sub], enabled: true } },
      });
      expect(errors).toEqual({
        [`setting1.${otherTop}.${sub}`]: M.notASubCategory,
        [`setting2.${otherTop}.subCategories.0`]: M.notASubCategory,
      });
      const keys = await refused("CreateServicesSetting", {
        setting1: { [top]: { every: entry } },
        setting2: { [top]: { subCategories: [3_000_000_000], enabled: true } },
      });
      expect(Object.keys(keys).sort()).toEqual([`setting1.${top}.every`, `setting2.${top}.subCategories.0`]);
      expect(keys[`setting1.${top}.every`]).toBe(M.subCategoryKey);
      const saved = await save("CreateServicesSetting", {
        setting1: { [top]: { [sub]: entry } },
        setting2: { [top]: { subCategories: "all", enabled: false } },
      });
      expect(saved.setting2).toEqual({ [top]: { subCategories: "all", enabled: false } });
    });
  });
});
