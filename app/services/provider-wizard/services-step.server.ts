import { fieldErrorsOf } from "~contract/form-result";
import {
  CategoriesSection,
  isBlankRow,
  MAX_SERVICE_ROWS,
  ServicesSection,
  WIZARD_SERVICE_TYPES,
  type WizardServiceType,
} from "~contract/provider-wizard";
import { EMPTY_SERVICE_ROWS } from "~/models/provider-wizard-labels";
import { serviceColumns, type ServiceColumns } from "~/models/provider-wizard-columns";
import {
  blankRow,
  blankVariation,
  linesOf,
  TOO_MANY_ROWS,
  type ServiceRowDraft,
  type ServicesDraft,
  type ServicesView,
  type VariationDraft,
} from "~/models/provider-wizard-services-view";
import { CategoryServiceProviderFormSetting1, CreateServicesSetting1, CreateServicesSetting2 } from "~contract/settings";
import { formTree, listAt, textAt, textsAt, type FormTree } from "~/utils/form-paths";
import { apiRefusal, compact, intentOf, redrawn, refused } from "./step-failure.server";
import type { StepModule, WizardContext } from "./wizard.server";
import { isOneOf } from "~shared/one-of";

/**
 * The Create Services step (spec 3 §3): a table per service type with the columns the settings
 * enable for the provider's category (app/models/provider-wizard-columns.ts). Blank rows are
 * dropped on save; the contract names a row's fields by its place as sent, and the API (which
 * gets the rows without the blanks) by its place among the kept ones: both are mapped back to
 * the form's rows. Without JavaScript the add / remove buttons redraw the form without saving.
 */

type Step = { categoryId: number; specializations: string[]; columns: ServiceColumns };

async function stepOf(ctx: WizardContext): Promise<Step> {
  // the frame sends a provider without saved categories back to step 1, so they parse
  const categories = CategoriesSection.parse(ctx.saved.categories);
  const categoryId = categories.category_id;
  const key = String(categoryId);
  const settings = await ctx.settings();
  const form = CategoryServiceProviderFormSetting1.safeParse(settings.CategoryServiceProviderFormSetting.setting1 ?? {});
  const create1 = CreateServicesSetting1.safeParse(settings.CreateServicesSetting.setting1 ?? {});
  const create2 = CreateServicesSetting2.safeParse(settings.CreateServicesSetting.setting2 ?? {});
  const specializations = categories.specializations.map((s) => s.specialization);
  const columns = serviceColumns({
    categorySetting: form.success ? (form.data[key] ?? null) : null,
    createServices: create1.success ? (create1.data[key] ?? null) : null,
    coverage: create2.success ? (create2.data[key] ?? null) : null,
    specializations,
  });
  return { categoryId, specializations, columns };
}

type SavedRow = {
  offerings: string;
  specialty: string[];
  inclusions: string[];
  limits: string[];
  limitsPriceVariation: { indiaPrice: string | null; limits: string[]; deliveryTime: string; description: string }[];
  description: string;
  indiaPrice: string | null;
  outsidePrice: string | null;
  deliveryTime: string;
  askBeforeOrder: boolean;
  serviceId?: number | null;
  id?: number;
};
const strings = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);
const textOf = (value: unknown) => (typeof value === "string" ? value : "");
/** A row of the saved section, read leniently. */
const savedRow = (row: Partial<SavedRow>): SavedRow => ({
  offerings: textOf(row.offerings),
  specialty: strings(row.specialty),
  inclusions: strings(row.inclusions),
  limits: strings(row.limits),
  limitsPriceVariation: Array.isArray(row.limitsPriceVariation)
    ? row.limitsPriceVariation.map((v) => ({
        indiaPrice: typeof v?.indiaPrice === "string" ? v.indiaPrice : null,
        limits: strings(v?.limits),
        deliveryTime: textOf(v?.deliveryTime),
        description: textOf(v?.description),
      }))
    : [],
  description: textOf(row.description),
  indiaPrice: typeof row.indiaPrice === "string" ? row.indiaPrice : null,
  outsidePrice: typeof row.outsidePrice === "string" ? row.outsidePrice : null,
  deliveryTime: textOf(row.deliveryTime),
  askBeforeOrder: row.askBeforeOrder === true,
  serviceId: typeof row.serviceId === "number" ? row.serviceId : null,
});
const rowDraft = (row: SavedRow): ServiceRowDraft => ({
  offerings: row.offerings,
  specialty: row.specialty,
  inclusions: row.inclusions,
  limits: row.limits,
  limitsPriceVariation: row.limitsPriceVariation.map((v) => ({
    indiaPrice: v.indiaPrice ?? "",
    limits: v.limits,
    deliveryTime: v.deliveryTime,
    description: v.description,
  })),
  description: row.description,
  indiaPrice: row.indiaPrice ?? "",
  outsidePrice: row.outsidePrice ?? "",
  deliveryTime: row.deliveryTime,
  askBeforeOrder: row.askBeforeOrder,
  serviceId: row.serviceId ? String(row.serviceId) : "",
});

