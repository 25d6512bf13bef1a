import { DOCUMENTS_COLUMNS, type DocumentsRow } from "~/models/documents";
import { toRow } from "~/services/documents/documents-list.server";
import { readDocumentsQuery } from "~/services/documents/list-query.server";
import { EXPORT_PAGE_SIZE, type ListExport } from "~/services/list-export.server";

type Query = ReturnType<typeof readDocumentsQuery>["query"];

/** The documents review list as an export: searched, dated and sorted as the page, each row's cells in words. */
export const DOCUMENTS_EXPORT: ListExport<Query, DocumentsRow> = {
  list: "documents",
  path: "/admin/documents",
  columns: DOCUMENTS_COLUMNS,
  readQuery: (params) => {
    const { query, errors } = readDocumentsQuery(params);
    return { query, errors };
  },
  notFilter: ["dialog", "id"],
  page: async (api, query, at) => {
    const list = await api.listProviderDocuments({ ...query, page: at.page, page_size: EXPORT_PAGE_SIZE });
    return { rows: list.rows.map(toRow), total: list.total };
  },
};
