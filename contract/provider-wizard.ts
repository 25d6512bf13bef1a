/**
 * The provider wizard's zod contract (spec 3 §2.1, §3, §5): one schema per section, as PUT
 * /save-service-provider-form validates it and GET /get-saved-form-data gives it back, plus the
 * other calls' bodies and answers. Constants and messages: ./provider-wizard-labels (zod-free).
 */
import { z } from "zod";
import { INT4_MAX, isRecordId } from "./ids";
import { paiseToInr, readPaise } from "~shared/money";
import {
  ALL_COUNTRIES,
  DELIVERY_TIMES,
  EXPERIENCE_MONTHS_RANGE,
  LANGUAGES,
  MAX_SERVICE_ROWS,
  OCCUPATIONS,
  RATING_RANGE,
  SERVICE_COUNTRIES,
  WEEK_DAYS,
  WIZARD_MESSAGES as M,
  WIZARD_MODES,
  WIZARD_SECTIONS,
  WIZARD_SERVICE_TYPES,
  type WizardServiceType,
} from "./provider-wizard-labels";
import { DOCUMENT_TEXT_MAX } from "./provider-documents-labels";
import { MAX_SUB_SPECIALIZATIONS, SPECIALIZATION_EXPERIENCE_RANGE, TOTAL_EXPERIENCE_RANGE } from "./setting-labels";

export * from "./provider-wizard-labels";

const text = (max: number) => z.string().trim().max(max, M.tooLong(max));
const required = (max: number, message: string) => text(max).min(1, message);
const id = (message: string) =>
  z.number({ invalid_type_error: message, required_error: message }).int(message).positive(message).max(INT4_MAX, message);

// ——— categories ———

const specializationYears = z
  .number({ invalid_type_error: M.specializationExperience, required_error: M.specializationExperience })
  .int(M.specializationExperience)
  .min(SPECIALIZATION_EXPERIENCE_RANGE.min, M.specializationExperience)
  .max(SPECIALIZATION_EXPERIENCE_RANGE.max, M.specializationExperience);

export const SpecializationEntry = z
  .object({
    specialization: z
      .string({ invalid_type_error: M.specializationNotAdded, required_error: M.specializationNotAdded })
      .trim()
      .min(1, M.specializationNotAdded)
      .max(100, M.tooLong(100)),
    /** null when the category's settings switch specialization experience off (the API requires it otherwise) */
    experience: specializationYears.nullable().default(null),
    subSpecialization: z.array(required(100, M.specializationNotAdded)).max(MAX_SUB_SPECIALIZATIONS, M.maxSubSpecializations).default([]),
    subSpecializationExp: z.array(specializationYears.nullable()).max(MAX_SUB_SPECIALIZATIONS, M.maxSubSpecializations).default([]),
  })
  .strict()
  .superRefine((entry, ctx) => {
    if (entry.subSpecializationExp.length !== entry.subSpecialization.length) {
      ctx.addIssue({ code: "custom", path: ["subSpecializationExp"], message: M.subSpecializationExp });
    }
  });
export type SpecializationEntry = z.infer<typeof SpecializationEntry>;

export const CategoriesSection = z
  .object({
    category_id: id(M.categoryRequired).describe("The provider's category (category_id)"),
    specializations: z
      .array(SpecializationEntry, { invalid_type_error: M.specializationNotAdded, required_error: M.specializationNotAdded })
      .min(1, M.specializationNotAdded)
      .max(50)
      .superRefine((list, ctx) => {
        const seen = new Set<string>();
        list.forEach((entry, index) => {
          const key = entry.specialization.toLowerCase();
          if (seen.has(key)) ctx.addIssue({ code: "custom", path: [index, "specialization"], message: M.specializationRepeated });
          seen.add(key);
        });
      }),
  })
  .strict()
  .describe("Categories step: the category and its specializations (each with a value, up to 6 sub-specializations)");
export type CategoriesSection = z.infer<typeof CategoriesSection>;

// ——— services ———

/** at most 12 digits of rupees (a longer value is told as not numeric, before any size check) */
const RUPEE_DIGITS = /^\d{1,12}(\.|$)/;
const MAX_PAISE = 1_000_000_000n;

