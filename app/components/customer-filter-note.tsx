import { Link, useLocation } from "@remix-run/react";
import { Flex, Text } from "~/components/ui";
import { UserLink } from "~/components/user-link";
import { CUSTOMER_PARAM } from "~/models/user-story";
import { isRecordId } from "~contract/ids";

/**
 * Above a list of orders, payments or ratings narrowed to one customer (?user=<id>, a user's page's
 * "See all"): says so, names the user (a link to their page) and offers the whole list again.
 */
export function CustomerFilterNote({ name, what }: { name: string | null; what: string }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const raw = params.get(CUSTOMER_PARAM)?.trim() ?? "";
  if (!isRecordId(raw)) return null;
  for (const key of [CUSTOMER_PARAM, "page", "cursor"]) params.delete(key);
  const everyone = location.pathname + (params.size ? `?${params}` : "");
  return (
    <Flex
      gap="3"
      align="center"
      wrap="wrap"
      className="panel"
      style={{ padding: "var(--space-2) var(--space-3)", marginBottom: "var(--space-3)" }}
    >
      <Text size="2">
        Only the {what} of {name ? <UserLink id={Number(raw)} name={name} /> : <UserLink id={Number(raw)} name={`user #${raw}`} />}
      </Text>
      <Link to={everyone}>Show everyone&apos;s</Link>
    </Flex>
  );
}
