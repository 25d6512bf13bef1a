import { Link, useLocation } from "@remix-run/react";
import { DataTable, tableColumns, type SortOrder } from "~/components/data-table";
import { Text } from "~/components/ui";
import type { QueryRow } from "~/models/customer-queries";
import { CUSTOMER_QUERY_COLUMNS } from "~/models/customer-query-columns";
import { UserLink } from "~/components/user-link";
import { PhoneLink } from "./phone-link";

/** Pairs who chatted: User, Phone, Provider, Provider Phone, Action (View Details with the chat count in red), Date (sorts). */
export function QueriesTable({
  rows,
  sort,
  searched,
}: {
  rows: QueryRow[];
  sort?: { field: string; order: SortOrder };
  searched: boolean;
}) {
  const location = useLocation();
  const detailsHref = (id: number) => {
    const params = new URLSearchParams(location.search);
    for (const key of ["query", "before", "after", "service", "dialog", "id", "user"]) params.delete(key);
    params.set("query", String(id));
    return `${location.pathname}?${params}`;
  };
  const columns = tableColumns(CUSTOMER_QUERY_COLUMNS, {
    user: {
      cell: (r) => (
        <Text weight="medium">
          <UserLink id={r.userId} name={r.user} />
        </Text>
      ),
    },
    phone: { cell: (r) => <PhoneLink phone={r.userPhone} label={`Chat with ${r.user}`} /> },
    "provider-phone": { cell: (r) => <PhoneLink phone={r.providerPhone} label={`Chat with ${r.provider}`} /> },
    chats: {
      cell: (r) => (
        <Link
          to={detailsHref(r.id)}
          preventScrollReset
          aria-label={`View Details of ${r.user} and ${r.provider} (${r.chatCount} chats)`}
          style={{ whiteSpace: "nowrap" }}
        >
          View Details{" "}
          <span className="query-chat-count" style={{ color: "var(--red-11)", fontWeight: 600 }}>
            ({r.chatCount})
          </span>
        </Link>
      ),
    },
    date: { cell: (r) => <span style={{ whiteSpace: "nowrap" }}>{r.date}</span> },
    // the table's header of the chat count is the row's action ("View Details"); the export's says "Chats"
  }).map((c) => (c.key === "chats" ? { ...c, header: "Action" } : c));
  return (
    <DataTable
      caption="Customer queries"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      sort={sort}
      emptyHint={searched ? "No chat matches this search or these dates." : undefined}
    />
  );
}
