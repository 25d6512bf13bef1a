import { ListExportLinks } from "~/components/export-link";
import { useLoaderData, useLocation } from "@remix-run/react";
import { NoticeDialog } from "~/components/dialogs-on-demand";
import { Pagination } from "~/components/pagination";
import { Heading } from "~/components/ui";
import { PAGE_SIZES } from "~contract/list-query";
import type { PaymentsPageData } from "~/models/payments";
import { CustomerFilterNote } from "~/components/customer-filter-note";
import { PaymentFilterPanel } from "./payment-filters";
import { PaymentsTable } from "./payments-table";
import { ReleaseDialog } from "./release-dialog";

export function PaymentsPage() {
  const { rows, total, page, pageSize, filters, sort, filterErrors, filtered, dialog, notice } = useLoaderData<PaymentsPageData>();
  const location = useLocation();
  const cancelParams = new URLSearchParams(location.search);
  cancelParams.delete("dialog");
  cancelParams.delete("id");
  const cancelTo = location.pathname + (cancelParams.size ? `?${cancelParams}` : "");

  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          Payments
        </Heading>
        <ListExportLinks path="/admin/payments/export" />
      </div>

      <CustomerFilterNote name={rows[0]?.user ?? null} what="payments" />
      <PaymentFilterPanel filters={filters} open={filtered} errors={filterErrors} />

      <PaymentsTable rows={rows} sort={sort} />
      <Pagination total={total} page={page} pageSize={pageSize} pageSizes={PAGE_SIZES} />

      <ReleaseDialog dialog={dialog} cancelTo={cancelTo} />
      {notice ? (
        <NoticeDialog
          title={notice.title}
          message={notice.message}
          closeTo={cancelTo}
          tone={notice.kind === "error" || notice.kind === "not-found" ? "error" : "info"}
        />
      ) : null}
    </>
  );
}
