import { useActionData } from "@remix-run/react";
import { useState } from "react";
import { Field, SelectField, TextareaField } from "~/components/forms";
import { RichTextEditor } from "~/components/rich-text/rich-text-editor";
import { Grid, Text, useHydrated } from "~/components/ui";
import type { FormFailure } from "~/models/form-result";
import { EXPERIENCE_MONTHS_RANGE, OCCUPATIONS } from "~contract/provider-wizard-labels";
import { OCCUPATION_LABELS, PROFILE_WORDS_ADVISED, TAGLINE_WORDS_ADVISED, type WizardFrame } from "~/models/provider-wizard-labels";
import {
  KEEP_SAME_TIME_FIELD,
  SERVICE_DETAILS_INTENTS,
  type ServiceDetailsDraft,
  type ServiceDetailsView,
} from "~/models/provider-wizard-service-details-view";
import { countHtmlWords, countWords, wordsText } from "~/utils/words";
import { CountriesField } from "./countries-field";
import { LanguageRowsField } from "./language-rows-field";
import { PreferredTimesField } from "./preferred-times-field";
import { SkillsField } from "./skills-field";
import { WizardForm } from "./wizard-form";

const range = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, i) => String(min + i));
const OCCUPATION_OPTIONS = [
  { value: "", label: "Select your occupation" },
  ...OCCUPATIONS.map((o) => ({ value: o, label: OCCUPATION_LABELS[o] })),
];
const MONTH_OPTIONS = [
  { value: "", label: "Months" },
  ...range(EXPERIENCE_MONTHS_RANGE.min, EXPERIENCE_MONTHS_RANGE.max).map((m) => ({ value: m, label: m })),
];
const TAGLINE_ADVICE = `${TAGLINE_WORDS_ADVISED.min} to ${TAGLINE_WORDS_ADVISED.max} words advised`;
const PROFILE_ADVICE = `${PROFILE_WORDS_ADVISED}+ words advised`;

const isDraftAnswer = (answer: unknown): answer is FormFailure<ServiceDetailsDraft> =>
  Boolean(
    answer &&
    typeof answer === "object" &&
    "repopulateFields" in answer &&
    (answer as FormFailure<ServiceDetailsDraft>).repopulateFields?.preferred_days_time,
  );

/**
 * The Service Details step (spec 3 §2.1, §5): a plain form post without JavaScript; with it the
 * tagline's and the profile's words are counted as they are typed, the language rows and Keep
 * Same Time act in place, and the profile gets the rich-text editor (loaded on demand).
 */
export function ServiceDetailsStep({ frame, view }: { frame: WizardFrame; view: ServiceDetailsView }) {
  const answer = useActionData<unknown>();
  const failure = isDraftAnswer(answer) ? answer : null;
  const draft = failure?.repopulateFields ?? view.draft;
  const errors = failure?.fieldErrors ?? {};
  const hydrated = useHydrated();
  const [taglineWords, setTaglineWords] = useState(() => countWords(draft.tagline));
  const [profileWords, setProfileWords] = useState(() => countHtmlWords(draft.professionalProfile));

  return (
    <WizardForm frame={frame} formError={failure?.formError}>
      {/* Enter in a field saves (the first submit button), not a row's Remove or Keep Same Time */}
      <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        Save
      </button>
      <CountriesField selected={draft.countries} error={errors.countries} />
      <Field
        id="tagline"
        name="tagline"
        label="Tagline"
        defaultValue={draft.tagline}
        error={errors.tagline}
        maxLength={300}
        autoComplete="off"
        aria-required="true"
        onChange={(event) => setTaglineWords(countWords(event.target.value))}
        hint={
          hydrated ? (
            <>
              <span aria-live="polite">{wordsText(taglineWords)}</span> · {TAGLINE_ADVICE}
            </>
          ) : (
            TAGLINE_ADVICE
          )
        }
      />
      <Field
        id="catchyLine"
        name="catchyLine"
        label="Catchy line"
        defaultValue={draft.catchyLine}
        error={errors.catchyLine}
        maxLength={150}
        autoComplete="off"
        hint="A short line shown on your profile (optional)"
      />
      <SkillsField skills={draft.skills} errors={errors} />
      <Grid columns={{ initial: "1", sm: "2" }} gap="3">
        <TextareaField
          id="coreExpertise"
          name="coreExpertise"
          label="Core expertise"
          defaultValue={draft.coreExpertise}
          error={errors.coreExpertise}
          maxLength={500}
          rows={2}
          hint="What you are best at (optional)"
        />
        <TextareaField
          id="globalExpertise"
          name="globalExpertise"
          label="Global expertise"
          defaultValue={draft.globalExpertise}
          error={errors.globalExpertise}
          maxLength={500}
          rows={2}
          hint="Work with clients outside India (optional)"
        />
      </Grid>
      <RichTextEditor
        id="professionalProfile"
        name="professionalProfile"
        label="Detailed Professional Profile"
        defaultValue={draft.professionalProfile}
        error={errors.professionalProfile}
        hint={hydrated ? `${wordsText(profileWords)} · ${PROFILE_ADVICE}` : PROFILE_ADVICE}
        onChange={() => {
          const field = document.getElementById("professionalProfile") as HTMLTextAreaElement | null;
          if (field) setProfileWords(countHtmlWords(field.value));
        }}
      />
      <Field
        id="portfolioLink"
        name="portfolioLink"
        label="Portfolio link"
        type="url"
        defaultValue={draft.portfolioLink}
        error={errors.portfolioLink}
        maxLength={500}
        autoComplete="url"
        hint="https://… (optional)"
      />
      <Grid columns={{ initial: "1", sm: "2" }} gap="3">
        <SelectField
          id="occupation"
          name="occupation"
          label="Occupation"
          options={OCCUPATION_OPTIONS}
          defaultValue={draft.occupation}
          error={errors.occupation}
          aria-required="true"
        />
        <Field
          id="qualification"
          name="qualification"
          label="Qualification"
          defaultValue={draft.qualification}
          error={errors.qualification}
          maxLength={200}
          aria-required="true"
        />
        {/* a text box, not a select of 0–29: the range lives in the settings' labels, which this page does not load */}
        <Field
          id="expYears"
          name="expYears"
          label="Experience (years)"
          defaultValue={draft.expYears}
          error={errors.expYears}
          maxLength={2}
          inputMode="numeric"
          autoComplete="off"
          aria-required="true"
        />
        <SelectField
          id="expMonths"
          name="expMonths"
          label="Experience (months)"
          options={MONTH_OPTIONS}
          defaultValue={draft.expMonths}
          error={errors.expMonths}
        />
      </Grid>
      <LanguageRowsField rows={draft.languageProficiency} errors={errors} />
      <PreferredTimesField
        days={draft.preferred_days_time}
        errors={errors}
        keepSameTimeError={errors[KEEP_SAME_TIME_FIELD]}
        copiedByServer={failure?.intent === SERVICE_DETAILS_INTENTS.keepSameTime && !errors[KEEP_SAME_TIME_FIELD]}
      />
      <Text as="p" size="1" color="gray">
        Required: countries, tagline, skills, detailed professional profile, occupation, qualification, experience, a language and the time
        of at least one day.
      </Text>
    </WizardForm>
  );
}