/**
 * The tables as the profile holds them for the provider's category (GET /get-saved-form-data
 * builds the services section from the provider's services of that category, each row with its
 * serviceId); five empty rows where a table has none. `restarted`: the provider has services of
 * another category only (the category changed), so these tables start afresh.
 */
function savedDraft(ctx: WizardContext, categoryId: number): { draft: ServicesDraft; restarted: boolean } {
  // read as it is (not parsed: a row the rules now refuse still shows, to be corrected, never dropped)
  const section = ctx.saved.services as (Record<string, unknown> & { category_id?: unknown }) | null;
  const mine = section !== null && section.category_id === categoryId;
  const restarted = !mine && ctx.saved.provider_services.some((record) => record.category_id !== categoryId);
  const rows: Record<WizardServiceType, SavedRow[]> = { Consultation: [], Service: [], Retainership: [], AddOnService: [] };
  if (mine)
    for (const type of WIZARD_SERVICE_TYPES)
      rows[type] = Array.isArray(section[type]) ? (section[type] as Partial<SavedRow>[]).map(savedRow) : [];
  const draft = Object.fromEntries(
    WIZARD_SERVICE_TYPES.map((type) => [
      type,
      rows[type].length > 0 ? rows[type].map(rowDraft) : Array.from({ length: EMPTY_SERVICE_ROWS }, blankRow),
    ]),
  ) as ServicesDraft;
  return { draft, restarted };
}

/** A list field as posted: checkboxes (`…specialty.<k>`) when it has options, else a text box, one entry per line. */
const listOf = (node: FormTree | undefined, field: string, options: string[] | null) =>
  options ? textsAt(node, field) : linesOf(textAt(node, field));

function draftOf(form: FormData, columns: ServiceColumns): ServicesDraft {
  const tree = formTree(form);
  return Object.fromEntries(
    WIZARD_SERVICE_TYPES.map((type) => {
      const c = columns[type];
      const rows = listAt(tree, type).map((node): ServiceRowDraft => ({
        offerings: textAt(node, "offerings"),
        specialty: c.specialty.shown ? listOf(node, "specialty", c.specialty.options) : [],
        inclusions: c.inclusions.shown ? listOf(node, "inclusions", c.inclusions.options) : [],
        limits: c.limits.shown ? listOf(node, "limits", c.limits.options) : [],
        limitsPriceVariation: c.limitsPriceVariation
          ? listAt(node, "limitsPriceVariation").map((v) => ({
              indiaPrice: textAt(v, "indiaPrice"),
              limits: listOf(v, "limits", c.limits.options),
              deliveryTime: textAt(v, "deliveryTime"),
              description: textAt(v, "description"),
            }))
          : [],
        description: textAt(node, "description"),
        indiaPrice: textAt(node, "indiaPrice"),
        outsidePrice: textAt(node, "outsidePrice"),
        deliveryTime: textAt(node, "deliveryTime"),
        askBeforeOrder: textAt(node, "askBeforeOrder") !== "",
        serviceId: textAt(node, "serviceId"),
      }));
      return [type, rows];
    }),
  ) as ServicesDraft;
}

const isBlankVariation = (v: VariationDraft) =>
  v.indiaPrice.trim() === "" && v.limits.length === 0 && v.deliveryTime === "" && v.description.trim() === "";

