import { BANK_ACCOUNT_COLUMNS, type BankAccountRow } from "~/models/bank-details";
import { SEARCH_TOO_LONG } from "~/services/list-query.server";
import { toRow } from "~/services/bank-details/bank-details-list.server";
import { readBankQuery } from "~/services/bank-details/list-query.server";
import { EXPORT_PAGE_SIZE, type ListExport } from "~/services/list-export.server";

type Query = Pick<ReturnType<typeof readBankQuery>, "search" | "sort">;

/**
 * The bank details list as an export: as searched and sorted, every account's number MASKED as the table
 * shows it. A number the admin revealed on screen stays masked here: the export never asks the API
 * to reveal (toRow is given no revealed number), whatever ?reveal or grant cookie the request carries.
 */
export const BANK_DETAILS_EXPORT: ListExport<Query, BankAccountRow> = {
  list: "bank-details",
  path: "/admin/service-provider-bank-details",
  columns: BANK_ACCOUNT_COLUMNS,
  readQuery: (params) => {
    const read = readBankQuery(params);
    return {
      query: { search: read.search, sort: read.sort },
      errors: [...(read.searchTooLong ? [SEARCH_TOO_LONG] : []), ...read.sortErrors],
    };
  },
  notFilter: ["reveal"],
  page: async (api, query, at) => {
    const list = await api.listBankAccounts({
      page: at.page,
      page_size: EXPORT_PAGE_SIZE,
      search: query.search || undefined,
      sortField: query.sort?.field,
      sortOrder: query.sort?.order,
    });
    return { rows: list.rows.map((account, i) => toRow(account, (at.page - 1) * EXPORT_PAGE_SIZE + i + 1)), total: list.total };
  },
};
