import type { ReactNode } from "react";
import { Text } from "~/components/ui";

/**
 * A small read-only table of a detail page (an order's payments, a user's orders…): a caption for
 * screen readers, column headers, and `empty` said instead of a table without rows. `rowKeys`: the
 * rows' React keys when they can change order (their index otherwise).
 */
export function SimpleTable({
  caption,
  headers,
  rows,
  empty,
  rowKeys,
}: {
  caption: string;
  headers: string[];
  rows: ReactNode[][];
  empty: string;
  rowKeys?: string[];
}) {
  if (rows.length === 0) {
    return (
      <Text as="p" size="2" color="gray">
        {empty}
      </Text>
    );
  }
  return (
    <div className="table-wrap">
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            <tr key={rowKeys?.[i] ?? i}>
              {cells.map((c, j) => (
                <td key={j}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
