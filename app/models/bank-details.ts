/** The Service Provider Bank Details page's data (types only: its page's bundle stays free of zod). */
import type { BankAccountSortField } from "~contract/bank-account-labels";
import { plain, type ListColumn } from "~/models/list-columns";

/** One bank account as the list shows it: the number masked, or in full on the load after Reveal. */
export type BankAccountRow = {
  /** its place in the whole list, counting from 1 */
  n: number;
  id: number;
  username: string;
  holder: string;
  number: string;
  revealed: boolean;
  ifsc: string;
  bank: string;
  branch: string;
};

/**
 * The list's columns: the table's and the export's. The export's rows are always masked (see
 * app/services/bank-details/bank-details-export.server.ts); the table's Reveal is its cell alone.
 */
export const BANK_ACCOUNT_COLUMNS: readonly ListColumn<BankAccountRow>[] = [
  { key: "n", header: "#", width: 6, value: (r) => r.n },
  { key: "username", header: "SP username", sortField: "username", width: 20, value: (r) => plain(r.username) },
  { key: "holder", header: "Account Holder", sortField: "account_holder_name", width: 24, value: (r) => plain(r.holder) },
  { key: "number", header: "Account Number", width: 20, value: (r) => plain(r.number) },
  { key: "ifsc", header: "IFSC Code", width: 14, value: (r) => plain(r.ifsc) },
  { key: "bank", header: "Bank Name", sortField: "bank_name", width: 24, value: (r) => plain(r.bank) },
  { key: "branch", header: "Branch", width: 20, value: (r) => plain(r.branch) },
];

export type BankDetailsPageData = {
  rows: BankAccountRow[];
  total: number;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  search: string;
  searchError: string | null;
  /** the sort the URL asks for (null: by id) */
  sort: { field: BankAccountSortField; order: "asc" | "desc" } | null;
  /** why the URL's sort was not applied */
  sortError: string | null;
  /** why a revealed number could not be shown */
  revealError: string | null;
};
