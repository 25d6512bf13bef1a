/** What only the admin uses of ~contract/audit-log (the shared part stays in contract/audit-log.ts). */
import { AuditEntry } from "~contract/audit-log";
import { z } from "zod";
import { paginated } from "~contract/api";
import { INT4_MAX, isRecordId } from "~contract/ids";

/** The audit log's form: "Revert" in the confirmation (intent=revert, entry=<id>). */
export const RevertForm = z.object({
  intent: z.literal("revert", { errorMap: () => ({ message: "Unknown intent" }) }),
  entry: z.string({ required_error: "That audit entry could not be found." }).refine(isRecordId, "That audit entry could not be found."),
});

/** The header's "Mark all read" (and opening the menu, with JavaScript): read up to this entry; redirectTo: back to the page (no JavaScript). */
export const MarkSeenForm = z.object({
  up_to: z.coerce
    .number({ invalid_type_error: "Reload the page and try again" })
    .int("Reload the page and try again")
    .min(0, "Reload the page and try again")
    .max(INT4_MAX, "Reload the page and try again"),
  redirectTo: z.string().max(2000).optional(),
});

export const AuditPage = paginated(AuditEntry);
export type AuditPage = z.infer<typeof AuditPage>;

/** One row of the Audit log screen, in words. */
export type AuditLogRow = {
  id: number;
  when: string;
  admin: string;
  action: string;
  entity: string;
  record: string;
  changed: string;
};

/** A value as shown: its pieces (list items, runs of text), the changed ones highlighted. */
export type ValuePiece = { text: string; changed: boolean };
/** One changed field of an entry; pieces (with the separator between them) when the change is highlighted within the value. */
export type AuditChangeRow = {
  field: string;
  before: string;
  after: string;
  beforePieces?: ValuePiece[];
  afterPieces?: ValuePiece[];
  separator?: string;
  /** e.g. "Reordered": the same items in a new order */
  note?: string;
};

/** The entry dialog (?entry=<id>): before and after side by side. */
export type AuditEntryView = {
  id: number;
  title: string;
  when: string;
  admin: string;
  changes: AuditChangeRow[];
  /** the record's page, when it has one and this admin may open it */
  recordHref: string | null;
  /** the words of recordHref's link: "Open the record", or for an export "Open the list as exported" */
  recordLinkText: string;
  /** this admin's "Revert this change" would go through now (the API's answer): offered */
  revertable: boolean;
  /** a change of a kind that reverts, which this admin cannot revert now: why (no access, their own admin user, the record deleted or changed since) */
  revertNote: string | null;
  /** ?dialog=revert on a revertable entry: the confirmation is shown */
  confirmRevert: boolean;
  /** "This reverted entry #12" */
  revertsId: number | null;
  /** made by this bulk job (its page: /admin/jobs/{id}) */
  jobId: number | null;
  /** the request that made it (x-request-id), as the servers' logs have it */
  requestId: string | null;
};

export type AuditLogPageData = {
  rows: AuditLogRow[];
  total: number;
  page: number;
  pageSize: number;
  pageSizes: number[];
  filters: { admin: string; entity: string; action: string; start_date: string; end_date: string; record: string };
  /** the record the log is narrowed to (?entity=…&record=…), in words; null when not narrowed */
  recordName: string | null;
  filterErrors: string[];
  adminOptions: { value: string; label: string }[];
  /** null when the admins could not be listed (the filter says so) */
  adminOptionsError: string | null;
  entityOptions: { value: string; label: string }[];
  actionOptions: { value: string; label: string }[];
  entry: AuditEntryView | null;
  /** an ?entry= that could not be shown, and why */
  entryNotice: string | null;
};
