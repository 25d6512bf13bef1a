import { z } from "zod";
import type { AdminUser } from "~contract/admin-users";
import { AUDIT_ACTIONS, AUDIT_ENTITIES, AuditListQuery, isRevertable, REVERT_MESSAGES, type AuditEntry } from "~contract/audit-log";
import { RevertForm, type AuditEntryView, type AuditLogPageData, type AuditLogRow } from "~/models/audit-log";
import { isRecordId } from "~contract/ids";
import { PAGE_SIZES } from "~contract/list-query";
import { nullOnApiFailure, redirectPastLastPage } from "~/services/errors.server";
import { handleForm, intent } from "~/services/form-action.server";
import { readPaging } from "~/services/list-query.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { redirectWithToast } from "~/services/toast.server";
import { formatDateTime, readDateRange } from "~/utils/dates";
import { actionLabel, changedFields, changeRows, entityLabel, exportedList, recordTitle } from "./changes.server";
import { auditEntryHref, recordHref, settingHref } from "./record-links.server";

export const AUDIT_LOG_PATH = "/admin/audit-log";
export const AUDIT_PAGE_SIZE = 25;
export const ADMINS_NOT_LISTED = "The admins could not be listed: the filter shows only the one chosen.";

function entryView(entry: AuditEntry, confirming: boolean): AuditEntryView {
  // the API answers whether this admin's revert would go through now (access, kind, the record as it is)
  const revertable = entry.revert?.possible ?? false;
  return {
    id: entry.id,
    title: `${actionLabel(entry.action)} ${recordTitle(entry)}`,
    when: formatDateTime(entry.created_at),
    admin: entry.admin_username ?? "System",
    changes: changeRows(entry),
    recordHref: null,
    recordLinkText: exportedList(entry) ? "Open the list as exported" : "Open the record",
    revertable,
    revertNote: !revertable && isRevertable(entry) ? (entry.revert?.reason ?? null) : null,
    confirmRevert: revertable && confirming,
    revertsId: entry.reverts_id ?? null,
    jobId: entry.job_id ?? null,
    requestId: entry.request_id ?? null,
  };
}

/** The entry dialog the URL asks for (?entry=<id>), read by id with this admin's revert answer; ?dialog=revert asks to confirm it. */
async function entryFor(asked: string | null, confirming: boolean, admin: AdminUser, api: Marketplace) {
  if (asked === null) return { entry: null, entryNotice: null };
  if (!isRecordId(asked))
    return { entry: null, entryNotice: `"${String(asked).slice(0, 40)}" is not an audit entry id. The link may be wrong.` };
  const id = Number(asked);
  try {
    const entry = await api.raw.getAuditEntry(id);
    return {
      entry: { ...entryView(entry, confirming), recordHref: entryRecordHref(entry, admin.adminAccessRoleSettings) },
      entryNotice: null,
    };
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    return { entry: null, entryNotice: error.kind === "not-found" ? `There is no audit entry #${id}.` : error.message };
  }
}

/** "Open the record": the record's own page only (not its area's list), when this admin may open it; an export's: the list as it was exported. */
function entryRecordHref(entry: AuditEntry, access: readonly string[]): string | null {
  if (exportedList(entry)) return auditEntryHref(entry, access);
  return entry.entity === "setting" ? settingHref(entry, access) : recordHref(entry, access);
}

/** The record the log is narrowed to, in words: from its newest entry, or its kind and id. */
function recordNameOf(rows: AuditEntry[], entity: string, id: string): string {
  const newest = rows[0];
  if (newest) return recordTitle(newest);
  return recordTitle({ entity, entity_id: id, before: null, after: null, record_name: null });
}

/**
 * The log's URL: the admin, kind of record, action and dates it is narrowed to (a value it cannot
 * use is dropped, with a note: the list still shows), one record's history (?entity=…&record=…),
 * paging. The export reads it too, so it writes what the page shows.
 */
