/**
 * `npm run backup` / `npm run restore` as an operator runs them (the real CLI, a child process) on
 * a seeded database with stored files: the round trip gives back every table's rows and every
 * file's bytes; a non-empty target is refused and left alone; --force replaces it; a damaged
 * archive is refused before anything is touched. On PGlite, and on PostgreSQL with TEST_DATABASE_URL
 * (a database of its own, dropped after).
 */
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync } from "node:fs";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Manifest } from "../../api/src/backup/manifest";
import { openDatabase, PGLITE_LOCK_FILE } from "../../api/src/db/client";
import { seedExtraAudit } from "../../api/src/seed/audit";
import { seedDemo } from "../../api/src/seed/seed";
import { localFileStorage, storageFromEnv } from "../../api/src/storage";
import { cataloguedStorage } from "../../api/src/storage/catalogue";
import { ensureSeededFiles } from "../../api/src/storage/seeded-files";
import { S3RVER_CREDENTIALS, startS3rver, type TestS3 } from "../support/s3rver";

const root = path.resolve(__dirname, "../..");
const BASE = new Date("2026-01-01T00:00:00.000+05:30");
/** tables whose first and last rows by primary key are compared field by field */
const SAMPLED = ["admin_users", "orders", "audit_log", "stored_files", "service_providers", "payments"];

type Run = { code: number; stdout: string; stderr: string };

/** The CLI as `npm run backup` / `npm run restore` runs it, with only this test's settings. */
function cli(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "api/src/backup/cli.ts", ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: "", PGLITE_DIR: "", FILES_DIR: "", S3_BUCKET: "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** A refusal as the operator sees it: exit 1, one line on stderr, no stack. */
function expectOneLineError(run: Run, ...phrases: string[]) {
  expect(run.code, run.stdout + run.stderr).toBe(1);
  const lines = run.stderr.trim().split("\n");
  expect(lines, run.stderr).toHaveLength(1);
  expect(run.stderr).not.toMatch(/^\s+at /m);
  for (const phrase of phrases) expect(run.stderr).toContain(phrase);
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

type Driver = {
  name: "pglite" | "pg";
  env: Record<string, string>;
  /** runs `work` with a connection to the target database */
  connect<T>(work: (query: Query) => Promise<T>): Promise<T>;
  /** the database as after a disaster: gone, then an empty one in its place */
  wipe(): Promise<void>;
  /** the target is an empty database */
  isEmpty(): Promise<boolean>;
  close(): Promise<void>;
};

function pgliteDriver(dir: string): Driver {
  const dataDir = path.join(dir, "pglite");
  return {
    name: "pglite",
    env: { PGLITE_DIR: dataDir },
    async connect(work) {
      const opened = await openDatabase({ dataDir, migrate: false });
      try {
        return await work(async (text) => (await opened.pglite!.query<Record<string, unknown>>(text)).rows);
      } finally {
        await opened.close();
      }
    },
    wipe: () => rm(dataDir, { recursive: true, force: true }),
    isEmpty: async () => !existsSync(dataDir) || (await readdir(dataDir)).length === 0,
    close: () => rm(dir, { recursive: true, force: true }),
  };
}

async function pgDriver(serverUrl: string): Promise<Driver> {
  const name = `backup_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const onServer = async (text: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await onServer(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const connect = async <T>(work: (query: Query) => Promise<T>) => {
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      return await work(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
    } finally {
      await client.end();
    }
  };
  return {
    name: "pg",
    env: { DATABASE_URL: url.toString() },
    connect,
    async wipe() {
      await onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await onServer(`CREATE DATABASE "${name}"`);
    },
    isEmpty: () =>
      connect(async (query) => {
        const [row] = await query(
          `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public'`,
        );
        return row.n === 0;
      }),
    close: () => onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

type Snapshot = { counts: Record<string, number>; samples: Record<string, unknown[]>; files: Record<string, string> };

