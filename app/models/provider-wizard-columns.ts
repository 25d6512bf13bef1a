/**
 * Which tables and columns the Create Services step shows for the provider's category (spec 3 §3:
 * "Which service types, specialities, inclusions and limits columns appear per category is decided
 * by admin-configured settings"). Zod-free and pure: the step's loader and its tests call it with
 * the settings already parsed.
 *
 * The rule (our reading of the spec):
 * - Inputs: the category's Category Settings entry (CategoryServiceProviderFormSetting.setting1[id])
 *   and its Create Service Settings (CreateServicesSetting.setting1[id], per sub-category id or
 *   "all"; setting2[id] = { enabled, subCategories }), and the specializations saved in step 1.
 * - Create Service Settings apply only when setting2 says `enabled` for the category. The provider
 *   chooses a category, not a sub-category, so the entry used is the "all" one when there is one,
 *   else every covered sub-category's entry merged (a section on when on in any, options united in
 *   order, repeats dropped case-insensitively). They describe Retainership and Services (= the
 *   Service table) only.
 * - The category is "configured" when its Category Settings list offerings for some type or the
 *   Create Service Settings that apply describe some type. A configured category shows exactly the
 *   types named there; a category configured nowhere shows all four tables (free-text offerings),
 *   so its providers can still list services.
 * - Offerings: the Category Settings' offerings of the type when it lists any, else the Create
 *   Service Settings' offerings options when that section is enabled and lists any, else free text.
 * - Specialty: shown in every table; its options are the specializations saved in step 1 (free
 *   text when none).
 * - Inclusions and limits: shown when the Create Service Settings of the type enable them; options
 *   from their list, free text when the list is empty. Consultation and Add-On Service have no
 *   Create Service Settings, so no inclusions or limits.
 * - Limits price variations: shown when limits are.
 * - Always shown (ALWAYS_COLUMNS): description, India price, outside price, delivery time (the
 *   DELIVERY_TIMES select) and ask before order (a checkbox).
 */
import type { WizardServiceType } from "~contract/provider-wizard-labels";
import { WIZARD_SERVICE_TYPES } from "~contract/provider-wizard-labels";

/** The parts of a Category Settings entry the rule reads (ProviderFormCategory). */
export type CategoryColumnsSetting = { offerings: Record<WizardServiceType, readonly string[]> };
type Section = { enabled: boolean; options: readonly string[] };
type TypeSettings = { limits: Section; inclusions: Section; offerings: Section };
/** A Create Service Settings entry (CreateServiceEntry). */
export type CreateServiceColumnsEntry = { Retainership?: TypeSettings; Services?: TypeSettings };
export type CreateServiceCoverage = { subCategories: "all" | readonly number[]; enabled: boolean };

export type ColumnsInput = {
  /** the category's Category Settings entry, null when it has none */
  categorySetting: CategoryColumnsSetting | null;
  /** the category's Create Service Settings: sub-category id or "all" → entry; null when none */
  createServices: Record<string, CreateServiceColumnsEntry> | null;
  /** the category's Create Service Settings coverage (setting2), null when none */
  coverage: CreateServiceCoverage | null;
  /** the specialization names saved in step 1 */
  specializations: readonly string[];
};

/** A list column: shown or not; its options, or null for free text. */
export type ListColumn = { shown: boolean; options: string[] | null };
export type TypeColumns = {
  shown: boolean;
  /** the offerings to choose from, or null for free text */
  offerings: string[] | null;
  specialty: ListColumn;
  inclusions: ListColumn;
  limits: ListColumn;
  limitsPriceVariation: boolean;
};
export type ServiceColumns = Record<WizardServiceType, TypeColumns>;

export const ALWAYS_COLUMNS = ["description", "indiaPrice", "outsidePrice", "deliveryTime", "askBeforeOrder"] as const;

const CREATE_SERVICE_KEY: Partial<Record<WizardServiceType, keyof CreateServiceColumnsEntry>> = {
  Service: "Services",
  Retainership: "Retainership",
};
const key = (option: string) => option.trim().toLocaleLowerCase("en-IN");

function unite(lists: readonly (readonly string[])[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const list of lists) {
    for (const option of list) {
      if (!option.trim() || seen.has(key(option))) continue;
      seen.add(key(option));
      out.push(option);
    }
  }
  return out;
}

const mergeSections = (sections: Section[]): Section => ({
  enabled: sections.some((s) => s.enabled),
  options: unite(sections.filter((s) => s.enabled).map((s) => s.options)),
});

/** The Create Service Settings entry that applies to the category (see the rule), or null. */
export function createServiceEntryOf(
  createServices: ColumnsInput["createServices"],
  coverage: ColumnsInput["coverage"],
): CreateServiceColumnsEntry | null {
  if (!createServices || !coverage?.enabled) return null;
  if (createServices.all) return createServices.all;
  const covered = Object.entries(createServices).filter(
    ([sub]) => coverage.subCategories === "all" || coverage.subCategories.includes(Number(sub)),
  );
  if (covered.length === 0) return null;
  const merged: CreateServiceColumnsEntry = {};
  for (const type of ["Retainership", "Services"] as const) {
    const entries = covered.map(([, entry]) => entry[type]).filter((e): e is TypeSettings => e !== undefined);
    if (entries.length === 0) continue;
    merged[type] = {
      limits: mergeSections(entries.map((e) => e.limits)),
      inclusions: mergeSections(entries.map((e) => e.inclusions)),
      offerings: mergeSections(entries.map((e) => e.offerings)),
    };
  }
  return merged;
}

const listColumn = (section: Section | undefined): ListColumn =>
  section?.enabled ? { shown: true, options: section.options.length > 0 ? [...section.options] : null } : { shown: false, options: null };

/** Per service type: shown, and which columns with which options (the rule above). */
export function serviceColumns(input: ColumnsInput): ServiceColumns {
  const entry = createServiceEntryOf(input.createServices, input.coverage);
  const categoryOfferings = (type: WizardServiceType) => input.categorySetting?.offerings[type] ?? [];
  const createServiceOf = (type: WizardServiceType) => {
    const name = CREATE_SERVICE_KEY[type];
    return name && entry ? entry[name] : undefined;
  };
  const configured = WIZARD_SERVICE_TYPES.some((type) => categoryOfferings(type).length > 0 || createServiceOf(type) !== undefined);
  const specialty: ListColumn = { shown: true, options: input.specializations.length > 0 ? unite([input.specializations]) : null };

  return Object.fromEntries(
    WIZARD_SERVICE_TYPES.map((type) => {
      const own = categoryOfferings(type);
      const settings = createServiceOf(type);
      const offerings =
        own.length > 0
          ? [...own]
          : settings?.offerings.enabled && settings.offerings.options.length > 0
            ? [...settings.offerings.options]
            : null;
      const limits = listColumn(settings?.limits);
      const columns: TypeColumns = {
        shown: !configured || own.length > 0 || settings !== undefined,
        offerings,
        specialty,
        inclusions: listColumn(settings?.inclusions),
        limits,
        limitsPriceVariation: limits.shown,
      };
      return [type, columns];
    }),
  ) as ServiceColumns;
}
