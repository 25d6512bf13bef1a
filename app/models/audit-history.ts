/**
 * The audit log narrowed to one record ("All changes to this record"); it works without JavaScript.
 * Its own small module: list pages link to it and keep their JavaScript budget.
 */
export const auditHistoryHref = (entity: string, id: string | number) =>
  `/admin/audit-log?${new URLSearchParams({ entity, record: String(id) })}`;
export const ALL_CHANGES_LABEL = "All changes to this record";
