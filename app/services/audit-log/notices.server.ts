import { DateTime } from "luxon";
import type { AdminUser } from "~/models/admin-users";
import type { AuditEntry } from "~/models/audit-log";
import { nullOnApiFailure } from "~/services/errors.server";
import { listRecentAudit } from "~/services/marketplace/audit-log.server";
import { callerOf } from "~/services/marketplace/client.server";
import { DATE_TIME_FORMAT, formatDate, formatIndiaTime, toIndiaTime } from "~/utils/dates";

export type AuditNotice = { id: number; text: string; when: string; at: string };

const VERBS: Record<string, string> = {
  create: "created",
  insert: "created",
  update: "updated",
  delete: "deleted",
  remove: "deleted",
  reorder: "reordered",
  login: "signed in",
  reveal: "revealed",
  revert: "reverted a change to",
};

/** "<admin> updated category #12" with "5 min ago", formatted here so server and browser agree. */
export function describeAuditEntry(entry: AuditEntry, now: DateTime = DateTime.now()): AuditNotice {
  const who = entry.admin_username ?? "System";
  const action = entry.action.trim().toLowerCase();
  const verb = VERBS[action] ?? action.replace(/[_-]+/g, " ");
  const what = entry.entity.replace(/[_-]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  const text = `${who} ${verb} ${what}${entry.entity_id ? ` #${entry.entity_id}` : ""}`;
  const at = toIndiaTime(entry.created_at);
  return { id: entry.id, text, when: at ? relativeTime(at, now) : "", at: formatIndiaTime(at, DATE_TIME_FORMAT, "") };
}

function relativeTime(at: DateTime, now: DateTime): string {
  const minutes = Math.floor(now.diff(at, "minutes").minutes);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return days === 1 ? "yesterday" : `${days} days ago`;
  return formatDate(at.toJSDate());
}

/** The newest audit entries for the header's bell; null when the API could not say (the page still works). */
export async function recentNotices(admin: AdminUser, request: Request): Promise<AuditNotice[] | null> {
  const entries = await listRecentAudit(8, callerOf(admin, request)).catch(nullOnApiFailure);
  return entries ? entries.map((entry) => describeAuditEntry(entry)) : null;
}
