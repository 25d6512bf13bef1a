import { withZod } from "@remix-validated-form/with-zod";
import { WEEK_DAYS, WIZARD_MESSAGES as M, type SaveSectionBody } from "~contract/provider-wizard";
import { type WeekDay } from "~/models/provider-wizard-labels";
import {
  formErrorsOf,
  RemoveLanguageForm,
  SaveServiceDetailsForm,
  ServiceDetailsDraftForm,
} from "~/models/provider-wizard-service-details-form";
import {
  blankLanguageRow,
  KEEP_SAME_TIME_FIELD,
  SERVICE_DETAILS_INTENTS as INTENTS,
  type DayTimeDraft,
  type LanguageRowDraft,
  type ServiceDetailsDraft,
  type ServiceDetailsView,
} from "~/models/provider-wizard-service-details-view";
import { handleForm, intent } from "~/services/form-action.server";
import { formFailure } from "~/services/form-result.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import { refusedDraft } from "./step-failure.server";
import type { StepModule } from "./wizard.server";

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

/** The form as typed, read again for a refusal's refill. */
const draftForm = withZod(ServiceDetailsDraftForm);

/** Keep Same Time For All Days: Monday's times on every day, or the spec's message when Monday has none. */
function keepSameTime(draft: ServiceDetailsDraft) {
  const monday = draft.preferred_days_time.Monday;
  if (!monday.startTime || !monday.endTime) {
    return formFailure(draft, { intent: INTENTS.keepSameTime, fieldErrors: { [KEEP_SAME_TIME_FIELD]: M.mondayFirst } }, 400);
  }
  const days = Object.fromEntries(WEEK_DAYS.map((day) => [day, { ...monday }])) as Record<WeekDay, DayTimeDraft>;
  return formFailure({ ...draft, preferred_days_time: days }, { intent: INTENTS.keepSameTime }, 200);
}

export const serviceDetailsStep: StepModule<ServiceDetailsView> = {
  load: async (ctx) => ({ draft: draftOfSaved(ctx.saved.service_details) }),

  save: (ctx) => {
    const options = { invalid: refusedDraft(draftForm) };
    return handleForm(ctx.request, ctx.api, {
      save: intent(
        SaveServiceDetailsForm,
        async ({ draft, section, rowIndex }) => {
          try {
            // the contract's output is its input (countries come out as plain strings: "All" alone, or the list)
            await ctx.api.saveWizardSection(ctx.serviceProviderId, { section: "service_details", data: section } as SaveSectionBody);
          } catch (error) {
            return refusal(error, draft, rowIndex);
          }
          return ctx.goOn();
        },
        options,
      ),
      [INTENTS.keepSameTime]: intent(ServiceDetailsDraftForm, async (draft) => keepSameTime(draft), options),
      [INTENTS.addLanguage]: intent(
        ServiceDetailsDraftForm,
        async (draft) =>
          formFailure(
            { ...draft, languageProficiency: [...draft.languageProficiency, blankLanguageRow()] },
            { intent: INTENTS.addLanguage },
            200,
          ),
        options,
      ),
      [INTENTS.removeLanguageFamily]: intent(
        RemoveLanguageForm,
        async ({ intent: index, ...draft }, { intent: posted }) => {
          const rows = draft.languageProficiency.filter((_, i) => i !== index);
          return formFailure({ ...draft, languageProficiency: rows.length > 0 ? rows : [blankLanguageRow()] }, { intent: posted }, 200);
        },
        options,
      ),
    });
  },
};

/** The API refusing the save: its messages beside the fields, or what went wrong above the buttons. */
function refusal(error: unknown, draft: ServiceDetailsDraft, rowIndex: readonly number[]) {
  if (!(error instanceof MarketplaceError)) throw error;
  if (error.kind === "invalid" && Object.keys(error.fieldErrors).length > 0) {
    const sectionErrors: Record<string, string> = {};
    for (const [path, message] of Object.entries(error.fieldErrors)) sectionErrors[path.replace(/^data\./, "")] = message;
    return formFailure(draft, { fieldErrors: formErrorsOf(sectionErrors, rowIndex), formError: M.saveFailed }, 400);
  }
  const status = error.kind === "unavailable" ? 503 : error.status || 503;
  return formFailure(draft, { formError: error.kind === "unavailable" ? M.serverError : error.message || M.cannotSave }, status);
}
