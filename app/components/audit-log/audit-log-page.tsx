import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { DataTable, tableColumns } from "~/components/data-table";
import { ListExportLinks } from "~/components/export-link";
import { FilterDate, FilterPanel, FilterSelect } from "~/components/filter-panel";
import { NoticeDialog } from "~/components/dialogs-on-demand";
import { Pagination } from "~/components/pagination";
import { Heading, Text } from "~/components/ui";
import type { AuditLogPageData } from "~/models/audit-log";
import { AUDIT_LOG_COLUMNS } from "~/models/audit-log-columns";
import { AuditEntryDialog } from "./audit-entry-dialog";

/** The URL with ?entry=<id> set (or removed), every other key kept. */
export function useEntryHref() {
  const location = useLocation();
  return (id: number | null) => {
    const params = new URLSearchParams(location.search);
    params.delete("dialog");
    if (id === null) params.delete("entry");
    else params.set("entry", String(id));
    const query = params.toString();
    return location.pathname + (query ? `?${query}` : "");
  };
}

export function AuditLogPage() {
  const data = useLoaderData<AuditLogPageData>();
  const entryHref = useEntryHref();
  const location = useLocation();
  const { filters } = data;
  const withoutRecord = (() => {
    const params = new URLSearchParams(location.search);
    params.delete("record");
    params.delete("page");
    params.delete("entry");
    return `${location.pathname}${params.size ? `?${params}` : ""}`;
  })();
  const filtered = Boolean(filters.admin || filters.entity || filters.action || filters.start_date || filters.end_date);
  const columns = tableColumns(
    AUDIT_LOG_COLUMNS,
    {
      when: { cell: (row) => row.when, width: "11rem" },
      changed: { cell: (row) => <Text color="gray">{row.changed}</Text> },
    },
    [
      {
        key: "open",
        header: <span className="visually-hidden">Details</span>,
        cell: (row) => (
          <Link to={entryHref(row.id)} preventScrollReset aria-label={`Details of entry #${row.id}: ${row.action} ${row.record}`}>
            Details
          </Link>
        ),
        align: "right",
      },
    ],
  );
  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          Audit Log
        </Heading>
        <ListExportLinks path="/admin/audit-log/export" />
      </div>
      {data.recordName ? (
        <Text as="p" size="2" mb="3">
          Showing the changes to {data.recordName}. <Link to={withoutRecord}>Show every record</Link>
        </Text>
      ) : null}
      <FilterPanel open={filtered} keep={["page_size", "record"]} errors={data.filterErrors}>
        <FilterSelect
          name="admin"
          label="Admin"
          value={filters.admin}
          options={data.adminOptions}
          allLabel="All admins"
          error={data.adminOptionsError}
        />
        <FilterSelect name="entity" label="Record" value={filters.entity} options={data.entityOptions} allLabel="All records" />
        <FilterSelect name="action" label="Action" value={filters.action} options={data.actionOptions} allLabel="All actions" />
        <FilterDate name="start_date" label="From" value={filters.start_date} />
        <FilterDate name="end_date" label="To" value={filters.end_date} />
      </FilterPanel>
      <DataTable
        caption="Audit log"
        columns={columns}
        rows={data.rows}
        rowKey={(row) => row.id}
        emptyMessage={filtered ? "No changes match these filters" : "No changes recorded yet"}
      />
      <Pagination total={data.total} page={data.page} pageSize={data.pageSize} pageSizes={data.pageSizes} />
      {data.entry ? <AuditEntryDialog entry={data.entry} closeTo={entryHref(null)} entryTo={entryHref(data.entry.id)} /> : null}
      {data.entryNotice ? (
        <NoticeDialog title="Audit entry not found" message={data.entryNotice} closeTo={entryHref(null)} tone="error" />
      ) : null}
    </>
  );
}
