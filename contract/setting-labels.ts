import { isOneOf } from "~shared/one-of";
/**
 * General Settings (spec 2 §2, §3 Settings, §5, §8, §9): names, labels and messages the settings
 * screens need in the browser. No zod here, so a component can import it without the schemas
 * (those are in app/models/settings.ts, the contract the API and the onboarding wizard share).
 */

/**
 * The five setting names of spec 2 §9 ("constant identifiers") and ours, PayoutSetting (issue 34:
 * the two-person release threshold, on the Payment Gateway tab): one `settings` row each.
 */
export const SETTING_NAMES = [
  "GeneralSetting",
  "CategoryServiceProviderFormSetting",
  "PricingSetting",
  "DynamicContent",
  "CreateServicesSetting",
  "PayoutSetting",
] as const;
export type SettingName = (typeof SETTING_NAMES)[number];
export const isSettingName = (value: unknown): value is SettingName => typeof value === "string" && isOneOf(SETTING_NAMES, value);

/** Fields of the service provider's form that Category Settings switches on or off per category. */
export const PROVIDER_FORM_FIELDS = [
  "profilePhoto",
  "about",
  "totalExperience",
  "specializations",
  "subSpecializations",
  "specializationExperience",
  "languages",
  "education",
  "certifications",
  "awards",
  "portfolio",
  "charges",
] as const;

/** The rich-text blocks of Set Instructions/Content. */
export const DYNAMIC_CONTENT_KEYS = ["Category", "CreateService", "AddService", "Documents", "ChoosePlans"] as const;

/** Social links of General Settings. */
export const SOCIAL_LINKS = ["facebook", "instagram", "linkedin", "twitter", "youtube"] as const;

/** Options compared for "Option Already Added": spaces collapsed (and trimmed), case-insensitive. */
export const optionKey = (option: string) => option.trim().replace(/\s+/g, " ").toLocaleLowerCase("en-IN");

/** Spec 2 §5 and §9. */
export const MAX_SUB_SPECIALIZATIONS = 6;
export const MAX_OPTIONS = 10;
export const TOTAL_EXPERIENCE_RANGE = { min: 0, max: 29 } as const;
export const SPECIALIZATION_EXPERIENCE_RANGE = { min: 1, max: 40 } as const;
/** ours: lengths that keep a settings row bounded */
export const OPTION_MAX_LENGTH = 100;
export const MAX_SPECIALIZATIONS = 50;
export const DYNAMIC_CONTENT_MAX_LENGTH = 100_000;
/** "Please select a category" comes first on the per-category tabs; "all" = every sub-category. */
export const ALL_SUB_CATEGORIES = "all";

/**
 * General Settings' images (spec 2 §2: "a logo is recommended at 150x150 and a favicon at 16x16 or
 * 32x32 in png or ico"). Byte limits and the logo's pixel bound are ours. The API checks the type by
 * content (PNG signature and header, ICO header and directory), never by name or declared type.
 */
export const SETTING_FILE_KINDS = ["logo", "favicon"] as const;
export type SettingFileKind = (typeof SETTING_FILE_KINDS)[number];
export const FAVICON_SIZES = [16, 32] as const;
/** ours: a logo larger than this many pixels a side is refused (a browser would decode it whole) */
export const LOGO_MAX_SIDE = 4096;

export const SETTING_FILES: Record<SettingFileKind, { label: string; maxBytes: number; maxSizeText: string; recommendation: string }> = {
  logo: { label: "Logo", maxBytes: 1024 * 1024, maxSizeText: "1 MB", recommendation: "Recommended 150×150, png or ico" },
  favicon: { label: "Favicon", maxBytes: 100 * 1024, maxSizeText: "100 KB", recommendation: "16×16 or 32×32, png or ico" },
};

