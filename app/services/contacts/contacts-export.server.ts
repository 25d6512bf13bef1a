import { CONTACT_COLUMNS, type ContactRow } from "~/models/contacts";
import { SEARCH_TOO_LONG } from "~/services/list-query.server";
import { readContactsQuery } from "~/services/contacts/list-query.server";
import { toRow } from "~/services/contacts/contacts-list.server";
import { EXPORT_PAGE_SIZE, type ListExport } from "~/services/list-export.server";

/** The contact leads list as an export: its columns (each message whole), its URL, its numbered pages. */
export const CONTACTS_EXPORT: ListExport<ReturnType<typeof readContactsQuery>, ContactRow> = {
  list: "contacts",
  path: "/admin/list-contacts",
  columns: CONTACT_COLUMNS,
  readQuery: (params) => {
    const query = readContactsQuery(params);
    return { query, errors: query.searchTooLong ? [SEARCH_TOO_LONG] : [] };
  },
  notFilter: ["dialog", "id"],
  page: async (api, query, at) => {
    const list = await api.listContacts({
      page: at.page,
      page_size: EXPORT_PAGE_SIZE,
      search: query.search || undefined,
      sortField: query.sort?.field,
      sortOrder: query.sort?.order,
    });
    const first = (at.page - 1) * EXPORT_PAGE_SIZE;
    return { rows: list.rows.map((contact, i) => toRow(contact, first + i + 1, true)), total: list.total };
  },
};
