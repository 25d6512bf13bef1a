/**
 * Small real files for the demo data's document names, generated in code: images (a JPEG or PNG
 * mosaic, different per name), one-page PDFs, and plain text for other types.
 */
import { crc32, deflateSync } from "node:zlib";
import { isValidFileName, type FileStorage } from "./storage";

/** One PNG chunk: length, type, data and the CRC of type + data (for images made in code). */
export function pngChunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A stable 32-bit number per name, so each file looks different but is the same every run. */
function hashOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

type Rgb = [number, number, number];

/** Colour of block (bx, by) of the mosaic for this name. */
function mosaic(name: string): (bx: number, by: number) => Rgb {
  const h = hashOf(name);
  const base: Rgb = [60 + (h & 0x7f), 60 + ((h >> 8) & 0x7f), 60 + ((h >> 16) & 0x7f)];
  return (bx, by) => {
    const t = ((bx * 37 + by * 59 + (h >> 24)) % 64) - 32;
    return [base[0] + t + bx * 6, base[1] + by * 10, base[2] - t + 20].map((v) => Math.max(0, Math.min(255, v))) as Rgb;
  };
}

const WIDTH = 64;
const HEIGHT = 48;

/** A valid PNG: 64×48 RGB, one colour per 8×8 block. */
export function demoPng(name: string): Uint8Array {
  const colour = mosaic(name);
  const rows = Buffer.alloc(HEIGHT * (1 + WIDTH * 3));
  for (let y = 0; y < HEIGHT; y++) {
    const row = y * (1 + WIDTH * 3);
    rows[row] = 0; // filter: none
    for (let x = 0; x < WIDTH; x++) rows.set(colour(x >> 3, y >> 3), row + 1 + x * 3);
  }
  const chunk = pngChunk;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(WIDTH, 0);
  ihdr.writeUInt32BE(HEIGHT, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * A valid baseline JPEG: 64×48, 4:4:4, every 8×8 block one colour, so only DC coefficients are
 * coded (quantisation 1, the standard DC Huffman table, an AC table holding only end-of-block).
 */
export function demoJpeg(name: string): Uint8Array {
  const colour = mosaic(name);
  const out: number[] = [];
  const marker = (code: number, payload: number[]) =>
    out.push(0xff, code, (payload.length + 2) >> 8, (payload.length + 2) & 0xff, ...payload);
  out.push(0xff, 0xd8);
  marker(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  marker(0xdb, [0x00, ...new Array(64).fill(1)]);
  marker(0xc0, [8, HEIGHT >> 8, HEIGHT & 0xff, WIDTH >> 8, WIDTH & 0xff, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]);
  const dcCounts = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
  marker(0xc4, [0x00, ...dcCounts, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  marker(0xc4, [0x10, 1, ...new Array(15).fill(0), 0x00]);
  marker(0xda, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0]);

  // canonical codes of the DC table: [code, length] per category
  const dcCodes: [number, number][] = [];
  let code = 0;
  let symbol = 0;
  for (let length = 1; length <= 16; length++) {
    for (let i = 0; i < dcCounts[length - 1]; i++) dcCodes[symbol++] = [code++, length];
    code <<= 1;
  }
  let bitBuffer = 0;
  let bitCount = 0;
  const writeBits = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) {
      bitBuffer = (bitBuffer << 1) | ((value >> i) & 1);
      if (++bitCount === 8) {
        out.push(bitBuffer);
        if (bitBuffer === 0xff) out.push(0x00);
        bitBuffer = 0;
        bitCount = 0;
      }
    }
  };
  const previous = [0, 0, 0];
  for (let by = 0; by < HEIGHT / 8; by++) {
    for (let bx = 0; bx < WIDTH / 8; bx++) {
      const [r, g, b] = colour(bx, by);
      const ycc = [
        0.299 * r + 0.587 * g + 0.114 * b,
        128 - 0.168736 * r - 0.331264 * g + 0.5 * b,
        128 + 0.5 * r - 0.418688 * g - 0.081312 * b,
      ];
      ycc.forEach((value, c) => {
        const dc = Math.round(8 * (value - 128));
        const diff = dc - previous[c];
        previous[c] = dc;
        const category = diff === 0 ? 0 : Math.floor(Math.log2(Math.abs(diff))) + 1;
        const [huffman, length] = dcCodes[category];
        writeBits(huffman, length);
        if (category > 0) writeBits(diff > 0 ? diff : diff + (1 << category) - 1, category);
        writeBits(0, 1); // end of block
      });
    }
  }
  if (bitCount > 0) writeBits(0xff, 8 - bitCount); // pad with ones
  out.push(0xff, 0xd9);
  return Uint8Array.from(out);
}

/** A valid one-page PDF (A6) that names the document. */
export function demoPdf(name: string): Uint8Array {
  const text = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = `BT /F1 14 Tf 24 360 Td (${text(name)}) Tj 0 -24 Td /F1 10 Tf (Demo document of the marketplace admin) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 298 420] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, "latin1"));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

/** The bytes of a demo file for this name, chosen by its extension. */
export function demoFileBytes(name: string): Uint8Array {
  const ext = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  if (ext === "jpg" || ext === "jpeg" || ext === "jfif") return demoJpeg(name);
  if (ext === "png") return demoPng(name);
  if (ext === "pdf") return demoPdf(name);
  return Buffer.from(`${name}\n\nDemo file of the marketplace admin (a stand-in for a ${ext.toUpperCase()} document).\n`, "utf8");
}

/** Writes the demo files that are missing; returns how many were written. */
export type DemoFilesOutcome = {
  written: number;
  /** names not written, with why (a name the storage refuses, a storage failure) */
  skipped: { name: string; why: string }[];
};

/** Writes a demo file for each name not stored yet. A name that cannot be stored is skipped and reported, never fatal. */
export async function ensureDemoFiles(storage: FileStorage, names: Iterable<string>): Promise<DemoFilesOutcome> {
  const outcome: DemoFilesOutcome = { written: 0, skipped: [] };
  for (const name of new Set(names)) {
    if (!isValidFileName(name)) {
      outcome.skipped.push({ name, why: "the file storage does not accept this name" });
      continue;
    }
    try {
      if (await storage.exists(name)) continue;
      await storage.put(name, demoFileBytes(name));
      outcome.written += 1;
    } catch (error) {
      outcome.skipped.push({ name, why: error instanceof Error ? error.message : String(error) });
    }
  }
  return outcome;
}
