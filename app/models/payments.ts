/** What only the admin uses of ~contract/payments (the shared part stays in contract/payments.ts). */
import { PaymentRecord } from "~contract/payments";
import { paginated } from "~contract/api";
import type { PaymentSortField, PaymentStatus } from "~contract/payment-labels";
import type { PayoutState } from "~contract/payouts";
import type { ReasonFailure } from "~/models/form-result";

export const PaymentPage = paginated(PaymentRecord);

/** The payments list's filter panel, as typed in the URL (shown back even when refused). */
export type PaymentFilters = {
  provider: string;
  status: string;
  releasable: string;
  release_state: string;
  start_date: string;
  end_date: string;
};

/** A payment's latest release request or release, in a table cell's words (issue 34). */
export type ReleaseCell = {
  state: PayoutState;
  /** "Requested by admin", "Approved by finance", "Rejected by finance", "Released by admin"… */
  text: string;
  /** the rejection's or the bank's reason, and when */
  detail: string | null;
  /** a request the admin looking may approve (not their own) or reject */
  decidable: boolean;
  /** the admin looking made this request */
  own: boolean;
};

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
  /** its latest release request or release; null when none */
  release: ReleaseCell | null;
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
  /** at or above the two-person threshold: Confirm asks a second admin instead of releasing */
  needsApproval: boolean;
};

export const REQUEST_DIALOG_KINDS = ["approve-release", "reject-release"] as const;
export type RequestDialogKind = (typeof REQUEST_DIALOG_KINDS)[number];

/** Approve or reject a release request (?dialog=approve-release|reject-release&id=<payment id>). */
export type RequestDialog = {
  kind: RequestDialogKind;
  paymentId: number;
  payoutId: number;
  shortId: string;
  provider: string;
  payable: string;
  requestedBy: string;
  requestedAt: string;
  /** the admin looking made the request: they may reject (withdraw) it, never approve it */
  own: boolean;
};

/** A refused approve or reject: the dialog again, with the reason typed and why. */
export type RequestFailure = ReasonFailure<RequestDialogKind>;

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
  requestDialog: RequestDialog | null;
  /** the admin may open the bank files (Payment and BankDetails) */
  canOpenBankFiles: boolean;
};
