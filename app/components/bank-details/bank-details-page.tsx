import { ListExportLinks } from "~/components/export-link";
import { useLoaderData } from "@remix-run/react";
import { Pagination } from "~/components/pagination";
import { Heading } from "~/components/ui";
import type { BankDetailsPageData } from "~/models/bank-details";
import { BankDetailsTable } from "./bank-details-table";
import { SearchForm } from "~/components/search-form";

export function BankDetailsPage() {
  const { rows, total, page, pageSize, pageSizes, search, searchError, sort, sortError, revealError } =
    useLoaderData<BankDetailsPageData>();
  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          Service Provider Bank Details
        </Heading>
        <ListExportLinks path="/admin/service-provider-bank-details/export" />
      </div>
      <SearchForm
        id="bank-search"
        label="Search bank details"
        placeholder="Username, holder, bank, IFSC"
        search={search}
        error={searchError}
        keep={["page_size", "sortField", "sortOrder"]}
      />
      {sortError ? (
        <div role="alert" className="form-error" style={{ marginBottom: "var(--space-3)" }}>
          {sortError}
        </div>
      ) : null}
      {revealError ? (
        <div role="alert" className="form-error" style={{ marginBottom: "var(--space-3)" }}>
          {revealError}
        </div>
      ) : null}
      <BankDetailsTable rows={rows} sort={sort} />
      <Pagination total={total} page={page} pageSize={pageSize} pageSizes={pageSizes} />
    </>
  );
}
