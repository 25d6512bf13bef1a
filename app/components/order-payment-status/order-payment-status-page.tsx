import { useLoaderData } from "@remix-run/react";
import { ExportLink } from "~/components/export-link";
import { Pagination } from "~/components/pagination";
import { Heading, Text } from "~/components/ui";
import { PAGE_SIZES } from "~contract/list-query";
import type { OrderPaymentStatusPageData } from "~/models/order-payment-status";
import { ReportFilterPanel } from "./report-filters";
import { ReportTable } from "./report-table";

export function OrderPaymentStatusPage() {
  const { rows, total, apiTotal, page, pageSize, filters, filterErrors, filtered, exportHref, truncated, fetchError } =
    useLoaderData<OrderPaymentStatusPageData>();
  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          Order Payment Status
        </Heading>
        <ExportLink href={exportHref} />
      </div>

      <ReportFilterPanel filters={filters} open={filtered} errors={filterErrors} />

      {fetchError ? (
        <div role="alert" className="form-error" style={{ marginBottom: "var(--space-3)" }}>
          {fetchError}
        </div>
      ) : null}
      {truncated && apiTotal !== undefined ? (
        <Text as="p" size="2" color="gray" role="status">
          Showing the newest {total.toLocaleString("en-IN")} of {apiTotal.toLocaleString("en-IN")} orders; narrow the dates to see the rest.
        </Text>
      ) : null}

      <ReportTable rows={rows} />
      <Pagination total={total} page={page} pageSize={pageSize} pageSizes={PAGE_SIZES} />
    </>
  );
}
