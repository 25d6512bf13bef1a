import type { Validator } from "remix-validated-form";
import { WIZARD_MESSAGES as M } from "~contract/provider-wizard-labels";
import { formNames } from "~/models/provider-wizard-form-fields";
import type { IntentContext } from "~/services/form-action.server";
import { formFailure } from "~/services/form-result.server";
import { API_UNAVAILABLE_MESSAGE, MarketplaceError } from "~/services/marketplace/client.server";

/**
 * A step's answers when nothing is saved: its form back with the draft (the values as typed, in
 * the form's shape), messages beside the fields (the form's dotted names) and one above the buttons.
 */

/** A step's form back with messages (field → message) and the values typed. */
export const refused = (draft: object, fieldErrors: Record<string, string>, status = 400, formError?: string) =>
  formFailure(draft as Record<string, unknown>, { fieldErrors, ...(formError ? { formError } : {}) }, status);

/** A form-only post (a row added or removed without JavaScript): the new values, no messages. */
export const redrawn = (draft: object) => refused(draft, {}, 200);

/**
 * The `invalid` answer of a step's intents: the draft as typed (`draftForm` reads the posted form
 * again, leniently) with each message beside its field; a button's argument that names nothing
 * of the form (the `intent` field) is told above the buttons.
 */
export function refusedDraft(draftForm: Validator<object>) {
  return async (fieldErrors: Record<string, string>, { form }: IntentContext) => {
    const { intent: unknownAction, ...errors } = formNames(fieldErrors);
    const draft = (await draftForm.validate(form)).data ?? {};
    return refused(draft, errors, 400, unknownAction);
  };
}

/**
 * A refused section save in the form's terms: the API's `data.<path>` messages with each path
 * renamed by `formPath` (null: not a field of the form, told above the buttons); anything else
 * the API answered (down, slow, 5xx) is told above the buttons.
 */
export function apiRefusal(error: unknown, draft: object, formPath: (path: string) => string | null) {
  if (!(error instanceof MarketplaceError)) throw error;
  if (error.kind !== "invalid") {
    const message = error.kind === "unavailable" ? API_UNAVAILABLE_MESSAGE : error.message || M.cannotSave;
    return refused(draft, {}, error.status >= 400 ? error.status : 503, message);
  }
  const fieldErrors: Record<string, string> = {};
  const loose: string[] = [];
  for (const [path, message] of Object.entries(error.fieldErrors)) {
    const field = path.startsWith("data.") ? formPath(path.slice("data.".length)) : null;
    if (field) fieldErrors[field] ??= message;
    else loose.push(message);
  }
  const formError = loose.length > 0 || Object.keys(fieldErrors).length === 0 ? [M.saveFailed, ...loose].join(": ") : undefined;
  return refused(draft, fieldErrors, 400, formError);
}
