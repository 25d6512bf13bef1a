import { LEDGER_COLUMNS } from "~/models/payout-ledger-columns";
import { LEDGER_PATH, LEDGER_TEXT, type LedgerRow } from "~/models/payout-ledger";
import { EXPORT_PAGE_SIZE, type ListExport } from "~/services/list-export.server";
import { readLedgerQuery, type LedgerQuery } from "~/services/payout-ledger/ledger-query.server";
import { toLedgerRow } from "~/services/payout-ledger/ledger-rows.server";

/** The ledger as an export: exactly the rows the page's provider, dates and sort show, every page. */
export const LEDGER_EXPORT: ListExport<LedgerQuery, LedgerRow> = {
  list: "payout-ledger",
  path: LEDGER_PATH,
  columns: LEDGER_COLUMNS,
  readQuery: (params) => {
    const { query, errors } = readLedgerQuery(params);
    if (!query) return { query: { provider: 0, page: 1, page_size: EXPORT_PAGE_SIZE }, errors: [LEDGER_TEXT.choose] };
    return { query, errors };
  },
  page: async (api, query, at) => {
    const ledger = await api.getPayoutLedger({ ...query, page: at.page, page_size: EXPORT_PAGE_SIZE });
    return { rows: ledger.data.map(toLedgerRow), total: ledger.total_results };
  },
};
