import type { ReactNode } from "react";
import { Link, useLocation } from "@remix-run/react";
import { Button, Flex, Text } from "~/components/ui";
import { CHOOSER_PARAM, COLUMNS_PARAM } from "~/models/list-views";

/**
 * "Columns": a link that opens the chooser in the URL (`choose=columns`, like the lists' dialogs),
 * then a GET form with a checkbox per declared column that keeps the rest of the URL (filter,
 * search, sort, page size) and starts again at the first page. Drawn only when asked for, so the
 * page holds no second field named like a filter's ("Status"). Without JavaScript too; a saved
 * view keeps the choice (it is in the URL).
 */
export function ColumnChooser<C extends { key: string; header: ReactNode; choosable?: boolean }>({
  columns,
  shown,
}: {
  columns: C[];
  shown: C[];
}) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const choosable = columns.filter((c) => c.choosable);
  const label = `Columns (${shown.filter((c) => c.choosable).length} of ${choosable.length})`;
  const open = params.get(CHOOSER_PARAM) === "columns";
  const without = (keys: string[]) => [...params].filter(([key]) => !keys.includes(key));
  const closed = new URLSearchParams(without([CHOOSER_PARAM]));
  if (!open) {
    const opening = new URLSearchParams(params);
    opening.set(CHOOSER_PARAM, "columns");
    return (
      <Link className="column-chooser-link" to={`${location.pathname}?${opening}`} preventScrollReset>
        {label}
      </Link>
    );
  }
  return (
    <section className="column-chooser-panel" aria-label="Columns">
      <form method="get" action={location.pathname}>
        {without([COLUMNS_PARAM, CHOOSER_PARAM, "page", "cursor", "index"]).map(([key, value], index) => (
          <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
        ))}
        <fieldset className="plain-fieldset">
          <legend>
            <Text size="2" weight="medium">
              Show these columns
            </Text>
          </legend>
          {choosable.map((column) => (
            <label key={column.key} style={{ display: "block" }}>
              <input type="checkbox" name={COLUMNS_PARAM} value={column.key} defaultChecked={shown.includes(column)} /> {column.header}
            </label>
          ))}
        </fieldset>
        <Flex gap="3" align="center">
          <Button type="submit" size="1">
            Show columns
          </Button>
          <Link to={`${location.pathname}${closed.size ? `?${closed}` : ""}`} preventScrollReset>
            Cancel
          </Link>
        </Flex>
      </form>
    </section>
  );
}