/** What an operator would compare: every table's rows, the first and last rows of several, every stored file's bytes. */
async function snapshot(driver: Driver, filesDir: string): Promise<Snapshot> {
  const { counts, samples } = await driver.connect(async (query) => {
    const tables = await query(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables) counts[String(name)] = Number((await query(`SELECT count(*) AS n FROM "${String(name)}"`))[0].n);
    const samples: Record<string, unknown[]> = {};
    for (const table of SAMPLED) {
      const keys = await query(
        `SELECT a.attname AS key FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
         WHERE i.indrelid = 'public.${table}'::regclass AND i.indisprimary ORDER BY a.attnum`,
      );
      const order = keys.map((k) => `"${String(k.key)}"`).join(", ");
      const descending = keys.map((k) => `"${String(k.key)}" DESC`).join(", ");
      samples[table] = [
        ...(await query(`SELECT * FROM "${table}" ORDER BY ${order} LIMIT 3`)),
        ...(await query(`SELECT * FROM "${table}" ORDER BY ${descending} LIMIT 3`)),
      ];
    }
    return { counts, samples };
  });
  const files: Record<string, string> = {};
  const names = existsSync(filesDir) ? (await readdir(filesDir)).sort() : [];
  for (const name of names) files[name] = (await readFile(path.join(filesDir, name))).toString("base64");
  return { counts, samples, files };
}

const drivers: { label: string; kind: Driver["name"]; make: () => Promise<Driver> }[] = [
  { label: "PGlite", kind: "pglite", make: async () => pgliteDriver(mkdtempSync(path.join(tmpdir(), "backup-pglite-"))) },
];
if (process.env.TEST_DATABASE_URL) drivers.push({ label: "PostgreSQL", kind: "pg", make: () => pgDriver(process.env.TEST_DATABASE_URL!) });

