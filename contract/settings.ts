/**
 * General Settings (spec 2 §2, §3 Settings, §5, §7, §9): the shapes stored in the `settings` table
 * (one row per setting name, JSON in setting1 and setting2). This is THE contract: the API validates
 * every PUT /upsert-setting against it, GET /get-general-setting answers it, /openapi.json documents
 * it, and the onboarding wizard reads it.
 *
 * Decisions (the spec leaves them open):
 * - Keys of per-category maps are category ids written as JSON object keys ("12"); plan ids likewise.
 *   The API refuses ids that name no category or plan.
 * - Option lists are lists of trimmed, non-empty strings; a repeat, compared case-insensitively with
 *   spaces collapsed, is refused at the repeat's index with "Option Already Added: "<the earlier one>"".
 * - The spec 2 §5 limits sit where they belong: "Max 10 Consultations are Allowed" on the
 *   Consultation and AddOnService offerings, "Max 10 Services are Allowed" on the Service offerings
 *   and on each option list of a Create Service Settings `Services` entry, "Max 10 Retainership are
 *   Allowed" on the Retainership ones; "Max 6 Sub Specialization can be selected" on each
 *   specialization's sub-specializations; the experience ranges and charges bound what the provider
 *   form of a category accepts (within 0–29 and 1–40 years; charges numeric rupee strings).
 * - Prices (PricingSetting) and charges are rupee strings exact to the paisa, stored as the API
 *   normalises them ("1499.5" → "1499.50", like the plans API); inrToPaise turns them into paise.
 * - DynamicContent HTML is sanitised by the API on save (app/utils/sanitize.ts) and stored sanitised.
 * - setting2 is used by CreateServicesSetting only; the others store null there (and refuse any other
 *   value). In a save, a part left out is kept and null clears it (so the audit log's Revert can put
 *   back a part that was never set).
 */
import { z } from "zod";
import { isValidFileName } from "./file-types";
import { INT4_MAX, isRecordId } from "./ids";
import { inrToPaise, paiseToInr } from "~shared/money";
import {
  ALL_SUB_CATEGORIES,
  DYNAMIC_CONTENT_KEYS,
  DYNAMIC_CONTENT_MAX_LENGTH,
  MAX_OPTIONS,
  MAX_SPECIALIZATIONS,
  MAX_SUB_SPECIALIZATIONS,
  OPTION_MAX_LENGTH,
  optionKey,
  parseSettingFileName,
  PROVIDER_FORM_FIELDS,
  SETTING_MESSAGES as M,
  SETTING_FILE_KINDS,
  SETTING_NAMES,
  SOCIAL_LINKS,
  SPECIALIZATION_EXPERIENCE_RANGE,
  TOTAL_EXPERIENCE_RANGE,
  type SettingName,
} from "./setting-labels";

export * from "./setting-labels";

/** A record id as a JSON object key: "12" (no leading zeros, so one id has one key). */
const isIdKey = (key: string) => isRecordId(key) && !key.startsWith("0");
/** A category id as a JSON object key. */
export const CategoryKey = z.string().refine(isIdKey, M.categoryKey).describe("A category's id (category_id), as an object key");
const PlanKey = z.string().refine(isIdKey, M.planKey).describe("A plan's id (plan_id), as an object key");

const Option = z.string().trim().min(1, M.optionRequired).max(OPTION_MAX_LENGTH, M.optionTooLong);

/** A list of options: no repeats (case-insensitive), at most `max` with the spec's message. */
export function optionList(max: number, tooMany: string, description: string) {
  return z
    .array(Option)
    .max(max, tooMany)
    .superRefine((options, ctx) => {
      const seen = new Map<string, string>();
      options.forEach((option, index) => {
        const key = optionKey(option);
        const earlier = seen.get(key);
        if (earlier !== undefined) ctx.addIssue({ code: "custom", path: [index], message: M.optionRepeats(earlier) });
        else seen.set(key, option);
      });
    })
    .describe(description);
}

const RUPEES = /^(\d{1,12})(?:\.(\d{1,2}))?$/;
const MAX_RUPEE_PAISE = 1_000_000_000n;
/** Rupees with at most 2 decimals, as a string, normalised to "1499.50" (never a float). */
function rupees(format: string, description: string) {
  return z
    .string({ invalid_type_error: format })
    .trim()
    .regex(RUPEES, format)
    .transform((text, ctx) => {
      const paise = inrToPaise(text);
      if (paise > MAX_RUPEE_PAISE) {
        ctx.addIssue({ code: "custom", message: M.priceTooLarge });
        return z.NEVER;
      }
      return paiseToInr(paise);
    })
    .describe(description);
}

