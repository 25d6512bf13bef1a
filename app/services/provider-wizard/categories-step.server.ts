import { fieldErrorsOf } from "~contract/form-result";
import { CategoriesSection, WIZARD_MESSAGES as M } from "~contract/provider-wizard";
import {
  ADD_SPECIALIZATION_INTENT,
  blankSpecialization,
  CATEGORY_INTENT,
  draftForCategory,
  isBlankSpecialization,
  optionsOf,
  type CategoriesDraft,
  type CategoriesView,
  type CategoryOptions,
  type SpecializationDraft,
} from "~/models/provider-wizard-categories-view";
import { CategoryServiceProviderFormSetting1, MAX_SUB_SPECIALIZATIONS } from "~contract/settings";
import { formTree, listAt, textAt, type FormTree } from "~/utils/form-paths";
import { apiRefusal, compact, intentOf, redrawn, refused } from "./step-failure.server";
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

const texts = (node: FormTree | undefined, key: string) => listAt(node, key).map((v) => (typeof v === "string" ? v : ""));

function draftOf(form: FormData): CategoriesDraft {
  const tree = formTree(form);
  return {
    category_id: textAt(tree, "category_id"),
    specializations: listAt(tree, "specializations").map((node) => ({
      specialization: textAt(node, "specialization"),
      experience: textAt(node, "experience"),
      subSpecialization: texts(node, "subSpecialization"),
      subSpecializationExp: texts(node, "subSpecializationExp"),
    })),
  };
}

const number = (text: string) => (text.trim() === "" ? undefined : /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : NaN);

/** The section to save from the draft: blank rows dropped, with where each kept row was in the form. */
function sectionOf(draft: CategoriesDraft) {
  const rows = compact(draft.specializations, isBlankSpecialization);
  const subsKept: number[][] = [];
  const specializations = rows.items.map((row) => {
    const subs = compact(
      row.subSpecialization.map((sub, j) => [sub, row.subSpecializationExp[j] ?? ""] as const),
      ([sub, exp]) => sub.trim() === "" && exp.trim() === "",
    );
    subsKept.push(subs.kept);
    return {
      specialization: row.specialization,
      experience: number(row.experience),
      subSpecialization: subs.items.map(([sub]) => sub),
      subSpecializationExp: subs.items.map(([, exp]) => number(exp) ?? null),
    };
  });
  const input = { category_id: number(draft.category_id), specializations };
  /** a path of the section → the form's field */
  const formPath = (path: string) => {
    const match = /^specializations\.(\d+)(?:\.(subSpecialization|subSpecializationExp)\.(\d+))?(.*)$/.exec(path);
    if (!match) return path;
    const [, i, list, j, rest] = match;
    const row = rows.kept[Number(i)];
    if (row === undefined) return "specializations";
    if (!list) return `specializations.${row}${rest}`;
    return `specializations.${row}.${list}.${subsKept[Number(i)]?.[Number(j)] ?? j}${rest}`;
  };
  return { input, formPath };
}

/** A form-only post: another category, or a row added or removed. */
function redraw(intent: string, arg: string, draft: CategoriesDraft, options: Record<string, CategoryOptions>) {
  const rows = draft.specializations;
  if (intent === CATEGORY_INTENT) return redrawn(draftForCategory(draft, draft.category_id, optionsOf({ options }, draft.category_id)));
  if (intent === ADD_SPECIALIZATION_INTENT) return redrawn({ ...draft, specializations: [...rows, blankSpecialization()] });
  if (intent === "add-sub") {
    const row = rows[Number(arg)];
    if (!row) return null;
    if (row.subSpecialization.length >= MAX_SUB_SPECIALIZATIONS)
      return refused(draft, { [`specializations.${arg}.subSpecialization`]: M.maxSubSpecializations });
    row.subSpecialization.push("");
    row.subSpecializationExp.push("");
    return redrawn(draft);
  }
  if (intent === "remove-specialization") {
    const next = rows.filter((_, i) => i !== Number(arg));
    return redrawn({ ...draft, specializations: next.length > 0 ? next : [blankSpecialization()] });
  }
  if (intent === "remove-sub") {
    const [i, j] = arg.split(".").map(Number);
    const row: SpecializationDraft | undefined = rows[i];
    if (!row) return null;
    row.subSpecialization.splice(j, 1);
    row.subSpecializationExp.splice(j, 1);
    return redrawn(draft);
  }
  return null;
}

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

  save: async (ctx) => {
    const form = await ctx.request.formData();
    const draft = draftOf(form);
    const [intent, arg] = intentOf(form);
    if (intent !== "save") {
      const answer = redraw(intent, arg, draft, await categoryOptions(ctx));
      if (answer) return answer;
      return refused(draft, {}, 400, "Unknown action");
    }
    const { input, formPath } = sectionOf(draft);
    const parsed = CategoriesSection.safeParse(input);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const [path, message] of Object.entries(fieldErrorsOf(parsed.error.issues, "specializations")))
        errors[formPath(path)] ??= message;
      return refused(draft, errors);
    }
    try {
      await ctx.api.saveWizardSection(ctx.serviceProviderId, { section: "categories", data: parsed.data });
      return { saved: true };
    } catch (error) {
      return apiRefusal(error, draft, formPath);
    }
  },
};
