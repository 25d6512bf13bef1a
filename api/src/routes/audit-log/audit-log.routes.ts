import { AuditEntry, AuditListQuery, AuditSeenBody, RecentAudit } from "~contract/audit-log";
import { ListExportAudit } from "~contract/list-export";
import {
  ActingAdmin,
  body as jsonBody,
  chosenByUs,
  common,
  createRoute,
  data,
  error,
  idParam,
  json,
  mutating,
  paged,
  z,
} from "../../lib/openapi";

export const AuditQuery = z.object({
  limit: z.coerce
    .number({ invalid_type_error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be between 1 and 100")
    .max(100, "limit must be between 1 and 100")
    .default(10),
});

export const AUDIT_ENTRY_NOT_FOUND = "Audit entry not found";

export const Entry = AuditEntry.openapi("AuditEntry");

export const entryId = { params: z.object({ id: idParam("id", "the audit entry's id") }) };

export const latestRoute = createRoute({
  method: "get",
  path: "/audit-log",
  summary: "Latest audit entries, newest first (the header's Recent changes)",
  ...chosenByUs(
    "With x-acting-admin (an Active admin): only entries of the areas that admin may open (contract/audit-access.ts), with unread (entries by others after the admin's seen_up_to, counted up to 100) and seen_up_to. Without it: every entry (the API's own callers, tests).",
  ),
  request: { query: AuditQuery },
  responses: {
    200: json(RecentAudit.openapi("RecentAudit"), "The entries"),
    400: error("Bad limit"),
    403: error("x-acting-admin names an admin who is not Active"),
    ...common,
  },
});

export const seenRoute = createRoute({
  method: "post",
  path: "/audit-log/seen",
  summary: "The acting admin has read Recent changes up to this entry (never moves back; not audited: no record changes)",
  ...chosenByUs(),
  request: { headers: ActingAdmin, body: jsonBody(AuditSeenBody.openapi("AuditSeenBody")) },
  responses: { 200: json(data(z.object({ seen_up_to: z.number().int() })), "Where the admin has now read up to"), ...mutating, ...common },
});

export const listRoute = createRoute({
  method: "get",
  path: "/audit-entries",
  summary: "The audit log, newest first, paged and filtered (the Audit log screen)",
  ...chosenByUs(
    "admin (adminUserId), entity, action and entity_id narrow it; start_date/end_date are calendar days in Asia/Kolkata, both ends inclusive.",
  ),
  request: { query: AuditListQuery.openapi("AuditListQuery") },
  responses: { 200: json(paged(data(z.array(Entry))), "One page of entries"), 400: error("Bad query"), ...common },
});

export const detailRoute = createRoute({
  method: "get",
  path: "/audit-entries/{id}",
  summary: "One audit entry",
  ...chosenByUs(
    "With x-acting-admin: revert says whether that admin's Revert this change would go through now (the same checks as the revert, without writing), and if not why.",
  ),
  request: entryId,
  responses: { 200: json(data(Entry), "The entry"), 400: error("Bad id"), 404: error(AUDIT_ENTRY_NOT_FOUND), ...common },
});

export const revertRoute = createRoute({
  method: "post",
  path: "/audit-entries/{id}/revert",
  summary: "Revert this change: write the entry's old values back as a new audited change",
  ...chosenByUs(
    "Needs the access of the record's area (a plan: SubscriptionPlan, a setting or a cancellation reason: Settings, a category or an FAQ: Category, an admin user: AdminUsers; contract/audit-access.ts), read from admin_users at the call; nobody reverts a change to their own admin user (403). Only updates of a plan, a category, an FAQ, a setting, a post, a terms version (while a draft), a notification template, a cancellation reason's fields (not a reorder) or an admin user's access (role, status, email; never a password) can be reverted; payments, orders and deletions never. The old values go through the record's own update call (same rules, same audit), and the new entry has action \"revert\" and reverts_id. 409 when the record has changed since (the message names who and when) or no longer exists.",
  ),
  request: { ...entryId, headers: ActingAdmin },
  responses: {
    200: json(data(Entry), "The new entry recording the revert"),
    400: mutating[400],
    403: error("The acting admin is not Active, lacks the access of the record's area, or the change is to their own admin user"),
    404: error(AUDIT_ENTRY_NOT_FOUND),
    409: error("The record changed since this entry, or no longer exists"),
    422: error("This kind of change cannot be reverted"),
    ...common,
  },
});

export const exportRoute = createRoute({
  method: "post",
  path: "/audit-log/exports",
  summary: "Record that the acting admin exported a list (which list, format, filter and how many rows)",
  ...chosenByUs(
    "Called by the admin before an export's first byte (issue 32 §2; an export this refuses is not made): one entry, action \"export\", entity the list's record kind (contract/list-export.ts) so it shows to the admins of that area, entity_id the list's key, after = { list, format, filter, rows } (rows: the list's total under that filter as the page shows it). The admin checks the area's access before exporting; here only an Active acting admin is needed.",
  ),
  request: { headers: ActingAdmin, body: jsonBody(ListExportAudit.openapi("ListExportAudit")) },
  responses: { 201: json(data(Entry), "The entry"), ...mutating, ...common },
});
