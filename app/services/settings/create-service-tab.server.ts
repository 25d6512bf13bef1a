import type { z } from "zod";
import { ALL_SUB_CATEGORIES, CreateServiceEntry, CreateServicesCategory2, type SettingRecord } from "~contract/settings";
import { CREATE_SERVICE_SECTIONS, CREATE_SERVICE_TYPES } from "~/models/setting-labels";
import {
  ALL_SUB_CATEGORIES_LABEL,
  CHOOSE_SUB_CATEGORIES,
  CREATE_SERVICE_INTENTS,
  settingsTabUrl,
  unknownSubCategoryMessage,
  type CreateServiceCoverageDraft,
  type CreateServiceEntryDraft,
  type CreateServicePanel,
} from "~/models/settings-tabs";
import { isRecordId } from "~contract/ids";
import { CreateServiceCoverageForm, CreateServiceEntryForm } from "~/models/settings-forms";
import { handleForm } from "~/services/form-action.server";
import { formFailure } from "~/services/form-result.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { settingPartIdOf } from "~/models/setting-parts";
import { categoryRequired, partFrameOf, loadSetting, readCategoryChoice, refillOf, saveSetting, settingIntent } from "./setting-tab.server";

type Entry = z.infer<typeof CreateServiceEntry>;
type Coverage = z.infer<typeof CreateServicesCategory2>;

const objectOf = <T>(value: unknown): Record<string, T> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, T>) : {};
/** Form 1's part: the category's setting2 entry. */
const coverageOf = (record: SettingRecord, category: string) => objectOf<Coverage>(record.setting2)[category] ?? null;
/** Form 2's part: the category's setting1 entry for one sub-category (or "all"). */
const entryOf = (record: SettingRecord, category: string, sub: string) =>
  objectOf<Entry>(objectOf<unknown>(record.setting1)[category])[sub] ?? null;

function coverageDraft(stored: Coverage | null): CreateServiceCoverageDraft {
  if (!stored) return { enabled: false, cover: "all", subCategories: [] };
  return Array.isArray(stored.subCategories)
    ? { enabled: stored.enabled, cover: "chosen", subCategories: stored.subCategories.map(String) }
    : { enabled: stored.enabled, cover: "all", subCategories: [] };
}

function entryDraft(stored: Entry | null): CreateServiceEntryDraft {
  const typeDraft = (type: (typeof CREATE_SERVICE_TYPES)[number]) => {
    const given = stored?.[type];
    const sections = CREATE_SERVICE_SECTIONS.map((s) => [
      s,
      { enabled: given?.[s].enabled ?? false, options: [...(given?.[s].options ?? [])] },
    ]);
    return { offered: given !== undefined, ...Object.fromEntries(sections) } as CreateServiceEntryDraft[typeof type];
  };
  return { Retainership: typeDraft("Retainership"), Services: typeDraft("Services") };
}

/** The sub-category the URL names (?sub=; absent = all), among the category's sub-categories. */
async function readSubChoice(url: URL, category: { id: number; name: string }, api: Marketplace) {
  const detail = await api.getCategory(category.id);
  const subCategories = detail.SubCategories.map((s) => ({
    id: s.category_id,
    name: s.status === "Active" ? s.categoryName : `${s.categoryName} (${s.status})`,
  }));
  const param = url.searchParams.get("sub") ?? "";
  if (param === "" || param === ALL_SUB_CATEGORIES) {
    return { subCategories, sub: { key: ALL_SUB_CATEGORIES, name: ALL_SUB_CATEGORIES_LABEL }, subMessage: null };
  }
  const found = isRecordId(param) ? subCategories.find((s) => s.id === Number(param)) : undefined;
  return found
    ? { subCategories, sub: { key: String(found.id), name: found.name }, subMessage: null }
    : { subCategories, sub: null, subMessage: unknownSubCategoryMessage(category.name) };
}

const NO_FRAME = { version: "", lastSaved: null, part: "" };

/**
 * Create Service Settings (spec 2 §3, CreateServicesSetting): "Please select a category", then a
 * sub-category (or all). The category's coverage (on or off, which sub-categories) is its setting2
 * entry; per sub-category, which service types are offered and their limits, inclusions and
 * offerings are its setting1 entry. Each is a form that saves on its own.
 */
