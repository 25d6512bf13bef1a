/**
 * A PGlite folder belongs to one process: a second process opening it is refused with a clear
 * reason (two would each write it as if alone, and corrupt it); a lock left by a process that died
 * is taken over; closing frees the folder.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, PGLITE_LOCK_FILE } from "../../api/src/db/client";

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "pglite-lock-"));
  folders.push(dir);
  return path.join(dir, "pglite");
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** A process that stays alive until killed. */
const aliveProcess = () => spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });

describe("PGlite folder lock", () => {
  it("refuses a folder another living process has open, names it, and leaves it untouched", async () => {
    const dataDir = folder();
    const other = aliveProcess();
    try {
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(path.join(dataDir, PGLITE_LOCK_FILE), String(other.pid));
      await expect(openDatabase({ dataDir, migrate: false })).rejects.toThrow(
        `the PGlite folder ${dataDir} is open in process ${other.pid}; a PGlite folder belongs to one process (run several API processes on PostgreSQL: DATABASE_URL). If process ${other.pid} is not an API, remove ${path.join(dataDir, PGLITE_LOCK_FILE)}`,
      );
      // nothing was created in it: no PGlite opened it
      expect(existsSync(path.join(dataDir, "PG_VERSION"))).toBe(false);
    } finally {
      other.kill();
    }
  });

  it("takes over a lock whose process is gone, and frees the folder on close", async () => {
    const dataDir = folder();
    const gone = aliveProcess();
    const pid = gone.pid!;
    gone.kill();
    await new Promise((resolve) => gone.once("exit", resolve));
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, PGLITE_LOCK_FILE), String(pid));
    const opened = await openDatabase({ dataDir, migrate: false });
    expect(existsSync(path.join(dataDir, PGLITE_LOCK_FILE))).toBe(true);
    await opened.close();
    expect(existsSync(path.join(dataDir, PGLITE_LOCK_FILE))).toBe(false);
    // and it opens again
    const again = await openDatabase({ dataDir, migrate: false });
    await again.close();
  });
});
