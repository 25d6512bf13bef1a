/**
 * Small real images made in code for upload tests: a PNG of any size (one colour), a BMP as an ICO
 * stores it (header without file header, pixels, mask), and an ICO wrapping PNGs and/or BMPs.
 */
import { deflateSync } from "node:zlib";
import { pngChunk } from "../../api/src/storage/demo-files";

const chunk = pngChunk;

export type PngOptions = {
  /** [r, g, b], default a red */
  colour?: [number, number, number];
  /** add a text chunk so that the file is at least this many bytes */
  atLeastBytes?: number;
};

/** A valid 8-bit RGB PNG, width × height, filled with one colour. */
export function png(width: number, height: number, { colour = [200, 40, 40], atLeastBytes = 0 }: PngOptions = {}): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(colour, 1 + x * 3);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
  ];
  const size = parts.reduce((n, p) => n + p.length, 0) + 12;
  if (atLeastBytes > size)
    parts.push(chunk("tEXt", Buffer.concat([Buffer.from("Comment\0"), Buffer.alloc(Math.max(0, atLeastBytes - size - 12 - 8), 0x61)])));
  parts.push(chunk("IEND", Buffer.alloc(0)));
  return Buffer.concat(parts);
}

/** A 32-bit BMP as an ICO entry holds it: BITMAPINFOHEADER (height doubled), pixels, AND mask. */
export function icoBmp(width: number, height: number): Buffer {
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(width, 4);
  header.writeInt32LE(height * 2, 8);
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(32, 14);
  const pixels = Buffer.alloc(width * height * 4, 0x80);
  const maskRow = Math.ceil(width / 32) * 4;
  return Buffer.concat([header, pixels, Buffer.alloc(maskRow * height)]);
}

/** An ICO holding these images (each a PNG or an icoBmp), with their sizes in its directory. */
export function ico(images: { width: number; height: number; data: Buffer }[]): Buffer {
  const head = Buffer.alloc(6);
  head.writeUInt16LE(0, 0);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ width, height, data }) => {
    const entry = Buffer.alloc(16);
    entry[0] = width >= 256 ? 0 : width;
    entry[1] = height >= 256 ? 0 : height;
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([head, ...entries, ...images.map((i) => i.data)]);
}

/** An ICO of one PNG image of this size. */
export const icoOfPng = (width: number, height: number) => ico([{ width, height, data: png(width, height) }]);

/**
 * A JPEG's structure as the upload reads it (SOI, a JFIF APP0, a baseline frame header of this size,
 * a scan with a few bytes, EOI). Not meant to decode; enough to be told apart by content.
 */
export function jpegOf(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
  ]);
  const sos = Buffer.from([0xff, 0xda, 0x00, 0x0c, 0x03, 0x01, 0x00, 0x02, 0x11, 0x03, 0x11, 0x00, 0x3f, 0x00]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, sos, Buffer.from([0x12, 0x34, 0x56]), Buffer.from([0xff, 0xd9])]);
}

/** A real 1×1 GIF89a (one white pixel). */
export const gif1x1 = () => Buffer.from("47494638396101000100800000ffffff00000021f90401000000002c00000000010001000002024401003b", "hex");

/** A real 1×1 lossless WebP (VP8L). */
export const webp1x1 = () => Buffer.from("524946461a000000574542505650384c0d0000002f00000010071011118888fe0700", "hex");
