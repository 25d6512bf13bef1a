/** What only the admin uses of ~contract/order-payment-status (the shared part stays in contract/order-payment-status.ts). */
import { type OrderPaymentStatusRow } from "~contract/order-payment-status";

/** The report's filters as typed in the URL (shown back even when refused; the export reads the same keys). */
export type OrderPaymentStatusFilters = { start_date: string; end_date: string; order_status: string; payment_status: string };

/** One order of the report as the page shows it, money and dates already formatted. */
export type OrderPaymentStatusListRow = {
  id: number;
  shortId: string;
  created: string;
  completed: string;
  status: string;
  payDate: string;
  payStatus: OrderPaymentStatusRow["final_pay_status"];
  invoice: string;
  /** the client's users.id: their name links to their page */
  userId: number | null;
  user: string;
  userEmail: string;
  provider: string;
  providerEmail: string;
  offerings: string;
  charges: string;
  paidToProvider: string;
  commission: string;
  gst: string;
};

/** The report page: one page of the report's rows (paged here), or why there are none. */
export type OrderPaymentStatusPageData = {
  filters: OrderPaymentStatusFilters;
  filterErrors: string[];
  filtered: boolean;
  exportHref: string;
  page: number;
  pageSize: number;
  rows: OrderPaymentStatusListRow[];
  total: number;
  /** how many orders the API matched, when it answered (more than `total` when truncated) */
  apiTotal?: number;
  truncated: boolean;
  fetchError: string | null;
};
