import { z } from "zod";
import { CancellationReasonFields, CANCELLATION_REASON_MESSAGES } from "~contract/orders";
import { isRecordId } from "~contract/ids";
import { PROVIDER_FORM_FIELDS, SETTING_FILE_KINDS, SOCIAL_LINKS, type SettingFileKind } from "~contract/setting-labels";
import { checkbox, postedRecordId, repeated } from "~/models/form-fields";
import { OFFERING_TYPES } from "~/models/setting-labels";
import type {
  CategorySettingsDraft,
  ContentDraft,
  CreateServiceCoverageDraft,
  CreateServiceEntryDraft,
  GeneralDraft,
  PaymentGatewayDraft,
  PayoutDraft,
} from "~/models/settings-tabs";

/**
 * The forms of /admin/settings as posted, one schema per intent. Fields are parsed by
 * remix-validated-form's path rules (withZod): `offerings.Service.2`, `specializations.0.name`,
 * `price.12` and `socialLinks.facebook` arrive as nested values.
 *
 * A setting tab's schema never refuses: it reads what was typed (the draft the form is refilled
 * with) and the version and part the form was loaded at; the setting's own rules (contract
 * schemas) are checked by the save, with their messages named as the form names its fields.
 */

/** What was typed in one field: '' when absent or not text (the first of a name posted twice). */
const firstText = (value: unknown): string => {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" ? first : "";
};
const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === "object";
/** A nested value's items in index order, gaps closed (a row removed): a list or an object keyed by index. */
const itemsOf = (value: unknown): unknown[] => (isObject(value) ? Object.values(value) : []);

/** One text field. */
const text = z.unknown().transform(firstText);
/** A list posted as `name.0`, `name.1` …: its texts in index order, blanks dropped. */
const texts = z.unknown().transform((value) =>
  itemsOf(value)
    .filter((item): item is string => typeof item === "string")
    .filter((item) => item.trim() !== ""),
);
/** A group of fields posted as `name.<key>` (absent or not a group: every field blank). */
const group = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.preprocess((value) => (isObject(value) && !Array.isArray(value) ? value : {}), z.object(shape));
/** `min` and `max` as typed. */
const range = group({ min: text, max: text });

/** Every setting form carries the version (updated_at) and the part's fingerprint it was loaded at. */
const frame = { version: text, part: text };

/** What a setting tab's intent gets: what was typed, and the version and part it was loaded at. */
export type SettingPost<Draft> = { version: string; part: string; draft: Draft };

/** General Settings: the texts, the stored image names, a new image per kind and its Remove box. */
export const GeneralForm = z
  .object({
    ...frame,
    siteName: text,
    contactEmail: text,
    contactPhone: text,
    address: text,
    socialLinks: group(Object.fromEntries(SOCIAL_LINKS.map((k) => [k, text])) as Record<(typeof SOCIAL_LINKS)[number], typeof text>),
    logo: text,
    favicon: text,
    remove: group(
      Object.fromEntries(SETTING_FILE_KINDS.map((k) => [k, checkbox()])) as Record<SettingFileKind, ReturnType<typeof checkbox>>,
    ),
    logoFile: z.unknown(),
    faviconFile: z.unknown(),
  })
  .transform(({ version, part, remove, logoFile, faviconFile, ...draft }) => ({
    version,
    part,
    draft: draft satisfies GeneralDraft,
    remove,
    files: { logo: logoFile, favicon: faviconFile },
  }));

/** Payment Gateway: price.<plan_id> = rupees as typed ('' = the plan's own price). */
export const PaymentGatewayForm = z
  .object({
    ...frame,
    price: z
      .unknown()
      .transform((value) =>
        isObject(value) ? Object.fromEntries(Object.entries(value).map(([planId, price]) => [planId, firstText(price)])) : {},
      ),
  })
  .transform(({ version, part, price }): SettingPost<PaymentGatewayDraft> => ({ version, part, draft: { price } }));

/** The two-person release threshold: rupees as typed ('' = off). */
export const PayoutSettingForm = z
  .object({ ...frame, threshold: z.unknown().transform(firstText) })
  .transform(({ version, part, threshold }): SettingPost<PayoutDraft> => ({ version, part, draft: { threshold } }));

