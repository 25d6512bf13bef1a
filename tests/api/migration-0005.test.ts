/**
 * Migration 0005 on a database that ran 0000-0004 and holds booster points the old way (a total set
 * without a history row, a negative row that was not called a correction): after it, every total is
 * its history's sum. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomBytes } from "node:crypto";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { MIGRATIONS_FOLDER, type Database } from "../../api/src/db/client";
import { describeEachDriver } from "../support/api-server";
import { providersOffTheirHistory } from "./helpers";

/** A copy of the migrations folder that stops before 0005. */
async function migrationsUpTo0004(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "migrations-0004-"));
  await cp(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalFile = path.join(dir, "meta/_journal.json");
  const journal = JSON.parse(await readFile(journalFile, "utf8")) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= 4);
  await writeFile(journalFile, JSON.stringify(journal));
  return dir;
}

type Opened = { db: Database; migrate: (folder: string) => Promise<void>; close: () => Promise<void> };

async function emptyDatabase(driver: "pglite" | "pg"): Promise<Opened> {
  if (driver === "pglite") {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzlePglite(client);
    return {
      db: db as unknown as Database,
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `test_m5_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  const db = drizzlePg(pool);
  return {
    db: db as unknown as Database,
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

describeEachDriver("migration 0005 on a database with the old booster points", (driver) => {
  let opened: Opened;
  let before0005: string;
  beforeAll(async () => {
    before0005 = await migrationsUpTo0004();
    opened = await emptyDatabase(driver);
    await opened.migrate(before0005);
    const { db } = opened;
    await db.execute(sql`INSERT INTO users (id, username) VALUES (1, 'set.without.row'), (2, 'had.negative'), (3, 'never.boosted')`);
    // 1: history 100 + 50, total set to 160 by the old "Update Points"; 2: 50 - 20 = 30, consistent; 3: nothing
    await db.execute(
      sql`INSERT INTO service_providers ("serviceProvider_id", user_id, "boosterPoints") VALUES (1, 1, 160), (2, 2, 30), (3, 3, 0)`,
    );
    await db.execute(sql`INSERT INTO boosting_points (service_provider, points, reason, created_by) VALUES
      (1, 100, 'Welcome', 'admin'), (1, 50, 'Top rated', 'admin'), (2, 50, 'Welcome', 'admin'), (2, -20, 'Counted twice', 'admin')`);
    expect(await providersOffTheirHistory(db)).toHaveLength(1);
    await opened.migrate(MIGRATIONS_FOLDER);
  });
  afterAll(async () => {
    await opened?.close();
    if (before0005) await rm(before0005, { recursive: true, force: true });
  });

  it("records an opening balance for the difference, calls the negative row a correction, and leaves the rest", async () => {
    expect(await providersOffTheirHistory(opened.db)).toEqual([]);
    const rows = (await opened.db.execute(
      sql`SELECT service_provider, points, kind, reason, created_by FROM boosting_points ORDER BY service_provider, id`,
    )) as unknown as { rows: { service_provider: number; points: number; kind: string; reason: string; created_by: string | null }[] };
    expect(rows.rows.map((r) => [r.service_provider, r.points, r.kind, r.created_by])).toEqual([
      [1, 100, "grant", "admin"],
      [1, 50, "grant", "admin"],
      [1, 10, "opening", null],
      [2, 50, "grant", "admin"],
      [2, -20, "correction", "admin"],
    ]);
    expect(rows.rows[2].reason).toMatch(/carried over/);
  });

  it("from then on the database refuses a negative total and a grant that takes away", async () => {
    await expect(
      opened.db.execute(sql`UPDATE service_providers SET "boosterPoints" = -1 WHERE "serviceProvider_id" = 3`),
    ).rejects.toThrow();
    await expect(
      opened.db.execute(sql`INSERT INTO boosting_points (service_provider, points, reason, kind) VALUES (3, -5, 'x', 'grant')`),
    ).rejects.toThrow();
  });
});
