import { percentOfPaise } from "~shared/money";
/**
 * The provider wizard's constants, messages and the plan total (spec 3 §2.1, §5, §8, §9), zod-free
 * so the wizard's screens can use them in the browser. The zod contract is app/models/provider-wizard.ts.
 */

/** The wizard's sections, in step order (the plan step only in create mode). */
export const WIZARD_SECTIONS = ["categories", "services", "service_details", "documents", "plan"] as const;
export type WizardSection = (typeof WIZARD_SECTIONS)[number];
export const WIZARD_SECTION_LABELS: Record<WizardSection, string> = {
  categories: "Categories",
  services: "Create Services",
  service_details: "Service Details",
  documents: "Documents & Terms",
  plan: "Choose plan Free / Paid",
};

export const WIZARD_MODES = ["create", "edit"] as const;

/** The service types, each a table of the Create Services step. */
export const WIZARD_SERVICE_TYPES = ["Consultation", "Service", "Retainership", "AddOnService"] as const;
export type WizardServiceType = (typeof WIZARD_SERVICE_TYPES)[number];
/** Rows per service type (spec 3 §9: at most 10 Services and 10 Retainership; ours: the same for the other two). */
export const MAX_SERVICE_ROWS = 10;

/** Delivery times a service row offers (spec 3: 1–10 days, 2 and 3 weeks, 1, 1.5, 2, 3, 6 and 12 months). */
export const DELIVERY_TIMES = [
  "1 Day",
  "2 Days",
  "3 Days",
  "4 Days",
  "5 Days",
  "6 Days",
  "7 Days",
  "8 Days",
  "9 Days",
  "10 Days",
  "2 Weeks",
  "3 Weeks",
  "1 Month",
  "1.5 Months",
  "2 Months",
  "3 Months",
  "6 Months",
  "12 Months",
] as const;

/** "All" in the countries field: every country below. */
export const ALL_COUNTRIES = "All";
/** The spec's 26 countries "including others" (its entries are not given: chosen by us, India first). */
export const SERVICE_COUNTRIES = [
  "India",
  "United States",
  "United Kingdom",
  "Canada",
  "Australia",
  "United Arab Emirates",
  "Saudi Arabia",
  "Qatar",
  "Kuwait",
  "Oman",
  "Bahrain",
  "Singapore",
  "Malaysia",
  "Germany",
  "France",
  "Netherlands",
  "Ireland",
  "New Zealand",
  "South Africa",
  "Kenya",
  "Nepal",
  "Sri Lanka",
  "Bangladesh",
  "Japan",
  "Hong Kong",
  "Others",
] as const;

/** The spec's 33 languages "including Others" (chosen by us: English, India's 22 scheduled languages, nine more). */
export const LANGUAGES = [
  "English",
  "Hindi",
  "Bengali",
  "Telugu",
  "Marathi",
  "Tamil",
  "Urdu",
  "Gujarati",
  "Kannada",
  "Odia",
  "Malayalam",
  "Punjabi",
  "Assamese",
  "Maithili",
  "Sanskrit",
  "Konkani",
  "Nepali",
  "Sindhi",
  "Dogri",
  "Kashmiri",
  "Manipuri",
  "Bodo",
  "Santali",
  "Arabic",
  "French",
  "German",
  "Spanish",
  "Portuguese",
  "Russian",
  "Mandarin",
  "Japanese",
  "Italian",
  "Others",
] as const;

export const OCCUPATIONS = ["company", "partner", "proprietor", "practice", "freelancer"] as const;

export const WEEK_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

export const RATING_RANGE = { min: 1, max: 5 } as const;
/** Months beside the years of experience. */
export const EXPERIENCE_MONTHS_RANGE = { min: 0, max: 11 } as const;

/** GST on a plan (18 %), as a percentage. */
export const PLAN_GST_PERCENT = 18;
/** The optional profile review add-on: ₹500, in paise. */
export const PROFILE_REVIEW_ADD_ON_PAISE = 50_000;

