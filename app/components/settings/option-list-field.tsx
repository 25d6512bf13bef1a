import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { ErrorText } from "~/components/forms";
import { Button, Flex, Text, useHydrated } from "~/components/ui";
import { optionKey, SETTING_MESSAGES } from "~contract/setting-labels";

type OptionListFieldProps = {
  /** the list's form name: its options post as `${name}.0`, `${name}.1` … */
  name: string;
  label: string;
  options: readonly string[];
  /** messages by form name: `${name}` for the list, `${name}.<i>` for the i-th option filled in */
  errors: Record<string, string>;
  max: number;
  /** the spec's message when more than `max` are given, e.g. "Max 10 Consultations are Allowed" */
  tooMany: string;
  maxLength?: number;
};

type Row = { key: number; value: string };

/** Row keys: unique in the page (never rendered, so the server's and the browser's may differ). */
let lastRowKey = 0;
const makeRows = (values: readonly string[]): Row[] => values.map((value) => ({ key: ++lastRowKey, value }));

/**
 * A list of options (spec 2 §5 "Settings option lists") as text inputs in one form. Without
 * JavaScript: the options and one blank input to add one; clearing an option removes it; the
 * server checks repeats and the limit. With JavaScript: Add option / Remove, Enter adds a row, and
 * a repeat ("Option Already Added") or one too many is told at once. Blank inputs are not options,
 * so an option's message is keyed by its place among the filled ones.
 */
export function OptionListField({ name, label, options, errors, max, tooMany, maxLength = 100 }: OptionListFieldProps) {
  const hydrated = useHydrated();
  const id = useId();
  // one blank input adds an option (also at the limit: a try at one more is told the spec's message)
  const [rows, setRows] = useState<Row[]>(() => makeRows([...options, ""]));
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  // text typed into the server's inputs before the page was interactive is the value, not the
  // state rendered with (React would set the controlled inputs back to it on the next render)
  useEffect(() => {
    const typed = [...(listRef.current?.querySelectorAll<HTMLInputElement>("input") ?? [])].map((input) => input.value);
    setRows((current) =>
      typed.length === current.length && typed.some((value, i) => value !== current[i].value)
        ? current.map((row, i) => ({ ...row, value: typed[i] }))
        : current,
    );
  }, []);

  // a new load (saved, or another category) starts from its options again
  const optionsKey = options.join("\u0000");
  const shownFor = useRef(optionsKey);
  useEffect(() => {
    if (shownFor.current === optionsKey) return;
    shownFor.current = optionsKey;
    setRows(makeRows([...options, ""]));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [optionsKey]);

  useEffect(() => {
    if (focusIndex === null) return;
    listRef.current?.querySelectorAll<HTMLInputElement>("input")[focusIndex]?.focus();
    setFocusIndex(null);
  }, [focusIndex]);

  const filled = rows.filter((r) => r.value.trim() !== "");
  const seen = new Map<string, string>();
  // the message of each row: the server's (by its place among the filled ones), else a repeat seen here
  let filledIndex = -1;
  const rowErrors = rows.map((row) => {
    if (row.value.trim() === "") return undefined;
    filledIndex++;
    const key = optionKey(row.value);
    const earlier = hydrated ? seen.get(key) : undefined;
    if (!seen.has(key)) seen.set(key, row.value);
    return errors[`${name}.${filledIndex}`] ?? (earlier !== undefined ? SETTING_MESSAGES.optionRepeats(earlier) : undefined);
  });
  const listError = errors[name] ?? (hydrated && filled.length > max ? tooMany : undefined);

  const add = () => {
    setFocusIndex(rows.length);
    setRows((current) => [...current, ...makeRows([""])]);
  };
  const remove = (key: number) => setRows((current) => current.filter((r) => r.key !== key));
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    // Enter adds an option instead of saving the whole form
    if (event.key !== "Enter" || !hydrated) return;
    event.preventDefault();
    if (index === rows.length - 1 && rows[index].value.trim() !== "" && filled.length < max) add();
    else listRef.current?.querySelectorAll<HTMLInputElement>("input")[index + 1]?.focus();
  };

  return (
    <fieldset className="plain-fieldset option-list" aria-describedby={listError ? `${id}-error` : `${id}-hint`}>
      <Text as="legend" size="2" weight="medium">
        {label}
      </Text>
      <ul ref={listRef} className="option-list-rows">
        {rows.map((row, index) => {
          const error = rowErrors[index];
          const blank = row.value.trim() === "";
          return (
            <li key={row.key}>
              <Flex align="center" gap="2">
                <input
                  className="native-input"
                  name={`${name}.${index}`}
                  value={row.value}
                  onChange={(event) => {
                    const value = event.target.value;
                    setRows((current) => current.map((r) => (r.key === row.key ? { ...r, value } : r)));
                  }}
                  onKeyDown={(event) => onKeyDown(event, index)}
                  maxLength={maxLength}
                  autoComplete="off"
                  aria-label={blank ? `New ${label} option` : `${label} option ${index + 1}`}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-${index}-error` : undefined}
                />
                {hydrated ? (
                  <Button
                    type="button"
                    variant="ghost"
                    color="red"
                    size="1"
                    onClick={() => remove(row.key)}
                    aria-label={`Remove ${row.value.trim() || "blank option"}`}
                  >
                    Remove
                  </Button>
                ) : null}
              </Flex>
              <ErrorText id={`${id}-${index}-error`} error={error} />
            </li>
          );
        })}
      </ul>
      <ErrorText id={`${id}-error`} error={listError} />
      <Flex align="center" gap="3" wrap="wrap">
        {hydrated ? (
          <Button type="button" variant="soft" size="1" onClick={add} disabled={filled.length >= max}>
            Add option
          </Button>
        ) : null}
        <Text id={`${id}-hint`} size="1" color="gray">
          {hydrated ? `At most ${max}; each once.` : `At most ${max}; each once. Fill the blank box to add one; clear a box to remove it.`}
        </Text>
      </Flex>
    </fieldset>
  );
}
