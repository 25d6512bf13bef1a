import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { randomBytes } from "node:crypto";
import { assertFileName, contentTypeOf, type FileStorage } from "./storage";

/** Files in one local folder (FILES_DIR, default ./data/files), created on the first write. */
export function localFileStorage(dir: string): FileStorage {
  const root = path.resolve(dir);
  const fileOf = (name: string) => {
    assertFileName(name);
    const full = path.resolve(root, name);
    // belt and braces: a valid name never leaves the folder
    if (path.dirname(full) !== root) throw new Error("file name escapes the storage folder");
    return full;
  };
  return {
    async get(name) {
      const full = fileOf(name);
      try {
        const info = await stat(full);
        if (!info.isFile()) return null;
        return {
          body: Readable.toWeb(createReadStream(full)) as ReadableStream<Uint8Array>,
          size: info.size,
          contentType: contentTypeOf(name),
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async put(name, bytes) {
      const full = fileOf(name);
      await mkdir(root, { recursive: true });
      // write then rename: a reader never sees half a file
      const temporary = path.join(root, `.${name}.${randomBytes(4).toString("hex")}.tmp`);
      await writeFile(temporary, bytes);
      await rename(temporary, full);
    },
    async exists(name) {
      try {
        return (await stat(fileOf(name))).isFile();
      } catch {
        return false;
      }
    },
    async delete(name) {
      await rm(fileOf(name), { force: true });
    },
  };
}
