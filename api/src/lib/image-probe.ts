/**
 * What an uploaded image really is, read from its bytes (never its name or declared type): the type
 * is file-type's, the size image-size's. Only what those two do not do is ours: a file must be whole
 * (wholeImage below: a PNG's chunks to IEND with their CRCs, an ICO's images inside the file and of
 * the size its directory gives, a GIF's trailer, a WebP's RIFF length), so that a cut-off or damaged
 * upload is refused rather than stored. Settings' images (probeImage) are PNG or ICO; posts' images
 * (probeWebImage) PNG, JPEG, WebP or GIF.
 */
import { crc32 } from "node:zlib";
import { fileTypeFromBuffer } from "file-type";
import { imageSize } from "image-size";

export type ImageSize = { width: number; height: number };
export type ProbedImage =
  { type: "png"; contentType: "image/png"; images: [ImageSize] } | { type: "ico"; contentType: "image/x-icon"; images: ImageSize[] };

/** The types probeWebImage knows (the post images' Content-Type is one of them). */
export const WEB_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;

export type WebImage = {
  type: "png" | "jpeg" | "webp" | "gif";
  contentType: (typeof WEB_IMAGE_TYPES)[number];
  /** the extension it is stored under */
  extension: "png" | "jpg" | "webp" | "gif";
} & ImageSize;

const WEB_IMAGES: Record<string, Omit<WebImage, "width" | "height">> = {
  png: { type: "png", contentType: "image/png", extension: "png" },
  jpg: { type: "jpeg", contentType: "image/jpeg", extension: "jpg" },
  webp: { type: "webp", contentType: "image/webp", extension: "webp" },
  gif: { type: "gif", contentType: "image/gif", extension: "gif" },
};

const viewOf = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));

/** A PNG's chunks, each inside the file with a correct CRC, up to IEND. */
function pngIsWhole(bytes: Uint8Array): boolean {
  const view = viewOf(bytes);
  for (let offset = 8; offset + 12 <= bytes.length;) {
    const end = offset + 12 + view.getUint32(offset);
    if (end > bytes.length) return false;
    if (crc32(bytes.subarray(offset + 4, end - 4)) >>> 0 !== view.getUint32(end - 4)) return false;
    if (ascii(bytes, offset + 4, 4) === "IEND") return true;
    offset = end;
  }
  return false;
}

/** An ICO's images: each inside the file, a whole PNG or a BMP (no file header), of its directory's size. */
function icoIsWhole(bytes: Uint8Array, sizes: ImageSize[]): boolean {
  const view = viewOf(bytes);
  const count = view.getUint16(4, true);
  if (count !== sizes.length || 6 + 16 * count > bytes.length) return false;
  return sizes.every(({ width, height }, i) => {
    const size = view.getUint32(6 + 16 * i + 8, true);
    const offset = view.getUint32(6 + 16 * i + 12, true);
    if (size === 0 || offset < 6 + 16 * count || offset + size > bytes.length) return false;
    const image = bytes.subarray(offset, offset + size);
    if (ascii(image, 1, 3) === "PNG") {
      const png = pngIsWhole(image) ? sizeOf(image) : null;
      return png?.width === width && png.height === height;
    }
    if (image.length < 40 || image.length < viewOf(image).getUint32(0, true)) return false;
    const dib = viewOf(image);
    return dib.getInt32(4, true) === width && [height, 2 * height].includes(dib.getInt32(8, true));
  });
}

/** image-size's answer, or null where it finds none. */
function sizeOf(bytes: Uint8Array): (ImageSize & { type?: string; images: ImageSize[] }) | null {
  try {
    const { width, height, type, images } = imageSize(bytes);
    return width && height ? { width, height, type, images: images ?? [{ width, height }] } : null;
  } catch {
    return null;
  }
}

/** Whether the image ends where its format says (see the top of this file). */
function wholeImage(ext: string, bytes: Uint8Array, images: ImageSize[]): boolean {
  switch (ext) {
    case "png":
      return pngIsWhole(bytes);
    case "ico":
      return icoIsWhole(bytes, images);
    case "gif":
      return bytes[bytes.length - 1] === 0x3b;
    case "webp": {
      const riffSize = viewOf(bytes).getUint32(4, true);
      return riffSize + 8 === bytes.length || riffSize + 9 === bytes.length;
    }
    default:
      return true;
  }
}

/** The image's type (file-type's extension), size and images, when it is one of `accepted` and whole. */
async function probe(bytes: Uint8Array, accepted: readonly string[]) {
  const ext = (await fileTypeFromBuffer(bytes))?.ext;
  if (!ext || !accepted.includes(ext)) return null;
  const size = sizeOf(bytes);
  if (!size || size.type !== ext || !wholeImage(ext, bytes, size.images)) return null;
  return { ext, ...size };
}

/** A PNG or an ICO, told by content; null for anything else (or a damaged one). */
export async function probeImage(bytes: Uint8Array): Promise<ProbedImage | null> {
  const image = await probe(bytes, ["png", "ico"]);
  if (!image) return null;
  if (image.ext === "png") return { type: "png", contentType: "image/png", images: [{ width: image.width, height: image.height }] };
  return { type: "ico", contentType: "image/x-icon", images: image.images };
}

/** A PNG, JPEG, WebP or GIF, told by content (never by name or declared type); null for anything else. */
export async function probeWebImage(bytes: Uint8Array): Promise<WebImage | null> {
  const image = await probe(bytes, Object.keys(WEB_IMAGES));
  return image && { ...WEB_IMAGES[image.ext], width: image.width, height: image.height };
}
