import { useEffect, useRef, useState } from "react";
import { ErrorText, Field } from "~/components/forms";
import { Button, Flex, Text, useHydrated } from "~/components/ui";
import { MAX_SUB_SPECIALIZATIONS, OPTION_MAX_LENGTH, optionKey, SETTING_MESSAGES } from "~contract/setting-labels";
import { OptionListField } from "./option-list-field";

type Specialization = { name: string; subSpecializations: readonly string[] };

type SpecializationsFieldProps = {
  /** the list's form name: each posts `${name}.<i>.name` and `${name}.<i>.subSpecializations.<j>` */
  name: string;
  specializations: readonly Specialization[];
  /** messages by form name, a specialization's keyed by its place among the named ones (as the server checks them) */
  errors: Record<string, string>;
  max: number;
};

type Row = { key: number; name: string; subs: readonly string[] };

/** Row keys: unique in the page (never rendered, so the server's and the browser's may differ). */
let lastRowKey = 0;
const BLANK: Specialization = { name: "", subSpecializations: [] };
const makeRows = (list: readonly Specialization[], max: number): Row[] =>
  (list.length < max ? [...list, BLANK] : list).map((s) => ({ key: ++lastRowKey, name: s.name, subs: s.subSpecializations }));

/** `errors` under `from` (e.g. "specializations.2.") moved under `to`. */
function errorsMoved(errors: Record<string, string>, from: string, to: string) {
  if (from === to) return errors;
  const moved: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) if (key.startsWith(from)) moved[to + key.slice(from.length)] = message;
  return moved;
}

/**
 * Specializations, each a name with its sub-specializations (an option list of at most 6), in
 * one form, built like OptionListField. Without JavaScript: the specializations and one blank row
 * to add one; clearing a name removes it. With JavaScript: Add specialization / Remove, and a
 * repeated name ("Option Already Added") is told at once. A blank name is no specialization, so a
 * specialization's messages are keyed by its place among the named ones.
 */
export function SpecializationsField({ name, specializations, errors, max }: SpecializationsFieldProps) {
  const hydrated = useHydrated();
  const [rows, setRows] = useState<Row[]>(() => makeRows(specializations, max));
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  // a new load (saved, or another category) starts from its specializations again
  const listKey = JSON.stringify(specializations);
  const shownFor = useRef(listKey);
  useEffect(() => {
    if (shownFor.current === listKey) return;
    shownFor.current = listKey;
    setRows(makeRows(specializations, max));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listKey]);

  const nameInput = (index: number) => listRef.current?.querySelector<HTMLInputElement>(`input[name="${name}.${index}.name"]`);
  useEffect(() => {
    if (focusIndex === null) return;
    nameInput(focusIndex)?.focus();
    setFocusIndex(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusIndex]);

  // names typed before this part of the page started (its code still on the way) are in the inputs only
  useEffect(() => {
    setRows((current) => current.map((row, index) => ({ ...row, name: nameInput(index)?.value ?? row.name })));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const named = rows.filter((r) => r.name.trim() !== "").length;
  const seen = new Map<string, string>();
  let namedIndex = -1;
  const shown = rows.map((row, index) => {
    if (row.name.trim() === "") return { nameError: undefined, subErrors: {} };
    namedIndex++;
    const key = optionKey(row.name);
    const earlier = hydrated ? seen.get(key) : undefined;
    if (!seen.has(key)) seen.set(key, row.name);
    return {
      nameError: errors[`${name}.${namedIndex}.name`] ?? (earlier !== undefined ? SETTING_MESSAGES.optionRepeats(earlier) : undefined),
      subErrors: errorsMoved(errors, `${name}.${namedIndex}.`, `${name}.${index}.`),
    };
  });

  const add = () => {
    setFocusIndex(rows.length);
    setRows((current) => [...current, ...makeRows([BLANK], 2)]);
  };
  const remove = (key: number) => setRows((current) => current.filter((r) => r.key !== key));

  return (
    <fieldset className="plain-fieldset specializations">
      <Text as="legend" size="3" weight="medium">
        Specializations
      </Text>
      <ol ref={listRef} className="specialization-rows">
        {rows.map((row, index) => (
          <li key={row.key}>
            <fieldset className="plain-fieldset specialization-row">
              <Text as="legend" size="2" weight="medium">
                Specialization {index + 1}
              </Text>
              <Flex align="end" gap="2">
                <Field
                  label="Name"
                  name={`${name}.${index}.name`}
                  value={row.name}
                  onChange={(event) => {
                    const value = event.target.value;
                    setRows((current) => current.map((r) => (r.key === row.key ? { ...r, name: value } : r)));
                  }}
                  error={shown[index].nameError}
                  maxLength={OPTION_MAX_LENGTH}
                  autoComplete="off"
                />
                {hydrated ? (
                  <Button
                    type="button"
                    variant="ghost"
                    color="red"
                    size="1"
                    mb="2"
                    onClick={() => remove(row.key)}
                    aria-label={`Remove specialization ${row.name.trim() || index + 1}`}
                  >
                    Remove
                  </Button>
                ) : null}
              </Flex>
              <OptionListField
                name={`${name}.${index}.subSpecializations`}
                label="Sub Specializations"
                options={row.subs}
                errors={shown[index].subErrors}
                max={MAX_SUB_SPECIALIZATIONS}
                tooMany={SETTING_MESSAGES.maxSubSpecializations}
              />
            </fieldset>
          </li>
        ))}
      </ol>
      <ErrorText error={errors[name]} />
      <Flex align="center" gap="3" wrap="wrap">
        {hydrated ? (
          <Button type="button" variant="soft" size="1" onClick={add} disabled={named >= max}>
            Add specialization
          </Button>
        ) : null}
        <Text size="1" color="gray">
          {hydrated
            ? "Each name once; a specialization without a name is not saved."
            : "Each name once. Fill the blank specialization to add one; clear a name to remove it."}
        </Text>
      </Flex>
    </fieldset>
  );
}
