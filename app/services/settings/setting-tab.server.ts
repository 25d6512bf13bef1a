import { createHash } from "node:crypto";
import type { z } from "zod";
import { fieldErrorsOf } from "~contract/form-result";
import { isRecordId } from "~contract/ids";
import { auditHistoryHref } from "~/models/audit-history";
import { isLegacySettingEntry } from "~contract/setting-parts";
import { SETTING_MESSAGES, type SettingName, type SettingRecord } from "~contract/settings";
import type { SettingPost } from "~/models/settings-forms";
import type { SettingTabFrame } from "~/models/settings-tabs";
import { intent, type ActionAnswer, type IntentContext } from "~/services/form-action.server";
import { apiFailure, formFailure } from "~/services/form-result.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { redirectWithToast } from "~/services/toast.server";
import { formatDateTime } from "~/utils/dates";
import { canonicalJson } from "~shared/json";

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

/** A setting as a tab loads it: the record (its version and who saved it last are frameOf's). */
export async function loadSetting(name: SettingName, api: Marketplace) {
  return api.getSetting(name);
}

/** What a refused post of a setting form is refilled with: what was typed, with the version and part it was loaded at. */
export const refillOf = <Draft>({ draft, version, part }: SettingPost<Draft>) => ({ ...draft, version, part });

/**
 * One form of a setting tab (handleForm's intent): its schema reads what was typed (it never
 * refuses), `handle` checks and saves it (saveSetting). An API failure of a read the save needs
 * (the categories, a sub-category, an image) answers the form with what was typed, as the save's
 * own failures do.
 */
export function settingIntent<Draft, Posted extends SettingPost<Draft>>(
  schema: z.ZodType<Posted, z.ZodTypeDef, unknown>,
  handle: (posted: Posted, context: IntentContext) => Promise<ActionAnswer>,
  options: { what?: string; notFound?: "page" | "form" } = {},
) {
  const { what = "setting", notFound } = options;
  return intent(schema, (posted, context) =>
    handle(posted, context).catch((error: unknown) => apiFailure(error, refillOf(posted), what, { intent: context.intent, notFound })),
  );
}

/**
 * The form's frame: the version, who saved last, and a fingerprint of the part this form edits
 * (`part`, e.g. one category's entry), so a save can tell whether someone else changed that part.
 */
export function frameOf(record: SettingRecord, part: unknown = record, partId: string = record.settingName): SettingTabFrame {
  return {
    version: record.updated_at ?? "",
    lastSaved: lastSavedText(record),
    part: fingerprint(part),
    historyHref: auditHistoryHref("setting", partId),
  };
}

const fingerprint = (value: unknown) =>
  createHash("sha256")
    .update(canonicalJson(value ?? null))
    .digest("base64url")
    .slice(0, 22);

/**
 * The category a per-category tab works on (?category=<id>): the top-level categories to choose
 * from and the chosen one, or null with "Please select a category" when none (or an unknown one) is.
 */
export async function readCategoryChoice(url: URL, api: Marketplace) {
  const categories = await api.listParentCategories();
  const param = url.searchParams.get("category");
  const chosen = isRecordId(param) ? (categories.find((c) => c.category_id === Number(param)) ?? null) : null;
  return {
    categories: categories.map((c) => ({ id: c.category_id, name: c.categoryName })),
    category: chosen ? { id: chosen.category_id, name: chosen.categoryName } : null,
    categoryMessage: chosen ? null : param ? SETTING_MESSAGES.unknownCategory : SETTING_MESSAGES.selectCategory,
  };
}

/** A per-category form posted with no (or an unknown) category: nothing saved, the reason beside the picker. */
export function categoryRequired<Draft extends Record<string, unknown>>(
  refill: Draft,
  intent: string,
  choice: { categoryMessage: string | null },
) {
  return formFailure(refill, { intent, fieldErrors: { category: choice.categoryMessage ?? SETTING_MESSAGES.selectCategory } }, 400);
}

