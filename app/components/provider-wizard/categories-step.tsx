import { useActionData } from "@remix-run/react";
import { useState } from "react";
import { ErrorText, Field, SelectField } from "~/components/forms";
import { Button, Flex, Text, useHydrated } from "~/components/ui";
import type { FormFailure } from "~/models/form-result";
import {
  ADD_SPECIALIZATION_INTENT,
  addSubIntent,
  blankSpecialization,
  CATEGORY_INTENT,
  draftForCategory,
  isBlankSpecialization,
  MAX_SUB_SPECIALIZATIONS,
  optionsOf,
  removeSpecializationIntent,
  removeSubIntent,
  type CategoriesDraft,
  type CategoriesView,
  type SpecializationDraft,
} from "~/models/provider-wizard-categories-view";
import { WIZARD_MESSAGES as M } from "~contract/provider-wizard-labels";
import { type WizardFrame } from "~/models/provider-wizard-labels";
import { optionKey } from "~contract/setting-labels";
import { IntentButton } from "./intent-button";
import { WizardForm } from "./wizard-form";

/** The rows shown: the draft's, and one blank row to add a specialization. */
const withBlank = (rows: SpecializationDraft[]) =>
  rows.length > 0 && isBlankSpecialization(rows[rows.length - 1]) ? rows : [...rows, blankSpecialization()];

/** A select's options: a placeholder, the offered ones, and the current value when it is not offered (so nothing typed is lost). */
function choices(offered: readonly string[], current: string, placeholder: string) {
  const list = [{ value: "", label: placeholder }, ...offered.map((o) => ({ value: o, label: o }))];
  if (current.trim() && !offered.some((o) => optionKey(o) === optionKey(current)))
    list.push({ value: current, label: `${current} (not offered)` });
  return list;
}

/**
 * The Categories step: the category (changing it shows its specializations at once with
 * JavaScript; without, "Show this category's specializations" redraws the form unsaved) and its
 * specializations, each with its experience and up to 6 sub-specializations with theirs. A blank
 * row adds a specialization; blank rows are not saved.
 */
