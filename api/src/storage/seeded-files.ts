import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { orderFiles, profileDocuments } from "../db/schema";
import { catalogueMissing, isCatalogued } from "./catalogue";
import { ensureDemoFiles, type DemoFilesOutcome } from "./demo-files";
import { isValidFileName, type FileStorage } from "./storage";

/** At most this many demo files are written (the 100k-provider bench names far more photos). */
export const MAX_DEMO_FILES = 500;

/** The file names the database's profile documents mention (comma-separated fields split). */
export async function documentFileNames(db: Database, limit = MAX_DEMO_FILES): Promise<string[]> {
  const rows = await db
    .select({
      profilePhoto: profileDocuments.profilePhoto,
      portfolio: profileDocuments.portfolio,
      companyProfile: profileDocuments.companyProfile,
    })
    .from(profileDocuments)
    .orderBy(sql`${profileDocuments.ProfileDocument_id}`)
    .limit(limit);
  const names = new Set<string>();
  for (const row of rows) {
    for (const value of [row.profilePhoto, row.portfolio, row.companyProfile]) {
      for (const name of (value ?? "").split(",")) if (name.trim()) names.add(name.trim());
    }
    if (names.size >= limit) break;
  }
  return [...names].slice(0, limit);
}

/** The file names the orders' files (the booking detail's "Order Files") mention, oldest first. */
export async function orderFileNames(db: Database, limit = MAX_DEMO_FILES): Promise<string[]> {
  const rows = await db.select({ file: orderFiles.file }).from(orderFiles).orderBy(orderFiles.file_id).limit(limit);
  return [...new Set(rows.map((r) => r.file.trim()).filter(isValidFileName))];
}

/**
 * Demo files for the seeded documents and order files that are not stored yet; what was written and
 * skipped. Through a catalogued storage (catalogue.ts) the new files are catalogued as they are
 * written, and those stored by an earlier run but not catalogued yet are added too.
 */
export async function ensureSeededFiles(db: Database, storage: FileStorage): Promise<DemoFilesOutcome> {
  const [documents, orders] = await Promise.all([documentFileNames(db), orderFileNames(db)]);
  const names = [...documents, ...orders];
  const outcome = await ensureDemoFiles(storage, names);
  if (isCatalogued(storage)) await catalogueMissing(db, storage.inner, [...new Set(names.filter(isValidFileName))]);
  return outcome;
}
