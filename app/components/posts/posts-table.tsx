import { Link } from "@remix-run/react";
import { DataTable, tableColumns } from "~/components/data-table";
import { Badge, Text } from "~/components/ui";
import { POST_COLUMNS, POST_STATUS_LABELS, type PostRow, type PostsPageData } from "~/models/post-labels";

const columns = tableColumns(POST_COLUMNS, {
  title: {
    cell: (row) => (
      <Link to={`/admin/posts/post?post=${row.id}`} style={{ fontWeight: 500 }}>
        {row.title}
      </Link>
    ),
    width: "30%",
  },
  author: { cell: (row) => row.author || <Text color="gray">—</Text> },
  status: { cell: (row) => <Badge color={row.status === "published" ? "green" : "gray"}>{POST_STATUS_LABELS[row.status]}</Badge> },
  tags: { cell: (row) => (row.tags.length ? <span className="post-tags">{row.tags.join(", ")}</span> : <Text color="gray">—</Text>) },
  created: { cell: (row) => <span style={{ whiteSpace: "nowrap" }}>{row.createdAt}</span> },
  updated: { cell: (row) => <span style={{ whiteSpace: "nowrap" }}>{row.updatedAt}</span> },
});

export function PostsTable({ rows, sort, filtered }: { rows: PostRow[]; sort: PostsPageData["sort"]; filtered: boolean }) {
  return (
    <DataTable
      caption="Posts"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      sort={sort}
      emptyHint={filtered ? "No post matches this search or filter." : "No posts yet: write the first one with Add."}
    />
  );
}
