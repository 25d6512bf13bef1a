import { Link } from "@remix-run/react";
import { DataTable, tableColumns } from "~/components/data-table";
import { Badge, Text } from "~/components/ui";
import { UserLink } from "~/components/user-link";
import type { RatingType } from "~contract/rating-labels";
import { RATING_COLUMNS, type RatingRow, type RatingsPageData } from "~/models/ratings";

// only palettes app/styles/radix.css carries (amber, blue, gray, green, indigo, red, yellow)
const TYPE_COLORS: Record<RatingType, string> = {
  Poor: "red",
  Fair: "amber",
  Good: "gray",
  "Very Good": "blue",
  Excellent: "green",
};

const columns = tableColumns(RATING_COLUMNS, {
  order: {
    cell: (row) =>
      row.orderHref ? (
        <Link to={row.orderHref} aria-label={`Open order ${row.shortId}`} style={{ whiteSpace: "nowrap" }}>
          {row.shortId}
        </Link>
      ) : (
        <span style={{ whiteSpace: "nowrap" }}>{row.shortId}</span>
      ),
  },
  user: { cell: (row) => <UserLink id={row.userId} name={row.user} /> },
  type: {
    cell: (row) => (
      <Badge color={TYPE_COLORS[row.type]} data-type={row.type} style={{ whiteSpace: "nowrap" }}>
        {row.type}
      </Badge>
    ),
  },
  comment: {
    cell: (row) => (row.comment ? <span style={{ overflowWrap: "anywhere" }}>{row.comment}</span> : <Text color="gray">—</Text>),
    width: "32%",
  },
  date: { cell: (row) => <span style={{ whiteSpace: "nowrap" }}>{row.date}</span> },
});

export function RatingsTable({ rows, sort, filtered }: { rows: RatingRow[]; sort: RatingsPageData["sort"]; filtered: boolean }) {
  return (
    <DataTable
      caption="Ratings"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      sort={sort ?? undefined}
      emptyHint={filtered ? "No rating matches these filters." : undefined}
    />
  );
}
