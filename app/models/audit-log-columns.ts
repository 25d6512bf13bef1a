/**
 * The Audit log list's columns (the table's and the export's), apart from ./audit-log: that file
 * builds zod schemas, and the table's browser bundle must not carry them.
 */
import { plain, type ListColumn } from "~/models/list-columns";
import type { AuditLogRow } from "~/models/audit-log";

/** When, Admin, Action, Record, Changed: newest first (the log's one order). The Details link is the table's alone. */
export const AUDIT_LOG_COLUMNS: readonly ListColumn<AuditLogRow>[] = [
  { key: "when", header: "When", width: 18, value: (r) => r.when },
  { key: "admin", header: "Admin", width: 20, value: (r) => plain(r.admin) },
  { key: "action", header: "Action", width: 12, value: (r) => plain(r.action) },
  { key: "entity", header: "Record", width: 40, value: (r) => plain(r.record) },
  { key: "changed", header: "Changed", width: 40, value: (r) => plain(r.changed) },
];
