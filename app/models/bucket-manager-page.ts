/**
 * What the S3 Bucket Manager's loader and actions hand the page (no zod: the browser imports it).
 */
import type { PreviewKind } from "./bucket-manager-labels";
import { plain, type ListColumn } from "./list-columns";

export type BucketRow = {
  id: number;
  name: string;
  kind: PreviewKind;
  /** "Nov 25, 2026, 3:04:05 PM" (India time) */
  uploadedAt: string;
  /** "12.3 KB" */
  size: string;
  /** the admin's own route that streams the file */
  href: string;
};

/** The stored files' columns: the table's and the export's (the table adds the Preview after the name, and the Delete action). */
export const BUCKET_COLUMNS: readonly ListColumn<BucketRow>[] = [
  { key: "name", header: "Name", width: 48, value: (r) => r.name },
  { key: "uploaded", header: "Uploaded At", width: 26, value: (r) => plain(r.uploadedAt) },
  { key: "size", header: "Size", width: 12, value: (r) => plain(r.size) },
];

export type BucketNotice = { title: string; message: string; tone: "info" | "error" };

export type BucketDialog =
  | { kind: "preview"; row: BucketRow }
  | { kind: "delete"; row: BucketRow }
  /** the Unused filter's sweep: the files listed when the admin looked (at `before`) */
  | { kind: "sweep"; before: string; count: number };

export type BucketPageData = {
  rows: BucketRow[];
  total: number;
  /** 1-based positions of the page's first and last rows (0 when empty) */
  from: number;
  to: number;
  nextToken: string | null;
  previousToken: string | null;
  search: string;
  date: string;
  /** the Unused filter: only post images that no post uses */
  unused: boolean;
  pageSize: number;
  filterErrors: string[];
  loadError: BucketNotice | null;
  dialog: BucketDialog | null;
  notice: BucketNotice | null;
};

export type UploadResult = { name: string; ok: boolean; message: string };

/** An action that changed nothing (or an upload with per-file results): the page says why. */
export type BucketActionData = { notice?: BucketNotice; uploads?: UploadResult[] };

/** The URL keys of the dialogs: dropped when going back to the plain list. */
export const BUCKET_DIALOG_KEYS = ["dialog", "id", "preview"] as const;

export const BUCKET_PATH = "/admin/s3-bucket-manager";
export const bucketFileHref = (name: string) => `${BUCKET_PATH}/files/${encodeURIComponent(name)}`;
export const BUCKET_UPLOAD_ROUTE = `${BUCKET_PATH}/upload`;
