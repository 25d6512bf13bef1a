import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Flex, Heading, Text } from "~/components/ui";
import { DataTable, type Column } from "~/components/data-table";
import { FilterDate, FilterPanel, FilterSelect } from "~/components/filter-panel";
import { Pagination } from "~/components/pagination";
import { ExportLink } from "~/components/export-link";
import { PaymentStatusBadge } from "~/components/payments/payment-badge";
import { readPaging } from "~/services/list-query.server";
import { PAGE_SIZES } from "~/models/list-query";
import { PAYMENT_STATUS_LABELS } from "~/models/payment-labels";
import { readReportQuery, reportSearch } from "~/services/order-payment-status/report-query.server";
import { ORDER_STATUS_LABELS, orderStatusLabel } from "~/models/order-labels";
import { requireAdmin } from "~/services/auth.server";
import { formatDate, formatDateTime } from "~/utils/dates";
import { formatInr } from "~/utils/money";
import { MarketplaceError, callerOf } from "~/services/marketplace/client.server";
import { getOrderPaymentStatus } from "~/services/marketplace/order-payment-status.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

const FETCH_FAILED = "Failed to fetch order payment status data";
const ORDER_STATUS_OPTIONS = (["Completed", "PartialyCompleted", "Pending"] as const).map((value) => ({ value, label: ORDER_STATUS_LABELS[value] }));
// the spec's five, plus Released (WITHDRAWN) so released orders can be found too
const PAYMENT_STATUS_OPTIONS = (["PAYMENT_SUCCESS", "PAYMENT_FAILED", "PAYMENT_ERROR", "PAYMENT_CANCELLED", "PAYMENT_PENDING", "WITHDRAWN"] as const).map(
  (value) => ({ value, label: PAYMENT_STATUS_LABELS[value] }),
);

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "Payment");
  const url = new URL(request.url);
  const { query, raw, errors } = readReportQuery(url.searchParams);
  const paging = readPaging(url.searchParams);
  const base = {
    filters: raw,
    filterErrors: errors,
    filtered: Object.values(raw).some(Boolean),
    exportHref: `/admin/order-payment-status/export${reportSearch(raw)}`,
    page: paging.page,
    pageSize: paging.page_size,
  };
  if (errors.length > 0) return data({ ...base, rows: [], total: 0, truncated: false, fetchError: null }, { status: 400 });

  let report;
  try {
    report = await getOrderPaymentStatus(query, callerOf(admin, request));
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    return data({ ...base, rows: [], total: 0, truncated: false, fetchError: FETCH_FAILED }, { status: 503 });
  }
  const pages = Math.max(1, Math.ceil(report.rows.length / paging.page_size));
  const page = Math.min(paging.page, pages);
  const rows = report.rows.slice((page - 1) * paging.page_size, page * paging.page_size).map((r) => ({
    id: r.order_id,
    shortId: r.short_id,
    created: formatDate(r.createdDate),
    completed: formatDate(r.completedDate),
    status: orderStatusLabel(r.status),
    payDate: formatDateTime(r.pay_date),
    payStatus: r.final_pay_status,
    invoice: r.company_invoice_number ?? "—",
    user: r.client_user.name || r.client_user.username,
    userEmail: r.client_user.email,
    provider: r.provider.name || r.provider.username,
    providerEmail: r.provider.email,
    offerings: r.offerings,
    charges: formatInr(r.charges),
    paidToProvider: formatInr(r.paid_to_provider),
    commission: formatInr(r.platform_commission),
    gst: formatInr(r.gst),
  }));
  return data({ ...base, page, rows, total: report.rows.length, apiTotal: report.total, truncated: report.truncated, fetchError: null });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

const columns: Column<Row>[] = [
  { key: "shortId", header: "Order Id", cell: (r) => r.shortId },
  { key: "created", header: "Created Date", cell: (r) => r.created },
  { key: "completed", header: "Completed Date", cell: (r) => r.completed },
  { key: "status", header: "Order Status", cell: (r) => r.status },
  { key: "payDate", header: "Pay Date", cell: (r) => r.payDate },
  { key: "payStatus", header: "Payment Status", cell: (r) => <PaymentStatusBadge status={r.payStatus} /> },
  { key: "invoice", header: "Invoice No.", cell: (r) => r.invoice },
  {
    key: "user",
    header: "User",
    cell: (r) => <NameAndEmail name={r.user} email={r.userEmail} />,
  },
  {
    key: "provider",
    header: "Provider",
    cell: (r) => <NameAndEmail name={r.provider} email={r.providerEmail} />,
  },
  { key: "offerings", header: "Offerings", cell: (r) => r.offerings },
  { key: "charges", header: "Charges", align: "right", cell: (r) => r.charges },
  { key: "paidToProvider", header: "Paid To Provider", align: "right", cell: (r) => r.paidToProvider },
  { key: "commission", header: "Platform Commission", align: "right", cell: (r) => r.commission },
  { key: "gst", header: "GST", align: "right", cell: (r) => r.gst },
];

export default function OrderPaymentStatusPage() {
  const loaded = useLoaderData<typeof loader>();
  const { rows, total, page, pageSize, filters, filterErrors, filtered, exportHref, truncated, fetchError } = loaded;
  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          Order Payment Status
        </Heading>
        <ExportLink href={exportHref} />
      </div>

      <FilterPanel open={filtered} keep={["page_size"]} errors={filterErrors}>
        <FilterDate name="start_date" label="From Date" value={filters.start_date} />
        <FilterDate name="end_date" label="To Date" value={filters.end_date} />
        <FilterSelect name="order_status" label="Order Status" value={filters.order_status} options={ORDER_STATUS_OPTIONS} />
        <FilterSelect name="payment_status" label="Payment Status" value={filters.payment_status} options={PAYMENT_STATUS_OPTIONS} />
      </FilterPanel>

      {fetchError ? (
        <div role="alert" className="form-error" style={{ marginBottom: "var(--space-3)" }}>
          {fetchError}
        </div>
      ) : null}
      {truncated && "apiTotal" in loaded ? (
        <Text as="p" size="2" color="gray" role="status">
          Showing the newest {total.toLocaleString("en-IN")} of {loaded.apiTotal.toLocaleString("en-IN")} orders; narrow the dates to see the rest.
        </Text>
      ) : null}

      <DataTable columns={columns} rows={rows} rowKey={(r) => r.id} caption="Order payment status" />
      <Pagination total={total} page={page} pageSize={pageSize} pageSizes={PAGE_SIZES} />
    </>
  );
}

/** A party's name with its email beneath, in one cell. */
function NameAndEmail({ name, email }: { name: string; email: string }) {
  return (
    <Flex direction="column">
      <span>{name}</span>
      <Text size="1" color="gray">
        {email}
      </Text>
    </Flex>
  );
}
