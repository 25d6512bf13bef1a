import type { FormFailure } from "~/models/form-result";
import { fieldErrorsOf } from "~contract/form-result";
import { ServiceDetailsSection, WEEK_DAYS, WIZARD_MESSAGES as M, type SaveSectionBody } from "~contract/provider-wizard";
import { type WeekDay } from "~/models/provider-wizard-labels";
import {
  blankLanguageRow,
  isBlankLanguageRow,
  KEEP_SAME_TIME_FIELD,
  SERVICE_DETAILS_INTENTS as INTENTS,
  type DayTimeDraft,
  type LanguageRowDraft,
  type ServiceDetailsDraft,
  type ServiceDetailsView,
} from "~/models/provider-wizard-service-details-view";
import { MarketplaceError } from "~/services/marketplace/client.server";
import { formTree, listAt, textAt, textsAt, type FormTree } from "~/utils/form-paths";
import type { StepModule, StepOutcome } from "./wizard.server";

/**
 * The Service Details step (spec 3 §2.1, §3, §5): countries, tagline, skills, the professional
 * profile, occupation and qualification, experience, language rows and the preferred days and
 * time. Its form-only posts (JavaScript off): add or remove a language row, and Keep Same Time For
 * All Days (Monday's times copied to every day, or the spec's message) — answered, not saved.
 */

const str = (value: unknown) => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

const emptyDays = (): Record<WeekDay, DayTimeDraft> =>
  Object.fromEntries(WEEK_DAYS.map((day) => [day, { startTime: "", endTime: "" }])) as Record<WeekDay, DayTimeDraft>;

/** The saved section (GET /get-saved-form-data) as the form's values; empty when never saved. */
export function draftOfSaved(saved: Record<string, unknown> | null): ServiceDetailsDraft {
  const s = saved ?? {};
  const days = record(s.preferred_days_time);
  const rows = list(s.languageProficiency).map((row): LanguageRowDraft => {
    const r = record(row);
    return { language: str(r.language), spoken: r.spoken === true, written: r.written === true, rating: str(r.rating) };
  });
  return {
    countries: list(s.countries).map(str).filter(Boolean),
    tagline: str(s.tagline),
    catchyLine: str(s.catchyLine),
    coreExpertise: str(s.coreExpertise),
    globalExpertise: str(s.globalExpertise),
    portfolioLink: str(s.portfolioLink),
    skills: list(s.skills).map(str).filter(Boolean),
    professionalProfile: str(s.professionalProfile),
    occupation: str(s.occupation),
    qualification: str(s.qualification),
    expYears: str(s.expYears),
    expMonths: saved && s.expMonths !== null ? str(s.expMonths) : "",
    languageProficiency: rows.length > 0 ? rows : [blankLanguageRow()],
    preferred_days_time: Object.fromEntries(
      WEEK_DAYS.map((day) => {
        const d = record(days[day]);
        return [day, { startTime: str(d.startTime), endTime: str(d.endTime) }];
      }),
    ) as Record<WeekDay, DayTimeDraft>,
  };
}

/** The posted form as the form's values (as typed). */
export function draftOfForm(formData: FormData): ServiceDetailsDraft {
  const tree = formTree(formData);
  const days = emptyDays();
  for (const day of WEEK_DAYS) {
    days[day] = {
      startTime: textAt(tree, "preferred_days_time", day, "startTime").trim(),
      endTime: textAt(tree, "preferred_days_time", day, "endTime").trim(),
    };
  }
  const checked = (row: FormTree, name: string) => textAt(row, name) !== "";
  return {
    countries: [...new Set(formData.getAll("countries").filter((v): v is string => typeof v === "string" && v !== ""))],
    tagline: textAt(tree, "tagline"),
    catchyLine: textAt(tree, "catchyLine"),
    coreExpertise: textAt(tree, "coreExpertise"),
    globalExpertise: textAt(tree, "globalExpertise"),
    portfolioLink: textAt(tree, "portfolioLink"),
    skills: textsAt(tree, "skills").map((skill) => skill.trim()),
    professionalProfile: textAt(tree, "professionalProfile"),
    occupation: textAt(tree, "occupation"),
    qualification: textAt(tree, "qualification"),
    expYears: textAt(tree, "expYears"),
    expMonths: textAt(tree, "expMonths"),
    languageProficiency: listAt(tree, "languageProficiency").map((row) => ({
      language: textAt(row, "language"),
      spoken: checked(row, "spoken"),
      written: checked(row, "written"),
      rating: textAt(row, "rating"),
    })),
    preferred_days_time: days,
  };
}

