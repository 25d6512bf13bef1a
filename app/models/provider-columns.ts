/**
 * The Service Providers list's columns (the table's headers and sorts, and the export's cells),
 * apart from ./service-providers: that file builds zod schemas, and the list's browser bundle must
 * not carry them.
 */
import type { CellValue, ListColumn } from "~/models/list-columns";
import type { ProviderRow } from "~/models/service-providers";

/** "N/A" is how the table shows nothing: the export leaves such a cell blank. */
const shown = (text: string): CellValue => (text && text !== "N/A" ? text : undefined);

/**
 * Username, Category, Contact No, the three dates, Plan, Stage, Status, Verification, Last Login,
 * Accepted T&C, Boosting Point, Pro, Admin Rating: the table shows them with their row's buttons
 * (list-table.tsx: the checkbox, View, Refresh and Delete are the table's alone); the export writes
 * them as words and numbers.
 */
export const PROVIDER_COLUMNS: readonly ListColumn<ProviderRow>[] = [
  { key: "username", header: "Provider Username", sortField: "username", width: 24, value: (r) => r.username },
  { key: "category", header: "Category", width: 22, value: (r) => shown(r.category) },
  { key: "phone", header: "Contact No", width: 16, value: (r) => shown(r.phone) },
  { key: "regDate", header: "Reg Date", sortField: "created_at", width: 13, value: (r) => shown(r.regDate) },
  { key: "updateDate", header: "Update Date", sortField: "updated_at", width: 13, value: (r) => shown(r.updateDate) },
  { key: "refreshAt", header: "Refresh At", sortField: "refresh_at", width: 13, value: (r) => shown(r.refreshAt) },
  { key: "plan", header: "Plan", width: 14, value: (r) => shown(r.plan) },
  { key: "stage", header: "Stage", width: 14, value: (r) => shown(r.stage) },
  { key: "status", header: "Status", sortField: "status", width: 10, value: (r) => shown(r.status) },
  { key: "verification", header: "Verification", width: 12, value: (r) => (r.verified ? "Verified" : "Unverified") },
  { key: "lastLogin", header: "Last Login", sortField: "last_login", width: 13, value: (r) => shown(r.lastLogin) },
  { key: "agreement", header: "Accepted T&C", width: 16, value: (r) => shown(r.agreement) },
  { key: "boosterPoints", header: "Boosting Point", width: 10, value: (r) => r.boosterPoints },
  { key: "pro", header: "Pro", width: 6, value: (r) => (r.isPro ? "Yes" : "No") },
  { key: "adminRating", header: "Admin Rating", width: 10, value: (r) => r.adminRating },
];

/** A declared column by its key (the table's header cells read their words and sort from here). */
export const providerColumn = (key: string): ListColumn<ProviderRow> => {
  const column = PROVIDER_COLUMNS.find((c) => c.key === key);
  if (!column) throw new Error(`No provider column ${key}`);
  return column;
};
