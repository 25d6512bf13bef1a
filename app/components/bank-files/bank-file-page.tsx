import { Link, useLoaderData } from "@remix-run/react";
import { Badge, Button, DataList, Flex, Heading, Text } from "~/components/ui";
import {
  BANK_FILE_STATE_COLORS,
  BANK_FILES_URL,
  bankFileCsvUrl,
  bankFileUrl,
  LINE_STATE_COLORS,
  type BankFilePageData,
} from "~/models/bank-files";
import { BankFileDialogs } from "./bank-file-dialogs";

/** One bank file: its state and totals, its lines (account numbers masked), Download CSV and the next steps. */
export function BankFilePage() {
  const file = useLoaderData<BankFilePageData>();
  const here = bankFileUrl(file.id);
  const open = file.state !== "Paid";
  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          {file.name}
        </Heading>
        <Link to={BANK_FILES_URL}>All bank files</Link>
      </div>
      <Flex gap="3" wrap="wrap" mb="4">
        {file.canDownload ? (
          <Button asChild>
            {/* a download (a resource route), never a client-side navigation */}
            <a href={bankFileCsvUrl(file.id)} download={file.name} rel="noopener">
              Download CSV
            </a>
          </Button>
        ) : (
          <Text size="2" color="gray">
            Downloading the file needs both Payment and Bank Details access.
          </Text>
        )}
        {file.state === "Generated" ? (
          <Button asChild variant="soft">
            <Link to={`${here}?dialog=sent`} preventScrollReset>
              Mark sent to bank
            </Link>
          </Button>
        ) : null}
        {file.state === "Sent to bank" ? (
          <Button asChild variant="soft">
            <Link to={`${here}?dialog=paid`} preventScrollReset>
              Mark paid
            </Link>
          </Button>
        ) : null}
      </Flex>
      <DataList.Root>
        <DataList.Item>
          <DataList.Label>State</DataList.Label>
          <DataList.Value>
            <Badge color={BANK_FILE_STATE_COLORS[file.state]} radius="full">
              {file.state}
            </Badge>
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Date and batch</DataList.Label>
          <DataList.Value>
            {file.date}, batch {file.batch}
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Total</DataList.Label>
          <DataList.Value>
            {file.total} in {file.lineCount} {file.lineCount === 1 ? "line" : "lines"}
          </DataList.Value>
        </DataList.Item>
        {file.failedCount ? (
          <DataList.Item>
            <DataList.Label>Failed</DataList.Label>
            <DataList.Value>
              {file.failedTotal} in {file.failedCount} {file.failedCount === 1 ? "line" : "lines"} (to pay: {file.includedTotal})
            </DataList.Value>
          </DataList.Item>
        ) : null}
        <DataList.Item>
          <DataList.Label>Generated</DataList.Label>
          <DataList.Value>{file.createdBy}</DataList.Value>
        </DataList.Item>
        {file.sent ? (
          <DataList.Item>
            <DataList.Label>Sent to bank</DataList.Label>
            <DataList.Value>{file.sent}</DataList.Value>
          </DataList.Item>
        ) : null}
        {file.paid ? (
          <DataList.Item>
            <DataList.Label>Paid</DataList.Label>
            <DataList.Value>
              {file.paid}; bank reference {file.bankReference}
            </DataList.Value>
          </DataList.Item>
        ) : null}
      </DataList.Root>
      <Heading as="h2" size="4" mt="5" id="lines-heading">
        Lines
      </Heading>
      <div className="table-wrap">
        <table className="data-table" aria-labelledby="lines-heading">
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Reference</th>
              <th scope="col">Provider</th>
              <th scope="col">Beneficiary</th>
              <th scope="col">Account</th>
              <th scope="col">IFSC</th>
              <th scope="col">Amount</th>
              <th scope="col">Orders</th>
              <th scope="col">State</th>
              {open ? <th scope="col">Action</th> : null}
            </tr>
          </thead>
          <tbody>
            {file.lines.map((l) => (
              <tr key={l.id}>
                <td>{l.number}</td>
                <td>{l.reference}</td>
                <td>{l.provider}</td>
                <td>{l.beneficiary}</td>
                <td>{l.account}</td>
                <td>{l.ifsc}</td>
                <td>{l.amount}</td>
                <td>{l.orders}</td>
                <td>
                  <Badge color={LINE_STATE_COLORS[l.state]} radius="full">
                    {l.state}
                  </Badge>
                  {l.failure ? (
                    <Text as="div" size="1">
                      {l.failure}
                      {l.failedBy ? ` (${l.failedBy})` : ""}
                    </Text>
                  ) : null}
                </td>
                {open ? (
                  <td>
                    {l.state === "Included" ? (
                      <Link to={`${here}?dialog=fail&line=${l.id}`} preventScrollReset aria-label={`Fail line ${l.number}`}>
                        Fail line
                      </Link>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={6}>
                Total
              </th>
              <td>{file.total}</td>
              <td colSpan={open ? 3 : 2} />
            </tr>
          </tfoot>
        </table>
      </div>
      <BankFileDialogs file={file} />
    </>
  );
}
