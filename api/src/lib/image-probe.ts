/**
 * What an uploaded image really is, read from its bytes (never its name or declared type):
 * a PNG (signature, then a well-formed chunk list from IHDR to IEND with correct CRCs) or an ICO
 * (header 00 00 01 00, a directory whose entries point inside the file at a PNG or a BMP image of the
 * size the entry gives; a width or height byte of 0 means 256). Anything else is null. Posts' images
 * (probeWebImage) may also be a JPEG, WebP or GIF.
 */
import { crc32 } from "node:zlib";

export type ImageSize = { width: number; height: number };
export type ProbedImage =
  { type: "png"; contentType: "image/png"; images: [ImageSize] } | { type: "ico"; contentType: "image/x-icon"; images: ImageSize[] };

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

/** A web image for a post: PNG, JPEG, WebP or GIF, told by content. */
/** The types probeWebImage knows (the post images' Content-Type is one of them). */
export const WEB_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;

export type WebImage = {
  type: "png" | "jpeg" | "webp" | "gif";
  contentType: (typeof WEB_IMAGE_TYPES)[number];
  /** the extension it is stored under */
  extension: "png" | "jpg" | "webp" | "gif";
} & ImageSize;

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));

/** A JPEG's size: SOI, then well-formed segments up to the scan, one of them a frame header (SOFn). */
export function jpegSize(bytes: Uint8Array): ImageSize | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return null;
  const view = viewOf(bytes);
  let offset = 2;
  let size: ImageSize | null = null;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    let marker = bytes[offset + 1];
    // fill bytes before a marker
    while (marker === 0xff && offset + 2 < bytes.length) marker = bytes[++offset + 1];
    if (marker === 0xd8 || marker === 0xd9 || marker === 0x00) return null;
    if (marker >= 0xd0 && marker <= 0xd7) {
      offset += 2;
      continue;
    }
    const length = view.getUint16(offset + 2);
    if (length < 2 || offset + 2 + length > bytes.length) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (length < 8) return null;
      const height = view.getUint16(offset + 5);
      const width = view.getUint16(offset + 7);
      if (width === 0 || height === 0) return null;
      size = { width, height };
    }
    if (marker === 0xda) return size;
    offset += 2 + length;
  }
  return null;
}

/** A GIF's logical screen size: GIF87a/GIF89a header, ending with the trailer byte. */
export function gifSize(bytes: Uint8Array): ImageSize | null {
  if (bytes.length < 14) return null;
  const signature = ascii(bytes, 0, 6);
  if (signature !== "GIF87a" && signature !== "GIF89a") return null;
  if (bytes[bytes.length - 1] !== 0x3b) return null;
  const view = viewOf(bytes);
  const width = view.getUint16(6, true);
  const height = view.getUint16(8, true);
  return width && height ? { width, height } : null;
}

/** A WebP's size: a RIFF/WEBP container whose length is the file's, holding VP8, VP8L or VP8X. */
export function webpSize(bytes: Uint8Array): ImageSize | null {
  if (bytes.length < 30 || ascii(bytes, 0, 4) !== "RIFF" || ascii(bytes, 8, 4) !== "WEBP") return null;
  const view = viewOf(bytes);
  const riffSize = view.getUint32(4, true);
  if (riffSize + 8 !== bytes.length && riffSize + 9 !== bytes.length) return null;
  const chunk = ascii(bytes, 12, 4);
  const chunkSize = view.getUint32(16, true);
  if (20 + chunkSize > bytes.length) return null;
  let size: ImageSize;
  if (chunk === "VP8X") {
    size = {
      width: 1 + (bytes[24] | (bytes[25] << 8) | (bytes[26] << 16)),
      height: 1 + (bytes[27] | (bytes[28] << 8) | (bytes[29] << 16)),
    };
  } else if (chunk === "VP8L") {
    if (bytes[20] !== 0x2f) return null;
    const bits = view.getUint32(21, true);
    size = { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  } else if (chunk === "VP8 ") {
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    size = { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  } else {
    return null;
  }
  return size.width && size.height ? size : null;
}

/** A PNG, JPEG, WebP or GIF, told by content (never by name or declared type); null for anything else. */
export function probeWebImage(bytes: Uint8Array): WebImage | null {
  const png = pngSize(bytes);
  if (png) return { type: "png", contentType: "image/png", extension: "png", ...png };
  const jpeg = jpegSize(bytes);
  if (jpeg) return { type: "jpeg", contentType: "image/jpeg", extension: "jpg", ...jpeg };
  const webp = webpSize(bytes);
  if (webp) return { type: "webp", contentType: "image/webp", extension: "webp", ...webp };
  const gif = gifSize(bytes);
  if (gif) return { type: "gif", contentType: "image/gif", extension: "gif", ...gif };
  return null;
}