const years = (range: { min: number; max: number }, message: string) =>
  z.number({ invalid_type_error: message }).int(message).min(range.min, message).max(range.max, message);

/** {min, max} with min ≤ max (the message on max). */
function range<T extends z.ZodTypeAny>(bound: T, description: string, compare: (min: z.infer<T>, max: z.infer<T>) => boolean) {
  return z
    .object({ min: bound, max: bound })
    .strict()
    .superRefine((value, ctx) => {
      if (!compare(value.min, value.max)) ctx.addIssue({ code: "custom", path: ["max"], message: M.minAboveMax });
    })
    .describe(description);
}
const rupeeNumber = (text: string) => Number(text.replace(".", ""));

// ——— GeneralSetting ———

const FileName = z
  .string()
  .refine(isValidFileName, M.fileName)
  .nullable()
  .describe("Name of a file stored through POST /files (GET /files/{name} serves it); null when none");
const Url = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v), M.urlFormat);

export const GeneralSetting1 = z
  .object({
    siteName: z.string().trim().min(1, M.siteNameRequired).max(120).describe("The marketplace's name"),
    contactEmail: z
      .string()
      .trim()
      .max(254)
      .refine((v) => v === "" || z.string().email().safeParse(v).success, M.emailFormat)
      .describe("Contact email shown to visitors ('' when none)"),
    contactPhone: z
      .string()
      .trim()
      .refine(
        (v) => v === "" || (/^\+?[\d\s-]{7,20}$/.test(v) && v.replace(/\D/g, "").length >= 7 && v.replace(/\D/g, "").length <= 15),
        M.phoneFormat,
      )
      .describe("Contact phone ('' when none)"),
    address: z.string().trim().max(500).describe("Postal address, may span lines ('' when none)"),
    socialLinks: z
      .object(
        Object.fromEntries(SOCIAL_LINKS.map((k) => [k, Url.describe(`${k} page address ('' when none)`)])) as Record<
          (typeof SOCIAL_LINKS)[number],
          typeof Url
        >,
      )
      .partial()
      .strict()
      .describe("Social pages by network; a network left out has no link"),
    logo: FileName.describe("Stored file name of the logo (png or ico, 150×150 recommended); null when none"),
    favicon: FileName.describe("Stored file name of the favicon (png or ico, 16×16 or 32×32); null when none"),
  })
  .strict()
  .describe("General Settings: the site's identity and contact details");
export type GeneralSetting1 = z.infer<typeof GeneralSetting1>;

/** POST /upload-setting-file's answer: a logo or favicon stored, to be named in GeneralSetting's logo/favicon. */
export const StoredSettingFile = z
  .object({
    name: z
      .string()
      .refine((name) => parseSettingFileName(name) !== null)
      .describe(
        "The stored file's generated name, <kind>-<16 hex>-<width>x<height>.<png|ico>, e.g. logo-3f9c0a1b2d4e6f70-150x150.png (GET /files/{name} serves it)",
      ),
    kind: z.enum(SETTING_FILE_KINDS).describe("logo or favicon"),
    width: z.number().int().positive().describe("Width in pixels (an ico: the image that was checked; the largest one for a logo)"),
    height: z.number().int().positive().describe("Height in pixels"),
    size: z.number().int().positive().describe("Size in bytes"),
    contentType: z.enum(["image/png", "image/x-icon"]).describe("The type found in the file's content"),
  })
  .describe("A General Settings image, checked and stored");
export type StoredSettingFile = z.infer<typeof StoredSettingFile>;

// ——— CategoryServiceProviderFormSetting ———

const FieldToggles = z
  .object(
    Object.fromEntries(PROVIDER_FORM_FIELDS.map((f) => [f, z.boolean().default(false)])) as Record<
      (typeof PROVIDER_FORM_FIELDS)[number],
      z.ZodDefault<z.ZodBoolean>
    >,
  )
  .strict()
  .describe("Which fields the provider form of this category shows (true) or hides; a field left out is off");

export const ProviderOfferings = z
  .object({
    Consultation: optionList(MAX_OPTIONS, M.maxConsultations, "Consultation offerings, e.g. '30 Minutes Call' (at most 10)").default([]),
    Service: optionList(MAX_OPTIONS, M.maxServices, "Service offerings (at most 10)").default([]),
    Retainership: optionList(MAX_OPTIONS, M.maxRetainership, "Retainership offerings (at most 10)").default([]),
    AddOnService: optionList(MAX_OPTIONS, M.maxConsultations, "Add-on service offerings (at most 10)").default([]),
  })
  .strict()
  .describe("The options a provider of this category picks from, per service type; a type left out has none");

