import { contentTypeOf, isValidFileName } from "../../../app/models/file-types";

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

export interface FileStorage {
  /** the file, or null when no file has this name */
  get(name: string): Promise<StoredFile | null>;
  put(name: string, bytes: Uint8Array, contentType?: string): Promise<void>;
  exists(name: string): Promise<boolean>;
  delete(name: string): Promise<void>;
}

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
