import { Link } from "@remix-run/react";
import { useCanOpenEntry } from "~/components/can-open";
import { ALL_CHANGES_LABEL, auditHistoryHref } from "~/models/audit-history";
import type { AuditEntity } from "~contract/audit-log-labels";

const AUDIT_LOG = "/admin/audit-log";

/**
 * "All changes to this record": the audit log narrowed to one record (a plain link, so it works
 * without JavaScript); nothing for an admin who may not open the log. In a table row (name given)
 * it reads "Changes", named for the row's record.
 */
export function AllChangesLink({ entity, id, href, name }: { entity?: AuditEntity; id?: string | number; href?: string; name?: string }) {
  const allowed = useCanOpenEntry(AUDIT_LOG);
  const to = href ?? (entity && id !== undefined ? auditHistoryHref(entity, id) : null);
  if (!allowed || !to) return null;
  return (
    <Link to={to} className="all-changes-link" aria-label={name ? `${ALL_CHANGES_LABEL}: ${name}` : undefined}>
      {name ? "Changes" : ALL_CHANGES_LABEL}
    </Link>
  );
}
