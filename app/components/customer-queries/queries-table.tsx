import { Link, useLocation } from "@remix-run/react";
import { DataTable, type Column } from "~/components/data-table";
import { Text } from "~/components/ui";
import type { QueryRow } from "~/models/customer-queries";
import { PhoneLink } from "./phone-link";

/** Pairs who chatted: User, Phone, Provider, Provider Phone, Action (View Details with the chat count in red), Date. */
export function QueriesTable({ rows, searched }: { rows: QueryRow[]; searched: boolean }) {
  const location = useLocation();
  const detailsHref = (id: number) => {
    const params = new URLSearchParams(location.search);
    for (const key of ["query", "before", "after", "service", "dialog", "id", "user"]) params.delete(key);
    params.set("query", String(id));
    return `${location.pathname}?${params}`;
  };
  const columns: Column<QueryRow>[] = [
    { key: "user", header: "User", cell: (r) => <Text weight="medium">{r.user}</Text> },
    { key: "phone", header: "Phone", cell: (r) => <PhoneLink phone={r.userPhone} label={`Chat with ${r.user}`} /> },
    { key: "provider", header: "Provider", cell: (r) => r.provider },
    {
      key: "provider-phone",
      header: "Provider Phone",
      cell: (r) => <PhoneLink phone={r.providerPhone} label={`Chat with ${r.provider}`} />,
    },
    {
      key: "action",
      header: "Action",
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
    { key: "date", header: "Date", cell: (r) => <span style={{ whiteSpace: "nowrap" }}>{r.date}</span> },
  ];
  return (
    <DataTable
      caption="Customer queries"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      emptyHint={searched ? "No chat matches this search or these dates." : undefined}
    />
  );
}
