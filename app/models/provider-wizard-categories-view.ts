/**
 * The Categories step's page data (zod-free, for the browser): the category list, each category's
 * options from its Category Settings, and the form's values as typed (the draft).
 */
import { MAX_SUB_SPECIALIZATIONS, optionKey, SPECIALIZATION_EXPERIENCE_RANGE } from "~contract/setting-labels";

export type SpecializationDraft = {
  specialization: string;
  experience: string;
  subSpecialization: string[];
  subSpecializationExp: string[];
};
export type CategoriesDraft = { category_id: string; specializations: SpecializationDraft[] };

/** What a category's settings offer: its specializations (none: free text) and experience bounds. */
export type CategoryOptions = {
  specializations: { name: string; subSpecializations: string[] }[];
  experience: { min: number; max: number };
  /** the category's settings switch sub-specializations on (offered) or off (neither offered nor asked) */
  subSpecializations: boolean;
  /** the category's settings ask each specialization's experience (on) or not (off) */
  specializationExperience: boolean;
};

export type CategoriesView = {
  categories: { id: number; name: string }[];
  /** category id → its options; a category left out offers free text within the default bounds */
  options: Record<string, CategoryOptions>;
  draft: CategoriesDraft;
};

/** The intent of "Show this category's specializations" (no JS: re-render without saving). */
export const CATEGORY_INTENT = "category";
/** Intents of the no-JS add buttons: one specialization; one sub-specialization of specialization i. */
export const ADD_SPECIALIZATION_INTENT = "add-specialization";
export const ADD_SUB_INTENT = "add-sub";
export const REMOVE_SPECIALIZATION_INTENT = "remove-specialization";
export const REMOVE_SUB_INTENT = "remove-sub";
export const addSubIntent = (index: number) => `${ADD_SUB_INTENT}:${index}`;
export const removeSpecializationIntent = (index: number) => `${REMOVE_SPECIALIZATION_INTENT}:${index}`;
export const removeSubIntent = (index: number, sub: number) => `${REMOVE_SUB_INTENT}:${index}.${sub}`;

export const DEFAULT_CATEGORY_OPTIONS: CategoryOptions = {
  specializations: [],
  experience: { min: SPECIALIZATION_EXPERIENCE_RANGE.min, max: SPECIALIZATION_EXPERIENCE_RANGE.max },
  subSpecializations: true,
  specializationExperience: true,
};
export const optionsOf = (view: Pick<CategoriesView, "options">, categoryId: string) =>
  view.options[categoryId] ?? DEFAULT_CATEGORY_OPTIONS;

export const blankSpecialization = (): SpecializationDraft => ({
  specialization: "",
  experience: "",
  subSpecialization: [],
  subSpecializationExp: [],
});
export const isBlankSpecialization = (s: SpecializationDraft) =>
  s.specialization.trim() === "" &&
  s.experience.trim() === "" &&
  s.subSpecialization.every((v, j) => v.trim() === "" && (s.subSpecializationExp[j] ?? "").trim() === "");

/**
 * The draft for another category: specializations the new category does not offer are dropped
 * (all are kept when it offers free text), and so are sub-specializations it does not list; at
 * least one row stays.
 */
export function draftForCategory(draft: CategoriesDraft, categoryId: string, options: CategoryOptions): CategoriesDraft {
  const offered = new Map(options.specializations.map((s) => [optionKey(s.name), s]));
  const kept = draft.specializations.flatMap((given) => {
    if (isBlankSpecialization(given)) return [];
    // what the category's settings switch off is neither offered nor kept
    const row = {
      ...given,
      experience: options.specializationExperience ? given.experience : "",
      subSpecialization: options.subSpecializations ? given.subSpecialization : [],
      subSpecializationExp: options.subSpecializations
        ? given.subSpecializationExp.map((e) => (options.specializationExperience ? e : ""))
        : [],
    };
    if (offered.size === 0) return [row];
    const known = offered.get(optionKey(row.specialization));
    if (!known) return [];
    const subs = new Set(known.subSpecializations.map(optionKey));
    const pairs = row.subSpecialization
      .map((sub, j) => [sub, row.subSpecializationExp[j] ?? ""] as const)
      .filter(([sub]) => subs.size === 0 || subs.has(optionKey(sub)));
    return [
      { ...row, specialization: known.name, subSpecialization: pairs.map(([s]) => s), subSpecializationExp: pairs.map(([, e]) => e) },
    ];
  });
  return { category_id: categoryId, specializations: kept.length > 0 ? kept : [blankSpecialization()] };
}

export { MAX_SUB_SPECIALIZATIONS };