describe.each(drivers)("backup and restore on $label", ({ kind, make }) => {
  const dir = mkdtempSync(path.join(tmpdir(), "backup-test-"));
  const filesDir = path.join(dir, "files");
  const archive = path.join(dir, "backups", "snapshot.tar");
  const bigFile = randomBytes(1_400_000);
  let driver: Driver;
  let env: Record<string, string>;
  let before: Snapshot;

  beforeAll(async () => {
    driver = await make();
    env = { ...driver.env, FILES_DIR: filesDir };
    // the demo seed, audit entries, and files written through the storage module (catalogued)
    const source = driver.name === "pg" ? { url: driver.env.DATABASE_URL } : { dataDir: driver.env.PGLITE_DIR };
    const opened = await openDatabase(source);
    try {
      await seedDemo(opened.db, { base: BASE });
      await seedExtraAudit(opened.db, { seed: 7, count: 300, base: BASE });
      const files = cataloguedStorage(opened.db, localFileStorage(filesDir));
      await ensureSeededFiles(opened.db, files);
      await files.putAs("quarterly-report.pdf", bigFile, "application/pdf", null);
      await files.putAs("notes (final).txt", Buffer.from("kept as it was\n"), "text/plain", null);
    } finally {
      await opened.close();
    }
    before = await snapshot(driver, filesDir);
  }, 120_000);

  afterAll(async () => {
    await driver?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("seeded real data to back up", () => {
    expect(before.counts.orders).toBeGreaterThan(10);
    expect(before.counts.audit_log).toBeGreaterThanOrEqual(300);
    expect(before.counts.stored_files).toBeGreaterThan(2);
    expect(Buffer.from(before.files["quarterly-report.pdf"], "base64").equals(bigFile)).toBe(true);
  });

  it.runIf(kind === "pglite")("refuses to back up a PGlite folder the API has open, naming its process", async () => {
    // this test's process stands for the running API: a live pid in the folder's lock file
    const lock = path.join(env.PGLITE_DIR, PGLITE_LOCK_FILE);
    await writeFile(lock, String(process.pid));
    try {
      const run = await cli(["backup", "--out", path.join(dir, "refused.tar")], env);
      expectOneLineError(run, `process ${process.pid}`, "stop it first");
      expect(existsSync(path.join(dir, "refused.tar"))).toBe(false);
    } finally {
      await rm(lock, { force: true });
    }
  });

  it.runIf(kind === "pg")("without PostgreSQL's client tools, or with ones older than the server, says so in one line", async () => {
    const bin = mkdtempSync(path.join(dir, "bin-"));
    const out = path.join(dir, "refused.tar");
    expectOneLineError(await cli(["backup", "--out", out], { ...env, PATH: bin }), "pg_dump is not on PATH", "postgresql-client");
    // a pg_dump of an old major version
    await writeFile(path.join(bin, "pg_dump"), "#!/bin/sh\necho 'pg_dump (PostgreSQL) 9.6.24'\n", { mode: 0o755 });
    expectOneLineError(await cli(["backup", "--out", out], { ...env, PATH: bin }), "pg_dump 9.6 cannot dump PostgreSQL", "client tools");
    expect(existsSync(out)).toBe(false);
  });

  it("writes one tar file: the manifest first, the database part, the files", async () => {
    const run = await cli(["backup", "--out", archive], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Backup written: ${archive}`);
    const entries: string[] = [];
    await tar.t({ file: archive, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries[0]).toBe("manifest.json");
    expect(entries).toContain(driver.name === "pg" ? "database/postgres.dump" : "database/pglite-data.tar.gz");
    expect(entries).toContain("files/quarterly-report.pdf");
    expect(entries).toContain("files/notes (final).txt");
    const folder = mkdtempSync(path.join(dir, "manifest-"));
    await tar.x({ file: archive, cwd: folder }, ["manifest.json"]);
    const manifest = JSON.parse(await readFile(path.join(folder, "manifest.json"), "utf8"));
    expect(manifest).toMatchObject({ format: "marketplace-backup", version: 1, driver: driver.name });
    expect(manifest.migration.tag).toMatch(/^\d{4}_/);
    for (const [table, rows] of Object.entries(before.counts)) expect(manifest.tables[table], table).toBe(rows);
    expect(manifest.files.files).toContainEqual(expect.objectContaining({ name: "quarterly-report.pdf", size: bigFile.length }));
  });

  it("refuses to restore into a database and files folder that are not empty, and changes nothing", async () => {
    const run = await cli(["restore", archive], env);
    expectOneLineError(run, "not empty", "--force");
    expect(run.stderr).toContain(filesDir);
    expect(await snapshot(driver, filesDir)).toEqual(before);
  });

  it("restores into an empty database and files folder: every table's rows, the sampled rows and every file's bytes as before", async () => {
    await driver.wipe();
    await rm(filesDir, { recursive: true, force: true });
    expect(await driver.isEmpty()).toBe(true);
    const run = await cli(["restore", archive], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("every table's count as in the backup");
    expect(run.stdout).toContain("every file matches its checksum");
    const after = await snapshot(driver, filesDir);
    expect(after.counts).toEqual(before.counts);
    expect(after.samples).toEqual(before.samples);
    expect(Object.keys(after.files)).toEqual(Object.keys(before.files));
    expect(after.files).toEqual(before.files);
  }, 60_000);

  it("--force replaces a target that changed since", async () => {
    await driver.connect((query) => query(`DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log ORDER BY id DESC LIMIT 5)`));
    await rm(path.join(filesDir, "notes (final).txt"));
    await writeFile(path.join(filesDir, "stray.txt"), "not in the backup");
    const run = await cli(["restore", archive, "--force"], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("--force");
    expect(await snapshot(driver, filesDir)).toEqual(before);
  }, 60_000);

  it("refuses a truncated or damaged archive with a clear line, before touching the target (even with --force)", async () => {
    const bytes = await readFile(archive);
    const truncated = path.join(dir, "truncated.tar");
    await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    expectOneLineError(await cli(["restore", truncated, "--force"], env), "damaged or truncated");

    // one byte of the big file changed: the tar is whole, its checksum is not
    const damaged = path.join(dir, "damaged.tar");
    const at = bytes.indexOf(bigFile.subarray(0, 64));
    expect(at).toBeGreaterThan(0);
    const copy = Buffer.from(bytes);
    copy[at + 1000] ^= 0xff;
    await writeFile(damaged, copy);
    expectOneLineError(await cli(["restore", damaged, "--force"], env), "files/quarterly-report.pdf does not match its checksum");

    const other = path.join(dir, "other.tar");
    await writeFile(other, "not a tar at all");
    expectOneLineError(await cli(["restore", other, "--force"], env), "damaged or truncated");
    expect(await snapshot(driver, filesDir)).toEqual(before);
  }, 60_000);

  /** A well-formed copy of the archive with its manifest (and database part) changed, checksums kept right. */
  async function forged(name: string, change: (manifest: Manifest, folder: string) => Promise<void>) {
    const folder = mkdtempSync(path.join(dir, `${name}-`));
    await tar.x({ file: archive, cwd: folder });
    const manifest: Manifest = JSON.parse(await readFile(path.join(folder, "manifest.json"), "utf8"));
    await change(manifest, folder);
    await writeFile(path.join(folder, "manifest.json"), JSON.stringify(manifest));
    const file = path.join(dir, `${name}.tar`);
    await tar.c({ file, cwd: folder }, ["manifest.json", "database", "files"]);
    return file;
  }

  it("with --force, a database part that cannot be restored leaves the target as it was", async () => {
    // a manifest that vouches for a dump no database can load
    const file = await forged("garbage-dump", async (manifest, folder) => {
      const garbage = randomBytes(50_000);
      await writeFile(path.join(folder, manifest.database.file), garbage);
      manifest.database.size = garbage.length;
      manifest.database.sha256 = createHash("sha256").update(garbage).digest("hex");
    });
    expectOneLineError(await cli(["restore", file, "--force"], env), "nothing was changed");
    expect(await snapshot(driver, filesDir)).toEqual(before);
  }, 60_000);

  it.runIf(kind === "pglite")(
    "says that a backup of older code gets its newer migrations at the API's next start",
    async () => {
      const journal = JSON.parse(await readFile(path.join(root, "api/drizzle/meta/_journal.json"), "utf8"));
      const [older, newest] = journal.entries.slice(-2);
      const file = await forged("older-code", async (manifest) => {
        expect(manifest.migration).toEqual({ tag: newest.tag, createdAt: newest.when });
        manifest.migration = { tag: older.tag, createdAt: older.when };
      });
      const run = await cli(["restore", file, "--force"], env);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(
        `Note: the backup's last migration is ${older.tag}; this code has 1 newer: the API applies them at its next start`,
      );
    },
    60_000,
  );
});

describe("backup and restore with the files in a bucket (PGlite)", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "backup-bucket-"));
  const archive = path.join(dir, "bucket.tar");
  let s3: TestS3;
  let env: Record<string, string>;

  beforeAll(async () => {
    s3 = await startS3rver(["backups-test"]);
    env = {
      PGLITE_DIR: path.join(dir, "pglite"),
      S3_BUCKET: "backups-test",
      S3_ENDPOINT: s3.endpoint,
      S3_PREFIX: "docs/",
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      // the SDK's notice that its 2027 releases need Node 22 would be a second line on stderr
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
    };
    const opened = await openDatabase({ dataDir: env.PGLITE_DIR });
    try {
      const files = cataloguedStorage(opened.db, storageFromEnv(env));
      await files.putAs("pan-card-Document.pdf", randomBytes(2000), "application/pdf", null);
      await files.putAs("photo.jpg", randomBytes(3000), "image/jpeg", null);
    } finally {
      await opened.close();
    }
  }, 60_000);

  afterAll(async () => {
    await s3?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("keeps the bucket's listing (key, size, ETag), and a restore checks every listed object is there, naming those that are not", async () => {
    const backup = await cli(["backup", "--out", archive], env);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain("the listing of 2 objects in bucket backups-test");
    const folder = mkdtempSync(path.join(dir, "manifest-"));
    await tar.x({ file: archive, cwd: folder }, ["manifest.json"]);
    const manifest = JSON.parse(await readFile(path.join(folder, "manifest.json"), "utf8"));
    expect(manifest.files).toMatchObject({ storage: "bucket", bucket: "backups-test", prefix: "docs/" });
    expect(manifest.files.objects).toEqual([
      { key: "docs/pan-card-Document.pdf", size: 2000, etag: expect.stringMatching(/^"?[0-9a-f]{32}"?$/) },
      { key: "docs/photo.jpg", size: 3000, etag: expect.stringMatching(/^"?[0-9a-f]{32}"?$/) },
    ]);
    expect(manifest.tables.stored_files).toBe(2);

    await rm(env.PGLITE_DIR, { recursive: true, force: true });
    const restored = await cli(["restore", archive], env);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain("all 2 objects the backup lists are in bucket backups-test");

    await storageFromEnv(env).delete("photo.jpg");
    expectOneLineError(await cli(["restore", archive, "--force"], env), "1 of the 2 objects", "docs/photo.jpg");
    // the files folder of a local backup is not the bucket: refused before anything is touched
    expectOneLineError(
      await cli(["restore", archive, "--force"], { PGLITE_DIR: env.PGLITE_DIR, FILES_DIR: path.join(dir, "files") }),
      "S3_BUCKET is not set",
    );
  }, 90_000);
});
