import { Form, Link, useLocation } from "@remix-run/react";
import { Button, Flex, Text } from "~/components/ui";

/** The leads' search (a GET form keeping the page size), with Clear when a search is applied. */
export function ContactSearch({ search, error }: { search: string; error: string | null }) {
  const location = useLocation();
  const kept = new URLSearchParams(location.search).get("page_size");
  return (
    <Form key={location.search} method="get" action={location.pathname} role="search" style={{ marginBottom: "var(--space-4)" }}>
      {kept ? <input type="hidden" name="page_size" value={kept} /> : null}
      <Flex gap="2" align="center" wrap="wrap">
        <label htmlFor="contact-search" className="visually-hidden">
          Search contacts
        </label>
        <input
          id="contact-search"
          type="search"
          name="search"
          className="native-input"
          defaultValue={search}
          placeholder="Name, email, contact number or subject"
          maxLength={100}
          style={{ width: "22rem", maxWidth: "100%" }}
          aria-describedby={error ? "contact-search-error" : undefined}
        />
        <Button type="submit">Search</Button>
        {search ? (
          <Button asChild variant="soft" color="gray">
            <Link to={location.pathname}>Clear</Link>
          </Button>
        ) : null}
      </Flex>
      {error ? (
        <Text id="contact-search-error" size="1" color="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Form>
  );
}
