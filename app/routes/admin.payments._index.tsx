import { isRecordId } from "~/models/ids";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { Button, Flex, Heading, Text } from "~/components/ui";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { DataTable, type Column } from "~/components/data-table";
import { FilterDate, FilterPanel, FilterSelect } from "~/components/filter-panel";
import { Pagination } from "~/components/pagination";
import { NoticeDialog } from "~/components/notice-dialog";
import { PaymentStatusBadge } from "~/components/payments/payment-badge";
import { releaseDialogFor } from "~/services/payments/release-dialog.server";
import { readPaymentListQuery, readReleaseDialog } from "~/services/payments/list-query.server";
import { PAGE_SIZES } from "~/models/list-query";
import { PAYMENT_STATUSES as PAYMENT_STATUS_NAMES, PAYMENT_STATUS_LABELS } from "~/models/payment-labels";
import { listUrlWithoutDialog } from "~/services/form-result.server";
import { requireAdmin } from "~/services/auth.server";
import { formatDate } from "~/utils/dates";
import { redirectPastLastPage, throwLoaderError } from "~/services/errors.server";
import { formatInr } from "~/utils/money";
import { orderStatusLabel, serviceTypeLabel } from "~/models/order-labels";
import type { PaymentRecord } from "~/models/payments";
import { MarketplaceError, callerOf } from "~/services/marketplace/client.server";
import { listPayments, releasePayment } from "~/services/marketplace/payments.server";
import { redirectWithToast } from "~/services/toast.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const RELEASED_MESSAGE = "Payment Status Updated Successfully";
export const RELEASE_FAILED_MESSAGE = "Error updating payment status";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "Payment");
  const url = new URL(request.url);
  const { query, raw, errors } = readPaymentListQuery(url.searchParams);
  const list = await listPayments(query, callerOf(admin, request)).catch(throwLoaderError);

  redirectPastLastPage(url, url.searchParams, query.page, query.page_size, list.total);

  const rows = list.rows.map((p) => ({
    id: p.payment_id,
    shortId: p.short_id,
    date: formatDate(p.payment_date),
    releaseDate: formatDate(p.release_date),
    user: p.userUsername,
    provider: p.serviceProviderUsername,
    service: serviceTypeLabel(p.serviceType),
    gateway: p.payment_gateway,
    status: p.payment_status,
    amount: formatInr(p.total_amount),
    attempt: p.attempts > 1 ? `Attempt ${p.attempt} of ${p.attempts}` : null,
    hasInvoice: p.has_invoice,
    releasable: p.releasable,
    releaseNote: releaseNote(p),
  }));

  // the release dialog: from the page's rows, else fetched by id (a bookmarked or shared URL)
  const { dialog, notice } = await releaseDialogFor(readReleaseDialog(url.searchParams), list.rows, callerOf(admin, request));

  return data(
    {
      rows,
      total: list.total,
      page: query.page,
      pageSize: query.page_size,
      filters: raw,
      filterErrors: errors,
      filtered: Boolean(raw.provider || raw.status || raw.releasable || raw.start_date || raw.end_date),
      dialog,
      notice,
    },
    { status: errors.length > 0 ? 400 : 200 },
  );
}

/** Why a successful payment has no Release, in a table cell's words (the full reason is its title). */
function releaseNote(p: PaymentRecord): { text: string; reason: string } | null {
  if (p.releasable || p.payment_status !== "PAYMENT_SUCCESS" || !p.release_refusal) return null;
  const text = p.order_status === "Completed" ? "Paid out on another attempt" : `Order ${orderStatusLabel(p.order_status)}`;
  return { text, reason: p.release_refusal };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "Payment");
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent !== "release") {
    throw new Response(`Unknown intent: ${String(intent)}`, { status: 400, statusText: "Bad Request" });
  }
  const backTo = listUrlWithoutDialog(request);
  const id = String(formData.get("id") ?? "");
  if (!isRecordId(id)) {
    return redirectWithToast(request, backTo, { type: "error", message: `${RELEASE_FAILED_MESSAGE}: unknown payment` });
  }
  try {
    await releasePayment(Number(id), callerOf(admin, request));
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    return redirectWithToast(request, backTo, { type: "error", title: RELEASE_FAILED_MESSAGE, message: `${RELEASE_FAILED_MESSAGE}: ${error.message}` });
  }
  return redirectWithToast(request, backTo, { type: "success", message: RELEASED_MESSAGE });
}

