/**
 * Several API processes starting together on one PostgreSQL database: migrations are applied once
 * (under an advisory lock, all pending ones in one transaction) and the demo data is seeded once.
 * PostgreSQL only (PGlite has a single process); runs when TEST_DATABASE_URL is set.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { count, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER, openDatabase, type OpenedDatabase } from "../../api/src/db/client";
import { adminUsers } from "../../api/src/db/schema";
import { DEMO_ADMINS } from "../../api/src/seed/demo-admins";
import { seedDemoOnce } from "../../api/src/seed/seed";
import { createScaleDatabase, databaseUrl, dropScaleDatabase } from "../support/cluster";

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)("start-up lock (PostgreSQL)", () => {
  const made: string[] = [];
  const opened: OpenedDatabase[] = [];

  async function emptyDatabaseUrl() {
    const name = await createScaleDatabase();
    made.push(name);
    return databaseUrl(name);
  }

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((o) => o.close()));
    for (const name of made.splice(0)) await dropScaleDatabase(name);
  });

  it("four processes opening an empty database together apply each migration once", async () => {
    const url = await emptyDatabaseUrl();
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => openDatabase({ url })));
    for (const result of results) if (result.status === "fulfilled") opened.push(result.value);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "fulfilled"]);

    const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
      entries: { tag: string }[];
    };
    const applied = (await opened[0].db.execute(sql`SELECT hash FROM drizzle.__drizzle_migrations`)) as unknown as {
      rows: { hash: string }[];
    };
    expect(applied.rows).toHaveLength(journal.entries.length);
    expect(new Set(applied.rows.map((r) => r.hash)).size).toBe(journal.entries.length);
    // the newest migration's work is there
    const columns = (await opened[0].db.execute(
      sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'outbox' AND column_name = 'claimed_until'`,
    )) as unknown as { rows: unknown[] };
    expect(columns.rows).toHaveLength(1);
  });

  it("three processes seeding an empty database together seed it once", async () => {
    const url = await emptyDatabaseUrl();
    const three = await Promise.all([1, 2, 3].map(() => openDatabase({ url })));
    opened.push(...three);
    const summaries = await Promise.all(three.map((o) => seedDemoOnce(o)));
    expect(summaries.filter((s) => s !== null)).toHaveLength(1);
    const [{ n }] = await three[0].db.select({ n: count() }).from(adminUsers);
    expect(Number(n)).toBe(Object.keys(DEMO_ADMINS).length);
  });

  it("exclusive work of two processes never overlaps, and a failing one frees the lock", async () => {
    const url = await emptyDatabaseUrl();
    const [a, b] = await Promise.all([openDatabase({ url }), openDatabase({ url })]);
    opened.push(a, b);
    const spans: { who: string; start: number; end: number }[] = [];
    const work = (who: string) => async () => {
      const start = performance.now();
      await new Promise((r) => setTimeout(r, 150));
      spans.push({ who, start, end: performance.now() });
    };
    await expect(a.exclusive(async () => Promise.reject(new Error("half-way")))).rejects.toThrow("half-way");
    await Promise.all([a.exclusive(work("a")), b.exclusive(work("b")), a.exclusive(work("a2"))]);
    spans.sort((x, y) => x.start - y.start);
    expect(spans).toHaveLength(3);
    for (let i = 1; i < spans.length; i++) expect(spans[i].start).toBeGreaterThanOrEqual(spans[i - 1].end);
  });
});