/** Rupees (string or number, ≤ 2 decimals, no exponent), normalised to "1499.50". */
const Rupees = z
  .union([z.string(), z.number()], { invalid_type_error: M.chargesNumeric, required_error: M.chargesRequired })
  .transform((value, ctx) => {
    if (typeof value === "string" && value.trim() === "") {
      ctx.addIssue({ code: "custom", message: M.chargesRequired });
      return z.NEVER;
    }
    const paise = RUPEE_DIGITS.test(typeof value === "number" ? String(value) : value.trim()) ? readPaise(value) : null;
    if (paise === null) {
      ctx.addIssue({ code: "custom", message: M.chargesNumeric });
      return z.NEVER;
    }
    if (paise > MAX_PAISE) {
      ctx.addIssue({ code: "custom", message: M.chargesTooLarge });
      return z.NEVER;
    }
    return paiseToInr(paise);
  })
  .describe("Rupees with at most 2 decimals, e.g. 1499.50 (string or number; normalised to a string)");
/** Optional rupees: "" or null is none. */
const OptionalRupees = z
  .preprocess((value) => (value === "" || value === undefined ? null : value), Rupees.nullable())
  .describe("Rupees with at most 2 decimals, or null / '' when none");

const Delivery = z.enum(DELIVERY_TIMES, { errorMap: () => ({ message: M.deliveryTime }) });
const Options = z.array(required(100, M.offeringRequired)).max(50).default([]);

export const LimitPriceVariation = z
  .object({
    indiaPrice: OptionalRupees,
    limits: Options,
    deliveryTime: z.enum(["", ...DELIVERY_TIMES], { errorMap: () => ({ message: M.deliveryTime }) }).default(""),
    description: text(2000).default(""),
  })
  .strict();

export const ServiceOptionRow = z
  .object({
    offerings: required(200, M.offeringRequired),
    specialty: Options,
    inclusions: Options,
    limits: Options,
    limitsPriceVariation: z.array(LimitPriceVariation).max(MAX_SERVICE_ROWS).default([]),
    description: text(2000).default(""),
    indiaPrice: Rupees,
    outsidePrice: OptionalRupees,
    deliveryTime: Delivery,
    serviceId: z.number().int().positive().max(INT4_MAX).nullable().default(null),
    askBeforeOrder: z.boolean().default(false),
  })
  .strict()
  .describe("A service option row (spec 3 §3)");
export type ServiceOptionRow = z.infer<typeof ServiceOptionRow>;

/** A row the screen pre-filled and the provider left empty: dropped, not refused. */
export function isBlankRow(row: unknown): boolean {
  if (!row || typeof row !== "object") return false;
  return Object.entries(row as Record<string, unknown>).every(([key, value]) => {
    if (key === "askBeforeOrder" || key === "serviceId") return true;
    if (value === null || value === undefined) return true;
    if (typeof value === "string") return value.trim() === "";
    if (Array.isArray(value)) return value.length === 0;
    return false;
  });
}

const TOO_MANY: Record<WizardServiceType, string> = {
  Consultation: M.maxConsultations,
  Service: M.maxServices,
  Retainership: M.maxRetainership,
  AddOnService: M.maxAddOns,
};
const rowsOf = (type: WizardServiceType) =>
  z
    .preprocess(
      (rows) => (Array.isArray(rows) ? rows.map((row) => (isBlankRow(row) ? null : row)) : rows),
      z
        .array(ServiceOptionRow.nullable())
        .max(50)
        .transform((rows) => rows.filter((row): row is ServiceOptionRow => row !== null))
        .refine((rows) => rows.length <= MAX_SERVICE_ROWS, TOO_MANY[type]),
    )
    .default([])
    .describe(`${type} rows, in order (blank rows are dropped, errors name the row as sent; at most ${MAX_SERVICE_ROWS})`);

/** The four tables of the Create Services step. */
export const ServicesByType = z
  .object(
    Object.fromEntries(WIZARD_SERVICE_TYPES.map((type) => [type, rowsOf(type)])) as Record<WizardServiceType, ReturnType<typeof rowsOf>>,
  )
  .strict();