/** The messages of a refused image, in the admin's words. */
export const SETTING_FILE_MESSAGES = {
  wrongType: (kind: SettingFileKind) => `The ${SETTING_FILES[kind].label.toLowerCase()} must be a png or ico image`,
  tooLarge: (kind: SettingFileKind) => `The ${SETTING_FILES[kind].label.toLowerCase()} must be at most ${SETTING_FILES[kind].maxSizeText}`,
  empty: (kind: SettingFileKind) => `Choose a png or ico file for the ${SETTING_FILES[kind].label.toLowerCase()}`,
  faviconSize: "The favicon must be 16×16 or 32×32 pixels",
  logoTooBig: `The logo must be at most ${LOGO_MAX_SIDE}×${LOGO_MAX_SIDE} pixels`,
  kind: "kind must be logo or favicon",
} as const;

/**
 * A stored General Settings image is named `<kind>-<16 hex>-<width>x<height>.<png|ico>` by the API,
 * so its size can be told (and "150×150 recommended" said) wherever the name is shown.
 */
const SETTING_FILE_NAME = /^(logo|favicon)-[0-9a-f]{16}-([1-9]\d{0,4})x([1-9]\d{0,4})\.(png|ico)$/;
export function settingFileName(kind: SettingFileKind, random: string, width: number, height: number, type: "png" | "ico") {
  return `${kind}-${random}-${width}x${height}.${type}`;
}
export function parseSettingFileName(name: string): { kind: SettingFileKind; width: number; height: number; type: "png" | "ico" } | null {
  const match = SETTING_FILE_NAME.exec(name);
  if (!match) return null;
  return { kind: match[1] as SettingFileKind, width: Number(match[2]), height: Number(match[3]), type: match[4] as "png" | "ico" };
}

export const SETTING_MESSAGES = {
  saved: "Settings Saved Successfully",
  updated: "Settings updated successfully",
  selectCategory: "Please select a category",
  optionAlreadyAdded: "Option Already Added",
  /** a repeat, naming the option it repeats (spaces and case aside) */
  optionRepeats: (earlier: string) => `Option Already Added: "${earlier.trim()}"`,
  maxSubSpecializations: "Max 6 Sub Specialization can be selected",
  maxConsultations: "Max 10 Consultations are Allowed",
  maxServices: "Max 10 Services are Allowed",
  maxRetainership: "Max 10 Retainership are Allowed",
  chargesNumeric: "Charges must be numeric: an amount in rupees with at most 2 decimals, e.g. 499.50",
  totalExperience: "Total experience must be 0 to 29 years",
  specializationExperience: "Specialization experience must be 1 to 40 years",
  minAboveMax: "The minimum must not be above the maximum",
  optionRequired: "Option is required",
  optionTooLong: `An option is at most ${OPTION_MAX_LENGTH} characters`,
  priceFormat: "Price must be an amount in rupees with at most 2 decimals, e.g. 1499.50",
  priceTooLarge: "Price must be at most ₹1,00,00,000.00",
  categoryKey: "Must be a category id",
  planKey: "Must be a plan id",
  subCategoryKey: "Must be a sub-category id or all",
  unknownCategory: "Unknown category",
  unknownPlan: "Unknown plan",
  notASubCategory: "Not a sub-category of this category",
  unknownSettingName: `setting_name must be one of ${SETTING_NAMES.join(", ")}`,
  settingNameMismatch: "settingName must be the setting_name of the query",
  nothingSent: "Send setting1 and/or setting2",
  notUsed: "This setting has no setting2",
  notSavedYet: "This setting has not been saved yet: send no updated_at",
  fileName: "Must be the name of a stored file",
  siteNameRequired: "Site Name is required",
  emailFormat: "Please enter a valid email!",
  phoneFormat: "Phone must be 7 to 15 digits, optionally with +, spaces or dashes",
  urlFormat: "Must be an http(s) address",
  contentTooLong: "Content must be at most 1,00,000 characters of HTML",
  unknownContentBlock: "Unknown content block: choose one of the blocks above",
} as const;
