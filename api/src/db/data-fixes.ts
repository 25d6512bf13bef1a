/**
 * One-time fixes of stored data that SQL alone cannot make. A migration that needs one inserts its
 * row into data_fixes (done_at null); the API runs every pending fix at start-up, after the
 * migrations and under the same start-up lock (of several processes started together one runs it),
 * and sets done_at once it has run. A fix is idempotent, so a process killed half-way simply runs
 * it again at its next start.
 */
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { sanitizeRichText } from "~shared/sanitize";
import type { Database } from "./client";
import { dataFixes, faqs, providerProfiles } from "./schema";

const BATCH = 500;

/**
 * "sanitise-rich-text" (migration 0019, issue 29): FAQ content and providers' Professional Profiles
 * stored before the API sanitised them on write, sanitised as a write would now (the rich text's
 * tags only). Rows already clean are left alone; versions (updated_at) are kept.
 */
async function sanitiseRichText(db: Database): Promise<string> {
  let faqCount = 0;
  for (let after = 0; ;) {
    const rows = await db
      .select({ id: faqs.id, content: faqs.content })
      .from(faqs)
      .where(gt(faqs.id, after))
      .orderBy(asc(faqs.id))
      .limit(BATCH);
    if (rows.length === 0) break;
    after = rows[rows.length - 1].id;
    for (const row of rows) {
      const clean = sanitizeRichText(row.content).trim();
      if (clean === row.content) continue;
      await db.update(faqs).set({ content: clean }).where(eq(faqs.id, row.id));
      faqCount += 1;
    }
  }
  let profileCount = 0;
  for (let after = 0; ;) {
    const rows = await db
      .select({ id: providerProfiles.service_provider_id, html: providerProfiles.professionalProfile })
      .from(providerProfiles)
      .where(gt(providerProfiles.service_provider_id, after))
      .orderBy(asc(providerProfiles.service_provider_id))
      .limit(BATCH);
    if (rows.length === 0) break;
    after = rows[rows.length - 1].id;
    for (const row of rows) {
      const clean = sanitizeRichText(row.html).trim();
      if (clean === row.html) continue;
      await db.update(providerProfiles).set({ professionalProfile: clean }).where(eq(providerProfiles.service_provider_id, row.id));
      profileCount += 1;
    }
  }
  return `sanitised ${faqCount} FAQ(s) and ${profileCount} Professional Profile(s) stored unsanitised`;
}

const FIXES: Record<string, (db: Database) => Promise<string>> = {
  "sanitise-rich-text": sanitiseRichText,
};

/** Runs the pending fixes; what each did, one line each (nothing when none was pending). */
export async function runDataFixes(db: Database): Promise<string[]> {
  const pending = await db.select({ name: dataFixes.name }).from(dataFixes).where(isNull(dataFixes.done_at)).orderBy(asc(dataFixes.name));
  const done: string[] = [];
  for (const { name } of pending) {
    const fix = FIXES[name];
    if (!fix) continue; // a fix of a newer version of the API: left for it
    const said = await fix(db);
    await db
      .update(dataFixes)
      .set({ done_at: new Date() })
      .where(and(eq(dataFixes.name, name), isNull(dataFixes.done_at)));
    done.push(`${name}: ${said}`);
  }
  return done;
}
