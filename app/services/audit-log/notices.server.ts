import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { DateTime } from "luxon";
import type { AdminUser } from "~contract/admin-users";
import type { RecentChange, RecentChanges } from "~/models/audit-access";
import { UNREAD_CAP, type AuditEntry } from "~contract/audit-log";
import { MarkSeenForm } from "~/models/audit-log";
import { safeRedirect } from "~/services/auth.server";
import { nullOnApiFailure } from "~/services/errors.server";
import { handleForm, intent } from "~/services/form-action.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { redirectWithToast } from "~/services/toast.server";
import { formatIndiaTime, toIndiaTime } from "~shared/dates";
import { DATE_TIME_FORMAT, formatDate } from "~/utils/dates";
import { recordTitle } from "./changes.server";
import { auditEntryHref } from "./record-links.server";

const VERBS: Record<string, string> = {
  create: "created",
  insert: "created",
  update: "updated",
  delete: "deleted",
  remove: "deleted",
  reorder: "reordered",
  login: "signed in",
  reveal: "revealed",
  export: "exported",
  revert: "reverted a change to",
};

/**
 * "<admin> updated plan Basic" with "5 min ago", formatted here so server and browser agree; its
 * link is the record's page (or its area's screen) when this admin may open it.
 */
export function describeAuditEntry(
  entry: AuditEntry,
  now: DateTime = DateTime.now(),
  reader: { access: readonly string[]; seenUpTo: number; self: number } = { access: [], seenUpTo: Number.MAX_SAFE_INTEGER, self: 0 },
): RecentChange {
  const who = entry.admin_username ?? "System";
  const action = entry.action.trim().toLowerCase();
  const verb = VERBS[action] ?? action.replace(/[_-]+/g, " ");
  const text = `${who} ${verb} ${recordTitle(entry)}`;
  const at = toIndiaTime(entry.created_at);
  return {
    id: entry.id,
    text,
    when: at ? relativeTime(at, now) : "",
    at: formatIndiaTime(at, DATE_TIME_FORMAT, ""),
    href: auditEntryHref(entry, reader.access),
    unread: entry.id > reader.seenUpTo && entry.admin_user_id !== reader.self,
  };
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

/**
 * The header's Recent changes for this admin: the API answers only the entries of the areas they
 * may open, and how many of them others made since the admin last read them. null when the API
 * could not say (the page still works and says so).
 */
export async function recentNotices(admin: AdminUser, api: Marketplace): Promise<RecentChanges | null> {
  const recent = await api.raw.listRecentAudit(8).catch(nullOnApiFailure);
  if (!recent) return null;
  const reader = { access: admin.adminAccessRoleSettings, seenUpTo: recent.seenUpTo, self: admin.adminUserId };
  const now = DateTime.now();
  const items = recent.entries.map((entry) => describeAuditEntry(entry, now, reader));
  return {
    items,
    unread: recent.unread,
    unreadText: recent.unread > UNREAD_CAP ? `${UNREAD_CAP}+` : String(recent.unread),
    upTo: Math.max(recent.seenUpTo, ...items.map((item) => item.id)),
  };
}

/** The marker to read up to, or (a form that does not pass) only where to go back to: the failure is told there. */
const MarkSeen = z.union([
  MarkSeenForm,
  z.object({ redirectTo: z.unknown() }).transform(({ redirectTo }) => ({ up_to: null, redirectTo })),
]);

/**
 * "Mark all read" (a form with redirectTo: back to the page, the badge cleared) and opening the
 * menu with JavaScript (a fetcher: answers data). A failure is told: a toast, or the menu's alert.
 */
export function markSeenAction(request: Request, api: Marketplace) {
  return handleForm(
    request,
    api,
    {
      "mark-seen": intent(MarkSeen, async ({ up_to, redirectTo }) => {
        const viaForm = typeof redirectTo === "string";
        const to = safeRedirect(typeof redirectTo === "string" ? redirectTo : null);
        if (up_to === null) {
          const message = "The changes could not be marked as read: reload the page and try again.";
          return viaForm ? redirectWithToast(request, to, { type: "error", message }) : data({ error: message }, { status: 400 });
        }
        try {
          await api.markAuditSeen(up_to);
        } catch (error) {
          if (!(error instanceof MarketplaceError)) throw error;
          const message = `The changes could not be marked as read: ${error.message}`;
          return viaForm
            ? redirectWithToast(request, to, { type: "error", message })
            : data({ error: message }, { status: error.status >= 500 ? 503 : 400 });
        }
        return viaForm ? redirect(to) : data({ error: undefined });
      }),
    },
    { defaultIntent: "mark-seen" },
  );
}
