import { Link, useLocation } from "@remix-run/react";
import { Badge, Flex, Text } from "~/components/ui";
import { ConfirmDialog } from "~/components/dialogs-on-demand";
import { DataTable, type Column } from "~/components/data-table";
import { Pagination } from "~/components/pagination";
import type { CategoryRow, CategorySort } from "~/models/categories";

const STATUS_COLOR = { Active: "green", Hold: "amber", Inactive: "gray" } as const;

export function StatusBadge({ status }: { status: CategoryRow["status"] }) {
  return (
    <Badge color={STATUS_COLOR[status] ?? "gray"} variant="soft" radius="full">
      {status}
    </Badge>
  );
}

/** The same URL with the delete dialog asked for, every other key kept. */
export function useDialogHref() {
  const location = useLocation();
  return (id: number) => {
    const params = new URLSearchParams(location.search);
    params.set("dialog", "delete");
    params.set("id", String(id));
    return `${location.pathname}?${params}`;
  };
}

/** The same URL without the dialog's keys. */
export function useCloseDialogHref() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete("dialog");
  params.delete("id");
  const query = params.toString();
  return location.pathname + (query ? `?${query}` : "");
}

type Level = "category" | "sub" | "subsub";

type CategoryListProps = {
  level: Level;
  rows: CategoryRow[];
  total: number;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  emptyHint?: string;
  /** the URL's sort (null: newest first) */
  sort: CategorySort | null;
  /** why the URL's sort was not applied (the categories list says it with its filters instead) */
  sortError?: string | null;
  dialog: { id: number; name: string } | null;
};

/** The table, paging and delete confirmation shared by the category, sub- and sub-sub-category lists. */
export function CategoryList({ level, rows, total, page, pageSize, pageSizes, emptyHint, sort, sortError, dialog }: CategoryListProps) {
  const dialogHref = useDialogHref();
  const closeHref = useCloseDialogHref();
  const nameHeader = level === "category" ? "Category Name" : level === "sub" ? "Sub-Category Name" : "Sub-Sub-Category Name";

  const columns: Column<CategoryRow>[] = [
    { key: "name", header: nameHeader, sortField: "categoryName", cell: (row) => <Text weight="medium">{row.name}</Text> },
    { key: "desc", header: "Description", cell: (row) => row.description },
    { key: "status", header: "Status", sortField: "status", cell: (row) => <StatusBadge status={row.status} /> },
  ];
  if (level === "category") {
    columns.push({
      key: "children",
      header: "Subcategories",
      cell: (row) => (
        <Link to={`/admin/sub-categories/${row.id}`} aria-label={`View sub-categories of ${row.name}`}>
          View
        </Link>
      ),
    });
  } else if (level === "sub") {
    columns.push({
      key: "children",
      header: "Sub-Sub-categories",
      cell: (row) => (
        <Link to={`/admin/subsub-categories/${row.id}`} aria-label={`View sub-sub-categories of ${row.name}`}>
          Sub-Sub-categories
        </Link>
      ),
    });
  }
  columns.push({
    key: "actions",
    header: "Actions",
    cell: (row) => (
      <Flex gap="3" align="center">
        <Link to={`/admin/edit-categories/${row.id}`} aria-label={`Edit ${row.name}`}>
          Edit
        </Link>
        {level !== "category" ? (
          <Link to={`/admin/edit-subcategories/${row.id}`} aria-label={`Quick edit ${row.name}`}>
            Quick Edit
          </Link>
        ) : null}
        <Link to={dialogHref(row.id)} preventScrollReset aria-label={`Delete ${row.name}`} style={{ color: "var(--red-11)" }}>
          Delete
        </Link>
      </Flex>
    ),
  });

  return (
    <>
      {sortError ? (
        <div role="alert" className="form-error" style={{ marginBottom: "var(--space-3)" }}>
          {sortError}
        </div>
      ) : null}
      <DataTable columns={columns} rows={rows} rowKey={(row) => row.id} emptyHint={emptyHint} sort={sort ?? undefined} />
      <Pagination total={total} page={page} pageSize={pageSize} pageSizes={pageSizes} />
      <ConfirmDialog
        open={dialog !== null}
        title={level === "category" ? "Delete this category?" : "Delete this sub-category?"}
        cancelTo={closeHref}
        intent="delete"
        fields={{ id: dialog?.id ?? "" }}
        confirmLabel="Confirm Delete"
      >
        <Text as="p" size="2" style={{ margin: 0 }}>
          <strong>{dialog?.name}</strong> will be removed. You won't be able to revert this.
        </Text>
      </ConfirmDialog>
    </>
  );
}
