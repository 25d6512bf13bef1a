import type { ActivityRecord, ProviderDetail } from "~contract/service-providers";
import type { DocumentCell } from "~/models/service-providers";
import type { FieldChange } from "~contract/activity";
import { fieldsChangedSummary, parseActivityDetails } from "~/utils/activity-details";
import { formatDateTime } from "~/utils/dates";
import { looksLikeFileName, splitFileNames } from "~/models/file-types";
import { DOCUMENT_FILE_FIELDS, type ProviderDocumentRecord } from "~contract/provider-documents";

export const PROVIDER_LIST_PATH = "/admin/service-provider";
export const ACTIVITY_PAGE_SIZE = 10;

/** ?back= when it is the provider list (with its filters); anything else → the plain list. */
export function safeBack(value: string | null): string {
  if (!value || value.includes("\\") || value.includes("//")) return PROVIDER_LIST_PATH;
  try {
    const url = new URL(value, "http://admin.invalid");
    if (url.origin !== "http://admin.invalid" || url.pathname !== PROVIDER_LIST_PATH) return PROVIDER_LIST_PATH;
    return url.pathname + url.search;
  } catch {
    return PROVIDER_LIST_PATH;
  }
}

export type ActivityRow = {
  id: number;
  timestamp: string;
  category: string;
  status: "updated" | "no_changes";
  count: number;
  names: string;
  changes: FieldChange[];
};

/** Readable activities only (spec 1 §2.14: the others are hidden and not counted). */
export function toActivityRows(records: readonly ActivityRecord[]): ActivityRow[] {
  const rows: ActivityRow[] = [];
  for (const record of records) {
    const details = parseActivityDetails(record.details);
    if (!details) continue;
    const { count, names } = fieldsChangedSummary(details.changes);
    rows.push({
      id: record.id,
      timestamp: formatDateTime(record.activity_timestamp),
      category: record.activity_category,
      status: details.status,
      count,
      names,
      changes: details.changes,
    });
  }
  return rows;
}

/** One page of the history (10 a page); a page past the end shows the last one. */
export function historyPage<T>(rows: readonly T[], asked: number | null) {
  const pages = Math.max(1, Math.ceil(rows.length / ACTIVITY_PAGE_SIZE));
  const page = Math.min(asked ?? 1, pages);
  return { rows: rows.slice((page - 1) * ACTIVITY_PAGE_SIZE, page * ACTIVITY_PAGE_SIZE), page, total: rows.length };
}

/** A whole number from 1 to 1,000,000 in the URL's `key`, else null. */
export function readPositive(params: URLSearchParams, key: string): number | null {
  const value = params.get(key);
  const n = value === null ? NaN : Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : null;
}

/** The profile documents table (spec 1 §2.12): address, then each document field. */
export function documentRows(provider: ProviderDetail): { label: string; cell: DocumentCell }[] {
  const address = [provider.locality, provider.city, provider.state, provider.country, provider.pincode]
    .map((v) => v.trim())
    .filter(Boolean)
    .join(", ");
  const rows: { label: string; cell: DocumentCell }[] = [{ label: "Address", cell: { kind: "text", text: address || "—" } }];
  const docs = provider.documents;
  if (!docs) return rows;
  const fileOrText = (value: string | null): DocumentCell => {
    const names = splitFileNames(value);
    if (names.length > 0 && names.every(looksLikeFileName)) {
      // each file's own name, where it was chosen under one
      const labels = Object.fromEntries(names.flatMap((name) => (docs.file_names[name] ? [[name, docs.file_names[name]]] : [])));
      return { kind: "files", names, labels };
    }
    return { kind: "text", text: value?.trim() || "—" };
  };
  rows.push({ label: "ProfileDocument_id", cell: { kind: "text", text: String(docs.ProfileDocument_id) } });
  rows.push({ label: "profilePhoto", cell: fileOrText(docs.profilePhoto) });
  rows.push({ label: "portfolio", cell: fileOrText(docs.portfolio) });
  rows.push({ label: "companyProfile", cell: fileOrText(docs.companyProfile) });
  const link = docs.websiteLink?.trim();
  rows.push({
    label: "websiteLink",
    cell: link && /^https?:\/\//i.test(link) ? { kind: "link", href: link } : link ? fileOrText(link) : { kind: "text", text: "—" },
  });
  rows.push({ label: "created_at", cell: { kind: "text", text: formatDateTime(docs.created_at) } });
  rows.push({ label: "updated_at", cell: { kind: "text", text: formatDateTime(docs.updated_at) } });
  return rows;
}

/** Every file name among the provider's documents (what its file route may serve). */
export function providerFileNames(provider: ProviderDetail): Set<string> {
  const docs = provider.documents;
  if (!docs) return new Set();
  return new Set([docs.profilePhoto, docs.portfolio, docs.companyProfile, docs.websiteLink].flatMap(splitFileNames));
}

/** Every file a provider's documents row names (the wizard's Documents & Terms step links them all). */
export function documentFileNames(record: ProviderDocumentRecord | null): Set<string> {
  if (!record) return new Set();
  return new Set(DOCUMENT_FILE_FIELDS.flatMap((field) => splitFileNames(record[field])));
}
