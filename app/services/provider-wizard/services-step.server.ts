import { withZod } from "@remix-validated-form/with-zod";
import { CategoriesSection, MAX_SERVICE_ROWS, WIZARD_SERVICE_TYPES, type WizardServiceType } from "~contract/provider-wizard";
import { CategoryServiceProviderFormSetting1, CreateServicesSetting1, CreateServicesSetting2 } from "~contract/settings";
import { serviceColumns, type ServiceColumns } from "~/models/provider-wizard-columns";
import { EMPTY_SERVICE_ROWS } from "~/models/provider-wizard-labels";
import {
  addServiceRowForm,
  saveServicesForm,
  serviceRowForm,
  servicesDraftForm,
  serviceVariationForm,
} from "~/models/provider-wizard-services-form";
import {
  ADD_ROW_INTENT,
  ADD_VARIATION_INTENT,
  blankRow,
  blankVariation,
  REMOVE_ROW_INTENT,
  REMOVE_VARIATION_INTENT,
  TOO_MANY_ROWS,
  type ServiceRowDraft,
  type ServicesDraft,
  type ServicesView,
} from "~/models/provider-wizard-services-view";
import { handleForm, intent } from "~/services/form-action.server";
import { apiRefusal, redrawn, refused, refusedDraft } from "./step-failure.server";
import type { StepModule, WizardContext } from "./wizard.server";

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
    const { categoryId, columns } = await stepOf(ctx);
    const options = { invalid: refusedDraft(withZod(servicesDraftForm(columns))) };
    return handleForm(ctx.request, ctx.api, {
      save: intent(
        saveServicesForm(columns, categoryId),
        async ({ draft, section, fromApi }) => {
          try {
            await ctx.api.saveWizardSection(ctx.serviceProviderId, { section: "services", data: section });
          } catch (error) {
            return apiRefusal(error, draft, fromApi);
          }
          return ctx.goOn();
        },
        options,
      ),
      [`${ADD_ROW_INTENT}:`]: intent(
        addServiceRowForm(columns),
        async ({ intent: type, ...draft }) => {
          if (draft[type].length >= MAX_SERVICE_ROWS) return refused(draft, { [type]: TOO_MANY_ROWS[type] });
          draft[type].push(blankRow());
          return redrawn(draft);
        },
        options,
      ),
      [`${REMOVE_ROW_INTENT}:`]: intent(
        serviceRowForm(columns),
        async ({ intent: { type, row }, ...draft }) => {
          draft[type].splice(row, 1);
          return redrawn(draft);
        },
        options,
      ),
      [`${ADD_VARIATION_INTENT}:`]: intent(
        serviceRowForm(columns),
        async ({ intent: { type, row }, ...draft }) => {
          const variations = draft[type][row].limitsPriceVariation;
          if (variations.length < MAX_SERVICE_ROWS) variations.push(blankVariation());
          return redrawn(draft);
        },
        options,
      ),
      [`${REMOVE_VARIATION_INTENT}:`]: intent(
        serviceVariationForm(columns),
        async ({ intent: { type, row, variation }, ...draft }) => {
          draft[type][row].limitsPriceVariation.splice(variation, 1);
          return redrawn(draft);
        },
        options,
      ),
    });
  },
};
