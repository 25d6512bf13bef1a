import { Form, Link, useLocation } from "@remix-run/react";
import { Button, Flex, Text } from "~/components/ui";

/** The list's search (a GET form keeping the page size), with Clear when a search is applied. */
export function BankSearch({ search, error }: { search: string; error: string | null }) {
  const location = useLocation();
  const kept = new URLSearchParams(location.search).get("page_size");
  return (
    <Form key={location.search} method="get" role="search" style={{ marginBottom: "var(--space-4)" }}>
      {kept ? <input type="hidden" name="page_size" value={kept} /> : null}
      <Flex gap="2" align="center" wrap="wrap">
        <label htmlFor="bank-search" className="visually-hidden">
          Search bank details
        </label>
        <input
          id="bank-search"
          type="search"
          name="search"
          className="native-input"
          defaultValue={search}
          placeholder="Username, holder, bank, IFSC"
          maxLength={100}
          style={{ width: "22rem", maxWidth: "100%" }}
        />
        <Button type="submit">Search</Button>
        {search ? (
          <Button asChild variant="soft" color="gray">
            <Link to={location.pathname}>Clear</Link>
          </Button>
        ) : null}
      </Flex>
      {error ? (
        <Text size="1" color="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Form>
  );
}
