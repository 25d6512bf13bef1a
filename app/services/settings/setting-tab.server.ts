import type { z } from "zod";
import type { AdminUser } from "~/models/admin-users";
import type { CategoryOption } from "~/models/categories";
import { fieldErrorsOf } from "~/models/form-result";
import { isRecordId } from "~/models/ids";
import { SETTING_MESSAGES, type SettingName, type SettingRecord } from "~/models/settings";
import type { SettingTabFrame } from "~/models/settings-tabs";
import { throwLoaderError } from "~/services/errors.server";
import { apiFailure, formFailure } from "~/services/form-result.server";
import { listParentCategories } from "~/services/marketplace/categories.server";
import { callerOf, MarketplaceError } from "~/services/marketplace/client.server";
import { getSetting, upsertSetting } from "~/services/marketplace/settings.server";
import { redirectWithToast } from "~/services/toast.server";
import { formatDateTime } from "~/utils/dates";
import { renamePaths } from "~/utils/form-paths";

/**
 * What the five setting tabs of /admin/settings share (Cancellation Settings has its own calls):
 * reading a setting with the version to save against, the category picked in the URL, and one
 * save: check the tab's part, merge it into the setting as stored, PUT it with the version the form
 * was loaded at, then "Settings Saved Successfully" — or the form again with every typed value and
 * each message beside its field.
 */

/** "25-11-2026 10:04 by admin" for the tab's "Last saved" line; null when never saved. */
export function lastSavedText(record: Pick<SettingRecord, "updated_at" | "updated_by">): string | null {
  if (!record.updated_at) return null;
  return `${formatDateTime(record.updated_at)}${record.updated_by ? ` by ${record.updated_by}` : ""}`;
}

/** A setting as a tab loads it: the record, its version and who saved it last. */
export async function loadSetting(name: SettingName, admin: AdminUser, request: Request) {
  const record = await getSetting(name, callerOf(admin, request)).catch(throwLoaderError);
  return { record, frame: frameOf(record) };
}

export function frameOf(record: SettingRecord): SettingTabFrame {
  return { version: record.updated_at ?? "", lastSaved: lastSavedText(record) };
}

/**
 * The category a per-category tab works on (?category=<id>): the top-level categories to choose
 * from and the chosen one, or null with "Please select a category" when none (or an unknown one) is.
 */
export async function readCategoryChoice(url: URL, admin: AdminUser, request: Request) {
  const categories: CategoryOption[] = await listParentCategories(callerOf(admin, request)).catch(throwLoaderError);
  const param = url.searchParams.get("category");
  const chosen = isRecordId(param) ? categories.find((c) => c.category_id === Number(param)) ?? null : null;
  return {
    categories: categories.map((c) => ({ id: c.category_id, name: c.categoryName })),
    category: chosen ? { id: chosen.category_id, name: chosen.categoryName } : null,
    categoryMessage: chosen ? null : param ? SETTING_MESSAGES.unknownCategory : SETTING_MESSAGES.selectCategory,
  };
}

type SaveOptions<Draft extends Record<string, unknown>, Checked> = {
  name: SettingName;
  /** which of the page's forms posted */
  intent: string;
  /** what the admin typed, to refill the form when the save is refused */
  draft: Draft;
  /** the updated_at the form was loaded with ('' when the setting had never been saved) */
  version: string;
  /** the tab's part, checked first against its schema: messages named as the form names its fields */
  check: { schema: z.ZodType<Checked, z.ZodTypeDef, unknown>; value: unknown };
  /** setting1 and/or setting2 to save, from the setting as stored now (to keep what the form does not edit) */
  parts: (stored: SettingRecord, checked: Checked) => { setting1?: unknown; setting2?: unknown };
  /** the API's error paths to the form's names: prefix → replacement, e.g. { "setting1.12.": "" } */
  rename?: Record<string, string>;
  /** where the saved tab is shown */
  redirectTo: string;
};

/** The failure's refill keeps the version: after a 409, the newer one, so Save again replaces theirs. */
type Versioned = { version: string };

export async function saveSetting<Draft extends Record<string, unknown>, Checked>(
  request: Request,
  admin: AdminUser,
  options: SaveOptions<Draft, Checked>,
) {
  const { name, intent, draft, version, check, parts, rename = {}, redirectTo } = options;
  const refill: Draft & Versioned = { ...draft, version };
  const checked = check.schema.safeParse(check.value);
  if (!checked.success) return formFailure(refill, { intent, fieldErrors: fieldErrorsOf(checked.error.issues) }, 400);

  const caller = callerOf(admin, request);
  try {
    const stored = await getSetting(name, caller);
    await upsertSetting(name, { ...parts(stored, checked.data), updated_at: version || null }, caller);
  } catch (error) {
    if (error instanceof MarketplaceError && error.kind === "invalid") {
      const fieldErrors = renamePaths(error.fieldErrors, rename);
      return apiFailure(new MarketplaceError(error.kind, error.message, error.status, fieldErrors), refill, "setting", { intent });
    }
    if (error instanceof MarketplaceError && error.kind === "conflict" && error.conflict) {
      const who = error.conflict.updated_by || "Another admin";
      return formFailure(
        { ...refill, version: error.conflict.updated_at },
        {
          intent,
          formError: `${who} saved these settings at ${formatDateTime(error.conflict.updated_at)}, after you opened them. Nothing was saved. Your values are still below: Save again to replace theirs, or reload the tab to see theirs.`,
          conflict: { updatedBy: who, updatedAt: formatDateTime(error.conflict.updated_at) },
        },
        409,
      );
    }
    return apiFailure(error, refill, "setting", { intent });
  }
  return redirectWithToast(request, redirectTo, { type: "success", message: SETTING_MESSAGES.saved });
}
