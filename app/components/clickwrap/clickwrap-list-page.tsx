import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmDialog } from "~/components/dialogs-on-demand";
import { DataTable, type Column } from "~/components/data-table";
import { FilterPanel, FilterSelect } from "~/components/filter-panel";
import { Pagination } from "~/components/pagination";
import { SearchForm } from "~/components/search-form";
import { Badge, Button, Flex, Heading, Text } from "~/components/ui";
import { CLICKWRAP_MESSAGES, CLICKWRAP_STATUSES } from "~contract/clickwrap-labels";
import {
  CLICKWRAP_ADD_PATH,
  CLICKWRAP_LIST_PATH,
  CLICKWRAP_STATUS_LABELS,
  clickwrapEditPath,
  type ClickwrapListData,
  type ClickwrapRow,
} from "~/models/clickwrap-labels";
import { PAGE_SIZES } from "~contract/list-query";

const STATUS_OPTIONS = CLICKWRAP_STATUSES.map((value) => ({ value, label: CLICKWRAP_STATUS_LABELS[value] }));
const nowrap = { whiteSpace: "nowrap" } as const;

export function ClickwrapStatusChip({ status }: { status: ClickwrapRow["status"] }) {
  return (
    <Badge color={status === "published" ? "green" : "gray"} variant="soft" radius="full">
      {CLICKWRAP_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The list's URL with (or, deleting null, without) the delete dialog's keys. */
function dialogHref(search: string, deleting: number | null) {
  const params = new URLSearchParams(search);
  params.delete("dialog");
  params.delete("terms_id");
  if (deleting !== null) {
    params.set("dialog", "delete");
    params.set("terms_id", String(deleting));
  }
  const query = params.toString();
  return `${CLICKWRAP_LIST_PATH}${query ? `?${query}` : ""}`;
}

const columnsOf = (search: string): Column<ClickwrapRow>[] => [
  {
    key: "version",
    header: "Version",
    sortField: "version",
    cell: (r) => (
      <Link to={clickwrapEditPath(r.id)} aria-label={`Open version ${r.version}`}>
        <Text weight="medium">{r.version}</Text>
      </Link>
    ),
  },
  { key: "status", header: "Status", sortField: "status", cell: (r) => <ClickwrapStatusChip status={r.status} /> },
  { key: "created", header: "Created", sortField: "created_at", cell: (r) => <span style={nowrap}>{r.created}</span> },
  { key: "updated", header: "Updated", sortField: "updated_at", cell: (r) => <span style={nowrap}>{r.updated}</span> },
  { key: "published", header: "Published", sortField: "published_at", cell: (r) => <span style={nowrap}>{r.published ?? "—"}</span> },
  {
    key: "actions",
    header: "Actions",
    cell: (r) => (
      <Flex gap="2">
        <Button asChild size="1" variant="soft">
          <Link to={clickwrapEditPath(r.id)} aria-label={`${r.status === "published" ? "View" : "Edit"} version ${r.version}`}>
            {r.status === "published" ? "View" : "Edit"}
          </Link>
        </Button>
        <Button asChild size="1" variant="soft" color="gray">
          <Link
            to={`${CLICKWRAP_LIST_PATH}/compare?${r.previousId ? `a=${r.previousId}&` : ""}b=${r.id}`}
            aria-label={`Compare version ${r.version} with the one before`}
          >
            Compare
          </Link>
        </Button>
        {r.status === "draft" ? (
          <Button asChild size="1" variant="soft" color="red">
            <Link to={dialogHref(search, r.id)} preventScrollReset aria-label={`Delete draft ${r.version}`}>
              Delete
            </Link>
          </Button>
        ) : null}
      </Flex>
    ),
  },
];

/** Terms and conditions versions (spec 3 §2.5): search, status filter, sort and paging, all in the URL. */
export function ClickwrapListPage() {
  const { rows, total, page, pageSize, search, status, errors, sort, deleting } = useLoaderData<ClickwrapListData>();
  const location = useLocation();
  const cancelTo = dialogHref(location.search, null);
  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          Terms and Conditions
        </Heading>
        <Flex gap="2" align="center">
          <Button asChild size="3" variant="soft">
            <Link to={`${CLICKWRAP_LIST_PATH}/compare`}>Compare versions</Link>
          </Button>
          <Button asChild size="3">
            <Link to={CLICKWRAP_ADD_PATH}>Add</Link>
          </Button>
        </Flex>
      </div>
      <SearchForm
        id="clickwrap-search"
        label="Search by version"
        placeholder="Search by version"
        search={search}
        keep={["page_size", "status", "sortField", "sortOrder"]}
      />
      <FilterPanel open={Boolean(status)} keep={["page_size", "search", "sortField", "sortOrder"]} errors={errors}>
        <FilterSelect name="status" label="Status" value={status} options={STATUS_OPTIONS} />
      </FilterPanel>
      <DataTable
        caption="Terms versions"
        columns={columnsOf(location.search)}
        rows={rows}
        rowKey={(r) => r.id}
        sort={sort}
        emptyHint={search || status ? "No version matches this search." : undefined}
      />
      <Pagination total={total} page={page} pageSize={pageSize} pageSizes={PAGE_SIZES} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete This Draft?"
        cancelTo={cancelTo}
        intent="delete"
        fields={{ terms_id: deleting?.id ?? "" }}
        confirmLabel="Yes, delete it!"
      >
        {deleting ? CLICKWRAP_MESSAGES.confirmDelete(deleting.version) : null}
      </ConfirmDialog>
    </>
  );
}
