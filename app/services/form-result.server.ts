import { data } from "@remix-run/node";
import type { ConflictBody } from "~contract/api";
import { SUBMISSION_FIELD, type FormFailure } from "~/models/form-result";
import { isRecordId } from "~contract/ids";
import { formatDateTime } from "~/utils/dates";
import { API_UNAVAILABLE_MESSAGE, MarketplaceError } from "~/services/marketplace/client.server";

/**
 * What every area's loaders and actions share: the id in a URL
 * and a form post's answer when nothing was changed (messages beside the fields, values kept).
 */
export const SOME_ERROR = "Some Error Occurred";

/** A route id from the URL: a positive integer, anything else is a 404. */
export function idParam(value: string | undefined): number {
  if (!isRecordId(value)) {
    throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  }
  return Number(value);
}

/** The action's answer to a post that changed nothing: messages, and what the admin typed. */
export function formFailure<Values extends Record<string, unknown>>(
  values: Values,
  failure: Omit<FormFailure<Values>, "repopulateFields" | "fieldErrors"> & { fieldErrors?: Record<string, string> },
  status: number,
) {
  const { fieldErrors = {}, ...rest } = failure;
  return data<FormFailure<Values>>({ fieldErrors, repopulateFields: values, ...rest }, { status });
}

/** The submitted form as a plain object (for refilling the form), without the intent and the submission key. */
export function submittedValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) {
    if (typeof value === "string" && key !== "intent" && key !== SUBMISSION_FIELD) values[key] = value;
  }
  return values;
}

export function conflictText(conflict: ConflictBody | undefined, what: string) {
  const who = conflict?.updated_by || "Another admin";
  const when = conflict ? formatDateTime(conflict.updated_at) : "a moment ago";
  return `${who} changed this ${what} at ${when} after you opened it. Your changes were not saved — reload to see theirs.`;
}

/**
 * Turns a failed API write into the form's answer; rethrows what is not the form's business.
 * `intent` says which of a page's forms it answers; `notFound: "form"` tells a record gone meanwhile
 * inside the form (a dialog over a list) instead of the 404 page.
 */
export function apiFailure(
  error: unknown,
  values: Record<string, unknown>,
  what: string,
  options: { intent?: string; notFound?: "page" | "form" } = {},
) {
  if (!(error instanceof MarketplaceError)) throw error;
  const { intent, notFound = "page" } = options;
  switch (error.kind) {
    case "invalid":
      return formFailure(
        values,
        {
          intent,
          fieldErrors: error.fieldErrors,
          formError: Object.keys(error.fieldErrors).length ? undefined : error.message || SOME_ERROR,
        },
        400,
      );
    case "conflict":
      // a stale edit names who saved meanwhile; any other 409 (a rule refused) says why itself
      if (!error.conflict) return formFailure(values, { intent, formError: error.message || SOME_ERROR }, 409);
      return formFailure(
        values,
        {
          intent,
          formError: conflictText(error.conflict, what),
          conflict: {
            updatedBy: error.conflict.updated_by || "Another admin",
            updatedAt: formatDateTime(error.conflict.updated_at),
          },
        },
        409,
      );
    case "not-found":
      if (notFound === "form") return formFailure(values, { intent, formError: `This ${what} no longer exists.` }, 404);
      throw new Response(`This ${what} no longer exists.`, { status: 404, statusText: "Not Found" });
    case "unavailable":
      return formFailure(values, { intent, formError: error.message || API_UNAVAILABLE_MESSAGE }, 503);
    default:
      return formFailure(values, { intent, formError: error.message || SOME_ERROR }, error.status || 400);
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
