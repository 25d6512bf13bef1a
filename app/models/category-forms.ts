import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { CategoryFields, SUPER_CATEGORIES } from "~contract/categories";
import { SUPER_CATEGORY_LABELS, SubCategoryFields } from "~/models/categories";

/**
 * The category forms as posted: the shared CategoryFields with the two booleans read the way HTML
 * sends them (a checkbox sends "on" or nothing; Hide from Menubar is a Yes/No select).
 */
const checkbox = z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean());
const yesNo = z.preprocess((v) => v === true || v === "Yes" || v === "true", z.boolean());
const version = z.string({ required_error: "Reload the page and try again" }).min(1, "Reload the page and try again");

export const AddCategoryForm = CategoryFields.extend({ mostPopular: checkbox, hide_from_menu_bar: yesNo });
export const EditCategoryForm = AddCategoryForm.extend({ updated_at: version });
export const AddSubCategoryForm = SubCategoryFields;
export const EditSubCategoryForm = SubCategoryFields.extend({ updated_at: version });

export const addCategoryValidator = withZod(AddCategoryForm);
export const editCategoryValidator = withZod(EditCategoryForm);
export const addSubCategoryValidator = withZod(AddSubCategoryForm);
export const editSubCategoryValidator = withZod(EditSubCategoryForm);

export const STATUS_OPTIONS = [
  { value: "Active", label: "Active" },
  { value: "Hold", label: "Hold" },
  { value: "Inactive", label: "Inactive" },
] as const;

export const SUPER_CATEGORY_OPTIONS = ["", ...SUPER_CATEGORIES].map((value) => ({
  value,
  label: SUPER_CATEGORY_LABELS[value] ?? value,
}));

export const YES_NO_OPTIONS = [
  { value: "No", label: "No" },
  { value: "Yes", label: "Yes" },
] as const;

/** What the editor's inputs start from: strings as the form holds them. */
export type CategoryFormValues = {
  categoryName: string;
  desc: string;
  status: string;
  superCategory: string;
  pageTitle: string;
  metaDescription: string;
  mostPopular: boolean | string;
  hide_from_menu_bar: string;
  updated_at?: string;
};