export const Specialization = z
  .object({
    name: Option.describe("The specialization"),
    subSpecializations: optionList(MAX_SUB_SPECIALIZATIONS, M.maxSubSpecializations, "Its sub-specializations (at most 6)").default([]),
  })
  .strict();

export const ProviderFormCategory = z
  .object({
    fields: FieldToggles.default({}),
    offerings: ProviderOfferings.default({}),
    specializations: z
      .array(Specialization)
      .max(MAX_SPECIALIZATIONS)
      .superRefine((list, ctx) => {
        const seen = new Map<string, string>();
        list.forEach((s, index) => {
          const key = optionKey(s.name);
          const earlier = seen.get(key);
          if (earlier !== undefined) ctx.addIssue({ code: "custom", path: [index, "name"], message: M.optionRepeats(earlier) });
          else seen.set(key, s.name);
        });
      })
      .default([])
      .describe("Specializations a provider may choose (names unique, case-insensitive)"),
    totalExperience: range(
      years(TOTAL_EXPERIENCE_RANGE, M.totalExperience),
      "Total experience (years) the form accepts: whole numbers within 0–29",
      (a, b) => a <= b,
    ).default({ min: TOTAL_EXPERIENCE_RANGE.min, max: TOTAL_EXPERIENCE_RANGE.max }),
    specializationExperience: range(
      years(SPECIALIZATION_EXPERIENCE_RANGE, M.specializationExperience),
      "Experience per specialization (years) the form accepts: whole numbers within 1–40",
      (a, b) => a <= b,
    ).default({ min: SPECIALIZATION_EXPERIENCE_RANGE.min, max: SPECIALIZATION_EXPERIENCE_RANGE.max }),
    charges: range(
      rupees(M.chargesNumeric, "Rupees, at most 2 decimals"),
      "Charges (rupees) a provider may ask, null when unbounded",
      (a, b) => rupeeNumber(a) <= rupeeNumber(b),
    )
      .nullable()
      .default(null),
  })
  .strict()
  .describe("Category Settings of one category");
export type ProviderFormCategory = z.infer<typeof ProviderFormCategory>;

export const CategoryServiceProviderFormSetting1 = z
  .record(CategoryKey, ProviderFormCategory)
  .describe("Category Settings: per category id, the provider form's field toggles, offerings, specializations and bounds");

// ——— PricingSetting ———

/** One category's prices: plan_id → rupees. */
export const CategoryPrices = z
  .record(PlanKey, rupees(M.priceFormat, "The plan's price in this category, rupees exact to the paisa"))
  .describe("plan_id → price in rupees");

export const PricingSetting1 = z
  .record(CategoryKey, CategoryPrices)
  .describe(
    "Payment Gateway: per category id, plan_id → price in rupees as a string with 2 decimals ('1499.50'; sent with 0–2 decimals, stored normalised)",
  );

// ——— DynamicContent ———

export const DynamicContent1 = z
  .object(
    Object.fromEntries(
      DYNAMIC_CONTENT_KEYS.map((k) => [
        k,
        z
          .string()
          .max(DYNAMIC_CONTENT_MAX_LENGTH, M.contentTooLong)
          .default("")
          .describe(`Rich-text HTML shown on the ${k} step (sanitised on save; '' when none)`),
      ]),
    ) as Record<(typeof DYNAMIC_CONTENT_KEYS)[number], z.ZodDefault<z.ZodString>>,
  )
  .strict()
  .describe("Set Instructions/Content: the instructions shown on each onboarding step");
export type DynamicContent1 = z.infer<typeof DynamicContent1>;

// ——— CreateServicesSetting ———

const section = (tooMany: string, what: string) =>
  z
    .object({
      enabled: z.boolean().describe(`Whether providers fill ${what}`),
      options: optionList(MAX_OPTIONS, tooMany, `The ${what} options (at most 10)`).default([]),
    })
    .strict();
const serviceType = (tooMany: string, label: string) =>
  z
    .object({ limits: section(tooMany, "limits"), inclusions: section(tooMany, "inclusions"), offerings: section(tooMany, "offerings") })
    .strict()
    .describe(`${label}: limits, inclusions and offerings`);

export const CreateServiceEntry = z
  .object({
    Retainership: serviceType(M.maxRetainership, "Retainership").optional(),
    Services: serviceType(M.maxServices, "Services").optional(),
  })
  .strict()
  .describe("Per service type; a type left out is not offered");

const SubCategoryKey = z
  .string()
  .refine((key) => key === ALL_SUB_CATEGORIES || isIdKey(key), M.subCategoryKey)
  .describe("A sub-category's id, or 'all' for every sub-category of the category");

export const CreateServicesSetting1 = z
  .record(CategoryKey, z.record(SubCategoryKey, CreateServiceEntry))
  .describe("Create Service Settings: per category id, per sub-category id (or 'all'), per service type");

