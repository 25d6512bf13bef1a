import { Link } from "@remix-run/react";
import { DataTable, tableColumns } from "~/components/data-table";
import { Text } from "~/components/ui";
import { LEDGER_COLUMNS } from "~/models/payout-ledger-columns";
import { LEDGER_TEXT, type LedgerRow, type LedgerTotals } from "~/models/payout-ledger";

const who = (name: string | null) => name ?? <Text color="gray">—</Text>;

/** The provider's releases: each order links to its payment page; the range's totals in the footer. */
export function LedgerTable({
  rows,
  totals,
  sort,
  filtered,
}: {
  rows: LedgerRow[];
  totals: LedgerTotals;
  sort: { field: string; order: "asc" | "desc" } | null;
  filtered: boolean;
}) {
  const columns = tableColumns(LEDGER_COLUMNS, {
    shortId: {
      cell: (r) => (
        <Link to={`/admin/payments/${r.shortId}`} aria-label={`Open order ${r.shortId}`}>
          {r.shortId}
        </Link>
      ),
    },
    releaseDate: { cell: (r) => r.releaseDate },
    gross: { align: "right", cell: (r) => r.gross },
    serviceCharge: { align: "right", cell: (r) => r.serviceCharge },
    gst: { align: "right", cell: (r) => r.gst },
    paid: { align: "right", cell: (r) => r.paid },
    runningTotal: { align: "right", cell: (r) => <strong>{r.runningTotal}</strong> },
    requestedBy: { cell: (r) => who(r.requestedBy) },
    approvedBy: { cell: (r) => who(r.approvedBy) },
    state: {
      cell: (r) =>
        r.state ?? (
          <Text size="1" color="gray" title={LEDGER_TEXT.oldRelease}>
            Released earlier
          </Text>
        ),
    },
  });
  const strong = (text: string) => <strong>{text}</strong>;
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(r) => r.paymentId}
      caption="Payout ledger"
      sort={sort ?? undefined}
      emptyMessage={filtered ? LEDGER_TEXT.emptyFiltered : LEDGER_TEXT.empty}
      footer={{
        shortId: strong(`Total (${totals.count} ${totals.count === 1 ? "release" : "releases"})`),
        gross: strong(totals.gross),
        serviceCharge: strong(totals.serviceCharge),
        gst: strong(totals.gst),
        paid: strong(totals.paid),
      }}
    />
  );
}