export const WIZARD_MESSAGES = {
  saved: "Form saved successfully",
  saveFailed: "Saving Form Failed",
  cannotSave: "Cannot Save Form currently",
  serverError: "Error Saving Form To Server, Please Try Refreshing the form",
  documentFailed: "Error Creating Document",
  validationError: "Validation Error",
  profileUpdated: "Profile Updated Successfully",
  registered: "Successfully Registered As Provider",
  savedDataFound: "Saved data found. Fetching....",
  selectPlan: "Please Select Your Plan",
  specializationNotAdded: "Specialization Not Added, Please Refresh & Try again",
  maxSubSpecializations: "Max 6 Sub Specialization can be selected",
  maxConsultations: "Max 10 Consultations are Allowed",
  maxServices: "Max 10 Services are Allowed",
  maxRetainership: "Max 10 Retainership are Allowed",
  maxAddOns: "Max 10 Add On Services are Allowed",
  mondayFirst: "Please Select Monday's start-end Time first",
  // ours: field messages the spec leaves unwritten
  categoryRequired: "Please select a category",
  specializationExperience: "Specialization experience must be 1 to 40 years",
  subSpecializationExp: "Give each sub-specialization its experience (1 to 40 years)",
  specializationRepeated: "This specialization is already added",
  specializationNotOffered: "This specialization is not offered for the category",
  subSpecializationNotOffered: "This sub-specialization is not offered for the specialization",
  experienceRange: (min: number, max: number) => `Experience must be ${min} to ${max} years for this category`,
  offeringNotOffered: "This offering is not enabled for the category",
  offeringRequired: "Please select an offering",
  chargesNumeric: "Charges must be a number with at most 2 decimals",
  chargesRequired: "Please enter the India price",
  chargesTooLarge: "Charges must be at most ₹1,00,00,000.00",
  deliveryTime: "Please select a delivery time",
  countriesRequired: "Please select the countries you serve",
  countryUnknown: "Please select a country from the list",
  taglineRequired: "Tagline is required",
  skillsRequired: "Skills are required",
  profileRequired: "Detailed professional profile is required",
  occupationRequired: "Please select your occupation",
  qualificationRequired: "Qualification is required",
  yearOfPassing: "Year of passing must be a 4-digit year, not in the future",
  expYears: "Experience must be 0 to 29 years",
  expMonths: "Experience months must be 0 to 11",
  languageRequired: "Add at least one language",
  languageUnknown: "Please select a language from the list",
  languageRepeated: "This language is already added",
  rating: "Rating must be 1 to 5",
  timeFormat: "Times are HH:mm (00:00 to 23:59)",
  timeBoth: "Give both the start and the end time, or neither",
  endAfterStart: "The end time must be after the start time",
  daysRequired: "Select the time for at least one day",
  panFormat: "PAN must be 5 letters, 4 digits and a letter (ABCDE1234F)",
  gstFormat: "GST number must be 15 characters (22ABCDE1234F1Z5)",
  urlFormat: "The website link must start with http:// or https://",
  tooLong: (max: number) => `At most ${max} characters`,
  documentNotYours: "This document is not this provider's",
  planUnavailable: "This plan is not available; please choose another",
  providerNotFound: "Service provider not found",
  actorRequired: "x-acting-admin or x-acting-provider (the provider's own id) is required",
  sectionMissing: (label: string) => `Please complete the ${label} step first`,
  sectionInvalid: (label: string) => `The ${label} step has errors; please correct and save it again`,
  alreadyRegistered: "This provider is already registered; update the profile instead",
  /** a second Subscribe after the first registered: the thank-you page shows what was registered */
  alreadySubscribed: "You are already registered: your first Subscribe was kept.",
  categoryMismatch: "The services were saved for another category; please save the Create Services step again",
  chargeRange: (min: string, max: string) => `Charges must be ₹${min} to ₹${max} for this category`,
  chargeAtLeast: (min: string) => `Charges must be at least ₹${min} for this category`,
  serviceRequired: "Add at least one service (a row in any table) to register",
  serviceNotYours: "This service is not one of this provider's services in this category; remove the row and add it again",
  subSpecializationsOff: "This category does not use sub-specializations",
  portfolioLinkFormat: "The portfolio link must start with http:// or https://",
} as const;

export type PlanTotal = {
  /** charge × months, paise */
  subtotal: number;
  /** 18 % of it, rounded half-up to the paisa */
  gst: number;
  /** the profile review add-on (0 or 50000 paise) */
  addOn: number;
  /** what the provider pays, paise */
  total: number;
};

/**
 * Total payable for a plan (spec 3 §5): charge per month × validity months × 1.18, in whole paise
 * (the GST rounded half-up to the paisa, integer arithmetic only), plus ₹500 with the profile
 * review add-on.
 */
export function planTotal(chargePaise: number, validityMonths: number, profileReview: boolean): PlanTotal {
  if (!Number.isSafeInteger(chargePaise) || chargePaise < 0) throw new RangeError(`Not a charge in paise: ${chargePaise}`);
  if (!Number.isSafeInteger(validityMonths) || validityMonths < 1) throw new RangeError(`Not a validity in months: ${validityMonths}`);
  const subtotal = BigInt(chargePaise) * BigInt(validityMonths);
  const gst = percentOfPaise(subtotal, PLAN_GST_PERCENT); // half-up to the paisa, like the invoice
  const addOn = profileReview ? PROFILE_REVIEW_ADD_ON_PAISE : 0;
  const total = subtotal + gst + BigInt(addOn);
  return { subtotal: Number(subtotal), gst: Number(gst), addOn, total: Number(total) };
}
