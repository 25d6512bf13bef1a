import { z } from "zod";
import { ServiceDetailsSection, WEEK_DAYS } from "~contract/provider-wizard";
import type { WeekDay } from "./provider-wizard-labels";
import { repeated } from "./form-fields";
import {
  checkSection,
  indexOf,
  intentArgument,
  postedFilledTexts,
  postedGroup,
  postedRows,
  postedText,
  postedTick,
} from "./provider-wizard-form-fields";
import { isBlankLanguageRow, type ServiceDetailsDraft } from "./provider-wizard-service-details-view";

/**
 * The Service Details step's forms (one schema per intent): the fields as typed (field names are
 * the section's paths, dotted: `languageProficiency.0.rating`, `preferred_days_time.Monday.startTime`),
 * and Save & Continue's section with each refusal beside its field.
 */

const dayTimes = postedGroup({
  startTime: postedText().transform((time) => time.trim()),
  endTime: postedText().transform((time) => time.trim()),
});

/** The form as typed: the draft a refusal or a no-JS answer shows back. */
export const ServiceDetailsDraftForm = z.object({
  countries: repeated(z.unknown()).transform((ticked) => [
    ...new Set(ticked.filter((v): v is string => typeof v === "string" && v !== "")),
  ]),
  tagline: postedText(),
  catchyLine: postedText(),
  coreExpertise: postedText(),
  globalExpertise: postedText(),
  portfolioLink: postedText(),
  skills: postedFilledTexts().transform((skills) => skills.map((skill) => skill.trim())),
  professionalProfile: postedText(),
  occupation: postedText(),
  qualification: postedText(),
  expYears: postedText(),
  expMonths: postedText(),
  languageProficiency: postedRows(
    postedGroup({ language: postedText(), spoken: postedTick(), written: postedTick(), rating: postedText() }),
  ),
  preferred_days_time: postedGroup(Object.fromEntries(WEEK_DAYS.map((day) => [day, dayTimes])) as Record<WeekDay, typeof dayTimes>),
}) satisfies z.ZodType<ServiceDetailsDraft, z.ZodTypeDef, unknown>;

/** A number typed: '' is none (the contract's "required" message), anything else as read. */
const numberOf = (text: string) => (text.trim() === "" ? undefined : Number(text.trim()));

/**
 * The values to validate and send: blank language rows left out (`rowIndex` gives each row sent
 * its place in the form), times as typed.
 */
export function serviceDetailsSectionOf(draft: ServiceDetailsDraft) {
  const rowIndex: number[] = [];
  const rows = draft.languageProficiency.flatMap((row, index) => {
    if (isBlankLanguageRow(row)) return [];
    rowIndex.push(index);
    return [{ language: row.language, spoken: row.spoken, written: row.written, rating: numberOf(row.rating) }];
  });
  const section = {
    countries: draft.countries,
    tagline: draft.tagline,
    catchyLine: draft.catchyLine,
    coreExpertise: draft.coreExpertise,
    globalExpertise: draft.globalExpertise,
    portfolioLink: draft.portfolioLink,
    skills: draft.skills,
    professionalProfile: draft.professionalProfile,
    occupation: draft.occupation,
    qualification: draft.qualification,
    expYears: numberOf(draft.expYears),
    expMonths: numberOf(draft.expMonths),
    languageProficiency: rows,
    preferred_days_time: draft.preferred_days_time,
  };
  return { section, rowIndex };
}

/**
 * Messages by the section's paths → by the form's names: a country's under `countries`, a
 * language row's under its place in the form; a skill's stays by its place among the filled ones.
 */
export function formErrorsOf(errors: Record<string, string>, rowIndex: readonly number[]): Record<string, string> {
  const named: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    let name = path;
    if (/^countries\.\d+$/.test(path)) name = "countries";
    const row = /^languageProficiency\.(\d+)(\..*)?$/.exec(path);
    if (row) name = `languageProficiency.${rowIndex[Number(row[1])] ?? row[1]}${row[2] ?? ""}`;
    named[name] ??= message;
  }
  return named;
}

/** Save & Continue: the section by the contract's rules, each message beside its field as the form names it. */
export const SaveServiceDetailsForm = ServiceDetailsDraftForm.transform((draft, ctx) => {
  const { section, rowIndex } = serviceDetailsSectionOf(draft);
  return { draft, section: checkSection(ServiceDetailsSection, section, ctx, (errors) => formErrorsOf(errors, rowIndex)), rowIndex };
});

/** Remove language row i ("remove:languageProficiency.2"). */
export const RemoveLanguageForm = ServiceDetailsDraftForm.extend({
  intent: intentArgument((text) => (text.startsWith("languageProficiency.") ? indexOf(text.slice("languageProficiency.".length)) : null)),
});