export type ServicesByType = z.infer<typeof ServicesByType>;

export const ServicesSection = ServicesByType.extend({
  category_id: id(M.categoryRequired).describe("The category these services are for"),
})
  .strict()
  .describe("Create Services step: per service type, its service option rows");
export type ServicesSection = z.infer<typeof ServicesSection>;

// ——— service details ———

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const Time = z
  .string({ invalid_type_error: M.timeFormat })
  .refine((v) => v === "" || HHMM.test(v), M.timeFormat)
  .default("");
const DayTime = z
  .object({ startTime: Time, endTime: Time })
  .strict()
  .superRefine((day, ctx) => {
    if ((day.startTime === "") !== (day.endTime === ""))
      ctx.addIssue({ code: "custom", path: [day.startTime ? "endTime" : "startTime"], message: M.timeBoth });
    else if (day.startTime && day.endTime <= day.startTime) ctx.addIssue({ code: "custom", path: ["endTime"], message: M.endAfterStart });
  });
export const PreferredDaysTime = z
  .object(
    Object.fromEntries(WEEK_DAYS.map((day) => [day, DayTime.default({})])) as Record<
      (typeof WEEK_DAYS)[number],
      z.ZodDefault<typeof DayTime>
    >,
  )
  .strict()
  .superRefine((days, ctx) => {
    if (!Object.values(days).some((day) => day.startTime !== "")) ctx.addIssue({ code: "custom", message: M.daysRequired });
  })
  .describe("Monday to Sunday: startTime and endTime (HH:mm, end after start), both '' for a day off");

export const LanguageRow = z
  .object({
    language: z.enum(LANGUAGES, { errorMap: () => ({ message: M.languageUnknown }) }),
    spoken: z.boolean().default(false),
    written: z.boolean().default(false),
    rating: z
      .number({ invalid_type_error: M.rating, required_error: M.rating })
      .int(M.rating)
      .min(RATING_RANGE.min, M.rating)
      .max(RATING_RANGE.max, M.rating),
  })
  .strict();

const Link = (message: string) =>
  z
    .string({ invalid_type_error: message })
    .trim()
    .max(500, M.tooLong(500))
    .refine((v) => v === "" || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), message)
    .default("");

const Country = z.enum([ALL_COUNTRIES, ...SERVICE_COUNTRIES], { errorMap: () => ({ message: M.countryUnknown }) });

export const ServiceDetailsSection = z
  .object({
    countries: z
      .array(Country, { required_error: M.countriesRequired })
      .min(1, M.countriesRequired)
      .max(SERVICE_COUNTRIES.length + 1)
      .transform((list) => (list.includes(ALL_COUNTRIES) ? [ALL_COUNTRIES] : [...new Set(list)]))
      .describe("Countries served, or ['All']"),
    tagline: required(300, M.taglineRequired).describe("5 to 20 words advised"),
    catchyLine: text(150).default("").describe("A short catchy line shown on the profile (not the tagline)"),
    coreExpertise: text(500).default("").describe("What the provider is best at"),
    globalExpertise: text(500).default("").describe("Experience with clients outside India"),
    portfolioLink: Link(M.portfolioLinkFormat).describe("A link to the provider's portfolio (http or https)"),
    skills: z.array(required(100, M.skillsRequired), { required_error: M.skillsRequired }).min(1, M.skillsRequired).max(30),
    professionalProfile: required(50_000, M.profileRequired).describe("Detailed professional profile (rich text; 50+ words advised)"),
    occupation: z.enum(OCCUPATIONS, { errorMap: () => ({ message: M.occupationRequired }) }),
    qualification: required(200, M.qualificationRequired),
    expYears: z
      .number({ invalid_type_error: M.expYears, required_error: M.expYears })
      .int(M.expYears)
      .min(TOTAL_EXPERIENCE_RANGE.min, M.expYears)
      .max(TOTAL_EXPERIENCE_RANGE.max, M.expYears),
    expMonths: z
      .number({ invalid_type_error: M.expMonths })
      .int(M.expMonths)
      .min(EXPERIENCE_MONTHS_RANGE.min, M.expMonths)
      .max(EXPERIENCE_MONTHS_RANGE.max, M.expMonths)
      .default(0),
    languageProficiency: z
      .array(LanguageRow, { required_error: M.languageRequired })
      .min(1, M.languageRequired)
      .max(LANGUAGES.length)
      .superRefine((rows, ctx) => {
        const seen = new Set<string>();
        rows.forEach((row, index) => {
          if (seen.has(row.language)) ctx.addIssue({ code: "custom", path: [index, "language"], message: M.languageRepeated });
          seen.add(row.language);
        });
      }),
    preferred_days_time: PreferredDaysTime,
  })
  .strict()
  .describe("Service Details step");
