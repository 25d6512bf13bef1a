import { Form, Link, useLocation } from "@remix-run/react";
import { Button, Flex } from "~/components/ui";

/** The filter card's keys and the page size, carried over by a new search (which starts again at page 1). */
const KEPT = ["page_size", "status", "start_date", "end_date"];

/** "Search by username": a GET form (Enter submits); a blank search shows every user. */
export function UserSearch({ search }: { search: string }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const clear = new URLSearchParams();
  for (const key of KEPT) {
    const value = params.get(key);
    if (value) clear.set(key, value);
  }
  return (
    <Form key={location.search} method="get" action={location.pathname} role="search" style={{ marginBottom: "var(--space-3)" }}>
      {KEPT.map((key) => {
        const value = params.get(key);
        return value ? <input key={key} type="hidden" name={key} value={value} /> : null;
      })}
      <Flex gap="2" align="center" wrap="wrap">
        <label htmlFor="user-search" className="visually-hidden">
          Search by username
        </label>
        <input
          id="user-search"
          type="search"
          name="search"
          className="native-input"
          placeholder="Search by username"
          defaultValue={search}
          maxLength={100}
          style={{ width: "min(22rem, 100%)" }}
        />
        <Button type="submit" variant="soft">
          Search
        </Button>
        {search ? (
          <Button asChild variant="soft" color="gray">
            <Link to={location.pathname + (clear.size ? `?${clear}` : "")}>Clear</Link>
          </Button>
        ) : null}
      </Flex>
    </Form>
  );
}