function NoInvoice() {
  return (
    <Text size="1" color="gray" title="Invoices exist only for successful payments">
      No invoice
    </Text>
  );
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function PaymentsPage() {
  const { rows, total, page, pageSize, filters, filterErrors, filtered, dialog, notice } = useLoaderData<typeof loader>();
  const location = useLocation();

  const releaseHref = (id: number) => {
    const params = new URLSearchParams(location.search);
    params.set("dialog", "release");
    params.set("id", String(id));
    return `${location.pathname}?${params}`;
  };
  const cancelParams = new URLSearchParams(location.search);
  cancelParams.delete("dialog");
  cancelParams.delete("id");
  const cancelTo = location.pathname + (cancelParams.size ? `?${cancelParams}` : "");

  const columns: Column<Row>[] = [
    {
      key: "shortId",
      header: "Order Id",
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
    { key: "date", header: "Date", cell: (r) => r.date },
    { key: "releaseDate", header: "Release date", cell: (r) => r.releaseDate },
    { key: "user", header: "User", cell: (r) => r.user },
    { key: "provider", header: "Provider", cell: (r) => r.provider },
    { key: "service", header: "Service", cell: (r) => r.service },
    { key: "gateway", header: "Gateway", cell: (r) => r.gateway },
    { key: "status", header: "Payment Status", cell: (r) => <PaymentStatusBadge status={r.status} /> },
    { key: "amount", header: "Amount", align: "right", cell: (r) => r.amount },
    {
      key: "spInvoice",
      header: "Service Provider Invoice",
      cell: (r) =>
        r.hasInvoice ? (
          <Button asChild size="1" variant="soft">
            <Link to={`/admin/payments/${r.shortId}/invoice/service-provider`} aria-label={`Print service provider invoice ${r.shortId}`}>
              Print
            </Link>
          </Button>
        ) : (
          <NoInvoice />
        ),
    },
    {
      key: "userInvoice",
      header: "User Invoice",
      cell: (r) =>
        r.hasInvoice ? (
          <Button asChild size="1" variant="soft">
            <Link to={`/admin/payments/${r.shortId}/invoice/user`} aria-label={`Print user invoice ${r.shortId}`}>
              Print
            </Link>
          </Button>
        ) : (
          <NoInvoice />
        ),
    },
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
          {r.releasable ? (
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
  ];

  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          Payments
        </Heading>
      </div>

      <FilterPanel open={filtered} keep={["page_size"]} errors={filterErrors}>
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor="filter-provider">
            Provider
          </Text>
          <input
            id="filter-provider"
            name="provider"
            className="native-input"
            defaultValue={filters.provider}
            placeholder="Username or id"
            maxLength={100}
          />
        </Flex>
        <FilterSelect
          name="status"
          label="Status"
          value={filters.status}
          options={PAYMENT_STATUS_NAMES.map((value) => ({ value, label: PAYMENT_STATUS_LABELS[value] }))}
        />
        <FilterSelect name="releasable" label="Release" value={filters.releasable} options={[{ value: "yes", label: "Can be released now" }]} />
        <FilterDate name="start_date" label="From Date" value={filters.start_date} />
        <FilterDate name="end_date" label="To Date" value={filters.end_date} />
      </FilterPanel>

      <DataTable columns={columns} rows={rows} rowKey={(r) => r.id} caption="Payments" />
      <Pagination total={total} page={page} pageSize={pageSize} pageSizes={PAGE_SIZES} />

      <ConfirmDialog
        open={dialog !== null}
        title="Release this payment?"
        cancelTo={cancelTo}
        intent="release"
        fields={dialog ? { id: dialog.id } : {}}
        confirmLabel="Confirm"
      >
        {dialog ? (
          <>
            <p style={{ margin: 0 }}>
              Release <strong>{dialog.payable}</strong> to {dialog.provider} for order {dialog.shortId}? The payment status becomes Released.
            </p>
            <table className="release-breakdown" aria-label="What the provider receives">
              <tbody>
                <tr>
                  <th scope="row">Amount paid by the user</th>
                  <td>{dialog.amount}</td>
                </tr>
                <tr>
                  <th scope="row">Service charge ({dialog.serviceFeePercent}%)</th>
                  <td>- {dialog.serviceCharge}</td>
                </tr>
                <tr>
                  <th scope="row">GST ({dialog.gstPercent}% on service charge)</th>
                  <td>- {dialog.gst}</td>
                </tr>
                <tr className="strong">
                  <th scope="row">Provider receives</th>
                  <td>{dialog.payable}</td>
                </tr>
              </tbody>
            </table>
          </>
        ) : null}
      </ConfirmDialog>
      {notice ? <NoticeDialog title={notice.title} message={notice.message} closeTo={cancelTo} tone={notice.kind === "error" || notice.kind === "not-found" ? "error" : "info"} /> : null}
    </>
  );
}
