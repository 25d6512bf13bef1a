import { Link, useLocation } from "@remix-run/react";
import { DataTable, tableColumns } from "~/components/data-table";
import { Button, Flex, Text } from "~/components/ui";
import { UserLink } from "~/components/user-link";
import { PAYMENT_COLUMNS } from "~/models/payments-columns";
import type { PaymentListRow, PaymentsPageData } from "~/models/payments";
import { PaymentStatusBadge } from "./payment-badge";

function NoInvoice() {
  return (
    <Text size="1" color="gray" title="Invoices exist only for successful payments">
      No invoice
    </Text>
  );
}

function InvoiceLink({ row, view, label }: { row: PaymentListRow; view: "service-provider" | "user"; label: string }) {
  if (!row.hasInvoice) return <NoInvoice />;
  return (
    <Button asChild size="1" variant="soft">
      <Link to={`/admin/payments/${row.shortId}/invoice/${view}`} aria-label={`Print ${label} invoice ${row.shortId}`}>
        Print
      </Link>
    </Button>
  );
}

/** The payments list's table; Release opens the confirmation through the URL (?dialog=release&id=…). */
export function PaymentsTable({ rows, sort }: { rows: PaymentListRow[]; sort: PaymentsPageData["sort"] }) {
  const location = useLocation();
  const dialogHref = (dialog: string, id: number) => {
    const params = new URLSearchParams(location.search);
    params.set("dialog", dialog);
    params.set("id", String(id));
    return `${location.pathname}?${params}`;
  };
  const releaseHref = (id: number) => dialogHref("release", id);

  const columns = tableColumns(
    PAYMENT_COLUMNS,
    {
      shortId: {
        cell: (r) =>
          r.attempt ? (
            <>
              {r.shortId}
              <Text as="div" size="1" color="gray">
                {r.attempt}
              </Text>
            </>
          ) : (
            r.shortId
          ),
      },
      date: { cell: (r) => r.date },
      releaseDate: { cell: (r) => r.releaseDate },
      user: { cell: (r) => <UserLink id={r.userId} name={r.user} /> },
      provider: { cell: (r) => r.provider },
      service: { cell: (r) => r.service },
      gateway: { cell: (r) => r.gateway },
      status: { cell: (r) => <PaymentStatusBadge status={r.status} /> },
      amount: { align: "right", cell: (r) => r.amount },
      // one short line (the table is wide already); what was asked, when and why in its title and on the payment's page
      release: {
        cell: (r) => (r.release ? <span title={r.release.detail ?? undefined}>{r.release.text}</span> : null),
      },
    },
    [
      {
        key: "spInvoice",
        header: "Service Provider Invoice",
        cell: (r) => <InvoiceLink row={r} view="service-provider" label="service provider" />,
      },
      { key: "userInvoice", header: "User Invoice", cell: (r) => <InvoiceLink row={r} view="user" label="user" /> },
      {
        key: "actions",
        header: "Actions",
        cell: (r) => (
          <Flex gap="2" align="center">
            <Button asChild size="1" variant="soft" color="gray">
              <Link to={`/admin/payments/${r.shortId}`} aria-label={`View ${r.shortId}`}>
                View
              </Link>
            </Button>
            {r.release?.decidable ? (
              <>
                {r.release.own ? (
                  <Text size="1" color="gray">
                    Awaiting another admin
                  </Text>
                ) : (
                  <Button asChild size="1">
                    <Link to={dialogHref("approve-release", r.id)} preventScrollReset aria-label={`Approve the release of ${r.shortId}`}>
                      Approve
                    </Link>
                  </Button>
                )}
                <Button asChild size="1" variant="soft" color="red">
                  <Link to={dialogHref("reject-release", r.id)} preventScrollReset aria-label={`Reject the release of ${r.shortId}`}>
                    Reject
                  </Link>
                </Button>
              </>
            ) : r.releasable ? (
              <Button asChild size="1">
                <Link to={releaseHref(r.id)} preventScrollReset aria-label={`Release ${r.shortId}`}>
                  Release
                </Link>
              </Button>
            ) : r.releaseNote ? (
              <Text size="1" color="gray" title={r.releaseNote.reason}>
                {r.releaseNote.text}
              </Text>
            ) : null}
          </Flex>
        ),
      },
    ],
  );

  return <DataTable columns={columns} rows={rows} rowKey={(r) => r.id} caption="Payments" sort={sort ?? undefined} />;
}
