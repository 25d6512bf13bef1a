/**
 * What the Service Details step's page shows and posts (zod-free, for the browser): the form's
 * values as typed (texts, so a refused save shows them back as they were), its intents, and the
 * word counts its hints give.
 */
import type { WeekDay } from "./provider-wizard-labels";

export type LanguageRowDraft = { language: string; spoken: boolean; written: boolean; rating: string };
export type DayTimeDraft = { startTime: string; endTime: string };

/** The step's form values. Field names are these paths, dotted (`languageProficiency.0.rating`). */
export type ServiceDetailsDraft = {
  /** the countries ticked, "All" among them when it is */
  countries: string[];
  tagline: string;
  /** spec 3 §3's catchyLine, coreExpertise, globalExpertise and portfolioLink (optional) */
  catchyLine: string;
  coreExpertise: string;
  globalExpertise: string;
  portfolioLink: string;
  /** the skills filled in, in order */
  skills: string[];
  /** HTML */
  professionalProfile: string;
  occupation: string;
  qualification: string;
  expYears: string;
  expMonths: string;
  /** the rows as posted, blank ones too */
  languageProficiency: LanguageRowDraft[];
  preferred_days_time: Record<WeekDay, DayTimeDraft>;
};

export type ServiceDetailsView = { draft: ServiceDetailsDraft };

/**
 * The step's form-only posts (JavaScript off): each answers the form changed, nothing saved.
 * With JavaScript the same buttons act in place.
 */
export const SERVICE_DETAILS_INTENTS = {
  keepSameTime: "keep-same-time",
  addLanguage: "add:languageProficiency",
  removeLanguagePrefix: "remove:languageProficiency.",
  /** the intents of the rows' Remove buttons ("remove:languageProficiency.2") */
  removeLanguageFamily: "remove:",
} as const;
export const removeLanguageIntent = (index: number) => `${SERVICE_DETAILS_INTENTS.removeLanguagePrefix}${index}`;

/** Where the "Keep Same Time For All Days" message goes among the field messages. */
export const KEEP_SAME_TIME_FIELD = "keepSameTime";

export const blankLanguageRow = (): LanguageRowDraft => ({ language: "", spoken: false, written: false, rating: "" });
export const isBlankLanguageRow = (row: LanguageRowDraft) => row.language === "" && row.rating === "" && !row.spoken && !row.written;