export type ServiceDetailsSection = z.infer<typeof ServiceDetailsSection>;

// ——— documents (the fields; the files are POST /create-document's) ———

export const PAN_PATTERN = /^[A-Z]{5}\d{4}[A-Z]$/;
export const GST_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const upperOptional = (pattern: RegExp, message: string) =>
  z
    .string({ invalid_type_error: message })
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => v === "" || pattern.test(v), message)
    .default("");

export const DocumentsSection = z
  .object({
    ProfileDocument_id: z
      .number()
      .int()
      .positive()
      .max(INT4_MAX)
      .nullable()
      .default(null)
      .describe("The provider's document record (POST /create-document), null before it exists"),
    panNumber: upperOptional(PAN_PATTERN, M.panFormat),
    gstNo: upperOptional(GST_PATTERN, M.gstFormat).describe("Mandatory above 20 lakh annual turnover"),
    websiteLink: z
      .string({ invalid_type_error: M.urlFormat })
      .trim()
      .max(500, M.tooLong(500))
      .refine((v) => v === "" || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), M.urlFormat)
      .default(""),
    documentComment: text(DOCUMENT_TEXT_MAX.documentComment).default(""),
    certificationId: text(100).default(""),
    yearOfPassing: z
      .string({ invalid_type_error: M.yearOfPassing })
      .trim()
      .refine((v) => v === "" || (/^\d{4}$/.test(v) && Number(v) >= 1900 && Number(v) <= new Date().getUTCFullYear()), M.yearOfPassing)
      .default(""),
  })
  .strict()
  .describe("Documents & Terms step: the fields besides the files (Certification Id and Year of Passing are asked here only, spec 3 §3)");
export type DocumentsSection = z.infer<typeof DocumentsSection>;

// ——— plan ———

export const PlanSection = z
  .object({
    plan_id: id(M.selectPlan).describe("An Active plan (GET /provider-plans)"),
    profileReview: z.boolean().default(false).describe("The profile review add-on (₹500)"),
  })
  .strict()
  .describe("Choose plan step (create mode only)");
export type PlanSection = z.infer<typeof PlanSection>;

export const SECTION_SCHEMAS = {
  categories: CategoriesSection,
  services: ServicesSection,
  service_details: ServiceDetailsSection,
  documents: DocumentsSection,
  plan: PlanSection,
} as const;
export type SectionData = { [S in keyof typeof SECTION_SCHEMAS]: z.infer<(typeof SECTION_SCHEMAS)[S]> };

// ——— calls ———

export const ProviderIdQuery = z.object({
  serviceProviderId: z
    .string()
    .refine(isRecordId, "serviceProviderId must be a provider's id")
    .transform(Number)
    .describe("The provider's id (serviceProvider_id)"),
});

/** PUT /save-service-provider-form's body: one section. */
export const SaveSectionBody = z.discriminatedUnion(
  "section",
  [
    z.object({ section: z.literal("categories"), data: CategoriesSection }).strict(),
    z.object({ section: z.literal("services"), data: ServicesSection }).strict(),
    z.object({ section: z.literal("service_details"), data: ServiceDetailsSection }).strict(),
    z.object({ section: z.literal("documents"), data: DocumentsSection }).strict(),
    z.object({ section: z.literal("plan"), data: PlanSection }).strict(),
  ],
  { errorMap: () => ({ message: `section must be one of ${WIZARD_SECTIONS.join(", ")}` }) },
);
export type SaveSectionBody = z.input<typeof SaveSectionBody>;