type SaveOptions<Draft extends Record<string, unknown>, Checked> = {
  name: SettingName;
  /** which of the page's forms posted */
  intent: string;
  /** what the admin typed, to refill the form when the save is refused */
  draft: Draft;
  /** the updated_at the form was loaded with ('' when the setting had never been saved) */
  version: string;
  /** the fingerprint of the form's part as loaded (frame.part) */
  part: string;
  /** the part of the setting this form edits; a save made meanwhile that left it as it was is no conflict */
  partOf: (stored: SettingRecord) => unknown;
  /** the part's id in the audit log (settingPartIdOf) */
  partId: string;
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
type Versioned = { version: string; part: string };

export async function saveSetting<Draft extends Record<string, unknown>, Checked>(
  request: Request,
  api: Marketplace,
  options: SaveOptions<Draft, Checked>,
) {
  const { name, intent, draft, version, part, partOf, partId, check, parts, rename = {}, redirectTo } = options;
  const refill: Draft & Versioned = { ...draft, version, part };
  const checked = check.schema.safeParse(check.value);
  if (!checked.success) return formFailure(refill, { intent, fieldErrors: fieldErrorsOf(checked.error.issues) }, 400);

  // a save by someone else between our read and our write (the API's 409): read again, at most 3 times
  for (let attempt = 1; ; attempt++) {
    try {
      const stored = await api.raw.getSetting(name);
      let saveAt = version || null;
      if ((stored.updated_at ?? "") !== version) {
        // saved since the form was loaded: only a change to this form's part is a conflict
        if (fingerprint(partOf(stored)) !== part) {
          // who changed this part (the setting's last saver may have changed another one)
          const change = (await lastChangeOf(name, partId, stored, partOf, api)) ?? {
            who: stored.updated_by || "Another admin",
            at: stored.updated_at,
          };
          return conflictFailure(refill, intent, stored, partOf, change);
        }
        saveAt = stored.updated_at;
      }
      await api.raw.upsertSetting(name, { ...parts(stored, checked.data), updated_at: saveAt });
      break;
    } catch (error) {
      if (error instanceof MarketplaceError && error.kind === "conflict" && error.conflict && attempt < 3) continue;
      if (error instanceof MarketplaceError && error.kind === "invalid") {
        // a message about a path outside this form (another category's entry, or the part itself) is the form's message
        const prefixes = Object.keys(rename);
        const isOutside = (path: string) => prefixes.length > 0 && !prefixes.some((p) => path.startsWith(p));
        const outside = Object.entries(error.fieldErrors).filter(([path]) => isOutside(path));
        const fieldErrors = renamePaths(Object.fromEntries(Object.entries(error.fieldErrors).filter(([path]) => !isOutside(path))), rename);
        if (outside.length > 0) {
          const formError = `Nothing was saved: ${outside.map(([path, message]) => `${path}: ${message}`).join("; ")}`;
          return formFailure(refill, { intent, fieldErrors, formError }, 400);
        }
        return apiFailure(new MarketplaceError(error.kind, error.message, error.status, fieldErrors), refill, "setting", { intent });
      }
      return apiFailure(error, refill, "setting", { intent });
    }
  }
  return redirectWithToast(request, redirectTo, { type: "success", message: SETTING_MESSAGES.saved });
}

/**
 * Someone saved this form's part since it was loaded: nothing saved, the typed values kept, with
 * the setting's version and part now, so Save again replaces theirs on purpose.
 */
function conflictFailure<Draft extends Record<string, unknown>>(
  refill: Draft & { version: string; part: string },
  intent: string,
  now: SettingRecord,
  partOf: (stored: SettingRecord) => unknown,
  change: { who: string; at: string | null },
) {
  const who = change.who;
  const when = formatDateTime(change.at);
  return formFailure(
    { ...refill, version: now.updated_at ?? "", part: fingerprint(partOf(now)) },
    {
      intent,
      formError: `${who} saved these settings at ${when}, after you opened them. Nothing was saved. Your values are still below: Save again to replace theirs, or reload the tab to see theirs.`,
      conflict: { updatedBy: who, updatedAt: when },
    },
    409,
  );
}

/**
 * The API's messages keyed by the form's names instead of the setting's paths: a path that starts
 * with one of `rename`'s prefixes gets that prefix replaced ({ "setting1.12.": "" }: "setting1.12.about"
 * → "about"); the others stay as they are.
 */
function renamePaths(errors: Record<string, string>, rename: Record<string, string>): Record<string, string> {
  const renamed: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const prefix = Object.keys(rename).find((p) => path.startsWith(p));
    renamed[prefix === undefined ? path : rename[prefix] + path.slice(prefix.length)] ??= message;
  }
  return renamed;
}

const AUDIT_PAGE = 25;
const AUDIT_PAGES = 4;

/**
 * Who changed this form's part last, and when: the newest audit entry of the part (one per part a
 * save changed). Entries from before the per-part log name the whole setting: the newest of those
 * whose before and after differ in the part. The setting's last saver when the log cannot tell.
 */
async function lastChangeOf(
  name: SettingName,
  partId: string,
  now: SettingRecord,
  partOf: (stored: SettingRecord) => unknown,
  api: Marketplace,
): Promise<{ who: string; at: string | null } | null> {
  const side = (values: unknown): SettingRecord => {
    const given = values && typeof values === "object" ? (values as Partial<SettingRecord>) : {};
    return { ...now, setting1: given.setting1 ?? null, setting2: given.setting2 ?? null };
  };
  try {
    const {
      rows: [latest],
    } = await api.raw.listAuditEntries({ entity: "setting", entity_id: partId, page: 1, page_size: 1 });
    if (latest && (partId !== name || !isLegacySettingEntry(latest)))
      return { who: latest.admin_username || "Another admin", at: latest.created_at };
  } catch {
    return null;
  }
  try {
    for (let page = 1; page <= AUDIT_PAGES; page++) {
      const { rows } = await api.raw.listAuditEntries({ entity: "setting", entity_id: name, page, page_size: AUDIT_PAGE });
      const entry = rows.find((e) => isLegacySettingEntry(e) && fingerprint(partOf(side(e.before))) !== fingerprint(partOf(side(e.after))));
      if (entry) return { who: entry.admin_username || "Another admin", at: entry.created_at };
      if (rows.length < AUDIT_PAGE) break;
    }
  } catch {
    // the log only makes the message exact: the conflict is told either way
  }
  return null;
}

/**
 * The frame of a form that edits one part of a setting (one category's entry, one block): its
 * "Last saved" is that part's last change, from the setting's audit log, not the setting's last
 * save (which may have been another category's). When the log does not name it (seeded data, a
 * change long ago), the setting's last save if the part has a value, else "Not saved yet".
 */
export async function partFrameOf(
  record: SettingRecord,
  partOf: (stored: SettingRecord) => unknown,
  partId: string,
  api: Marketplace,
): Promise<SettingTabFrame> {
  const frame = frameOf(record, partOf(record), partId);
  if (!record.updated_at) return frame;
  const change = await lastChangeOf(record.settingName, partId, record, partOf, api);
  if (change) return { ...frame, lastSaved: lastSavedText({ updated_at: change.at, updated_by: change.who }) };
  // a part the log does not name (seeded, or changed long ago) is as old as the setting at most
  const value = partOf(record);
  return { ...frame, lastSaved: value === null || value === undefined || value === "" ? null : frame.lastSaved };
}
