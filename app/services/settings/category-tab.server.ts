import { ProviderFormCategory, type SettingRecord } from "~contract/settings";
import { CategorySettingsForm } from "~/models/settings-forms";
import { settingsTabUrl, type CategorySettingsDraft, type CategorySettingsPanel } from "~/models/settings-tabs";
import { handleForm } from "~/services/form-action.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { settingPartIdOf } from "~/models/setting-parts";
import { categoryRequired, partFrameOf, loadSetting, readCategoryChoice, refillOf, saveSetting, settingIntent } from "./setting-tab.server";

export const CATEGORY_SETTINGS_INTENT = "save-category";

type Entries = Record<string, unknown>;
const entriesOf = (setting1: unknown): Entries => (setting1 && typeof setting1 === "object" ? (setting1 as Entries) : {});
/** The part this tab edits: one category's entry (null until it is first saved). */
const categoryEntry = (record: SettingRecord, category: string) => entriesOf(record.setting1)[category] ?? null;

const range = (value: { min: number | string; max: number | string }) => ({ min: String(value.min), max: String(value.max) });

/** The form's values for a stored entry; a category never saved shows the defaults (no fields, no options, full ranges). */
function draftOf(entry: unknown): CategorySettingsDraft {
  const parsed = ProviderFormCategory.safeParse(entry ?? {});
  const value = parsed.success ? parsed.data : ProviderFormCategory.parse({});
  return {
    fields: value.fields,
    offerings: value.offerings,
    specializations: value.specializations,
    totalExperience: range(value.totalExperience),
    specializationExperience: range(value.specializationExperience),
    charges: value.charges ? range(value.charges) : { min: "", max: "" },
  };
}

const EMPTY_FRAME = { version: "", lastSaved: null, part: "" };

/**
 * Category Settings (spec 2 §2, §5; CategoryServiceProviderFormSetting): after "Please select a
 * category", that category's provider form: which fields it shows, the offerings per service type,
 * the specializations with their sub-specializations, and the experience and charges it accepts.
 */
export async function categoryTabLoader(api: Marketplace, url: URL): Promise<CategorySettingsPanel> {
  const choice = await readCategoryChoice(url, api);
  if (!choice.category) return { ...choice, frame: EMPTY_FRAME, draft: draftOf(null) };
  const record = await loadSetting("CategoryServiceProviderFormSetting", api);
  const entry = categoryEntry(record, String(choice.category.id));
  return {
    ...choice,
    frame: await partFrameOf(
      record,
      (stored) => categoryEntry(stored, String(choice.category!.id)),
      settingPartIdOf("CategoryServiceProviderFormSetting", String(choice.category.id)),
      api,
    ),
    draft: draftOf(entry),
  };
}

/** Years as typed: a number when it reads as one, else the text itself (the schema then says the range). */
const yearsOf = (text: string): number | string => (/^\s*[+-]?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : text);

/**
 * Save of one category's provider form (intent save-category). A specialization whose name is
 * blank is none (the no-JS blank row; clearing a name removes it): the form's schema drops it.
 */
export function categoryTabAction(request: Request, api: Marketplace, url: URL) {
  return handleForm(request, api, {
    [CATEGORY_SETTINGS_INTENT]: settingIntent(CategorySettingsForm, async (posted, { intent }) => {
      const { draft, version, part } = posted;
      const choice = await readCategoryChoice(url, api);
      if (!choice.category) return categoryRequired(refillOf(posted), intent, choice);
      const category = String(choice.category.id);
      const { min, max } = draft.charges;
      const value = {
        ...draft,
        totalExperience: { min: yearsOf(draft.totalExperience.min), max: yearsOf(draft.totalExperience.max) },
        specializationExperience: { min: yearsOf(draft.specializationExperience.min), max: yearsOf(draft.specializationExperience.max) },
        // both blank: charges unbounded
        charges: min.trim() === "" && max.trim() === "" ? null : draft.charges,
      };
      return saveSetting(request, api, {
        name: "CategoryServiceProviderFormSetting",
        intent,
        draft,
        version,
        part,
        partOf: (stored) => categoryEntry(stored, category),
        partId: settingPartIdOf("CategoryServiceProviderFormSetting", category),
        check: { schema: ProviderFormCategory, value },
        parts: (stored, checked) => ({ setting1: { ...entriesOf(stored.setting1), [category]: checked } }),
        rename: { [`setting1.${category}.`]: "" },
        redirectTo: settingsTabUrl("category", { category }),
      });
    }),
  });
}
