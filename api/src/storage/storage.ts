import { contentTypeOf, isValidFileName } from "~contract/file-types";

/**
 * One storage interface for every stored file (documents, photos, post images, the bucket
 * manager): a local folder by default, S3-compatible object storage when configured (DESIGN §1).
 * Names are flat keys ("pan-card-Document.pdf"); folders and traversal are refused.
 */
export type StoredFile = {
  body: ReadableStream<Uint8Array>;
  size: number;
  contentType: string;
};

/** One stored file as a listing shows it. */
export type FileEntry = {
  name: string;
  size: number;
  lastModified: Date;
  /** the bucket's ETag of the object (S3 only; a backup's listing records it) */
  etag?: string;
};

export type FileListOptions = {
  /** only names that start with this */
  prefix?: string;
  /** at most this many files per page (1-1000, default 1000) */
  limit?: number;
  /** the nextToken of the previous page */
  token?: string;
};

export type FileListPage = {
  /** in name order; a page may hold fewer than `limit` files even when more follow */
  files: FileEntry[];
  /** absent on the last page */
  nextToken?: string;
};

export interface FileStorage {
  /** the file, or null when no file has this name */
  get(name: string): Promise<StoredFile | null>;
  put(name: string, bytes: Uint8Array, contentType?: string): Promise<void>;
  /** writes a stream of any length without holding it in memory (a multipart upload on S3) */
  putStream(name: string, body: ReadableStream<Uint8Array>, contentType?: string): Promise<void>;
  exists(name: string): Promise<boolean>;
  /** removing a name that is not stored is not an error */
  delete(name: string): Promise<void>;
  list(options?: FileListOptions): Promise<FileListPage>;
  /**
   * A URL that reads the file without the API's secret for `expiresInSeconds` (default 300), or
   * null when this storage cannot hand out such URLs (the local folder): stream it through the API.
   */
  presignedUrl(name: string, expiresInSeconds?: number): Promise<string | null>;
}

export const MAX_LIST_LIMIT = 1000;

/** A list limit within 1..MAX_LIST_LIMIT. */
export function listLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return MAX_LIST_LIMIT;
  return Math.min(MAX_LIST_LIMIT, Math.max(1, Math.floor(limit)));
}

export const DEFAULT_PRESIGN_SECONDS = 300;

export class BadFileNameError extends Error {
  constructor(name: string) {
    super(`Not a file name: ${JSON.stringify(name.slice(0, 80))}`);
    this.name = "BadFileNameError";
  }
}

/** One plain name: letters, digits, space and ._()+- ; no folders, no "..", no leading dot. */
export { isValidFileName };

export function assertFileName(name: string): void {
  if (!isValidFileName(name)) throw new BadFileNameError(name);
}

export { contentTypeOf };
