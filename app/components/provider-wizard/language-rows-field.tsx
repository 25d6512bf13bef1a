import { useState } from "react";
import { ErrorText } from "~/components/forms";
import { Button, Flex, Text, useHydrated } from "~/components/ui";
import { LANGUAGES, RATING_RANGE } from "~contract/provider-wizard-labels";
import {
  blankLanguageRow,
  removeLanguageIntent,
  SERVICE_DETAILS_INTENTS,
  type LanguageRowDraft,
} from "~/models/provider-wizard-service-details-view";
import { isOneOf } from "~shared/one-of";

type Row = { key: number; row: LanguageRowDraft };
let lastRowKey = 0;
const makeRows = (rows: readonly LanguageRowDraft[]): Row[] => rows.map((row) => ({ key: ++lastRowKey, row }));
const RATINGS = Array.from({ length: RATING_RANGE.max - RATING_RANGE.min + 1 }, (_, i) => String(RATING_RANGE.min + i));

/**
 * Language proficiency (at least one row): each row a language of the 33, Spoken and Written
 * checkboxes and a rating 1 to 5, posted as `languageProficiency.<i>.<field>`; a row left blank
 * is not sent. Without JavaScript, Add language and Remove are form posts that answer the form
 * with the row added or removed (nothing saved); with it they act in place.
 */
export function LanguageRowsField({ rows: initial, errors }: { rows: readonly LanguageRowDraft[]; errors: Record<string, string> }) {
  const hydrated = useHydrated();
  const [rows, setRows] = useState<Row[]>(() => makeRows(initial));
  const listError = errors.languageProficiency;

  return (
    <fieldset className="plain-fieldset details-languages" aria-describedby={listError ? "languageProficiency-error" : undefined}>
      <Text as="legend" size="2" weight="medium">
        Language Proficiency
      </Text>
      <ol className="details-language-rows">
        {rows.map(({ key, row }, index) => {
          const at = `languageProficiency.${index}`;
          const languageError = errors[`${at}.language`];
          const ratingError = errors[`${at}.rating`];
          const rowError = errors[at] ?? errors[`${at}.spoken`] ?? errors[`${at}.written`];
          return (
            <li key={key}>
              <fieldset className="plain-fieldset details-language-row">
                <legend className="visually-hidden">Language {index + 1}</legend>
                <Flex direction="column" gap="1" className="field">
                  <Text as="label" htmlFor={`${at}.language`} size="2">
                    Language {index + 1}
                  </Text>
                  <select
                    id={`${at}.language`}
                    name={`${at}.language`}
                    defaultValue={row.language}
                    className="native-input"
                    aria-invalid={languageError ? true : undefined}
                    aria-describedby={languageError ? `${at}.language-error` : undefined}
                  >
                    <option value="">Select a language</option>
                    {LANGUAGES.map((language) => (
                      <option key={language} value={language}>
                        {language}
                      </option>
                    ))}
                    {row.language && !isOneOf(LANGUAGES, row.language) ? <option value={row.language}>{row.language}</option> : null}
                  </select>
                  <ErrorText id={`${at}.language-error`} error={languageError} />
                </Flex>
                <label className="choice">
                  <input
                    type="checkbox"
                    className="native-checkbox"
                    name={`${at}.spoken`}
                    value="true"
                    defaultChecked={row.spoken}
                    aria-label={`Language ${index + 1} spoken`}
                  />
                  <Text size="2">Spoken</Text>
                </label>
                <label className="choice">
                  <input
                    type="checkbox"
                    className="native-checkbox"
                    name={`${at}.written`}
                    value="true"
                    defaultChecked={row.written}
                    aria-label={`Language ${index + 1} written`}
                  />
                  <Text size="2">Written</Text>
                </label>
                <Flex direction="column" gap="1" className="field">
                  <Text as="label" htmlFor={`${at}.rating`} size="2">
                    Rating {index + 1}
                  </Text>
                  <select
                    id={`${at}.rating`}
                    name={`${at}.rating`}
                    defaultValue={RATINGS.includes(row.rating) || row.rating === "" ? row.rating : ""}
                    className="native-input"
                    aria-invalid={ratingError ? true : undefined}
                    aria-describedby={ratingError ? `${at}.rating-error` : undefined}
                  >
                    <option value="">Rating</option>
                    {RATINGS.map((rating) => (
                      <option key={rating} value={rating}>
                        {rating}
                      </option>
                    ))}
                  </select>
                  <ErrorText id={`${at}.rating-error`} error={ratingError} />
                </Flex>
                {hydrated ? (
                  <Button
                    type="button"
                    variant="ghost"
                    color="red"
                    size="1"
                    aria-label={`Remove language ${index + 1}`}
                    onClick={() =>
                      setRows((current) => (current.length > 1 ? current.filter((r) => r.key !== key) : makeRows([blankLanguageRow()])))
                    }
                  >
                    Remove
                  </Button>
                ) : (
                  <Button
                    type="submit"
                    name="intent"
                    value={removeLanguageIntent(index)}
                    variant="ghost"
                    color="red"
                    size="1"
                    aria-label={`Remove language ${index + 1}`}
                  >
                    Remove
                  </Button>
                )}
                <ErrorText error={rowError} />
              </fieldset>
            </li>
          );
        })}
      </ol>
      <ErrorText id="languageProficiency-error" error={listError} />
      <Flex align="center" gap="3" wrap="wrap">
        {hydrated ? (
          <Button
            type="button"
            variant="soft"
            size="1"
            onClick={() => setRows((current) => [...current, ...makeRows([blankLanguageRow()])])}
            disabled={rows.length >= LANGUAGES.length}
          >
            Add language
          </Button>
        ) : (
          <Button
            type="submit"
            name="intent"
            value={SERVICE_DETAILS_INTENTS.addLanguage}
            variant="soft"
            size="1"
            disabled={rows.length >= LANGUAGES.length}
          >
            Add language
          </Button>
        )}
        <Text size="1" color="gray">
          At least one language, each once; rating 1 (basic) to 5 (fluent). A row without a language is not saved.
        </Text>
      </Flex>
    </fieldset>
  );
}
