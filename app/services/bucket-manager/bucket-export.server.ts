import { BUCKET_COLUMNS, type BucketRow } from "~/models/bucket-manager-page";
import { readBucketQuery, toRow } from "~/services/bucket-manager/list.server";
import { EXPORT_PAGE_SIZE, type ListExport } from "~/services/list-export.server";
import type { BucketListParams } from "~/services/marketplace/bucket-manager.server";

/**
 * The stored files as an export: searched, on the upload day and under the tab (All / Unused) the
 * page shows, newest first, every file from the first (the page's continuation token is not the
 * filter). It pages as the list does: each page's next continuation token (a keyset on upload time).
 */
export const BUCKET_FILES_EXPORT: ListExport<BucketListParams, BucketRow> = {
  list: "bucket-files",
  path: "/admin/s3-bucket-manager",
  columns: BUCKET_COLUMNS,
  readQuery: (params) => {
    const { query, errors } = readBucketQuery(params);
    delete query.continuation_token;
    return { query, errors };
  },
  notFilter: ["token", "preview", "dialog", "id"],
  page: async (api, query, at) => {
    const list = await api.listStoredFiles({ ...query, page_size: EXPORT_PAGE_SIZE, continuation_token: at.cursor });
    return { rows: list.results.map(toRow), total: list.total, next: list.next_continuation_token };
  },
};
