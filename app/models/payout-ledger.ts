/**
 * A provider's payout ledger in the admin (issue 34 §2): /admin/payments/ledger?provider=<id>, its
 * export, and the provider details page's "Payouts" section. Money and dates already formatted; the
 * rupee strings the API sent are kept for the export's numbers.
 */
import type { PayoutState } from "~contract/payouts";

export const LEDGER_PATH = "/admin/payments/ledger";
export const LEDGER_EXPORT_PATH = "/admin/payments/ledger/export";
/** how many releases the provider details page shows */
export const PROVIDER_PAYOUTS_SHOWN = 5;

export const ledgerHref = (providerId: number) => `${LEDGER_PATH}?provider=${providerId}`;

export const LEDGER_TEXT = {
  choose: "Choose a service provider to see their payout ledger: enter their id or username.",
  noSuchId: (id: string) => `There is no service provider with id ${id}.`,
  noSuchName: (name: string) => `No service provider has the username "${name}".`,
  someNamed: (name: string) => `No service provider has exactly the username "${name}". Did you mean one of these?`,
  tooLong: "Enter at most 100 characters.",
  empty: "No releases yet",
  emptyFiltered: "No releases in these dates",
  oldRelease: "Released before payouts were recorded",
} as const;

/** One release, as the table shows it and the export writes it. */
export type LedgerRow = {
  paymentId: number;
  shortId: string;
  releaseDate: string;
  gross: string;
  serviceCharge: string;
  gst: string;
  paid: string;
  runningTotal: string;
  /** the rupee strings the API sent ("1499.50"): the export's numbers */
  grossInr: string;
  serviceChargeInr: string;
  gstInr: string;
  paidInr: string;
  runningTotalInr: string;
  requestedBy: string | null;
  approvedBy: string | null;
  state: PayoutState | null;
};

export type LedgerTotals = { count: number; gross: string; serviceCharge: string; gst: string; paid: string };

/** The ledger page without a provider (or with one it cannot find): the form, a message, maybe some providers to pick. */
export type LedgerChooseData = {
  kind: "choose";
  asked: string;
  message: string;
  tone: "info" | "error";
  candidates: { id: number; username: string }[];
};

export type LedgerPageData =
  | LedgerChooseData
  | {
      kind: "ledger";
      provider: { id: number; username: string };
      rows: LedgerRow[];
      totals: LedgerTotals;
      allTimePaid: string;
      total: number;
      page: number;
      pageSize: number;
      filters: { start_date: string; end_date: string };
      sort: { field: "release_date"; order: "asc" | "desc" } | null;
      filterErrors: string[];
      filtered: boolean;
    };

/** The provider details page's "Payouts": what they were paid in all and their latest releases (null: the admin has no Payment access). */
export type ProviderPayouts = {
  providerId: number;
  totalPaid: string;
  count: number;
  rows: { paymentId: number; shortId: string; releaseDate: string; paid: string }[];
  error: string | null;
};
