import type { ReactNode } from "react";
import { Link, useLocation } from "@remix-run/react";
import { ScrollRegion } from "~/components/scroll-region";
import { Flex, Text } from "~/components/ui";
import type { ListColumn } from "~/models/list-columns";
import { sortHref, type SortOrder } from "~/utils/sort-href";
import { visibleColumns } from "~/models/list-views";
import { ColumnChooser } from "~/components/column-chooser";

export type { SortOrder };

export type Column<Row> = {
  /** stable key of the column */
  key: string;
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  /** when set, the header is a link that sorts by this field (sortField/sortOrder in the URL) */
  sortField?: string;
  align?: "left" | "center" | "right";
  width?: string;
  /** a class on each of the column's cells (a rule in app.css instead of a styled element inside) */
  className?: string;
  /** offered by the column chooser (a column of the list's declaration; the row's actions are always shown) */
  choosable?: boolean;
};

/**
 * The table's columns from the list's one declaration (app/models/list-columns.ts; the export writes
 * the same ones): each shows its plain value unless `cells` gives it a richer cell; `extra` columns
 * (the row's actions) come after and are not exported.
 */
export function tableColumns<Row>(
  columns: readonly ListColumn<Row>[],
  cells: Partial<Record<string, Pick<Column<Row>, "cell"> & Partial<Pick<Column<Row>, "align" | "width" | "className">>>> = {},
  extra: Column<Row>[] = [],
): Column<Row>[] {
  return [
    ...columns.map((c): Column<Row> => ({
      key: c.key,
      header: c.header,
      sortField: c.sortField,
      choosable: true,
      cell: (row) => c.value(row) ?? "—",
      ...cells[c.key],
    })),
    ...extra,
  ];
}

type DataTableProps<Row> = {
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  caption?: ReactNode;
  /** the current sort, as read from the URL by the loader */
  sort?: { field: string; order: SortOrder };
  emptyMessage?: ReactNode;
  emptyHint?: ReactNode;
  /** a totals row under the rows (tfoot), by column key; a column not named gets an empty cell */
  footer?: Partial<Record<string, ReactNode>>;
};

/** A server-rendered table; sorting is a link that changes the URL (works without JavaScript). */
export function DataTable<Row>({
  columns: declared,
  rows,
  rowKey,
  caption,
  sort,
  emptyMessage = "No Data Found",
  emptyHint,
  footer,
}: DataTableProps<Row>) {
  const location = useLocation();
  const columns = visibleColumns(declared, location.search);

  // a wide table scrolls inside its wrapper: the wrapper is a named region the keyboard can reach and scroll (WCAG 2.1.1)
  return (
    <>
      {declared.some((c) => c.choosable) ? (
        <div className="table-tools">
          <ColumnChooser columns={declared} shown={columns} />
        </div>
      ) : null}
      <ScrollRegion label={typeof caption === "string" ? caption : undefined}>
        <table className="data-table">
          {caption ? <caption className="visually-hidden">{caption}</caption> : null}
          <thead>
            <tr>
              {columns.map((column) => {
                const sorted = column.sortField && sort?.field === column.sortField ? sort.order : undefined;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    style={{ textAlign: column.align, width: column.width }}
                    aria-sort={sorted ? (sorted === "asc" ? "ascending" : "descending") : undefined}
                  >
                    {column.sortField ? (
                      <Link to={sortHref(location, sort, column.sortField)} preventScrollReset>
                        {column.header}
                        <span aria-hidden="true">{sorted === "asc" ? " ▲" : sorted === "desc" ? " ▼" : " ↕"}</span>
                      </Link>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length}>
                  <Flex direction="column" align="center" gap="1" py="5">
                    <Text size="3" weight="medium">
                      {emptyMessage}
                    </Text>
                    {emptyHint ? (
                      <Text size="2" color="gray">
                        {emptyHint}
                      </Text>
                    ) : null}
                  </Flex>
                </td>
              </tr>
            ) : (
              rows.map((row, index) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <td key={column.key} className={column.className} style={column.align ? { textAlign: column.align } : undefined}>
                      {column.cell(row, index)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
          {footer && rows.length > 0 ? (
            <tfoot>
              <tr>
                {columns.map((column) => (
                  <td key={column.key} style={column.align ? { textAlign: column.align } : undefined}>
                    {footer[column.key] ?? null}
                  </td>
                ))}
              </tr>
            </tfoot>
          ) : null}
        </table>
      </ScrollRegion>
    </>
  );
}
