import type { ChangeEvent } from "react";
import { Form, Link, useLocation, useNavigate } from "@remix-run/react";
import { Button, Flex, Text } from "~/components/ui";

type SearchFormProps = {
  /** the input's id (its error is `${id}-error`) */
  id: string;
  /** the input's accessible name */
  label: string;
  placeholder: string;
  /** the search the URL holds */
  search: string;
  error?: string | null;
  /** query keys a new search carries over (and Clear keeps); the page starts again at 1 */
  keep?: readonly string[];
  /**
   * Spec 2 §5's user search: a blank search does nothing (the browser does not send it: the list
   * and its filters stay), and with JavaScript clearing the box shows every row again, without Enter.
   */
  blankDoesNothing?: boolean;
};

/**
 * A list's search: a GET form (Enter submits, so it works without JavaScript), the kept keys as
 * hidden fields, and Clear when a search is applied. A blank search shows every row (unless
 * `blankDoesNothing`).
 */
export function SearchForm({ id, label, placeholder, search, error, keep = ["page_size"], blankDoesNothing = false }: SearchFormProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const kept = keep.flatMap((key) => {
    const value = params.get(key);
    return value ? [[key, value] as const] : [];
  });
  const clearHref = location.pathname + (kept.length ? `?${new URLSearchParams(kept.map(([k, v]) => [k, v]))}` : "");
  return (
    <Form key={location.search} method="get" action={location.pathname} role="search" style={{ marginBottom: "var(--space-4)" }}>
      {kept.map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <Flex gap="2" align="center" wrap="wrap">
        <label htmlFor={id} className="visually-hidden">
          {label}
        </label>
        <input
          id={id}
          type="search"
          name="search"
          className="native-input"
          defaultValue={search}
          placeholder={placeholder}
          maxLength={100}
          style={{ width: "22rem", maxWidth: "100%" }}
          aria-describedby={error ? `${id}-error` : undefined}
          {...(blankDoesNothing
            ? {
                // not sent while blank or spaces only: nothing happens, the list stays as it is
                required: true,
                pattern: ".*\\S.*",
                title: "Type some text to search",
                // a search applied, then the box cleared: every row again (the kept filters stay)
                onChange: (event: ChangeEvent<HTMLInputElement>) => {
                  if (search && event.currentTarget.value === "") navigate(clearHref, { preventScrollReset: true });
                },
              }
            : {})}
        />
        <Button type="submit">Search</Button>
        {search ? (
          <Button asChild variant="soft" color="gray">
            <Link to={clearHref}>Clear</Link>
          </Button>
        ) : null}
      </Flex>
      {error ? (
        <Text id={`${id}-error`} size="1" color="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Form>
  );
}
