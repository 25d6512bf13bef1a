import { z } from "zod";
import type { Validator } from "remix-validated-form";
import type { CategoryRecord } from "~contract/categories";
import { addCategoryValidator, addSubCategoryValidator } from "~/models/category-forms";
import { handleForm, intent } from "~/services/form-action.server";
import { listUrlWithoutDialog, SOME_ERROR } from "~/services/form-result.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { redirectWithToast } from "~/services/toast.server";

type Comparable = Record<string, string | boolean | number | null | undefined>;

/** The fields of `next` whose normalized value differs from the record's. */
export function changedFields<T extends Comparable>(current: CategoryRecord, next: T): Partial<T> {
  const changes: Partial<T> = {};
  const record = current as unknown as Comparable;
  for (const key of Object.keys(next) as (keyof T & string)[]) {
    const before = normalize(record[key]);
    const after = normalize(next[key]);
    if (before !== after) changes[key] = next[key];
  }
  return changes;
}

function normalize(value: Comparable[string]) {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value.trim();
  return value;
}

/** Add Category: create, then back to the list with a toast; refused → the form says why. */
export function addCategoryAction(request: Request, api: Marketplace) {
  return handleForm(request, api, {
    create: intent(
      addCategoryValidator,
      async (fields) => {
        await api.createCategory(fields);
        return redirectWithToast(request, "/admin/category", { type: "success", message: "New Category Added" });
      },
      { what: "category" },
    ),
  });
}

/** Add Sub(-Sub) Category: a category whose parent is the page's category. */
export function addSubCategoryAction(request: Request, api: Marketplace, parentCategoryId: number) {
  return handleForm(request, api, {
    create: intent(
      addSubCategoryValidator,
      async (fields) => {
        await api.createCategory({
          ...fields,
          superCategory: "",
          metaDescription: "",
          mostPopular: false,
          hide_from_menu_bar: false,
          parentCategoryId,
        });
        return redirectWithToast(request, "/admin/category", { type: "success", message: "New Sub-Category Added" });
      },
      { what: "sub-category" },
    ),
  });
}

/**
 * The save intent of Edit Category and Edit Sub Category: validate, compare with the record as it
 * is now (not with what the browser says changed), send only the changed fields with the version
 * the admin loaded, and answer No Change Detected / Updated Successfully / the form's failure.
 */
export function saveCategoryEdit<T extends Comparable & { updated_at: string }>(
  request: Request,
  api: Marketplace,
  id: number,
  { validator, what, here, successMessage }: { validator: Validator<T>; what: string; here: string; successMessage: string },
) {
  return handleForm(request, api, {
    save: intent(
      validator,
      async ({ updated_at, ...fields }) => {
        const current = await api.getCategory(id);
        const changes = changedFields(current, fields);
        if (Object.keys(changes).length === 0) {
          return redirectWithToast(request, here, { type: "info", message: "No Change Detected" });
        }
        await api.updateCategory(id, { ...changes, updated_at });
        return redirectWithToast(request, here, { type: "success", title: "Updated Successfully", message: successMessage });
      },
      { what },
    ),
  });
}

const DeleteCategory = z.object({ id: z.coerce.number().int().min(1) });

/** The action of the three category lists (categories, sub, sub-sub): only a delete intent, answered by toasts. */
export function categoryListAction(request: Request, api: Marketplace) {
  const backTo = listUrlWithoutDialog(request);
  return handleForm(request, api, {
    delete: intent(
      DeleteCategory,
      async ({ id }) => {
        await api.removeCategory(id);
        return redirectWithToast(request, backTo, { type: "success", message: "Category Delete Successful" });
      },
      {
        invalid: () => redirectWithToast(request, backTo, { type: "error", message: SOME_ERROR }),
        refused: (error) => {
          return redirectWithToast(request, backTo, { type: "error", message: error.message || SOME_ERROR });
        },
      },
    ),
  });
}