/** The section as the contract reads it (rows as sent, blank price variations dropped), and the way back to the form's names. */
function sectionOf(draft: ServicesDraft, categoryId: number) {
  const variationsKept: Record<string, number[]> = {};
  const input: Record<string, unknown> = { category_id: categoryId };
  for (const type of WIZARD_SERVICE_TYPES) {
    input[type] = draft[type].map((row, i) => {
      const variations = compact(row.limitsPriceVariation, isBlankVariation);
      variationsKept[`${type}.${i}`] = variations.kept;
      return {
        offerings: row.offerings,
        specialty: row.specialty,
        inclusions: row.inclusions,
        limits: row.limits,
        limitsPriceVariation: variations.items,
        description: row.description,
        indiaPrice: row.indiaPrice,
        outsidePrice: row.outsidePrice,
        deliveryTime: row.deliveryTime,
        askBeforeOrder: row.askBeforeOrder,
        serviceId: /^\d{1,9}$/.test(row.serviceId) && Number(row.serviceId) > 0 ? Number(row.serviceId) : null,
      };
    });
  }
  // the rows the API gets (blank ones dropped), by type: index among them → index in the form
  const rowsKept = Object.fromEntries(
    WIZARD_SERVICE_TYPES.map((type) => [type, compact(input[type] as unknown[], isBlankRow).kept]),
  ) as Record<WizardServiceType, number[]>;
  const PATH = /^(Consultation|Service|Retainership|AddOnService)\.(\d+)(?:\.limitsPriceVariation\.(\d+))?(.*)$/;
  /** a path with the rows as sent (the contract's) → the form's name */
  const asSent = (path: string) => {
    const match = PATH.exec(path);
    if (!match) return path;
    const [, type, i, v, rest] = match;
    if (v === undefined) return `${type}.${i}${rest}`;
    return `${type}.${i}.limitsPriceVariation.${variationsKept[`${type}.${i}`]?.[Number(v)] ?? v}${rest}`;
  };
  /** a path with the kept rows (the API's) → the form's name */
  const fromApi = (path: string) => {
    const match = PATH.exec(path);
    if (!match) return path === "category_id" ? null : path;
    const row = rowsKept[match[1] as WizardServiceType][Number(match[2])];
    return row === undefined ? match[1] : asSent(path.replace(`${match[1]}.${match[2]}`, `${match[1]}.${row}`));
  };
  return { input, asSent, fromApi };
}

/** A form-only post: a row or a price variation added or removed. */
function redraw(intent: string, arg: string, draft: ServicesDraft) {
  const [typeText, rowText, variationText] = arg.split(".");
  if (!isOneOf(WIZARD_SERVICE_TYPES, typeText)) return null;
  const type = typeText as WizardServiceType;
  const rows = draft[type];
  const row = rows[Number(rowText)];
  if (intent === "add") {
    if (rows.length >= MAX_SERVICE_ROWS) return refused(draft, { [type]: TOO_MANY_ROWS[type] });
    rows.push(blankRow());
    return redrawn(draft);
  }
  if (!row) return null;
  if (intent === "remove") {
    rows.splice(Number(rowText), 1);
    return redrawn(draft);
  }
  if (intent === "add-variation") {
    if (row.limitsPriceVariation.length >= MAX_SERVICE_ROWS) return redrawn(draft);
    row.limitsPriceVariation.push(blankVariation());
    return redrawn(draft);
  }
  if (intent === "remove-variation") {
    row.limitsPriceVariation.splice(Number(variationText), 1);
    return redrawn(draft);
  }
  return null;
}

async function categoryName(ctx: WizardContext, categoryId: number) {
  const category = await ctx.api.raw.getCategory(categoryId).catch(() => null);
  return category?.categoryName ?? `Category ${categoryId}`;
}

export const servicesStep: StepModule<ServicesView> = {
  load: async (ctx) => {
    const { categoryId, columns } = await stepOf(ctx);
    const { draft, restarted } = savedDraft(ctx, categoryId);
    return { categoryId, categoryName: await categoryName(ctx, categoryId), columns, draft, restarted };
  },

  save: async (ctx) => {
    const [form, { categoryId, columns }] = await Promise.all([ctx.request.formData(), stepOf(ctx)]);
    const draft = draftOf(form, columns);
    const [intent, arg] = intentOf(form);
    if (intent !== "save") return redraw(intent, arg, draft) ?? refused(draft, {}, 400, "Unknown action");

    const { input, asSent, fromApi } = sectionOf(draft, categoryId);
    const parsed = ServicesSection.safeParse(input);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const [path, message] of Object.entries(fieldErrorsOf(parsed.error.issues))) errors[asSent(path)] ??= message;
      return refused(draft, errors);
    }
    try {
      await ctx.api.saveWizardSection(ctx.serviceProviderId, { section: "services", data: parsed.data });
      return { saved: true };
    } catch (error) {
      return apiRefusal(error, draft, fromApi);
    }
  },
};