/** A specialization row: its name and sub-specializations (a row without a name is none: the no-JS blank row). */
const specialization = z.unknown().transform((row) => {
  const fields = isObject(row) && !Array.isArray(row) ? row : {};
  return { name: firstText(fields.name), subSpecializations: texts.parse(fields.subSpecializations) };
});

/** Category Settings: fields.<field> (checkboxes), offerings.<type>.<i>, specializations.<i>.…, the ranges. */
export const CategorySettingsForm = z
  .object({
    ...frame,
    fields: group(
      Object.fromEntries(PROVIDER_FORM_FIELDS.map((f) => [f, checkbox()])) as Record<
        (typeof PROVIDER_FORM_FIELDS)[number],
        ReturnType<typeof checkbox>
      >,
    ),
    offerings: group(Object.fromEntries(OFFERING_TYPES.map((t) => [t, texts])) as Record<(typeof OFFERING_TYPES)[number], typeof texts>),
    specializations: z.unknown().transform((value) =>
      itemsOf(value)
        .map((row) => specialization.parse(row))
        .filter((s) => s.name.trim() !== ""),
    ),
    totalExperience: range,
    specializationExperience: range,
    charges: range,
  })
  .transform(({ version, part, ...draft }): SettingPost<CategorySettingsDraft> => ({ version, part, draft }));

/** Set Instructions/Content: the block's HTML. */
export const ContentForm = z
  .object({ ...frame, content: text })
  .transform(({ version, part, content }): SettingPost<ContentDraft> => ({ version, part, draft: { content } }));

/** Create Service Settings, form 1: enabled (checkbox), cover (all | chosen), subCategories (the ticked ids). */
export const CreateServiceCoverageForm = z
  .object({
    ...frame,
    enabled: checkbox(),
    cover: text.transform((cover): CreateServiceCoverageDraft["cover"] => (cover === "chosen" ? "chosen" : "all")),
    subCategories: repeated(z.unknown().transform(firstText)).transform((ids) => [...new Set(ids)]),
  })
  .transform(({ version, part, ...draft }): SettingPost<CreateServiceCoverageDraft> => ({ version, part, draft }));

const section = group({ enabled: checkbox(), options: texts });
const serviceType = group({ offered: checkbox(), limits: section, inclusions: section, offerings: section });

/** Create Service Settings, form 2: per service type, <type>.offered and <type>.<section>.enabled / .options.<i>. */
export const CreateServiceEntryForm = z
  .object({ ...frame, Retainership: serviceType, Services: serviceType })
  .transform(({ version, part, ...draft }): SettingPost<CreateServiceEntryDraft> => ({ version, part, draft }));

/** Cancellation Settings: Add Cancellation Reason (a repercussion left out is none). */
export const CreateReasonForm = CancellationReasonFields.extend({
  repercussion: z.preprocess((value) => value ?? "", CancellationReasonFields.shape.repercussion),
});

/** Cancellation Settings: the edit dialog's Save (the reason's id and the version it was loaded at). */
export const SaveReasonForm = CreateReasonForm.extend({
  id: postedRecordId("This cancellation reason no longer exists."),
  updated_at: z.string({ required_error: "Reload the page and try again." }).min(1, "Reload the page and try again."),
});

/** Cancellation Settings: Delete (confirmed). */
export const DeleteReasonForm = z.object({ id: postedRecordId("Unknown cancellation reason") });

/**
 * Cancellation Settings: a new order of one party's list: every id as the page showed it, and a
 * Move (up:<id>, down:<id>) or a drag (to:<id>:<target>), or the whole new order without a move.
 */
export const ReorderReasonsForm = z.object({
  ids: repeated(z.unknown().transform(firstText))
    .refine((ids) => ids.length > 0 && ids.every(isRecordId) && new Set(ids).size === ids.length, CANCELLATION_REASON_MESSAGES.reorderEmpty)
    .transform((ids) => ids.map(Number)),
  party: text,
  move: text,
});
