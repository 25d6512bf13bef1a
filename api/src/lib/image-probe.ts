/**
 * What an uploaded image really is, read from its bytes (never its name or declared type):
 * a PNG (signature, then a well-formed chunk list from IHDR to IEND with correct CRCs) or an ICO
 * (header 00 00 01 00, a directory whose entries point inside the file at a PNG or a BMP image of the
 * size the entry gives; a width or height byte of 0 means 256). Anything else is null.
 */
import { crc32 } from "node:zlib";

export type ImageSize = { width: number; height: number };
export type ProbedImage =
  | { type: "png"; contentType: "image/png"; images: [ImageSize] }
  | { type: "ico"; contentType: "image/x-icon"; images: ImageSize[] };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const MAX_DIMENSION = 0x7fffffff;
const BMP_HEADER_SIZES = new Set([40, 52, 56, 108, 124]);
const BMP_BIT_COUNTS = new Set([1, 4, 8, 16, 24, 32]);

const viewOf = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((b, i) => bytes[i] === b);
}

/** The PNG's width and height, or null when it is not a whole, well-formed PNG. */
export function pngSize(bytes: Uint8Array): ImageSize | null {
  if (!isPng(bytes)) return null;
  const view = viewOf(bytes);
  let offset = PNG_SIGNATURE.length;
  let size: ImageSize | null = null;
  let hasData = false;
  while (offset + 12 <= bytes.length) {
    const length = view.getUint32(offset);
    const end = offset + 12 + length;
    if (length > MAX_DIMENSION || end > bytes.length) return null;
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    if (!/^[A-Za-z]{4}$/.test(type)) return null;
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) >>> 0 !== view.getUint32(offset + 8 + length)) return null;
    if (size === null) {
      if (type !== "IHDR" || length !== 13) return null;
      const width = view.getUint32(offset + 8);
      const height = view.getUint32(offset + 12);
      if (width === 0 || height === 0 || width > MAX_DIMENSION || height > MAX_DIMENSION) return null;
      size = { width, height };
    } else if (type === "IDAT") {
      hasData = true;
    } else if (type === "IEND") {
      return hasData ? size : null;
    }
    offset = end;
  }
  return null;
}

/** An ICO's images (as its directory gives them, each checked against the image it points at), or null. */
export function icoSizes(bytes: Uint8Array): ImageSize[] | null {
  if (bytes.length < 6) return null;
  const view = viewOf(bytes);
  if (view.getUint16(0, true) !== 0 || view.getUint16(2, true) !== 1) return null;
  const count = view.getUint16(4, true);
  const directoryEnd = 6 + 16 * count;
  if (count === 0 || directoryEnd > bytes.length) return null;
  const images: ImageSize[] = [];
  for (let i = 0; i < count; i++) {
    const entry = 6 + 16 * i;
    const width = bytes[entry] || 256;
    const height = bytes[entry + 1] || 256;
    const size = view.getUint32(entry + 8, true);
    const offset = view.getUint32(entry + 12, true);
    if (size === 0 || offset < directoryEnd || offset + size > bytes.length) return null;
    const image = bytes.subarray(offset, offset + size);
    if (isPng(image)) {
      const png = pngSize(image);
      if (!png || png.width !== width || png.height !== height) return null;
    } else {
      // a BMP without its file header: BITMAPINFOHEADER (or a later version), height doubled for the mask
      if (image.length < 40) return null;
      const dib = viewOf(image);
      const headerSize = dib.getUint32(0, true);
      if (!BMP_HEADER_SIZES.has(headerSize) || image.length < headerSize) return null;
      const dibWidth = dib.getInt32(4, true);
      const dibHeight = dib.getInt32(8, true);
      if (dibWidth !== width || (dibHeight !== 2 * height && dibHeight !== height)) return null;
      if (dib.getUint16(12, true) !== 1 || !BMP_BIT_COUNTS.has(dib.getUint16(14, true))) return null;
    }
    images.push({ width, height });
  }
  return images;
}

/** A PNG or an ICO, told by content; null for anything else (or a damaged one). */
export function probeImage(bytes: Uint8Array): ProbedImage | null {
  const png = pngSize(bytes);
  if (png) return { type: "png", contentType: "image/png", images: [png] };
  const ico = icoSizes(bytes);
  if (ico) return { type: "ico", contentType: "image/x-icon", images: ico };
  return null;
}
