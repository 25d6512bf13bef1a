import { Link, useLocation } from "@remix-run/react";
import { DataTable, type Column } from "~/components/data-table";
import { Text } from "~/components/ui";
import type { ContactRow } from "~/models/contacts";

/** The message, cut when long, with "Read more" opening the whole one (?dialog=message&id=…). */
function MessageCell({ row }: { row: ContactRow }) {
  const location = useLocation();
  if (!row.truncated) return <span className="contact-message">{row.message}</span>;
  const params = new URLSearchParams(location.search);
  params.set("dialog", "message");
  params.set("id", String(row.id));
  return (
    <span className="contact-message">
      {row.message}{" "}
      <Link
        to={`${location.pathname}?${params}`}
        preventScrollReset
        aria-label={`Read more of the message from ${row.name}`}
        style={{ whiteSpace: "nowrap" }}
      >
        Read more
      </Link>
    </span>
  );
}

const dash = (value: string) => value || <Text color="gray">—</Text>;

const columns: Column<ContactRow>[] = [
  { key: "name", header: "Name", cell: (row) => <Text weight="medium">{row.name}</Text> },
  { key: "created", header: "Created At", cell: (row) => <span style={{ whiteSpace: "nowrap" }}>{row.createdAt}</span> },
  { key: "email", header: "Email", cell: (row) => <span style={{ overflowWrap: "anywhere" }}>{row.email}</span> },
  { key: "contactNo", header: "Contact No", cell: (row) => <span style={{ whiteSpace: "nowrap" }}>{dash(row.contactNo)}</span> },
  { key: "context", header: "Context", cell: (row) => dash(row.context) },
  { key: "subject", header: "Subject", cell: (row) => dash(row.subject) },
  { key: "message", header: "Message", cell: (row) => <MessageCell row={row} />, width: "28%" },
];

export function ContactsTable({ rows, searched }: { rows: ContactRow[]; searched: boolean }) {
  return (
    <DataTable
      caption="Contact leads"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      emptyHint={searched ? "No contact matches this search." : undefined}
    />
  );
}
