/**
 * What an uploaded file really is, read from its bytes (never its name or declared type), for the
 * bucket manager's uploads: the web images of image-probe.ts (PNG, JPEG, WebP, GIF, each checked
 * whole), PDF (%PDF- … %%EOF), MP4 / QuickTime (an ftyp box), Word / PowerPoint 97-2003 (an OLE
 * compound file), DOCX / PPTX (a zip holding word/document.xml or ppt/presentation.xml) and the
 * videos AVI (RIFF … AVI), FLV (FLV 1) and WMV (an ASF header object).
 * The name's extension must agree with what the bytes are.
 */
import { probeWebImage } from "./image-probe";

export type SniffedFile = {
  type: "png" | "jpeg" | "webp" | "gif" | "pdf" | "mp4" | "mov" | "ole" | "docx" | "pptx" | "avi" | "flv" | "wmv";
  contentType: string;
  /** the extensions a name may have for this content */
  extensions: readonly string[];
};

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));
const ASF_HEADER = [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c];
const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function holds(bytes: Uint8Array, text: string): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(text, 0, "latin1");
}

const IMAGE_EXTENSIONS: Record<string, readonly string[]> = { png: ["png"], jpeg: ["jpg", "jpeg", "jfif"], webp: ["webp"], gif: ["gif"] };

/** The file's type told by content, or null when it is none of the accepted types (or damaged). */
export function sniffFile(bytes: Uint8Array): SniffedFile | null {
  const image = probeWebImage(bytes);
  if (image) return { type: image.type, contentType: image.contentType, extensions: IMAGE_EXTENSIONS[image.type] };
  if (bytes.length >= 8 && ascii(bytes, 0, 5) === "%PDF-") {
    const tail = bytes.subarray(Math.max(0, bytes.length - 1024));
    if (holds(tail, "%%EOF")) return { type: "pdf", contentType: "application/pdf", extensions: ["pdf"] };
    return null;
  }
  if (bytes.length >= 16 && ascii(bytes, 4, 4) === "ftyp") {
    const brand = ascii(bytes, 8, 4);
    if (brand === "qt  ") return { type: "mov", contentType: "video/quicktime", extensions: ["mov"] };
    return { type: "mp4", contentType: "video/mp4", extensions: ["mp4", "m4v", "mov"] };
  }
  if (bytes.length >= 16 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "AVI ") {
    return { type: "avi", contentType: "video/x-msvideo", extensions: ["avi"] };
  }
  if (bytes.length >= 9 && ascii(bytes, 0, 3) === "FLV" && bytes[3] === 0x01)
    return { type: "flv", contentType: "video/x-flv", extensions: ["flv"] };
  if (bytes.length >= 30 && ASF_HEADER.every((b, i) => bytes[i] === b))
    return { type: "wmv", contentType: "video/x-ms-wmv", extensions: ["wmv", "asf"] };
  if (bytes.length >= 512 && OLE_SIGNATURE.every((b, i) => bytes[i] === b)) {
    return { type: "ole", contentType: "application/octet-stream", extensions: ["doc", "ppt"] };
  }
  if (
    bytes.length >= 30 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    bytes[2] === 0x03 &&
    bytes[3] === 0x04 &&
    holds(bytes, "[Content_Types].xml")
  ) {
    if (holds(bytes, "word/document.xml"))
      return { type: "docx", contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extensions: ["docx"] };
    if (holds(bytes, "ppt/presentation.xml"))
      return {
        type: "pptx",
        contentType: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        extensions: ["pptx"],
      };
  }
  return null;
}

/** The content type to store a sniffed file under: an OLE file's is the name's (doc or ppt). */
export function storedContentType(sniffed: SniffedFile, extension: string): string {
  if (sniffed.type !== "ole") return sniffed.contentType;
  return extension === "ppt" ? "application/vnd.ms-powerpoint" : "application/msword";
}