export function CategoriesStep({ frame, view }: { frame: WizardFrame; view: CategoriesView }) {
  const failure = useActionData<FormFailure<CategoriesDraft>>();
  const hydrated = useHydrated();
  const [draft, setDraft] = useState<CategoriesDraft>(() =>
    failure?.repopulateFields?.specializations ? failure.repopulateFields : view.draft,
  );
  const [live, setLive] = useState<Record<string, string>>({});
  const errors = { ...(failure?.fieldErrors ?? {}), ...live };
  const options = optionsOf(view, draft.category_id);
  const offered = options.specializations.map((s) => s.name);
  const rows = withBlank(draft.specializations);
  const { min, max } = options.experience;

  const setRow = (index: number, change: (row: SpecializationDraft) => SpecializationDraft) =>
    setDraft((current) => {
      const list = withBlank(current.specializations).map((row, i) =>
        i === index
          ? change({ ...row, subSpecialization: [...row.subSpecialization], subSpecializationExp: [...row.subSpecializationExp] })
          : row,
      );
      return { ...current, specializations: list };
    });

  return (
    <WizardForm frame={frame} formError={failure?.formError}>
      <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        Save
      </button>
      <Flex align="end" gap="3" wrap="wrap">
        <SelectField
          label="Category"
          name="category_id"
          value={draft.category_id}
          onChange={(event) => {
            const id = event.target.value;
            setLive({});
            setDraft((current) => draftForCategory(current, id, optionsOf(view, id)));
          }}
          options={[{ value: "", label: "Select a category" }, ...view.categories.map((c) => ({ value: String(c.id), label: c.name }))]}
          error={errors.category_id}
        />
        {hydrated ? null : (
          <Button type="submit" name="intent" value={CATEGORY_INTENT} variant="soft" mb="1">
            Show this category&apos;s specializations
          </Button>
        )}
      </Flex>

      <fieldset className="plain-fieldset wizard-specializations">
        <Text as="legend" size="3" weight="medium">
          Specializations
        </Text>
        <Text as="p" size="1" color="gray">
          {offered.length > 0 ? "Choose from this category's specializations." : "Type your specializations."}
          {options.specializationExperience ? ` Experience: ${min} to ${max} years.` : ""} Fill the blank specialization (or Add
          specialization) to add one; a blank one is not saved.
        </Text>
        <ErrorText error={errors.specializations} />
        <ol className="wizard-specialization-rows">
          {rows.map((row, i) => {
            const at = `specializations.${i}`;
            const n = i + 1;
            const subOffered =
              options.specializations.find((s) => optionKey(s.name) === optionKey(row.specialization))?.subSpecializations ?? [];
            return (
              <li key={i}>
                <fieldset className="plain-fieldset wizard-specialization">
                  <Text as="legend" size="2" weight="medium">
                    Specialization {n}
                  </Text>
                  <Flex gap="3" wrap="wrap" align="start">
                    {offered.length > 0 ? (
                      <SelectField
                        label={`Specialization ${n}`}
                        name={`${at}.specialization`}
                        value={row.specialization}
                        onChange={(e) => {
                          const value = e.target.value;
                          setRow(i, (r) => ({ ...r, specialization: value }));
                        }}
                        options={choices(offered, row.specialization, "Select a specialization")}
                        error={errors[`${at}.specialization`]}
                      />
                    ) : (
                      <Field
                        label={`Specialization ${n}`}
                        name={`${at}.specialization`}
                        value={row.specialization}
                        onChange={(e) => {
                          const value = e.target.value;
                          setRow(i, (r) => ({ ...r, specialization: value }));
                        }}
                        maxLength={100}
                        autoComplete="off"
                        error={errors[`${at}.specialization`]}
                      />
                    )}
                    {options.specializationExperience ? (
                      <Field
                        label={`Specialization ${n} experience (years)`}
                        name={`${at}.experience`}
                        value={row.experience}
                        onChange={(e) => {
                          const value = e.target.value;
                          setRow(i, (r) => ({ ...r, experience: value }));
                        }}
                        inputMode="numeric"
                        className="wizard-years"
                        error={errors[`${at}.experience`]}
                      />
                    ) : null}
                    {isBlankSpecialization(row) ? null : (
                      <IntentButton
                        hydrated={hydrated}
                        intent={removeSpecializationIntent(i)}
                        label={`Remove specialization ${n}`}
                        color="red"
                        act={() => {
                          setLive({});
                          setDraft((current) => ({
                            ...current,
                            specializations: withBlank(current.specializations).filter((_, j) => j !== i),
                          }));
                        }}
                      >
                        Remove
                      </IntentButton>
                    )}
                  </Flex>
                  {options.subSpecializations && row.subSpecialization.length > 0 ? (
                    <ol className="wizard-sub-rows">
                      {row.subSpecialization.map((sub, j) => {
                        const subAt = `${at}.subSpecialization.${j}`;
                        const subLabel = `Specialization ${n} sub-specialization ${j + 1}`;
                        const setSub = (value: string) =>
                          setRow(i, (r) => ({ ...r, subSpecialization: r.subSpecialization.map((s, k) => (k === j ? value : s)) }));
                        return (
                          <li key={j}>
                            <Flex gap="3" wrap="wrap" align="start">
                              {subOffered.length > 0 ? (
                                <SelectField
                                  label={subLabel}
                                  name={subAt}
                                  value={sub}
                                  onChange={(e) => setSub(e.target.value)}
                                  options={choices(subOffered, sub, "Select a sub-specialization")}
                                  error={errors[subAt]}
                                />
                              ) : (
                                <Field
                                  label={subLabel}
                                  name={subAt}
                                  value={sub}
                                  onChange={(e) => setSub(e.target.value)}
                                  maxLength={100}
                                  autoComplete="off"
                                  error={errors[subAt]}
                                />
                              )}
                              {options.specializationExperience ? (
                                <Field
                                  label={`${subLabel} experience (years)`}
                                  name={`${at}.subSpecializationExp.${j}`}
                                  value={row.subSpecializationExp[j] ?? ""}
                                  onChange={(e) => {
                                    const value = e.target.value;
                                    setRow(i, (r) => ({
                                      ...r,
                                      subSpecializationExp: r.subSpecialization.map((_, k) =>
                                        k === j ? value : (r.subSpecializationExp[k] ?? ""),
                                      ),
                                    }));
                                  }}
                                  inputMode="numeric"
                                  className="wizard-years"
                                  error={errors[`${at}.subSpecializationExp.${j}`]}
                                />
                              ) : null}
                              <IntentButton
                                hydrated={hydrated}
                                intent={removeSubIntent(i, j)}
                                label={`Remove ${subLabel}`}
                                color="red"
                                act={() =>
                                  setRow(i, (r) => ({
                                    ...r,
                                    subSpecialization: r.subSpecialization.filter((_, k) => k !== j),
                                    subSpecializationExp: r.subSpecializationExp.filter((_, k) => k !== j),
                                  }))
                                }
                              >
                                Remove
                              </IntentButton>
                            </Flex>
                          </li>
                        );
                      })}
                    </ol>
                  ) : null}
                  <ErrorText error={errors[`${at}.subSpecialization`] ?? errors[`${at}.subSpecializationExp`]} />
                  {options.subSpecializations ? (
                    <div>
                      <IntentButton
                        hydrated={hydrated}
                        intent={addSubIntent(i)}
                        label={`Add a sub-specialization to specialization ${n}`}
                        act={() => {
                          if (row.subSpecialization.length >= MAX_SUB_SPECIALIZATIONS) {
                            setLive((current) => ({ ...current, [`${at}.subSpecialization`]: M.maxSubSpecializations }));
                            return;
                          }
                          setRow(i, (r) => ({
                            ...r,
                            subSpecialization: [...r.subSpecialization, ""],
                            subSpecializationExp: [...r.subSpecialization.map((_, k) => r.subSpecializationExp[k] ?? ""), ""],
                          }));
                        }}
                      >
                        Add sub-specialization
                      </IntentButton>
                    </div>
                  ) : null}
                </fieldset>
              </li>
            );
          })}
        </ol>
        <div>
          <IntentButton
            hydrated={hydrated}
            intent={ADD_SPECIALIZATION_INTENT}
            act={() =>
              setDraft((current) => ({ ...current, specializations: [...withBlank(current.specializations), blankSpecialization()] }))
            }
          >
            Add specialization
          </IntentButton>
        </div>
      </fieldset>
    </WizardForm>
  );
}
