import { z } from "zod";
import { CategoriesSection } from "~contract/provider-wizard";
import { isBlankSpecialization, type CategoriesDraft } from "./provider-wizard-categories-view";
import {
  checkSection,
  compact,
  indexOf,
  intentArgument,
  postedGroup,
  postedRows,
  postedText,
  postedTexts,
  UNKNOWN_ACTION,
} from "./provider-wizard-form-fields";

/**
 * The Categories step's forms (one schema per intent): the category and its specializations as
 * typed (`specializations.0.subSpecialization.1`), and Save & Continue's section with each
 * refusal beside the row as the form shows it (blank rows are dropped before saving).
 */

/** The form as typed: the draft a refusal or a no-JS redraw shows back. */
export const CategoriesDraftForm = z.object({
  category_id: postedText(),
  specializations: postedRows(
    postedGroup({
      specialization: postedText(),
      experience: postedText(),
      subSpecialization: postedTexts(),
      subSpecializationExp: postedTexts(),
    }),
  ),
}) satisfies z.ZodType<CategoriesDraft, z.ZodTypeDef, unknown>;

const number = (text: string) => (text.trim() === "" ? undefined : /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : NaN);

/**
 * The section to save from the draft: blank rows dropped, and `formPath`, a path of the section
 * (the contract's or the API's) → the form's field.
 */
export function categoriesSectionOf(draft: CategoriesDraft) {
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

/** Save & Continue: the section by the contract's rules, each message beside its field as the form names it. */
export const SaveCategoriesForm = CategoriesDraftForm.transform((draft, ctx) => {
  const { input, formPath } = categoriesSectionOf(draft);
  const section = checkSection(
    CategoriesSection,
    input,
    ctx,
    (errors) => {
      const named: Record<string, string> = {};
      for (const [path, message] of Object.entries(errors)) named[formPath(path)] ??= message;
      return named;
    },
    "specializations",
  );
  return { draft, section, formPath };
});

/** Show this category's specializations, Add specialization (no JS): the form as typed. */
export const RedrawCategoriesForm = CategoriesDraftForm;

/** Remove specialization i ("remove-specialization:2"). */
export const CategoriesIndexForm = CategoriesDraftForm.extend({ intent: intentArgument(indexOf) });

/** + sub-specialization of row i ("add-sub:2"): a row the form has. */
export const CategoriesRowForm = CategoriesIndexForm.superRefine((form, ctx) => {
  if (!form.specializations[form.intent]) ctx.addIssue({ code: "custom", path: ["intent"], message: UNKNOWN_ACTION });
});

/** Remove sub-specialization j of row i ("remove-sub:1.2"): a row the form has. */
export const CategoriesSubRowForm = CategoriesDraftForm.extend({
  intent: intentArgument((text) => {
    const match = /^(\d{1,4})\.(\d{1,4})$/.exec(text);
    return match ? { row: Number(match[1]), sub: Number(match[2]) } : null;
  }),
}).superRefine((form, ctx) => {
  if (!form.specializations[form.intent.row]) ctx.addIssue({ code: "custom", path: ["intent"], message: UNKNOWN_ACTION });
});