export async function createServiceTabLoader(api: Marketplace, url: URL): Promise<CreateServicePanel> {
  const choice = await readCategoryChoice(url, api);
  if (!choice.category) {
    return {
      ...choice,
      subCategories: [],
      sub: null,
      subMessage: null,
      coverage: { frame: NO_FRAME, draft: coverageDraft(null) },
      entry: null,
    };
  }
  const category = String(choice.category.id);
  const [record, subs] = await Promise.all([loadSetting("CreateServicesSetting", api), readSubChoice(url, choice.category, api)]);
  const coverage = coverageOf(record, category);
  const entry = subs.sub ? entryOf(record, category, subs.sub.key) : null;
  const sub = subs.sub?.key;
  const [coverageFrame, entryFrame] = await Promise.all([
    partFrameOf(record, (stored) => coverageOf(stored, category), settingPartIdOf("CreateServicesSetting", category), api),
    sub
      ? partFrameOf(record, (stored) => entryOf(stored, category, sub), settingPartIdOf("CreateServicesSetting", category, sub), api)
      : null,
  ]);
  return {
    ...choice,
    ...subs,
    coverage: { frame: coverageFrame, draft: coverageDraft(coverage) },
    entry: entryFrame ? { frame: entryFrame, draft: entryDraft(entry) } : null,
  };
}

const CoverageForm = CreateServicesCategory2.superRefine((value, ctx) => {
  if (Array.isArray(value.subCategories) && value.subCategories.length === 0) {
    ctx.addIssue({ code: "custom", path: ["subCategories"], message: CHOOSE_SUB_CATEGORIES });
  }
});

/** The entry to save: the offered service types only (a type left out is not offered). */
const entryValue = (draft: CreateServiceEntryDraft) =>
  Object.fromEntries(
    CREATE_SERVICE_TYPES.filter((type) => draft[type].offered).map((type) => [
      type,
      Object.fromEntries(CREATE_SERVICE_SECTIONS.map((s) => [s, { enabled: draft[type][s].enabled, options: draft[type][s].options }])),
    ]),
  );

/** The tab's two forms: the category's coverage, and a sub-category's entry (each saves its own part). */
export function createServiceTabAction(request: Request, api: Marketplace, url: URL) {
  return handleForm(request, api, {
    [CREATE_SERVICE_INTENTS.coverage]: settingIntent(CreateServiceCoverageForm, async (posted, { intent }) => {
      const { draft, version, part } = posted;
      const choice = await readCategoryChoice(url, api);
      if (!choice.category) return categoryRequired(refillOf(posted), intent, choice);
      const category = String(choice.category.id);
      return saveSetting(request, api, {
        name: "CreateServicesSetting",
        intent,
        draft,
        version,
        part,
        partOf: (stored) => coverageOf(stored, category),
        partId: settingPartIdOf("CreateServicesSetting", category),
        check: {
          schema: CoverageForm,
          value: { enabled: draft.enabled, subCategories: draft.cover === "all" ? ALL_SUB_CATEGORIES : draft.subCategories.map(Number) },
        },
        parts: (stored, checked) => ({ setting2: { ...objectOf(stored.setting2), [category]: checked } }),
        rename: { [`setting2.${category}.`]: "" },
        redirectTo: settingsTabUrl("create-service", { category, sub: url.searchParams.get("sub") }),
      });
    }),
    [CREATE_SERVICE_INTENTS.entry]: settingIntent(
      CreateServiceEntryForm,
      async (posted, { intent }) => {
        const { draft, version, part } = posted;
        const choice = await readCategoryChoice(url, api);
        if (!choice.category) return categoryRequired(refillOf(posted), intent, choice);
        const category = String(choice.category.id);
        const subs = await readSubChoice(url, choice.category, api);
        if (!subs.sub) return formFailure(refillOf(posted), { intent, fieldErrors: { sub: subs.subMessage ?? "" } }, 400);
        const sub = subs.sub.key;
        return saveSetting(request, api, {
          name: "CreateServicesSetting",
          intent,
          draft,
          version,
          part,
          partOf: (stored) => entryOf(stored, category, sub),
          partId: settingPartIdOf("CreateServicesSetting", category, sub),
          check: { schema: CreateServiceEntry, value: entryValue(draft) },
          parts: (stored, checked) => {
            const all = objectOf<Record<string, Entry>>(stored.setting1);
            return { setting1: { ...all, [category]: { ...objectOf<Entry>(all[category]), [sub]: checked } } };
          },
          rename: { [`setting1.${category}.${sub}.`]: "" },
          redirectTo: settingsTabUrl("create-service", { category, sub }),
        });
      },
      // the sub-category's category read again: deleted meanwhile, the form says so
      { what: "category", notFound: "form" },
    ),
  });
}
