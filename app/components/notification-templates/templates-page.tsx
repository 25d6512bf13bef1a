import { Link, useLoaderData } from "@remix-run/react";
import { DataTable, type Column } from "~/components/data-table";
import { FilterPanel, FilterSelect } from "~/components/filter-panel";
import { Pagination } from "~/components/pagination";
import { Badge, Button, Flex, Heading, Text } from "~/components/ui";
import { NOTIFICATION_USER_TYPES } from "~contract/notification-types";
import { type TemplateRow, type TemplatesPageData } from "~/models/notification-types";

const USER_TYPE_OPTIONS = NOTIFICATION_USER_TYPES.map((value) => ({ value, label: value }));
const CHANNEL_COLORS: Record<string, "blue" | "green" | "amber"> = { Web: "blue", Whatsapp: "green", Email: "amber" };

const columns: Column<TemplateRow>[] = [
  { key: "user", header: "User Type", sortField: "user_type", cell: (row) => row.userType },
  { key: "type", header: "Notification Type", sortField: "notification_type", cell: (row) => <Text weight="medium">{row.typeLabel}</Text> },
  {
    key: "channels",
    header: "Channels",
    cell: (row) => (
      <Flex gap="1" wrap="wrap">
        {row.channels.map((name) => (
          <Badge key={name} color={CHANNEL_COLORS[name]}>
            {name}
          </Badge>
        ))}
      </Flex>
    ),
  },
  {
    key: "updated",
    header: "Updated",
    sortField: "updated_at",
    cell: (row) => <span style={{ whiteSpace: "nowrap" }}>{row.updatedAt}</span>,
  },
  {
    key: "action",
    header: "Action",
    cell: (row) => (
      <Link to={`/admin/notification/edit/${row.id}`} aria-label={`Edit the ${row.userType} template for ${row.typeLabel}`}>
        Edit
      </Link>
    ),
  },
];

/** Notification templates (spec 3 §2.7): who gets which event, on which channels. */
export function TemplatesPage() {
  const { rows, total, page, pageSize, pageSizes, filters, sort, typeOptions } = useLoaderData<TemplatesPageData>();
  const filtered = Boolean(filters.user_type || filters.notification_type);
  const addParams = new URLSearchParams();
  if (filters.user_type) addParams.set("user_type", filters.user_type);
  if (filters.notification_type) addParams.set("notification_type", filters.notification_type);
  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          Notification Templates
        </Heading>
        <Button asChild>
          <Link to={`/admin/notification/add${addParams.size ? `?${addParams}` : ""}`}>Add</Link>
        </Button>
      </div>
      <FilterPanel open={filtered} keep={["page_size", "sortField", "sortOrder"]}>
        <FilterSelect name="user_type" label="User Type" value={filters.user_type} options={USER_TYPE_OPTIONS} />
        <FilterSelect
          name="notification_type"
          label="Notification Type"
          value={filters.notification_type}
          options={typeOptions}
          minWidth="14rem"
        />
      </FilterPanel>
      <DataTable
        caption="Notification templates"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        sort={sort}
        emptyHint={filtered ? "No template matches these filters." : "Add the first template."}
      />
      <Pagination total={total} page={page} pageSize={pageSize} pageSizes={pageSizes} />
    </>
  );
}
