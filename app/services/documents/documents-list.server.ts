import { data } from "@remix-run/node";
import { toJsonText } from "~/models/json-text";
import {
  DOCUMENTS_DIALOG,
  REVIEW_DIALOGS,
  type DocumentsDialog,
  type DocumentsPageData,
  type DocumentsReview,
  type DocumentsRow,
  type ReviewDialog,
} from "~/models/documents";
import { isOneOf } from "~shared/one-of";
import { fileKindOf, type FileKind } from "~/models/file-types";
import { PAGE_SIZES } from "~contract/list-query";
import type { DocumentReviewRow } from "~contract/service-providers";
import { readDocumentsQuery } from "~/services/documents/list-query.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { formatDate, formatDateTime } from "~/utils/dates";

function panOf(r: DocumentReviewRow) {
  const pan = r.pan_verification_details;
  return {
    pan: pan?.verified_pan
      ? {
          number: pan.verified_pan.pan_number,
          name: pan.verified_pan.name_on_pan,
          verifiedAt: formatDateTime(pan.verified_pan.verified_at),
        }
      : null,
    face: pan ? { verified: pan.face_match_verified, score: pan.face_match_score, at: formatDateTime(pan.face_match_verified_at) } : null,
  };
}

const agreementsOf = (r: DocumentReviewRow) =>
  r.userId.agreements.map((a) => ({ version: a.version, acceptedAt: formatDateTime(a.accepted_at), ip: a.accepted_ip }));

const reviewOf = (r: DocumentReviewRow): DocumentsReview => ({
  status: r.review_status,
  reason: r.review_reason,
  by: r.reviewed_by_username ?? (r.reviewed_by !== null ? `#${r.reviewed_by}` : null),
  at: r.reviewed_at ? formatDateTime(r.reviewed_at) : null,
});

export function toRow(r: DocumentReviewRow): DocumentsRow {
  const counts: Record<FileKind, number> = { image: 0, pdf: 0, other: 0 };
  let thumb: DocumentsRow["thumb"] = null;
  for (const name of r.documents) {
    const kind = fileKindOf(name);
    counts[kind] += 1;
    if (kind === "image" && !thumb) thumb = { name, label: r.file_names[name] || name };
  }
  const agreements = r.userId.agreements;
  const latest = agreements.at(-1);
  return {
    id: r.serviceProvider_id,
    username: r.userId.username,
    phone: r.userId.phone,
    category: r.category?.categoryName ?? "—",
    updated: formatDate(r.updated_at),
    ...panOf(r),
    thumb,
    counts,
    agreement: latest ? { version: latest.version, acceptedAt: formatDateTime(latest.accepted_at), ip: latest.accepted_ip } : null,
    earlierAgreements: Math.max(0, agreements.length - 1),
    review: reviewOf(r),
  };
}

function toDialog(r: DocumentReviewRow): DocumentsDialog {
  return {
    id: r.serviceProvider_id,
    username: r.userId.username,
    ...panOf(r),
    documents: r.documents,
    fileNames: r.file_names,
    agreements: agreementsOf(r),
  };
}

/**
 * The documents review list: one page, searched, dated and sorted by the URL (400 when a filter is
 * refused); with ?dialog=documents&id=… also that row's every file and agreement (its dialog), with
 * ?dialog=approve|reject&id=… that row's review confirmation.
 */
export async function documentsListLoader(request: Request, api: Marketplace) {
  const url = new URL(request.url);
  const { query, raw, errors, sort } = readDocumentsQuery(url.searchParams);
  const list = await api.listProviderDocuments(query);
  const dialogId = url.searchParams.get("dialog") === DOCUMENTS_DIALOG ? Number(url.searchParams.get("id")) : NaN;
  const opened = Number.isInteger(dialogId) ? list.rows.find((r) => r.serviceProvider_id === dialogId) : undefined;
  // Approve / Reject: a row of this page (as the documents dialog), so the admin sees whom they review
  const kind = url.searchParams.get("dialog");
  const reviewed = isOneOf(REVIEW_DIALOGS, kind)
    ? list.rows.find((r) => String(r.serviceProvider_id) === url.searchParams.get("id"))
    : undefined;
  const reviewDialog: ReviewDialog | null =
    reviewed && isOneOf(REVIEW_DIALOGS, kind)
      ? { kind, id: reviewed.serviceProvider_id, username: reviewed.userId.username, review: reviewOf(reviewed) }
      : null;
  return data<DocumentsPageData>(
    {
      rows: toJsonText(list.rows.map(toRow)),
      total: list.total,
      page: query.page,
      pageSize: query.page_size,
      pageSizes: PAGE_SIZES,
      filters: raw,
      filterErrors: errors,
      sort,
      dialog: opened ? toDialog(opened) : null,
      reviewDialog,
    },
    { status: errors.length > 0 ? 400 : 200 },
  );
}
