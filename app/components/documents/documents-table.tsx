import { Link, useLocation } from "@remix-run/react";
import { DataTable, tableColumns, type Column } from "~/components/data-table";
import { Badge, Flex } from "~/components/ui";
import {
  countsText,
  DOCUMENTS_COLUMNS,
  DOCUMENTS_DIALOG,
  type DocumentsReview,
  type DocumentsRow,
  type DocumentsSort,
  type ReviewDialogKind,
} from "~/models/documents";
import { Verification } from "./documents-verification";

const REVIEW_COLORS = { Pending: "gray", Approved: "green", Rejected: "red" } as const;

/** The review: its badge, a rejection's reason, who and when. */
function Review({ review }: { review: DocumentsReview }) {
  return (
    <>
      <Badge color={REVIEW_COLORS[review.status]}>{review.status}</Badge>
      {review.status === "Rejected" && review.reason ? <div className="doc-reason">{review.reason}</div> : null}
      {review.by ? (
        <div className="doc-muted">
          {review.by} · {review.at}
        </div>
      ) : null}
    </>
  );
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

function columnsFor(dialogHref: (id: number, kind?: ReviewDialogKind) => string): Column<DocumentsRow>[] {
  return tableColumns(
    DOCUMENTS_COLUMNS,
    {
      username: { className: "doc-strong", cell: (row) => row.username },
      phone: { className: "nowrap", cell: (row) => row.phone },
      category: { cell: (row) => row.category },
      updated: { className: "nowrap", cell: (row) => row.updated },
      pan: { className: "doc-verify", cell: (row) => <Verification pan={row.pan} face={row.face} /> },
      documents: { cell: (row) => <Files row={row} href={dialogHref(row.id)} /> },
      agreements: {
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
      review: { className: "doc-review", cell: (row) => <Review review={row.review} /> },
    },
    [
      {
        key: "actions",
        header: "Actions",
        cell: (row) => (
          // links to the row's confirmation (?dialog=approve|reject&id=…): a form there, JS or not
          <Flex gap="2" wrap="wrap">
            {row.review.status !== "Approved" ? (
              <Link to={dialogHref(row.id, "approve")} preventScrollReset aria-label={`Approve the documents of ${row.username}`}>
                Approve
              </Link>
            ) : null}
            {row.review.status !== "Rejected" ? (
              <Link to={dialogHref(row.id, "reject")} preventScrollReset aria-label={`Reject the documents of ${row.username}`}>
                Reject
              </Link>
            ) : null}
          </Flex>
        ),
      },
    ],
  );
}

export function DocumentsTable({ rows, sort }: { rows: DocumentsRow[]; sort?: DocumentsSort }) {
  const location = useLocation();
  // the list's own keys kept (page, filters, sort): the dialog opens over the same page
  const params = new URLSearchParams(location.search);
  params.delete("dialog");
  params.delete("id");
  const base = `${location.pathname}?${params.toString() ? `${params}&` : ""}dialog=`;
  return (
    <DataTable
      caption="Service Provider Documents"
      columns={columnsFor((id, kind) => `${base}${kind ?? DOCUMENTS_DIALOG}&id=${id}`)}
      rows={rows}
      rowKey={(row) => row.id}
      sort={sort}
    />
  );
}
