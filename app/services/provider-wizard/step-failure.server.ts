import type { FormFailure } from "~/models/form-result";
import { WIZARD_MESSAGES as M } from "~contract/provider-wizard-labels";
import { API_UNAVAILABLE_MESSAGE, MarketplaceError } from "~/services/marketplace/client.server";
import type { StepOutcome } from "./wizard.server";

/** A step's form back with messages (field → message) and the values typed. */
export const refused = (draft: object, fieldErrors: Record<string, string>, status = 400, formError?: string): StepOutcome => ({
  saved: false,
  failure: {
    fieldErrors,
    repopulateFields: draft as FormFailure<Record<string, unknown>>["repopulateFields"],
    ...(formError ? { formError } : {}),
  },
  status,
});

/** A form-only post (a row added or removed without JavaScript): the new values, no messages. */
export const redrawn = (draft: object): StepOutcome => refused(draft, {}, 200);

/**
 * A refused section save in the form's terms: the API's `data.<path>` messages with each path
 * renamed by `formPath` (null: not a field of the form, told above the buttons); anything else
 * the API answered (down, slow, 5xx) is told above the buttons.
 */
export function apiRefusal(error: unknown, draft: object, formPath: (path: string) => string | null): StepOutcome {
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

/** The intent posted and its argument ("add-sub:2" → ["add-sub", "2"]). */
export function intentOf(form: FormData): [string, string] {
  const intent = String(form.get("intent") ?? "save");
  const at = intent.indexOf(":");
  return at < 0 ? [intent, ""] : [intent.slice(0, at), intent.slice(at + 1)];
}

/** Drops the entries `blank` says are blank; `kept[i]` is the index as sent of the i-th kept one. */
export function compact<T>(list: readonly T[], blank: (item: T) => boolean): { items: T[]; kept: number[] } {
  const items: T[] = [];
  const kept: number[] = [];
  list.forEach((item, index) => {
    if (blank(item)) return;
    items.push(item);
    kept.push(index);
  });
  return { items, kept };
}
