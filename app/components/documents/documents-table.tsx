import { DataTable, type Column } from "~/components/data-table";
import { FileList, fileHrefUnder } from "~/components/files/file-preview";
import { Badge, Flex, Text } from "~/components/ui";
import type { DocumentsRow, DocumentsSort } from "~/models/documents";

function Verification({ row }: { row: DocumentsRow }) {
  return (
    <Flex direction="column" gap="1" style={{ minWidth: "13rem" }}>
      {row.pan ? (
        <Text size="2">
          <Badge color="green">PAN verified</Badge> {row.pan.number} · {row.pan.name}
          <Text as="div" size="1" color="gray">
            {row.pan.verifiedAt}
          </Text>
        </Text>
      ) : (
        <Badge color="gray">PAN not verified</Badge>
      )}
      {row.face?.verified ? (
        <Text size="2">
          <Badge color="green">Face match verified</Badge>
          {row.face.score !== null ? ` ${row.face.score}%` : ""}
          <Text as="div" size="1" color="gray">
            {row.face.at}
          </Text>
        </Text>
      ) : (
        <Badge color="gray">Face match not verified{row.face?.score != null ? ` (${row.face.score}%)` : ""}</Badge>
      )}
    </Flex>
  );
}

function Agreements({ agreements }: { agreements: DocumentsRow["agreements"] }) {
  if (agreements.length === 0) return <Text color="gray">None</Text>;
  return (
    <ul style={{ margin: 0, paddingLeft: "1.1em", minWidth: "14rem" }}>
      {agreements.map((a, i) => (
        <li key={`${a.version}-${i}`}>
          <Text size="2">
            <Text weight="medium">{a.version}</Text> · {a.acceptedAt} · {a.ip}
          </Text>
        </li>
      ))}
    </ul>
  );
}

const columns: Column<DocumentsRow>[] = [
  { key: "username", header: "Username", sortField: "username", cell: (row) => <Text weight="medium">{row.username}</Text> },
  { key: "phone", header: "Phone", cell: (row) => <Text style={{ whiteSpace: "nowrap" }}>{row.phone}</Text> },
  { key: "category", header: "Category", sortField: "category", cell: (row) => row.category },
  {
    key: "updated",
    header: "Updated Date",
    sortField: "updated_at",
    cell: (row) => <Text style={{ whiteSpace: "nowrap" }}>{row.updated}</Text>,
  },
  { key: "pan", header: "PAN Verification", cell: (row) => <Verification row={row} /> },
  {
    key: "documents",
    header: "Documents",
    width: "26rem",
    cell: (row) => (
      <div style={{ minWidth: "22rem" }}>
        <FileList compact names={row.documents} labels={row.fileNames} href={fileHrefUnder(`/admin/documents/${row.id}/files`)} />
      </div>
    ),
  },
  { key: "agreements", header: "Accepted Agreements", width: "16rem", cell: (row) => <Agreements agreements={row.agreements} /> },
];

export function DocumentsTable({ rows, sort }: { rows: DocumentsRow[]; sort?: DocumentsSort }) {
  return <DataTable caption="Service Provider Documents" columns={columns} rows={rows} rowKey={(row) => row.id} sort={sort} />;
}
