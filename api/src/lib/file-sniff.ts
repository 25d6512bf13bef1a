/**
 * What an uploaded file really is, read from its bytes (never its name or declared type), for the
 * bucket manager's and the provider documents' uploads: file-type tells it (walking a zip for DOCX /
 * PPTX). Accepted: the web images of image-probe.ts (each checked whole), PDF (ending in %%EOF),
 * MP4 / QuickTime, Word / PowerPoint 97-2003 (an OLE compound file), DOCX / PPTX and the videos AVI,
 * FLV and WMV. The name's extension must agree with what the bytes are.
 */
import { fileTypeFromBuffer } from "file-type";
import { probeWebImage } from "./image-probe";

export type SniffedFile = {
  type: "png" | "jpeg" | "webp" | "gif" | "pdf" | "mp4" | "mov" | "ole" | "docx" | "pptx" | "avi" | "flv" | "wmv";
  contentType: string;
  /** the extensions a name may have for this content */
  extensions: readonly string[];
};

const IMAGE_EXTENSIONS: Record<string, readonly string[]> = { png: ["png"], jpeg: ["jpg", "jpeg", "jfif"], webp: ["webp"], gif: ["gif"] };

const mp4: SniffedFile = { type: "mp4", contentType: "video/mp4", extensions: ["mp4", "m4v", "mov"] };
/** file-type's extension → what we accept it as (our content types, as stored before file-type) */
const ACCEPTED: Record<string, SniffedFile> = {
  pdf: { type: "pdf", contentType: "application/pdf", extensions: ["pdf"] },
  mov: { type: "mov", contentType: "video/quicktime", extensions: ["mov"] },
  // the ISO media videos file-type names apart (an ftyp box) are stored as MP4, as before
  mp4,
  m4v: mp4,
  m4p: mp4,
  f4v: mp4,
  "3gp": mp4,
  "3g2": mp4,
  avi: { type: "avi", contentType: "video/x-msvideo", extensions: ["avi"] },
  flv: { type: "flv", contentType: "video/x-flv", extensions: ["flv"] },
  asf: { type: "wmv", contentType: "video/x-ms-wmv", extensions: ["wmv", "asf"] },
  cfb: { type: "ole", contentType: "application/octet-stream", extensions: ["doc", "ppt"] },
  docx: { type: "docx", contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extensions: ["docx"] },
  pptx: {
    type: "pptx",
    contentType: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    extensions: ["pptx"],
  },
};

/** A PDF ends with %%EOF (in its last KB): a cut-off one is refused. */
const pdfIsWhole = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes("%%EOF", Math.max(0, bytes.length - 1024), "latin1");

/** The file's type told by content, or null when it is none of the accepted types (or damaged). */
export async function sniffFile(bytes: Uint8Array): Promise<SniffedFile | null> {
  const image = await probeWebImage(bytes);
  if (image) return { type: image.type, contentType: image.contentType, extensions: IMAGE_EXTENSIONS[image.type] };
  const ext = (await fileTypeFromBuffer(bytes))?.ext;
  const accepted = ext && Object.hasOwn(ACCEPTED, ext) ? ACCEPTED[ext] : null;
  if (accepted?.type === "pdf" && !pdfIsWhole(bytes)) return null;
  return accepted;
}

/** The content type to store a sniffed file under: an OLE file's is the name's (doc or ppt). */
export function storedContentType(sniffed: SniffedFile, extension: string): string {
  if (sniffed.type !== "ole") return sniffed.contentType;
  return extension === "ppt" ? "application/vnd.ms-powerpoint" : "application/msword";
}
