import { Link, useLocation } from "@remix-run/react";
import { Flex, Text } from "~/components/ui";
import { sortHref, type SortOrder } from "~/utils/sort-href";

type SortLinksProps = {
  /** the fields offered, with the words each link shows */
  fields: readonly { field: string; label: string }[];
  /** the current sort, as read from the URL by the loader */
  sort: { field: string; order: SortOrder } | null;
  /** the list's name, for the navigation landmark ("Sort plans") */
  label: string;
};

/**
 * A list without a table's headers (cards) sorts by these links: each sets sortField/sortOrder in
 * the URL as DataTable's header links do (ascending first, a second click descending), dropping
 * the page. Works without JavaScript.
 */
export function SortLinks({ fields, sort, label }: SortLinksProps) {
  const location = useLocation();
  return (
    <nav aria-label={label} style={{ marginBottom: "var(--space-3)" }}>
      <Flex gap="3" align="center" wrap="wrap">
        <Text size="2" color="gray">
          Sort by
        </Text>
        {fields.map(({ field, label: words }) => {
          const sorted = sort?.field === field ? sort.order : undefined;
          return (
            <Link
              key={field}
              to={sortHref(location, sort ?? undefined, field)}
              preventScrollReset
              aria-current={sorted ? "true" : undefined}
            >
              {/* named by its text (not aria-label): a form field's label of the same words stays the only one */}
              <span className="visually-hidden">{`Sort by ${words}${sorted ? (sorted === "asc" ? ", ascending" : ", descending") : ""}`}</span>
              <span aria-hidden="true">
                {words}
                {sorted === "asc" ? " ▲" : sorted === "desc" ? " ▼" : " ↕"}
              </span>
            </Link>
          );
        })}
      </Flex>
    </nav>
  );
}
