import { data } from "@remix-run/node";
import type { AdminUser } from "~/models/admin-user";
import type { CategoryRecord } from "~/models/category";
import type { ConflictBody } from "~/models/api";
import { formatDateTime } from "~/services/dates";
import { API_UNAVAILABLE_MESSAGE, MarketplaceError } from "~/services/marketplace/client.server";
import { redirectWithToast } from "~/services/toast.server";
import type { Validator } from "remix-validated-form";
import { getCategory, removeCategory, updateCategory } from "~/services/marketplace/categories.server";

export const SOME_ERROR = "Some Error Occurred";

/** A route id from the URL: a positive integer, anything else is a 404. */
export function idParam(value: string | undefined): number {
  if (!value || !/^\d{1,9}$/.test(value) || Number(value) < 1) {
    throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  }
  return Number(value);
}

export function callerOf(admin: AdminUser) {
  return { adminUserId: admin.adminUserId };
}

export type FormFailure = {
  fieldErrors: Record<string, string>;
  repopulateFields: Record<string, unknown>;
  formError?: string;
  conflict?: { updatedBy: string; updatedAt: string };
};

/** The action's answer to a post that changed nothing: messages, and what the admin typed. */
export function formFailure(values: Record<string, unknown>, failure: Omit<FormFailure, "repopulateFields" | "fieldErrors"> & { fieldErrors?: Record<string, string> }, status: number) {
  const { fieldErrors = {}, ...rest } = failure;
  return data<FormFailure>({ fieldErrors, repopulateFields: values, ...rest }, { status });
}

/** The submitted form as a plain object (for refilling the form), without the intent. */
export function submittedValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) {
    if (typeof value === "string" && key !== "intent") values[key] = value;
  }
  return values;
}

export function conflictText(conflict: ConflictBody | undefined, what: string) {
  const who = conflict?.updated_by || "Another admin";
  const when = conflict ? formatDateTime(conflict.updated_at) : "a moment ago";
  return `${who} changed this ${what} at ${when} after you opened it. Your changes were not saved — reload to see theirs.`;
}

/** Turns a failed API write into the form's answer; rethrows what is not the form's business. */
export function apiFailure(error: unknown, values: Record<string, unknown>, what: string) {
  if (!(error instanceof MarketplaceError)) throw error;
  switch (error.kind) {
    case "invalid":
      return formFailure(
        values,
        {
          fieldErrors: error.fieldErrors,
          formError: Object.keys(error.fieldErrors).length ? undefined : error.message || SOME_ERROR,
        },
        400,
      );
    case "conflict":
      return formFailure(
        values,
        {
          formError: conflictText(error.conflict, what),
          conflict: {
            updatedBy: error.conflict?.updated_by || "Another admin",
            updatedAt: formatDateTime(error.conflict?.updated_at),
          },
        },
        409,
      );
    case "not-found":
      throw new Response(`This ${what} no longer exists.`, { status: 404, statusText: "Not Found" });
    case "unavailable":
      return formFailure(values, { formError: error.message || API_UNAVAILABLE_MESSAGE }, 503);
    default:
      return formFailure(values, { formError: error.message || SOME_ERROR }, error.status || 400);
  }
}

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
    const current = await getCategory(id, callerOf(admin));
    const changes = changedFields(current, fields);
    if (Object.keys(changes).length === 0) {
      return redirectWithToast(request, here, { type: "info", message: "No Change Detected" });
    }
    await updateCategory(id, { ...changes, updated_at }, callerOf(admin));
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
    await removeCategory(id, callerOf(admin));
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

/** The list URL to come back to: the same path and query, without the dialog's keys. */
export function listUrlWithoutDialog(request: Request) {
  const url = new URL(request.url);
  url.searchParams.delete("dialog");
  url.searchParams.delete("id");
  url.searchParams.delete("index");
  const query = url.searchParams.toString();
  return url.pathname + (query ? `?${query}` : "");
}
