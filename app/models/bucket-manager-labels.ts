/** What only the admin uses of ~contract/bucket-manager-labels (the shared part stays in contract/bucket-manager-labels.ts). */
import { BUCKET_MAX_FILES } from "~contract/bucket-manager-labels";

/** one request of the bucket manager's plain form (without JavaScript): at most this much together (models/upload-limits.ts's row) */
export const BUCKET_REQUEST_MAX_BYTES = 50 * 1024 * 1024;
export const BUCKET_REQUEST_MAX_TEXT = "50 MB";
export const BUCKET_TOO_LARGE_TOGETHER = `The files together are larger than ${BUCKET_REQUEST_MAX_TEXT}. Upload at most ${BUCKET_MAX_FILES} files of at most 10 MB each, ${BUCKET_REQUEST_MAX_TEXT} at once.`;

/** What the file picker offers (the API checks each file's content, not this list). */
export const BUCKET_ACCEPT = ".jpg,.jpeg,.png,.gif,.webp,.pdf,.doc,.docx,.ppt,.pptx,.mp4,.mov";

/** How a row's preview is drawn, by extension. */
export type PreviewKind = "image" | "pdf" | "doc" | "video" | "other";
export function previewKindOf(name: string): PreviewKind {
  const ext = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  if (["jpg", "jpeg", "png", "gif", "webp", "jfif"].includes(ext)) return "image";
  if (ext === "pdf") return "pdf";
  if (["doc", "docx", "ppt", "pptx", "txt"].includes(ext)) return "doc";
  if (["mp4", "mov"].includes(ext)) return "video";
  return "other";
}

/** A size in bytes as people read it: 512 B, 1.5 KB, 2.3 MB. */
export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(1)} GB`;
}
