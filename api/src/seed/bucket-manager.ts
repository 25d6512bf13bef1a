/**
 * Bulk stored files for the S3 Bucket Manager (npm run seed -- --files N): N small files written to
 * the configured storage (mostly PNG/JPEG thumbnails, some PDFs and Word files) and catalogued,
 * their upload times spread over the year before `base`. Puts run in parallel.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { storedFiles } from "../db/schema";
import { recordStoredFiles, type CatalogueEntry } from "../storage/catalogue";
import { demoJpeg, demoPdf, demoPng } from "../storage/demo-files";
import { contentTypeOf, type FileStorage } from "../storage/storage";

const YEAR_MS = 365 * 24 * 3600 * 1000;
const PARALLEL = 16;

/** A small Word 97-2003 file as the bucket's uploads tell one: an OLE compound-file header, padded. */
export function demoDoc(name: string): Uint8Array {
  const bytes = new Uint8Array(1024);
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  bytes.set(Buffer.from(name.slice(0, 200), "latin1"), 512);
  return bytes;
}

function bytesOf(name: string): Uint8Array {
  if (name.endsWith(".png")) return demoPng(name);
  if (name.endsWith(".jpg")) return demoJpeg(name);
  if (name.endsWith(".pdf")) return demoPdf(name);
  return demoDoc(name);
}

/** The i-th bulk file's name: 45% PNG, 40% JPEG, 10% PDF, 5% DOC. */
function nameOf(i: number): string {
  const kind = i % 20;
  const n = String(i).padStart(6, "0");
  if (kind < 9) return `bulk-thumb-${n}.png`;
  if (kind < 17) return `bulk-photo-${n}.jpg`;
  if (kind < 19) return `bulk-report-${n}.pdf`;
  return `bulk-letter-${n}.doc`;
}

export async function seedExtraFiles(db: Database, storage: FileStorage, { count, base }: { count: number; base: Date }): Promise<number> {
  if (count <= 0) return 0;
  const [{ existing }] = await db
    .select({ existing: sql<number>`count(*)::int` })
    .from(storedFiles)
    .where(sql`${storedFiles.file_name} LIKE 'bulk-%'`);
  const first = Number(existing);
  const entries: CatalogueEntry[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = first + next++;
      const name = nameOf(i);
      const bytes = bytesOf(name);
      await storage.put(name, bytes, contentTypeOf(name));
      // spread over the year before base, newest for the highest index
      const uploadedAt = new Date(base.getTime() - Math.floor(((count - (i - first)) / count) * YEAR_MS) + (i % 1000));
      entries.push({ name, size: bytes.byteLength, contentType: contentTypeOf(name), uploadedAt, uploadedBy: "seed" });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  await recordStoredFiles(db, entries);
  return entries.length;
}
