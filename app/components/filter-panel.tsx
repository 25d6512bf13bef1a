import type { ReactNode } from "react";
import { Form, Link, useLocation } from "@remix-run/react";
import { Button, Flex, Text } from "~/components/ui";

type FilterPanelProps = {
  /** the filter inputs (named as the query keys they set) */
  children: ReactNode;
  /** open on first render: when a filter is applied or a filter is wrong */
  open?: boolean;
  /** query keys to carry over from the current URL (page size, sort…); the page starts again at 1 */
  keep?: string[];
  /** messages about the filter values (bad dates…) */
  errors?: string[];
  summary?: ReactNode;
};

/** A collapsible GET form: the filters live in the URL, the panel works without JavaScript. */
export function FilterPanel({ children, open, keep = [], errors = [], summary = "Filter" }: FilterPanelProps) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const resetParams = new URLSearchParams();
  for (const key of keep) {
    const value = params.get(key);
    if (value !== null) resetParams.set(key, value);
  }
  const resetHref = location.pathname + (resetParams.size ? `?${resetParams}` : "");

  return (
    <details
      className="panel filter-panel"
      open={open || errors.length > 0}
      style={{ padding: "var(--space-3) var(--space-4)", marginBottom: "var(--space-4)" }}
    >
      <summary style={{ cursor: "pointer", fontWeight: 500 }}>{summary}</summary>
      <Form key={location.search} method="get" action={location.pathname} style={{ marginTop: "var(--space-3)" }}>
        {keep.map((key) => {
          const value = params.get(key);
          return value === null ? null : <input key={key} type="hidden" name={key} value={value} />;
        })}
        <Flex gap="3" wrap="wrap" align="end">
          {children}
          <Flex gap="2" align="center" pb="1">
            <Button type="submit">Submit</Button>
            <Button asChild variant="soft" color="gray">
              <Link to={resetHref}>Reset</Link>
            </Button>
          </Flex>
        </Flex>
        {errors.length > 0 ? (
          <div role="alert" className="form-error" style={{ marginTop: "var(--space-3)" }}>
            {errors.map((error) => (
              <Text as="p" size="2" key={error} style={{ margin: 0 }}>
                {error}
              </Text>
            ))}
          </div>
        ) : null}
      </Form>
    </details>
  );
}

/** One select of a FilterPanel: "All" (the empty value) first, then the options. */
export function FilterSelect({
  name,
  label,
  value,
  options,
  allLabel = "All",
  error,
  minWidth,
}: {
  name: string;
  label: string;
  value: string | undefined;
  options: readonly { value: string; label: string }[];
  allLabel?: string;
  /** shown under the select, e.g. when its options could not be fetched */
  error?: string | null;
  minWidth?: string;
}) {
  const id = `filter-${name}`;
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" weight="medium" htmlFor={id}>
        {label}
      </Text>
      <select
        id={id}
        name={name}
        className="native-input"
        defaultValue={value}
        style={minWidth ? { minWidth } : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <Text id={`${id}-error`} size="1" color="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Flex>
  );
}

/** One date input of a FilterPanel (YYYY-MM-DD in the URL). */
export function FilterDate({ name, label, value }: { name: string; label: string; value: string | undefined }) {
  const id = `filter-${name.replace(/_/g, "-")}`;
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" weight="medium" htmlFor={id}>
        {label}
      </Text>
      <input id={id} type="date" name={name} className="native-input" defaultValue={value} />
    </Flex>
  );
}
