import { Form, Link, useLoaderData } from "@remix-run/react";
import { ListExportLinks } from "~/components/export-link";
import { FilterDate, FilterPanel } from "~/components/filter-panel";
import { Pagination } from "~/components/pagination";
import { useCanOpenEntry } from "~/components/can-open";
import { Button, Flex, Heading, Text } from "~/components/ui";
import { PAGE_SIZES } from "~contract/list-query";
import { LEDGER_EXPORT_PATH, LEDGER_PATH, ledgerHref, type LedgerChooseData, type LedgerPageData } from "~/models/payout-ledger";
import { LedgerTable } from "./ledger-table";

/** No provider yet (or one not found): a GET form taking a provider's id or username, and what went wrong. */
function ChooseProvider({ asked, message, tone, candidates }: LedgerChooseData) {
  return (
    <section className="panel" aria-labelledby="ledger-choose-title">
      <Flex direction="column" gap="3" align="start">
        <Heading as="h1" size="6" id="ledger-choose-title">
          Payout ledger
        </Heading>
        <Text as="p" size="2" role={tone === "error" ? "alert" : undefined} color={tone === "error" ? "red" : undefined}>
          {message}
        </Text>
        {candidates.length > 0 ? (
          <ul aria-label="Service providers found">
            {candidates.map((c) => (
              <li key={c.id}>
                <Link to={ledgerHref(c.id)}>
                  {c.username} (id {c.id})
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        <Form method="get" action={LEDGER_PATH}>
          <Flex gap="2" align="end" wrap="wrap">
            <Flex direction="column" gap="1">
              <Text as="label" size="2" weight="medium" htmlFor="ledger-provider">
                Service provider (id or username)
              </Text>
              <input id="ledger-provider" name="provider" className="native-input" defaultValue={asked} maxLength={100} required />
            </Flex>
            <Button type="submit">Open ledger</Button>
          </Flex>
        </Form>
      </Flex>
    </section>
  );
}

/** /admin/payments/ledger?provider=<id>: a provider's releases with the running total, by date, exportable. */
export function PayoutLedgerPage() {
  const page = useLoaderData<LedgerPageData>();
  const canOpenProviders = useCanOpenEntry("/admin/service-provider");
  if (page.kind === "choose") return <ChooseProvider {...page} />;
  const { provider, rows, totals, allTimePaid, total, filters, sort, filterErrors, filtered } = page;

  return (
    <>
      <Text as="p" size="2" mb="3">
        <Link to="/admin/payments">← Payments</Link>
        {canOpenProviders ? (
          <>
            {" · "}
            <Link to={`/admin/provider-details/${provider.id}`}>Provider details</Link>
          </>
        ) : null}
      </Text>
      <div className="page-header">
        <Heading as="h1" size="6">
          {`Ledger — ${provider.username}`}
        </Heading>
        <ListExportLinks path={LEDGER_EXPORT_PATH} />
      </div>
      <Text as="p" size="2" mb="3">
        Paid in all: <strong>{allTimePaid}</strong>. The running total counts every release of this provider, whatever the dates shown.
      </Text>

      <FilterPanel
        open={filtered}
        keep={["provider", "page_size", "sortField", "sortOrder"]}
        errors={filterErrors}
        summary="Filter by release date"
      >
        <FilterDate name="start_date" label="From Date" value={filters.start_date} />
        <FilterDate name="end_date" label="To Date" value={filters.end_date} />
      </FilterPanel>

      <LedgerTable rows={rows} totals={totals} sort={sort} filtered={filtered} />
      {total > rows.length ? (
        <Text as="p" size="1" color="gray" mt="2">
          The totals are for all {total} releases in these dates, not only this page.
        </Text>
      ) : null}
      <Pagination total={total} page={page.page} pageSize={page.pageSize} pageSizes={PAGE_SIZES} />
    </>
  );
}
