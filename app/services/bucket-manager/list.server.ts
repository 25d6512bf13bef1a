import { data } from "@remix-run/node";
import { readSearch } from "~/services/list-query.server";
import { BUCKET_MESSAGES as M, type StoredFileRecord } from "~contract/bucket-manager";
import { humanSize, previewKindOf } from "~/models/bucket-manager-labels";
import {
  BUCKET_DIALOG_KEYS,
  bucketFileHref,
  type BucketDialog,
  type BucketNotice,
  type BucketPageData,
  type BucketRow,
} from "~/models/bucket-manager-page";
import { isRecordId } from "~contract/ids";
import { PAGE_SIZES } from "~contract/list-query";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { BucketListParams } from "~/services/marketplace/bucket-manager.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { formatUploadedAt, parseCalendarDate } from "~/utils/dates";
import { isOneOf } from "~shared/one-of";

/** spec 3 §2.11: en-US short month, 12-hour with seconds (the one formatter, app/utils/dates.ts) */
export { formatUploadedAt };

export function toRow(file: StoredFileRecord): BucketRow {
  return {
    id: file.id,
    name: file.file_name,
    kind: previewKindOf(file.file_name),
    uploadedAt: formatUploadedAt(file.uploaded_at),
    size: humanSize(file.size),
    href: bucketFileHref(file.file_name),
  };
}

/**
 * The page's URL: ?search= (part of the name), ?uploaded_at=YYYY-MM-DD (one India day),
 * ?page_size=, ?token= (a page's continuation token), ?unused=1 (post images no post uses), and
 * the dialogs ?preview=<id>, ?dialog=delete&id=<id>, ?unused=1&dialog=sweep.
 */
export function readBucketQuery(params: URLSearchParams) {
  const errors: string[] = [];
  const query: BucketListParams = {};
  const search = readSearch(params, errors);
  if (search) query.search = search;
  const date = (params.get("uploaded_at") ?? "").trim();
  if (date) {
    if (parseCalendarDate(date)) query.uploaded_at = date;
    else errors.push(M.badDate);
  }
  const size = Number(params.get("page_size"));
  query.page_size = isOneOf(PAGE_SIZES, size) ? size : PAGE_SIZES[0];
  const unused = params.get("unused") === "1";
  if (unused) query.unused = "1";
  const token = (params.get("token") ?? "").trim();
  if (token) query.continuation_token = token;
  const dialog = params.get("dialog");
  const asked =
    dialog === "sweep" && unused
      ? ({ kind: "sweep", id: "" } as const)
      : dialog === "delete"
        ? ({ kind: "delete", id: (params.get("id") ?? "").trim() } as const)
        : params.has("preview")
          ? ({ kind: "preview", id: (params.get("preview") ?? "").trim() } as const)
          : null;
  return { query, search, date, unused, errors, asked };
}

/** The list's URL without the dialogs' keys. */
export function bucketListUrl(url: URL): string {
  const params = new URLSearchParams(url.search);
  for (const key of BUCKET_DIALOG_KEYS) params.delete(key);
  const query = params.toString();
  return url.pathname + (query ? `?${query}` : "");
}

/** The dialog's file: from the page when it is there, else asked of the API (a bookmarked or shared URL). */
async function dialogFor(
  asked: ReturnType<typeof readBucketQuery>["asked"],
  rows: BucketRow[],
  api: Marketplace,
): Promise<{ dialog: BucketDialog | null; notice: BucketNotice | null }> {
  if (!asked || asked.kind === "sweep") return { dialog: null, notice: null };
  const gone = {
    dialog: null,
    notice: {
      title: M.notFound,
      message: "No stored file has this id: it may have been deleted, or the link is wrong.",
      tone: "error" as const,
    },
  };
  if (!isRecordId(asked.id)) return gone;
  let row = rows.find((r) => r.id === Number(asked.id));
  if (!row) {
    try {
      row = toRow(await api.raw.getStoredFile(Number(asked.id)));
    } catch (error) {
      if (error instanceof MarketplaceError && error.kind === "not-found") return gone;
      throw error;
    }
  }
  return { dialog: { kind: asked.kind, row }, notice: null };
}

/** S3 Bucket Manager: one page of the catalogue and the dialog its URL asks for. */
export async function bucketListLoader(request: Request, api: Marketplace) {
  const url = new URL(request.url);
  const { query, search, date, unused, errors, asked } = readBucketQuery(url.searchParams);
  const base = { search, date, unused, pageSize: query.page_size ?? PAGE_SIZES[0], filterErrors: errors };
  const empty = { rows: [], total: 0, from: 0, to: 0, nextToken: null, previousToken: null, dialog: null, notice: null };
  if (errors.length > 0) return data<BucketPageData>({ ...empty, ...base, loadError: null }, { status: 400 });
  try {
    const page = await api.raw.listStoredFiles(query);
    const rows = page.results.map(toRow);
    const found = await dialogFor(asked, rows, api);
    const { notice } = found;
    // the sweep's confirmation carries when the admin looked: what is uploaded after it is kept
    const dialog: BucketDialog | null =
      asked?.kind === "sweep" ? { kind: "sweep", before: new Date().toISOString(), count: page.total } : found.dialog;
    return data<BucketPageData>({
      ...base,
      rows,
      total: page.total,
      from: rows.length ? page.start_index : 0,
      to: rows.length ? page.start_index + rows.length - 1 : 0,
      nextToken: page.next_continuation_token,
      previousToken: page.previous_continuation_token,
      loadError: null,
      dialog,
      notice,
    });
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    const loadError = { title: M.listFailed, message: error.message, tone: "error" as const };
    return data<BucketPageData>({ ...empty, ...base, loadError }, { status: error.kind === "invalid" ? 400 : 503 });
  }
}
