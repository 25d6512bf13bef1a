import { useLoaderData } from "@remix-run/react";
import { Pagination } from "~/components/pagination";
import { Heading } from "~/components/ui";
import type { DocumentsPageData } from "~/models/documents";
import { DocumentsFilterPanel } from "./documents-filters";
import { DocumentsTable } from "./documents-table";

export function DocumentsPage() {
  const { rows, total, page, pageSize, pageSizes, filters, filterErrors, sort } = useLoaderData<DocumentsPageData>();
  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          Service Provider Documents
        </Heading>
      </div>
      <DocumentsFilterPanel filters={filters} errors={filterErrors} />
      <DocumentsTable rows={rows} sort={sort} />
      <Pagination total={total} page={page} pageSize={pageSize} pageSizes={pageSizes} />
    </>
  );
}