export function readAuditLogQuery(params: URLSearchParams) {
  const raw = {
    admin: params.get("admin") ?? "",
    entity: params.get("entity") ?? "",
    action: params.get("action") ?? "",
    start_date: params.get("start_date") ?? "",
    end_date: params.get("end_date") ?? "",
    record: (params.get("record") ?? "").trim(),
  };
  const filterErrors: string[] = [];
  const dates = readDateRange(raw, { from: "From", to: "To" });
  filterErrors.push(...dates.errors);
  const pick = <K extends "admin" | "entity" | "action">(key: K, ok: boolean, what: string) => {
    if (raw[key] && !ok) filterErrors.push(`"${raw[key].slice(0, 40)}" is not ${what}: showing every one.`);
    return raw[key] && ok ? raw[key] : "";
  };
  const adminFilter = pick("admin", isRecordId(raw.admin), "an admin");
  const entityFilter = pick("entity", raw.entity in AUDIT_ENTITIES, "a kind of record");
  const actionFilter = pick("action", raw.action in AUDIT_ACTIONS, "an action");
  // one record's history ("All changes to this record"): its id within the kind of record chosen
  let recordFilter = "";
  if (raw.record) {
    if (!entityFilter) filterErrors.push("Choose a kind of record to see one record's changes: showing every one.");
    else if (raw.record.length > 80 || [...raw.record].some((ch) => ch.charCodeAt(0) < 32))
      filterErrors.push(`"${raw.record.slice(0, 40)}" is not a record: showing every one.`);
    else recordFilter = raw.record;
  }
  const paging = readPaging(params, AUDIT_PAGE_SIZE);
  const query = AuditListQuery.parse({
    admin: adminFilter,
    entity: entityFilter,
    action: actionFilter,
    start_date: dates.start_date,
    end_date: dates.end_date,
    entity_id: recordFilter || undefined,
    ...paging,
  });
  const filters = {
    admin: adminFilter,
    entity: entityFilter,
    action: actionFilter,
    start_date: dates.start_date ?? "",
    end_date: dates.end_date ?? "",
    record: recordFilter,
  };
  return { query, filters, filterErrors };
}

/** One entry as the list's row, in words. */
export function toAuditRow(row: AuditEntry): AuditLogRow {
  return {
    id: row.id,
    when: formatDateTime(row.created_at),
    admin: row.admin_username ?? "System",
    action: actionLabel(row.action),
    entity: entityLabel(row.entity),
    record: recordTitle(row),
    changed: changedFields(row),
  };
}

export async function auditLogLoader(request: Request, admin: AdminUser, api: Marketplace): Promise<AuditLogPageData> {
  const url = new URL(request.url);
  const params = url.searchParams;
  const { query, filters, filterErrors } = readAuditLogQuery(params);
  const { admin: adminFilter, entity: entityFilter, record: recordFilter } = filters;

  const [list, admins] = await Promise.all([api.listAuditEntries(query), api.raw.listAdminNames().catch(nullOnApiFailure)]);
  redirectPastLastPage(url, params, query.page, query.page_size, list.total);
  const { entry, entryNotice } = await entryFor(params.get("entry"), params.get("dialog") === "revert", admin, api);

  const adminOptions = (admins ?? []).map((a) => ({ value: String(a.adminUserId), label: a.adminUsername }));
  if (adminFilter && !adminOptions.some((o) => o.value === adminFilter))
    adminOptions.push({ value: adminFilter, label: `Admin #${adminFilter}` });

  return {
    rows: list.rows.map(toAuditRow),
    total: list.total,
    page: query.page,
    pageSize: query.page_size,
    pageSizes: [...PAGE_SIZES],
    filters,
    recordName: recordFilter ? recordNameOf(list.rows, entityFilter, recordFilter) : null,
    filterErrors,
    adminOptions,
    adminOptionsError: admins ? null : ADMINS_NOT_LISTED,
    entityOptions: Object.entries(AUDIT_ENTITIES).map(([value, label]) => ({ value, label })),
    actionOptions: Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label })),
    entry,
    entryNotice,
  };
}

/** The entry to revert, or null when the form names none (answered with a toast, as a refusal is). */
const RevertEntry = z.object({ entry: RevertForm.shape.entry.transform(Number).nullable().catch(null) });

/** "Revert" in the confirmation (intent=revert, entry=<id>): back to the list with the new entry open, or the reason it was refused. */
export function auditLogAction(request: Request, api: Marketplace) {
  const url = new URL(request.url);
  const back = (entryId?: number) => {
    const params = new URLSearchParams(url.search);
    params.delete("dialog");
    if (entryId) params.set("entry", String(entryId));
    else params.delete("entry");
    const query = params.toString();
    return AUDIT_LOG_PATH + (query ? `?${query}` : "");
  };
  return handleForm(request, api, {
    revert: intent(RevertEntry, async ({ entry: id }) => {
      if (id === null) return redirectWithToast(request, back(), { type: "error", message: "That audit entry could not be found." });
      try {
        const recorded = await api.revertAuditEntry(id);
        const params = new URLSearchParams(url.search);
        params.delete("page");
        params.delete("dialog");
        params.set("entry", String(recorded.id));
        return redirectWithToast(request, `${AUDIT_LOG_PATH}?${params}`, { type: "success", message: REVERT_MESSAGES.reverted });
      } catch (error) {
        if (!(error instanceof MarketplaceError)) throw error;
        const details = Object.values(error.fieldErrors);
        const message = details.length ? `${REVERT_MESSAGES.notRevertable}: ${details.join("; ")}` : error.message;
        return redirectWithToast(request, back(id), { type: "error", message });
      }
    }),
  });
}
