import { Form, useLocation } from "@remix-run/react";
import { DataTable, tableColumns } from "~/components/data-table";
import { Button, Flex, Text } from "~/components/ui";
import { BANK_ACCOUNT_COLUMNS, type BankAccountRow, type BankDetailsPageData } from "~/models/bank-details";

/** The number, masked or revealed, with the POST form that reveals or hides it (works without JS). */
function RevealCell({ row }: { row: BankAccountRow }) {
  const location = useLocation();
  return (
    <Flex align="center" gap="2">
      <Text style={{ fontFamily: "var(--code-font-family, monospace)", whiteSpace: "nowrap" }}>{row.number}</Text>
      <Form method="post" action={`${location.pathname}${location.search}`} preventScrollReset>
        <input type="hidden" name="id" value={row.id} />
        <Button
          type="submit"
          name="intent"
          value={row.revealed ? "hide" : "reveal"}
          size="1"
          variant="ghost"
          aria-label={`${row.revealed ? "Hide" : "Reveal"} the account number of ${row.holder}`}
        >
          {row.revealed ? "Hide" : "Reveal"}
        </Button>
      </Form>
    </Flex>
  );
}

const columns = tableColumns(BANK_ACCOUNT_COLUMNS, {
  n: { cell: (row) => row.n, align: "right", width: "3rem" },
  username: { cell: (row) => <Text weight="medium">{row.username}</Text> },
  holder: { cell: (row) => row.holder },
  number: { cell: (row) => <RevealCell row={row} /> },
  ifsc: { cell: (row) => row.ifsc },
  bank: { cell: (row) => row.bank },
  branch: { cell: (row) => row.branch },
});

export function BankDetailsTable({ rows, sort }: { rows: BankAccountRow[]; sort: BankDetailsPageData["sort"] }) {
  return (
    <DataTable caption="Service Provider Bank Details" columns={columns} rows={rows} rowKey={(row) => row.id} sort={sort ?? undefined} />
  );
}
