/** The Service Provider Bank Details page's data (types only: its page's bundle stays free of zod). */

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

export type BankDetailsPageData = {
  rows: BankAccountRow[];
  total: number;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  search: string;
  searchError: string | null;
  /** why a revealed number could not be shown */
  revealError: string | null;
};
