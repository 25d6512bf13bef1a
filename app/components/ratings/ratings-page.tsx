import { ListExportLinks } from "~/components/export-link";
import { useLoaderData } from "@remix-run/react";
import { CustomerFilterNote } from "~/components/customer-filter-note";
import { Pagination } from "~/components/pagination";
import { Heading } from "~/components/ui";
import type { RatingsPageData } from "~/models/ratings";
import { RatingFilterPanel } from "./rating-filters";
import { RatingsTable } from "./ratings-table";

export function RatingsPage() {
  const { rows, total, page, pageSize, pageSizes, filters, sort, filterErrors, filtered } = useLoaderData<RatingsPageData>();
  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          Ratings
        </Heading>
        <ListExportLinks path="/admin/rating/export" />
      </div>
      <CustomerFilterNote name={rows[0]?.user ?? null} what="ratings" />
      <RatingFilterPanel filters={filters} open={filtered} errors={filterErrors} />
      <RatingsTable rows={rows} sort={sort} filtered={filtered} />
      <Pagination total={total} page={page} pageSize={pageSize} pageSizes={pageSizes} />
    </>
  );
}
