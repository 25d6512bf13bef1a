import { data } from "@remix-run/node";
import type { DocumentsPageData, DocumentsRow } from "~/models/documents";
import { PAGE_SIZES } from "~contract/list-query";
import type { DocumentReviewRow } from "~contract/service-providers";
import { readDocumentsQuery } from "~/services/documents/list-query.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { formatDate, formatDateTime } from "~/utils/dates";

function toRow(r: DocumentReviewRow): DocumentsRow {
  const pan = r.pan_verification_details;
  return {
    id: r.serviceProvider_id,
    username: r.userId.username,
    phone: r.userId.phone,
    category: r.category?.categoryName ?? "—",
    updated: formatDate(r.updated_at),
    pan: pan?.verified_pan
      ? {
          number: pan.verified_pan.pan_number,
          name: pan.verified_pan.name_on_pan,
          verifiedAt: formatDateTime(pan.verified_pan.verified_at),
        }
      : null,
    face: pan ? { verified: pan.face_match_verified, score: pan.face_match_score, at: formatDateTime(pan.face_match_verified_at) } : null,
    documents: r.documents,
    fileNames: r.file_names,
    agreements: r.userId.agreements.map((a) => ({ version: a.version, acceptedAt: formatDateTime(a.accepted_at), ip: a.accepted_ip })),
  };
}

/** The documents review list: one page, searched, dated and sorted by the URL (400 when a filter is refused). */
export async function documentsListLoader(request: Request, api: Marketplace) {
  const url = new URL(request.url);
  const { query, raw, errors, sort } = readDocumentsQuery(url.searchParams);
  const list = await api.listProviderDocuments(query);
  return data<DocumentsPageData>(
    {
      rows: list.rows.map(toRow),
      total: list.total,
      page: query.page,
      pageSize: query.page_size,
      pageSizes: PAGE_SIZES,
      filters: raw,
      filterErrors: errors,
      sort,
    },
    { status: errors.length > 0 ? 400 : 200 },
  );
}