/** A number typed: '' is none (the contract's "required" message), anything else as read. */
const numberOf = (text: string) => (text.trim() === "" ? undefined : Number(text.trim()));

/**
 * The values to validate and send: blank language rows left out (`rowIndex` gives each row sent
 * its place in the form), times as typed.
 */
function sectionOf(draft: ServiceDetailsDraft) {
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

type Failure = FormFailure<ServiceDetailsDraft>;
const answer = (draft: ServiceDetailsDraft, status: number, more: Partial<Failure> = {}): StepOutcome => ({
  saved: false,
  failure: { fieldErrors: {}, repopulateFields: draft, ...more } as unknown as FormFailure<Record<string, unknown>>,
  status,
});

/** Keep Same Time For All Days: Monday's times on every day, or the spec's message when Monday has none. */
function keepSameTime(draft: ServiceDetailsDraft): StepOutcome {
  const monday = draft.preferred_days_time.Monday;
  if (!monday.startTime || !monday.endTime) {
    return answer(draft, 400, { intent: INTENTS.keepSameTime, fieldErrors: { [KEEP_SAME_TIME_FIELD]: M.mondayFirst } });
  }
  const days = Object.fromEntries(WEEK_DAYS.map((day) => [day, { ...monday }])) as Record<WeekDay, DayTimeDraft>;
  return answer({ ...draft, preferred_days_time: days }, 200, { intent: INTENTS.keepSameTime });
}

export const serviceDetailsStep: StepModule<ServiceDetailsView> = {
  load: async (ctx) => ({ draft: draftOfSaved(ctx.saved.service_details) }),

  save: async (ctx) => {
    const formData = await ctx.request.formData();
    const intent = String(formData.get("intent") ?? "save");
    const draft = draftOfForm(formData);

    if (intent === INTENTS.keepSameTime) return keepSameTime(draft);
    if (intent === INTENTS.addLanguage) {
      return answer({ ...draft, languageProficiency: [...draft.languageProficiency, blankLanguageRow()] }, 200, { intent });
    }
    if (intent.startsWith(INTENTS.removeLanguagePrefix)) {
      const index = Number(intent.slice(INTENTS.removeLanguagePrefix.length));
      const rows = draft.languageProficiency.filter((_, i) => i !== index);
      return answer({ ...draft, languageProficiency: rows.length > 0 ? rows : [blankLanguageRow()] }, 200, { intent });
    }
    if (intent !== "save") throw new Response(`Unknown intent: ${intent}`, { status: 400, statusText: "Bad Request" });

    const { section, rowIndex } = sectionOf(draft);
    const parsed = ServiceDetailsSection.safeParse(section);
    if (!parsed.success) return answer(draft, 400, { fieldErrors: formErrorsOf(fieldErrorsOf(parsed.error.issues), rowIndex) });

    try {
      // the contract's output is its input (countries come out as plain strings: "All" alone, or the list)
      await ctx.api.saveWizardSection(ctx.serviceProviderId, { section: "service_details", data: parsed.data } as SaveSectionBody);
      return { saved: true };
    } catch (error) {
      if (!(error instanceof MarketplaceError)) throw error;
      if (error.kind === "invalid" && Object.keys(error.fieldErrors).length > 0) {
        const sectionErrors: Record<string, string> = {};
        for (const [path, message] of Object.entries(error.fieldErrors)) sectionErrors[path.replace(/^data\./, "")] = message;
        return answer(draft, 400, { fieldErrors: formErrorsOf(sectionErrors, rowIndex), formError: M.saveFailed });
      }
      const status = error.kind === "unavailable" ? 503 : error.status || 503;
      return answer(draft, status, { formError: error.kind === "unavailable" ? M.serverError : error.message || M.cannotSave });
    }
  },
};
