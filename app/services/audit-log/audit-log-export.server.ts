import { AUDIT_LOG_COLUMNS } from "~/models/audit-log-columns";
import type { AuditLogRow } from "~/models/audit-log";
import { readAuditLogQuery, toAuditRow } from "~/services/audit-log/audit-log.server";
import { EXPORT_PAGE_SIZE, type ListExport } from "~/services/list-export.server";

type Query = ReturnType<typeof readAuditLogQuery>["query"];

/**
 * The Audit log as an export: narrowed as the page is (a filter the page drops with a note is
 * dropped here too), newest first, every entry. The API answers only the entries this admin may see
 * (their areas' kinds of record), as it does for the page.
 */
export const AUDIT_LOG_EXPORT: ListExport<Query, AuditLogRow> = {
  list: "audit-log",
  path: "/admin/audit-log",
  columns: AUDIT_LOG_COLUMNS,
  readQuery: (params) => ({ query: readAuditLogQuery(params).query, errors: [] }),
  notFilter: ["entry", "dialog"],
  page: async (api, query, at) => {
    const list = await api.listAuditEntries({ ...query, page: at.page, page_size: EXPORT_PAGE_SIZE });
    return { rows: list.rows.map(toAuditRow), total: list.total };
  },
};
