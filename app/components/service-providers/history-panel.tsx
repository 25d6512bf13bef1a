import { Link, useLocation } from "@remix-run/react";
import { DialogCloseLink, RouteDialog } from "~/components/route-dialog";
import { DataTable, type Column } from "~/components/data-table";
import { Pagination } from "~/components/pagination";
import { FieldChangesTable } from "~/components/field-changes-table";
import { Badge, Flex, Heading, Text } from "~/components/ui";
import type { ActivityHistory, ActivityHistoryDialog, ActivityHistoryRow } from "~/models/service-providers";

const CATEGORY_COLOR: Record<string, string> = { updated: "green", no_changes: "gray", "File Upload": "blue" };

/** The URL with one key changed (or removed), every other key kept. */
function withParam(pathname: string, search: string, key: string, value: string | null) {
  const params = new URLSearchParams(search);
  if (value === null) params.delete(key);
  else params.set(key, value);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** "Profile Update Activities" (spec 1 §2.14): 10 per page from the URL, details in a URL dialog. */
export function HistoryPanel({ rows, total, page, pageSize, error, dialog }: ActivityHistory) {
  const location = useLocation();
  const columns: Column<ActivityHistoryRow>[] = [
    { key: "timestamp", header: "Timestamp", cell: (row) => <Text style={{ whiteSpace: "nowrap" }}>{row.timestamp}</Text> },
    {
      key: "status",
      header: "Status",
      cell: (row) => (
        <Badge color={CATEGORY_COLOR[row.category] ?? "amber"} radius="full">
          {row.category}
        </Badge>
      ),
    },
    {
      key: "fields",
      header: "Fields Changed",
      cell: (row) => (
        <Flex gap="2" align="center">
          <Badge color="gray">{row.count}</Badge>
          <Text size="2" color="gray">
            {row.names}
          </Text>
        </Flex>
      ),
    },
    {
      key: "action",
      header: "Action",
      cell: (row) => (
        <Link
          to={withParam(location.pathname, location.search, "activity", String(row.id))}
          preventScrollReset
          aria-label={`View Details of the activity of ${row.timestamp}`}
        >
          View Details
        </Link>
      ),
    },
  ];
  return (
    <section className="panel" aria-labelledby="history-title" style={{ marginTop: "var(--space-4)" }} id="history">
      <Flex align="center" gap="2" mb="3">
        <Heading as="h2" size="4" id="history-title">
          Profile Update Activities
        </Heading>
        <Badge color="indigo" radius="full" aria-label={`${total} activities`}>
          {total}
        </Badge>
      </Flex>
      {error ? (
        <div role="alert" className="form-error">
          {error}
        </div>
      ) : (
        <>
          <DataTable
            caption="Profile Update Activities"
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            emptyMessage="No activities found matching the current filters."
          />
          <Pagination total={total} page={page} pageSize={pageSize} pageParam="activity_page" label="Activities pages" preventScrollReset />
        </>
      )}
      {dialog ? <ActivityDialog dialog={dialog} closeTo={withParam(location.pathname, location.search, "activity", null)} /> : null}
    </section>
  );
}

/** "Activity Details": a native <dialog open> from the server; with JavaScript shown modally. */
function ActivityDialog({ dialog, closeTo }: { dialog: ActivityHistoryDialog; closeTo: string }) {
  return (
    <RouteDialog
      labelledBy="activity-dialog-title"
      closeTo={closeTo}
      openKey={dialog.id}
      style={{ width: "min(760px, calc(100vw - 32px))" }}
    >
      <Flex direction="column" gap="3">
        <Heading as="h2" size="5" id="activity-dialog-title">
          Activity Details
        </Heading>
        <dl style={{ display: "grid", gridTemplateColumns: "max-content 1fr", gap: "var(--space-1) var(--space-3)", margin: 0 }}>
          <Text as="dt" weight="medium">
            Timestamp
          </Text>
          <Text as="dd" style={{ margin: 0 }}>
            {dialog.timestamp}
          </Text>
          <Text as="dt" weight="medium">
            Status
          </Text>
          <dd style={{ margin: 0 }}>
            <Badge color={dialog.status === "updated" ? "green" : "gray"}>{dialog.status}</Badge>
          </dd>
          <Text as="dt" weight="medium">
            Fields Changed
          </Text>
          <Text as="dd" style={{ margin: 0 }}>
            {dialog.count}
          </Text>
        </dl>
        <FieldChangesTable changes={dialog.changes} emptyText="No fields changed." />
        <Flex justify="end">
          <DialogCloseLink to={closeTo} />
        </Flex>
      </Flex>
    </RouteDialog>
  );
}
