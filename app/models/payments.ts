/** What only the admin uses of ~contract/payments (the shared part stays in contract/payments.ts). */
import { PaymentRecord } from "~contract/payments";
import { paginated } from "~contract/api";
import type { PaymentSortField, PaymentStatus } from "~contract/payment-labels";

export const PaymentPage = paginated(PaymentRecord);

/** The payments list's filter panel, as typed in the URL (shown back even when refused). */
export type PaymentFilters = { provider: string; status: string; releasable: string; start_date: string; end_date: string };

/** One row of the payments list, money and dates already formatted. */
export type PaymentListRow = {
  id: number;
  shortId: string;
  date: string;
  releaseDate: string;
  /** the customer's users.id: their name links to their page */
  userId: number | null;
  user: string;
  provider: string;
  service: string;
  gateway: string;
  status: PaymentStatus;
  amount: string;
  /** the amount in rupees as the API sent it ("1499.50"): the export's number */
  amountInr: string;
  /** "Attempt 2 of 3" when the order was paid more than once */
  attempt: string | null;
  hasInvoice: boolean;
  releasable: boolean;
  /** why a successful payment has no Release: a short text, the full reason as its title */
  releaseNote: { text: string; reason: string } | null;
};

/**
 * The release confirmation: a payment that may be released now, with what the provider receives
 * (the provider invoice's payable) and the gross and deductions it comes from.
 */
export type ReleaseConfirm = {
  id: number;
  shortId: string;
  provider: string;
  /** what the provider is credited: amount − service charge − GST */
  payable: string;
  amount: string;
  serviceCharge: string;
  serviceFeePercent: string;
  gst: string;
  gstPercent: number;
};

/** What the release URL shows instead when there is nothing to confirm. */
export type ReleaseNotice = {
  kind: "not-found" | "released" | "not-releasable" | "error";
  title: string;
  message: string;
};

/** What the payments list's loader gives its page. */
export type PaymentsPageData = {
  rows: PaymentListRow[];
  total: number;
  page: number;
  pageSize: number;
  filters: PaymentFilters;
  /** the sort the URL asks for (null: newest payment date first) */
  sort: { field: PaymentSortField; order: "asc" | "desc" } | null;
  filterErrors: string[];
  filtered: boolean;
  dialog: ReleaseConfirm | null;
  notice: ReleaseNotice | null;
};