export const SaveSectionAnswer = z.object({
  message: z.string(),
  data: z.object({ section: z.enum(WIZARD_SECTIONS), updated_at: z.string(), updated_by: z.string().nullable() }),
});

/** A provider_services row as the calls give it back (prices in rupees). */
export const ProviderServiceRecord = z.object({
  id: z.number().int(),
  category_id: z.number().int().nullable(),
  serviceType: z.enum(WIZARD_SERVICE_TYPES),
  position: z.number().int(),
  offerings: z.string(),
  specialty: z.array(z.string()),
  inclusions: z.array(z.string()),
  limits: z.array(z.string()),
  limitsPriceVariation: z.array(
    z.object({ indiaPrice: z.string().nullable(), limits: z.array(z.string()), deliveryTime: z.string(), description: z.string() }),
  ),
  description: z.string(),
  indiaPrice: z.string().nullable(),
  outsidePrice: z.string().nullable(),
  deliveryTime: z.string(),
  askBeforeOrder: z.boolean(),
});
export type ProviderServiceRecord = z.infer<typeof ProviderServiceRecord>;

/** A saved section: read it with its section schema (it was stored as that schema gave it). */
const Saved = (description: string) =>
  z
    .record(z.unknown().describe("A field of the section, as its schema gives it"))
    .nullable()
    .describe(`${description}; null when never saved`);
export const SavedFormData = z.object({
  serviceProviderId: z.number().int(),
  user_status: z.enum(["Active", "Inactive", "Hold"]).describe("The provider's user status: Hold loads the wizard in edit mode"),
  mode: z.enum(WIZARD_MODES).describe("edit when the user status is Hold, else create (an admin always edits)"),
  plan_id: z.number().int().nullable().describe("The provider's current plan"),
  categories: Saved("The Categories section as saved (CategoriesSection)"),
  services: Saved("The Create Services section as saved (ServicesSection)"),
  service_details: Saved("The Service Details section as saved (ServiceDetailsSection)"),
  documents: Saved("The Documents & Terms fields as saved (DocumentsSection)"),
  plan: Saved("The plan as saved (PlanSection)"),
  saved_at: z.record(z.string()).describe("section → when it was last saved (ISO)"),
  provider_services: z.array(ProviderServiceRecord).describe("The services written by POST /upsert-service-bulk or the submit, in order"),
});
export type SavedFormData = z.infer<typeof SavedFormData>;

export const CategoryIdQuery = ProviderIdQuery.extend({
  categoryId: z.string().refine(isRecordId, "categoryId must be a category's id").transform(Number).describe("The category (category_id)"),
});
export const UpsertServicesAnswer = z.object({ message: z.string(), data: z.array(ProviderServiceRecord) });

/** A plan as the wizard's plan step shows it (charge per month in rupees). */
export const WizardPlan = z.object({
  plan_id: z.number().int(),
  plan_name: z.string(),
  charge: z.string().describe("Rupees per month, e.g. 499.00"),
  plan_validity: z.number().int().describe("Months"),
  service_fee: z.string().describe("Percent"),
  profile_boost: z.number().int(),
  max_approval: z.number().int().describe("Days"),
  total_payable: z.string().describe("charge × months × 1.18, rupees (without the add-on)"),
});
export type WizardPlan = z.infer<typeof WizardPlan>;
export const WizardPlanList = z.object({ data: z.array(WizardPlan) });

export const SubmitProfileBody = z
  .object({
    mode: z.enum(WIZARD_MODES, { errorMap: () => ({ message: "mode must be create or edit" }) }),
    plan: PlanSection.optional().describe(
      "Create mode: the plan the Subscribe chose, registered as sent and saved as the plan section in the same transaction (else the saved plan section)",
    ),
  })
  .strict();
export const SubmitProfileAnswer = z.object({
  message: z.string(),
  data: z.object({
    serviceProviderId: z.number().int(),
    plan_id: z.number().int().nullable(),
    total_payable: z.string().nullable().describe("Rupees, with the add-on when chosen; null in edit mode"),
    services: z.number().int().describe("Service rows written"),
  }),
});
