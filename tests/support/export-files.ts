/**
 * What the list export tests read back (issue 32 §2): a downloaded .csv's cells, and the audit
 * log's export entries of a list (newest first).
 */
import type { AuditEntry } from "~contract/audit-log";
import { apiCall } from "./routes";

export { csvRows } from "./csv-rows";

/** The acting admin's newest export entries of one list. */
export async function exportEntries(list: string): Promise<AuditEntry[]> {
  return (await apiCall<{ data: AuditEntry[] }>(`/audit-entries?action=export&entity_id=${list}&page_size=50`)).data;
}
