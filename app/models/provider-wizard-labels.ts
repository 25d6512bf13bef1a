import { isOneOf } from "~shared/one-of";
/** What only the admin uses of ~contract/provider-wizard-labels (the shared part stays in contract/provider-wizard-labels.ts). */
import { type WizardSection, WIZARD_MODES, DELIVERY_TIMES, OCCUPATIONS, WEEK_DAYS } from "~contract/provider-wizard-labels";

export type WizardMode = (typeof WIZARD_MODES)[number];

/** The wizard's steps as the URL names them (`?step=`), in order; the plan step only in create mode. */
export const WIZARD_STEPS = ["categories", "services", "service-details", "documents", "plan"] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];
export const STEP_SECTION: Record<WizardStep, WizardSection> = {
  categories: "categories",
  services: "services",
  "service-details": "service_details",
  documents: "documents",
  plan: "plan",
};
export const SECTION_STEP = Object.fromEntries(Object.entries(STEP_SECTION).map(([step, section]) => [section, step])) as Record<
  WizardSection,
  WizardStep
>;
export const isWizardStep = (value: unknown): value is WizardStep => typeof value === "string" && isOneOf(WIZARD_STEPS, value);
/** The steps of a mode: edit mode drops the plan step (spec 3 §2.1). */
export const stepsOf = (mode: WizardMode): readonly WizardStep[] =>
  mode === "create" ? WIZARD_STEPS : WIZARD_STEPS.filter((s) => s !== "plan");
/** The last step's button: Subscribe (create) or Update Details (edit); the others Save & Continue. */
export function saveButtonLabel(mode: WizardMode, step: WizardStep): string {
  const steps = stepsOf(mode);
  if (steps[steps.length - 1] !== step) return "Save & Continue";
  return mode === "create" ? "Subscribe" : "Update Details";
}
/** Which Set Instructions/Content block (settings DynamicContent) each step shows. */
export const WIZARD_STEP_CONTENT: Record<WizardStep, "Category" | "CreateService" | "AddService" | "Documents" | "ChoosePlans"> = {
  categories: "Category",
  services: "CreateService",
  "service-details": "AddService",
  documents: "Documents",
  plan: "ChoosePlans",
};
export const WIZARD_TITLES: Record<"admin" | "provider", string> = { admin: "Edit Form", provider: "Complete Your Profile" };

/**
 * What every step's page knows about the wizard around it (the loader's `frame`): whose profile,
 * which mode and step, where its form posts and where Back goes.
 */
export type WizardFrame = {
  who: "admin" | "provider";
  title: string;
  mode: WizardMode;
  step: WizardStep;
  steps: readonly WizardStep[];
  serviceProviderId: number;
  /** the provider's name and username, as the page heading shows them */
  providerName: string;
  /** the wizard's path without a step, e.g. /admin/edit-provider-details/12 */
  basePath: string;
  /** where Back goes from this step (the previous step, or out of the wizard from the first) */
  backTo: string;
  backLabel: string;
  /** when each step's section was last saved, by step, as the page shows it (India time; formatted on the server, so no date library ships) */
  savedAt: Partial<Record<WizardStep, string>>;
  /** the admin's instructions for this step (Set Instructions/Content), sanitised HTML; '' when none */
  instructions: string;
};
/** The URL of one step of a wizard. */
export const stepUrl = (basePath: string, step: WizardStep) => `${basePath}?step=${step}`;
/** Empty rows the screen shows when there is no data. */
export const EMPTY_SERVICE_ROWS = 5;
export type DeliveryTime = (typeof DELIVERY_TIMES)[number];
export type Occupation = (typeof OCCUPATIONS)[number];
export const OCCUPATION_LABELS: Record<Occupation, string> = {
  company: "Company",
  partner: "Partner",
  proprietor: "Proprietor",
  practice: "Practice",
  freelancer: "Freelancer",
};
export type WeekDay = (typeof WEEK_DAYS)[number];
export const TAGLINE_WORDS_ADVISED = { min: 5, max: 20 } as const;
export const PROFILE_WORDS_ADVISED = 50;
export const YEAR_OF_PASSING_LENGTH = 4;
