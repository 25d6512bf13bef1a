import { ListExportLinks } from "~/components/export-link";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { NoticeDialog } from "~/components/dialogs-on-demand";
import { Pagination } from "~/components/pagination";
import { Button, Flex, Heading } from "~/components/ui";
import { onDemand } from "~/components/on-demand";
import { PAGE_SIZES } from "~contract/list-query";
import type { PaymentsPageData, RequestFailure } from "~/models/payments";
import { CustomerFilterNote } from "~/components/customer-filter-note";
import { PaymentFilterPanel } from "./payment-filters";
import { PaymentsTable } from "./payments-table";
import { ReleaseDialog } from "./release-dialog";

// fetched when the URL opens it: the list ships without it
const ReleaseRequestDialog = onDemand(() => import("./release-request-dialog").then((module) => module.ReleaseRequestDialog));

export function PaymentsPage() {
  const { rows, total, page, pageSize, filters, sort, filterErrors, filtered, dialog, notice, requestDialog, canOpenBankFiles } =
    useLoaderData<PaymentsPageData>();
  const refused = useActionData<RequestFailure>();
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
        <Flex gap="2" wrap="wrap" align="center">
          <Button asChild size="2" variant="soft">
            <Link to="/admin/payments/ledger">Ledger</Link>
          </Button>
          {canOpenBankFiles ? (
            <Button asChild size="2" variant="soft">
              <Link to="/admin/payments/bank-files">Bank files</Link>
            </Button>
          ) : null}
          <ListExportLinks path="/admin/payments/export" />
        </Flex>
      </div>

      <CustomerFilterNote name={rows[0]?.user ?? null} what="payments" />
      <PaymentFilterPanel filters={filters} open={filtered} errors={filterErrors} />

      <PaymentsTable rows={rows} sort={sort} />
      <Pagination total={total} page={page} pageSize={pageSize} pageSizes={PAGE_SIZES} />

      <ReleaseDialog dialog={dialog} cancelTo={cancelTo} />
      {requestDialog ? (
        <ReleaseRequestDialog
          key={`${requestDialog.kind}-${requestDialog.paymentId}`}
          dialog={requestDialog}
          failure={refused}
          closeTo={cancelTo}
          action={location.pathname + location.search}
        />
      ) : null}
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
