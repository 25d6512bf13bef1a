import { PROVIDER_COLUMNS } from "~/models/provider-columns";
import type { ProviderRow } from "~/models/service-providers";
import { EXPORT_PAGE_SIZE, laterPage, type ListExport } from "~/services/list-export.server";
import { readProviderListQuery, toProviderRow } from "~/services/service-providers/list-query.server";

type Query = ReturnType<typeof readProviderListQuery>["query"];

/**
 * The Service Providers list as an export: its search, filter panel and sort, every provider (keyset:
 * each page's Next cursor), each row's cells in words and numbers.
 */
export const PROVIDERS_EXPORT: ListExport<Query, ProviderRow> = {
  list: "providers",
  path: "/admin/service-provider",
  columns: PROVIDER_COLUMNS,
  readQuery: (params) => {
    const { query, errors } = readProviderListQuery(params);
    return { query, errors };
  },
  notFilter: ["dialog", "id", "select", "to"],
  page: async (api, query, at) => {
    const list = await api.listProviders({ ...query, page: at.page, page_size: EXPORT_PAGE_SIZE, cursor: at.cursor, ...laterPage(at) });
    return { rows: list.rows.map(toProviderRow), total: list.total, next: list.cursors?.next };
  },
};
