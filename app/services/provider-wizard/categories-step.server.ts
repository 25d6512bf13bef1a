import { withZod } from "@remix-validated-form/with-zod";
import { CategoriesSection, WIZARD_MESSAGES as M } from "~contract/provider-wizard";
import { CategoryServiceProviderFormSetting1, MAX_SUB_SPECIALIZATIONS } from "~contract/settings";
import {
  CategoriesDraftForm,
  CategoriesIndexForm,
  CategoriesRowForm,
  CategoriesSubRowForm,
  RedrawCategoriesForm,
  SaveCategoriesForm,
} from "~/models/provider-wizard-categories-form";
import {
  ADD_SPECIALIZATION_INTENT,
  ADD_SUB_INTENT,
  blankSpecialization,
  CATEGORY_INTENT,
  draftForCategory,
  optionsOf,
  REMOVE_SPECIALIZATION_INTENT,
  REMOVE_SUB_INTENT,
  type CategoriesDraft,
  type CategoriesView,
  type CategoryOptions,
} from "~/models/provider-wizard-categories-view";
import { handleForm, intent } from "~/services/form-action.server";
import { apiRefusal, redrawn, refused, refusedDraft } from "./step-failure.server";
import type { StepModule, WizardContext } from "./wizard.server";

/**
 * The Categories step (spec 3 §2.1): the provider's category and specializations, each with its
 * experience and up to 6 sub-specializations (each with its experience). The options come from
 * the category's Category Settings (free text when it lists none). Without JavaScript, "Show this
 * category's specializations" redraws the form for another category and the add / remove buttons
 * redraw it with a row more or less, all without saving.
 */

async function categoryOptions(ctx: WizardContext): Promise<Record<string, CategoryOptions>> {
  const setting = CategoryServiceProviderFormSetting1.safeParse((await ctx.settings()).CategoryServiceProviderFormSetting.setting1 ?? {});
  if (!setting.success) return {};
  return Object.fromEntries(
    Object.entries(setting.data).map(([id, entry]) => [
      id,
      {
        specializations: entry.specializations.map((s) => ({ name: s.name, subSpecializations: s.subSpecializations })),
        experience: entry.specializationExperience,
        subSpecializations: entry.fields.subSpecializations,
        specializationExperience: entry.fields.specializationExperience,
      },
    ]),
  );
}

const years = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));

/** The profile's category and specializations as the form's values (what the details page shows). */
function savedDraft(ctx: WizardContext): CategoriesDraft {
  const saved = CategoriesSection.safeParse(ctx.saved.categories);
  if (saved.success) {
    return {
      category_id: String(saved.data.category_id),
      specializations: saved.data.specializations.map((s) => ({
        specialization: s.specialization,
        experience: years(s.experience),
        subSpecialization: s.subSpecialization,
        subSpecializationExp: s.subSpecialization.map((_, j) => years(s.subSpecializationExp[j])),
      })),
    };
  }
  // a category without specializations yet: the category still shows
  const id = (ctx.saved.categories as { category_id?: unknown } | null)?.category_id;
  return { category_id: typeof id === "number" ? String(id) : "", specializations: [blankSpecialization()] };
}

/** The form as typed, read again for a refusal's refill. */
const draftForm = withZod(CategoriesDraftForm);

export const categoriesStep: StepModule<CategoriesView> = {
  load: async (ctx) => {
    const [categories, options] = await Promise.all([ctx.api.listParentCategories(), categoryOptions(ctx)]);
    const list = categories.map((c) => ({ id: c.category_id, name: c.categoryName }));
    const draft = savedDraft(ctx);
    // a category saved before (a sub-category, or one since made a child) stays choosable
    const savedId = Number(draft.category_id);
    if (savedId && !list.some((c) => c.id === savedId)) {
      const saved = await ctx.api.raw.getCategory(savedId).catch(() => null);
      list.push({ id: savedId, name: saved?.categoryName ?? `Category ${savedId}` });
    }
    return { categories: list, options, draft };
  },

  save: (ctx) => {
    const options = { invalid: refusedDraft(draftForm) };
    return handleForm(ctx.request, ctx.api, {
      save: intent(
        SaveCategoriesForm,
        async ({ draft, section, formPath }) => {
          try {
            await ctx.api.saveWizardSection(ctx.serviceProviderId, { section: "categories", data: section });
          } catch (error) {
            return apiRefusal(error, draft, formPath);
          }
          return ctx.goOn();
        },
        options,
      ),
      [CATEGORY_INTENT]: intent(
        RedrawCategoriesForm,
        async (draft) =>
          redrawn(draftForCategory(draft, draft.category_id, optionsOf({ options: await categoryOptions(ctx) }, draft.category_id))),
        options,
      ),
      [ADD_SPECIALIZATION_INTENT]: intent(
        RedrawCategoriesForm,
        async (draft) => redrawn({ ...draft, specializations: [...draft.specializations, blankSpecialization()] }),
        options,
      ),
      [`${ADD_SUB_INTENT}:`]: intent(
        CategoriesRowForm,
        async ({ intent: i, ...draft }) => {
          const row = draft.specializations[i];
          if (row.subSpecialization.length >= MAX_SUB_SPECIALIZATIONS) {
            return refused(draft, { [`specializations.${i}.subSpecialization`]: M.maxSubSpecializations });
          }
          row.subSpecialization.push("");
          row.subSpecializationExp.push("");
          return redrawn(draft);
        },
        options,
      ),
      [`${REMOVE_SPECIALIZATION_INTENT}:`]: intent(
        CategoriesIndexForm,
        async ({ intent: i, ...draft }) => {
          const next = draft.specializations.filter((_, index) => index !== i);
          return redrawn({ ...draft, specializations: next.length > 0 ? next : [blankSpecialization()] });
        },
        options,
      ),
      [`${REMOVE_SUB_INTENT}:`]: intent(
        CategoriesSubRowForm,
        async ({ intent: { row: i, sub: j }, ...draft }) => {
          const row = draft.specializations[i];
          row.subSpecialization.splice(j, 1);
          row.subSpecializationExp.splice(j, 1);
          return redrawn(draft);
        },
        options,
      ),
    });
  },
};