export const CreateServicesCategory2 = z
  .object({
    subCategories: z
      .union([z.literal(ALL_SUB_CATEGORIES), z.array(z.number().int().positive().max(INT4_MAX)).max(500)])
      .describe("The sub-category ids these settings cover, or 'all'"),
    enabled: z.boolean().describe("Whether Create Service Settings apply to the category"),
  })
  .strict();
export const CreateServicesSetting2 = z
  .record(CategoryKey, CreateServicesCategory2)
  .describe("Per category id: which sub-categories are covered, and whether it is on");

// ——— PayoutSetting (ours, issue 34) ———

export const PayoutSetting1 = z
  .object({
    release_approval_threshold: rupees(M.priceFormat, "Releases paying a provider this many rupees or more need a second admin's approval")
      .nullable()
      .default(null)
      .describe("Rupees with 2 decimals; null: every release is one admin's (no second approval)"),
  })
  .strict()
  .describe("Payouts: the two-person release threshold");
export type PayoutSetting1 = z.infer<typeof PayoutSetting1>;

// ——— the six, together ———

/** setting1 and setting2 of each setting name (null: the name does not use it). */
export const SETTING_SCHEMAS = {
  GeneralSetting: { setting1: GeneralSetting1, setting2: null },
  CategoryServiceProviderFormSetting: { setting1: CategoryServiceProviderFormSetting1, setting2: null },
  PricingSetting: { setting1: PricingSetting1, setting2: null },
  DynamicContent: { setting1: DynamicContent1, setting2: null },
  CreateServicesSetting: { setting1: CreateServicesSetting1, setting2: CreateServicesSetting2 },
  PayoutSetting: { setting1: PayoutSetting1, setting2: null },
} as const satisfies Record<SettingName, { setting1: z.ZodTypeAny; setting2: z.ZodTypeAny | null }>;

const Version = z
  .string()
  .datetime({ offset: true, message: "updated_at must be an ISO date-time" })
  .nullable()
  .optional()
  .describe("The updated_at of the version loaded (GET /get-general-setting); absent or null only when the setting has never been saved");

const upsertBody = <N extends SettingName>(name: N) => {
  const schemas = SETTING_SCHEMAS[name];
  const setting2 = schemas.setting2
    ? schemas.setting2.nullable().optional().describe("Replaces the stored setting2; null clears it; absent keeps it")
    : z.null({ invalid_type_error: M.notUsed }).optional().describe("Not used: absent or null");
  return z
    .object({
      settingName: z.literal(name),
      setting1: schemas.setting1.nullable().optional().describe("Replaces the stored setting1; null clears it; absent keeps it"),
      setting2,
      updated_at: Version,
    })
    .strict()
    .describe(`Saves ${name}: setting1 and/or setting2 replace the stored ones`);
};

/** PUT /upsert-setting's body: one shape per settingName. */
export const UpsertSettingBody = z.discriminatedUnion(
  "settingName",
  [
    upsertBody("GeneralSetting"),
    upsertBody("CategoryServiceProviderFormSetting"),
    upsertBody("PricingSetting"),
    upsertBody("DynamicContent"),
    upsertBody("CreateServicesSetting"),
    upsertBody("PayoutSetting"),
  ],
  {
    errorMap: (issue, ctx) =>
      issue.code === "invalid_union_discriminator"
        ? { message: M.unknownSettingName.replace("setting_name", "settingName") }
        : { message: ctx.defaultError },
  },
);
export type UpsertSettingBody = z.infer<typeof UpsertSettingBody>;

export const SettingNameParam = z
  .enum(SETTING_NAMES, { errorMap: () => ({ message: M.unknownSettingName }) })
  .describe("The setting to save; must equal the body's settingName");

/** A stored setting as GET /get-general-setting and PUT /upsert-setting answer it. */
export const SettingRecord = z.object({
  settingName: z.enum(SETTING_NAMES),
  setting1: z.unknown().describe("The setting's setting1 (shape by settingName: see Upsert…Body), null when never saved"),
  setting2: z.unknown().describe("CreateServicesSetting's setting2; null for the others"),
  updated_at: z.string().nullable().describe("Version to send back when saving; null when never saved"),
  updated_by: z.string().nullable().describe("Username of the admin who saved it last"),
});
export type SettingRecord = z.infer<typeof SettingRecord>;

export const GeneralSettings = z
  .object(Object.fromEntries(SETTING_NAMES.map((n) => [n, SettingRecord])) as Record<SettingName, typeof SettingRecord>)
  .describe("Every setting by name; one never saved has null setting1, setting2 and updated_at");
