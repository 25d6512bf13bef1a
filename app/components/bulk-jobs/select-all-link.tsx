import { Link, useLocation } from "@remix-run/react";
import type { BulkJobList } from "~contract/bulk-job-labels";
import type { TotalKind } from "~contract/list-total";

/**
 * "Select all N matching this filter": a plain link (works without JS) to the bulk action's page,
 * carrying the list's URL (its filter) as the page reads it with the list's own reader.
 */
export function SelectAllLink({ list, total, totalKind }: { list: BulkJobList; total: number; totalKind: TotalKind }) {
  const location = useLocation();
  if (total <= 0) return null;
  const params = new URLSearchParams(location.search);
  for (const key of ["dialog", "id", "ids", "user", "index", "to", "comment", "select"]) params.delete(key);
  params.set("list", list);
  const count = `${totalKind === "exact" ? "" : "about "}${total.toLocaleString("en-IN")}`;
  return (
    <Link className="button-link" to={`/admin/jobs/new?${params}`}>
      Select all {count} matching this filter
    </Link>
  );
}
