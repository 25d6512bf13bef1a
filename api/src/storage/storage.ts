import { isValidFileName } from "../../../app/models/file-types";

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

const TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  jfif: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  svg: "image/svg+xml",
  pdf: "application/pdf",
  txt: "text/plain; charset=utf-8",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  mp4: "video/mp4",
  mov: "video/quicktime",
  mp3: "audio/mpeg",
};

export function contentTypeOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return (dot >= 0 && TYPES[name.slice(dot + 1).toLowerCase()]) || "application/octet-stream";
}
