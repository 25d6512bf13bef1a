import { z } from "zod";
import { AuditEntry, RecentAudit, type AuditListQuery } from "~contract/audit-log";
import { AuditPage } from "~/models/audit-log";
import { MAX_PAGE_SIZE } from "~contract/list-query";
import type { ListExportAudit } from "~contract/list-export";
import { apiRequest, type Caller } from "./client.server";

const EntryAnswer = z.object({ data: AuditEntry });

/** GET /audit-log?limit=N as the caller's admin: the newest entries of their areas, newest first, with their unread count (the bell). */
export async function listRecentAudit(caller: Caller, limit: number) {
  const answer = await apiRequest("/audit-log", { query: { limit }, caller, answer: RecentAudit });
  return { entries: answer.data, unread: answer.unread ?? 0, seenUpTo: answer.seen_up_to ?? 0 };
}

/** POST /audit-log/seen: the caller's admin has read Recent changes up to this entry. */
export async function markAuditSeen(caller: Caller, upTo: number) {
  return (
    await apiRequest("/audit-log/seen", {
      method: "POST",
      body: { up_to: upTo },
      caller,
      answer: z.object({ data: z.object({ seen_up_to: z.number().int() }) }),
    })
  ).data;
}

/** GET /audit-entries: one page of the audit log, filtered. */
export async function listAuditEntries(caller: Caller, query: AuditListQuery) {
  const answer = await apiRequest("/audit-entries", {
    query: {
      admin: query.admin,
      entity: query.entity,
      entity_id: query.entity_id,
      action: query.action,
      start_date: query.start_date,
      end_date: query.end_date,
      page: query.page,
      page_size: query.page_size,
    },
    caller,
    answer: AuditPage,
  });
  return { rows: answer.data, total: answer.total_results };
}

/** GET /audit-entries/{id}. */
export async function getAuditEntry(caller: Caller, id: number) {
  return (await apiRequest(`/audit-entries/${id}`, { caller, answer: EntryAnswer })).data;
}

/** POST /audit-entries/{id}/revert: the new entry that records the revert. */
export async function revertAuditEntry(caller: Caller, id: number) {
  return (await apiRequest(`/audit-entries/${id}/revert`, { method: "POST", caller, answer: EntryAnswer })).data;
}

/** The admins the audit log's filter offers (GET /get-all-admin-users: id and username only). */
export async function listAdminNames(caller: Caller) {
  const answer = await apiRequest("/get-all-admin-users", {
    query: { page_size: MAX_PAGE_SIZE },
    caller,
    answer: z.object({ data: z.array(z.object({ adminUserId: z.number().int(), adminUsername: z.string() }).passthrough()) }),
  });
  return answer.data.map((a) => ({ adminUserId: a.adminUserId, adminUsername: a.adminUsername }));
}

/** POST /audit-log/exports: the caller's admin is exporting a list (before the first byte; a refusal stops the export). */
export async function recordListExport(caller: Caller, body: ListExportAudit) {
  return (await apiRequest("/audit-log/exports", { method: "POST", body, caller, answer: EntryAnswer })).data;
}
