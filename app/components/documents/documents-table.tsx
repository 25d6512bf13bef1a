import { Link, useLocation } from "@remix-run/react";
import { DataTable, type Column } from "~/components/data-table";
import { DOCUMENTS_DIALOG, type DocumentsRow, type DocumentsSort } from "~/models/documents";
import type { FileKind } from "~/models/file-types";
import { Verification } from "./documents-verification";

const KIND_NAMES: Record<FileKind, [string, string]> = { image: ["image", "images"], pdf: ["PDF", "PDFs"], other: ["other", "others"] };

/** "3 images · 1 PDF" (kinds with none left out); "No files" */
export function countsText(counts: Record<FileKind, number>, separator = " · ") {
  const parts = (Object.keys(KIND_NAMES) as FileKind[])
    .filter((kind) => counts[kind] > 0)
    .map((kind) => `${counts[kind]} ${KIND_NAMES[kind][counts[kind] === 1 ? 0 : 1]}`);
  return parts.length ? parts.join(separator) : "No files";
}

/** The row's files: one thumbnail and a count per kind, a link to the row's dialog with every file. */
function Files({ row, href }: { row: DocumentsRow; href: string }) {
  return (
    <Link to={href} preventScrollReset className="doc-files" aria-label={`Documents of ${row.username}: ${countsText(row.counts, ", ")}`}>
      {row.thumb ? (
        // a fixed box: the table is laid out once, not again as each picture arrives
        <img
          src={`/admin/documents/${row.id}/files/${encodeURIComponent(row.thumb.name)}`}
          alt={row.thumb.label}
          loading="lazy"
          decoding="async"
          width={48}
          height={36}
          className="file-thumb"
        />
      ) : null}
      {countsText(row.counts)}
    </Link>
  );
}

function columnsFor(dialogHref: (id: number) => string): Column<DocumentsRow>[] {
  return [
    { key: "username", header: "Username", sortField: "username", className: "doc-strong", cell: (row) => row.username },
    { key: "phone", header: "Phone", className: "nowrap", cell: (row) => row.phone },
    { key: "category", header: "Category", sortField: "category", cell: (row) => row.category },
    { key: "updated", header: "Updated Date", sortField: "updated_at", className: "nowrap", cell: (row) => row.updated },
    { key: "pan", header: "PAN Verification", className: "doc-verify", cell: (row) => <Verification pan={row.pan} face={row.face} /> },
    { key: "documents", header: "Documents", cell: (row) => <Files row={row} href={dialogHref(row.id)} /> },
    {
      key: "agreements",
      header: "Accepted Agreements",
      className: "doc-agreements",
      cell: (row) =>
        row.agreement ? (
          <>
            <strong>{row.agreement.version}</strong> · {row.agreement.acceptedAt} · {row.agreement.ip}
            {row.earlierAgreements > 0 ? <span className="doc-muted"> (+{row.earlierAgreements} earlier)</span> : null}
          </>
        ) : (
          <span className="doc-muted">None</span>
        ),
    },
  ];
}

export function DocumentsTable({ rows, sort }: { rows: DocumentsRow[]; sort?: DocumentsSort }) {
  const location = useLocation();
  // the list's own keys kept (page, filters, sort): the dialog opens over the same page
  const params = new URLSearchParams(location.search);
  params.delete("dialog");
  params.delete("id");
  const base = `${location.pathname}?${params.toString() ? `${params}&` : ""}dialog=${DOCUMENTS_DIALOG}&id=`;
  return (
    <DataTable
      caption="Service Provider Documents"
      columns={columnsFor((id) => base + id)}
      rows={rows}
      rowKey={(row) => row.id}
      sort={sort}
    />
  );
}
