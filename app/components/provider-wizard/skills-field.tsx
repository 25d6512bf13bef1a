import { useEffect, useRef, useState } from "react";
import { ErrorText } from "~/components/forms";
import { Button, Flex, Text, useHydrated } from "~/components/ui";

type Row = { key: number; value: string };
let lastRowKey = 0;
const makeRows = (values: readonly string[]): Row[] => values.map((value) => ({ key: ++lastRowKey, value }));

/**
 * Skills: one text input each (`skills.0`, `skills.1` …) and a blank one to add a skill; a
 * cleared one is dropped. With JavaScript: Add skill / Remove. A skill's message is keyed by its
 * place among the filled ones (blank inputs are not skills).
 */
export function SkillsField({ skills, errors }: { skills: readonly string[]; errors: Record<string, string> }) {
  const hydrated = useHydrated();
  const [rows, setRows] = useState<Row[]>(() => makeRows([...skills, ""]));
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const inputs = () => [...(listRef.current?.querySelectorAll<HTMLInputElement>("input") ?? [])];

  // text typed before the page was interactive is the value
  useEffect(() => {
    const typed = inputs().map((input) => input.value);
    setRows((current) => (typed.length === current.length ? current.map((row, i) => ({ ...row, value: typed[i] })) : current));
  }, []);

  useEffect(() => {
    if (focusIndex === null) return;
    inputs()[focusIndex]?.focus();
    setFocusIndex(null);
  }, [focusIndex]);

  let filled = -1;
  const rowErrors = rows.map((row) => (row.value.trim() === "" ? undefined : errors[`skills.${++filled}`]));
  const listError = errors.skills;

  return (
    <fieldset className="plain-fieldset details-skills" aria-describedby={listError ? "skills-error" : "skills-hint"}>
      <Text as="legend" size="2" weight="medium">
        Skills
      </Text>
      <ul ref={listRef} className="details-skill-rows">
        {rows.map((row, index) => {
          const error = rowErrors[index];
          const blank = row.value.trim() === "";
          return (
            <li key={row.key}>
              <Flex align="center" gap="2">
                <input
                  className="native-input"
                  name={`skills.${index}`}
                  value={row.value}
                  onChange={(event) => {
                    const value = event.target.value;
                    setRows((current) => current.map((r) => (r.key === row.key ? { ...r, value } : r)));
                  }}
                  maxLength={100}
                  autoComplete="off"
                  aria-label={blank ? "New skill" : `Skill ${index + 1}`}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `skills-${index}-error` : undefined}
                />
                {hydrated ? (
                  <Button
                    type="button"
                    variant="ghost"
                    color="red"
                    size="1"
                    onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
                    aria-label={`Remove skill ${row.value.trim() || index + 1}`}
                  >
                    Remove
                  </Button>
                ) : null}
              </Flex>
              <ErrorText id={`skills-${index}-error`} error={error} />
            </li>
          );
        })}
      </ul>
      <ErrorText id="skills-error" error={listError} />
      <Flex align="center" gap="3" wrap="wrap">
        {hydrated ? (
          <Button
            type="button"
            variant="soft"
            size="1"
            onClick={() => {
              setFocusIndex(rows.length);
              setRows((current) => [...current, ...makeRows([""])]);
            }}
          >
            Add skill
          </Button>
        ) : null}
        <Text id="skills-hint" size="1" color="gray">
          {hydrated ? "At least one skill." : "At least one skill. Fill the blank box to add one; clear a box to remove it."}
        </Text>
      </Flex>
    </fieldset>
  );
}
