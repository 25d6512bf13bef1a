import { Link, useLocation } from "@remix-run/react";
import { DataTable, tableColumns, type SortOrder } from "~/components/data-table";
import { Text } from "~/components/ui";
import { CONTACT_COLUMNS, type ContactRow } from "~/models/contacts";
import { UserLink } from "~/components/user-link";

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

/** A tel: link's number: the digits and a leading + (spaces, brackets and dashes dropped, RFC 3966). */
const telOf = (number: string) => number.replace(/[^\d+]/g, "").replace(/(?!^)\+/g, "");

const columns = tableColumns(CONTACT_COLUMNS, {
  name: {
    cell: (row) => (
      <Text weight="medium">
        <UserLink id={row.userId} name={row.name} />
      </Text>
    ),
  },
  created: { cell: (row) => <span style={{ whiteSpace: "nowrap" }}>{row.createdAt}</span> },
  email: {
    cell: (row) =>
      row.email ? (
        <a href={`mailto:${row.email}`} style={{ overflowWrap: "anywhere" }}>
          {row.email}
        </a>
      ) : (
        dash("")
      ),
  },
  contactNo: {
    cell: (row) =>
      row.contactNo ? (
        <a href={`tel:${telOf(row.contactNo)}`} style={{ whiteSpace: "nowrap" }}>
          {row.contactNo}
        </a>
      ) : (
        dash("")
      ),
  },
  context: { cell: (row) => dash(row.context) },
  subject: { cell: (row) => dash(row.subject) },
  message: { cell: (row) => <MessageCell row={row} />, width: "28%" },
});

export function ContactsTable({
  rows,
  searched,
  sort,
}: {
  rows: ContactRow[];
  searched: boolean;
  sort?: { field: string; order: SortOrder };
}) {
  return (
    <DataTable
      caption="Contact leads"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      sort={sort}
      emptyHint={searched ? "No contact matches this search." : undefined}
    />
  );
}
