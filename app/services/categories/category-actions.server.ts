import type { AdminUser } from "~contract/admin-users";
import type { CategoryRecord } from "~contract/categories";
import { apiFailure, formFailure, listUrlWithoutDialog, SOME_ERROR, submittedValues } from "~/services/form-result.server";
import { MarketplaceError, callerOf } from "~/services/marketplace/client.server";
import { redirectWithToast } from "~/services/toast.server";
import type { Validator } from "remix-validated-form";
import { getCategory, removeCategory, updateCategory } from "~/services/marketplace/categories.server";

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

/**
 * The save intent of Edit Category and Edit Sub Category: validate, compare with the record as it
 * is now (not with what the browser says changed), send only the changed fields with the version
 * the admin loaded, and answer No Change Detected / Updated Successfully / the form's failure.
 */
export async function saveCategoryEdit<T extends Comparable & { updated_at: string }>(
  request: Request,
  admin: AdminUser,
  id: number,
  { validator, what, here, successMessage }: { validator: Validator<T>; what: string; here: string; successMessage: string },
) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent !== "save") {
    throw new Response(`Unknown intent: ${String(intent)}`, { status: 400, statusText: "Bad Request" });
  }
  const values = submittedValues(formData);
  const result = await validator.validate(formData);
  if (result.error) return formFailure(values, { fieldErrors: result.error.fieldErrors }, 422);

  const { updated_at, ...fields } = result.data;
  try {
    const current = await getCategory(callerOf(admin, request), id);
    const changes = changedFields(current, fields);
    if (Object.keys(changes).length === 0) {
      return redirectWithToast(request, here, { type: "info", message: "No Change Detected" });
    }
    await updateCategory(callerOf(admin, request), id, { ...changes, updated_at });
  } catch (error) {
    return apiFailure(error, values, what);
  }
  return redirectWithToast(request, here, { type: "success", title: "Updated Successfully", message: successMessage });
}

/** The delete intent of the category lists: remove, then back to the same list with a toast. */
export async function deleteCategoryIntent(request: Request, admin: AdminUser, formData: FormData, backTo: string) {
  const id = Number(formData.get("id"));
  if (!Number.isInteger(id) || id < 1) {
    return redirectWithToast(request, backTo, { type: "error", message: SOME_ERROR });
  }
  try {
    await removeCategory(callerOf(admin, request), id);
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    return redirectWithToast(request, backTo, { type: "error", message: error.message || SOME_ERROR });
  }
  return redirectWithToast(request, backTo, { type: "success", message: "Category Delete Successful" });
}

/** The action of the three category lists (categories, sub, sub-sub): only a delete intent. */
export async function categoryListAction(request: Request, admin: AdminUser) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  switch (intent) {
    case "delete":
      return deleteCategoryIntent(request, admin, formData, listUrlWithoutDialog(request));
    default:
      throw new Response(`Unknown intent: ${String(intent)}`, { status: 400, statusText: "Bad Request" });
  }
}
