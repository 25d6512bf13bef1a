import { CUSTOMER_QUERY_COLUMNS } from "~/models/customer-query-columns";
import type { QueryRow } from "~/models/customer-queries";
import { toRow } from "~/services/customer-queries/customer-queries-list.server";
import { readQueriesQuery } from "~/services/customer-queries/list-query.server";
import { EXPORT_PAGE_SIZE, type ListExport } from "~/services/list-export.server";

type Query = ReturnType<typeof readQueriesQuery>["query"];

/** Customer Queries as an export: searched, dated and sorted as the page, every pair (numbered pages). */
export const CUSTOMER_QUERIES_EXPORT: ListExport<Query, QueryRow> = {
  list: "customer-queries",
  path: "/admin/query-msg",
  columns: CUSTOMER_QUERY_COLUMNS,
  readQuery: (params) => {
    const { query, errors } = readQueriesQuery(params);
    return { query, errors };
  },
  notFilter: ["query", "before", "after", "service", "dialog", "id", "user"],
  page: async (api, query, at) => {
    const list = await api.listQueryGroups({ ...query, page: at.page, page_size: EXPORT_PAGE_SIZE });
    return { rows: list.rows.map(toRow), total: list.total };
  },
};
