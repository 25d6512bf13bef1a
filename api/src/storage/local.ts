import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { randomBytes } from "node:crypto";
import { assertFileName, contentTypeOf, isValidFileName, listLimit, type FileStorage } from "./storage";

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
  // write then rename: a reader never sees half a file (the leading dot keeps it out of listings)
  const temporaryOf = (name: string) => path.join(root, `.${name}.${randomBytes(4).toString("hex")}.tmp`);
  const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";
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
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async put(name, bytes) {
      const full = fileOf(name);
      await mkdir(root, { recursive: true });
      const temporary = temporaryOf(name);
      await writeFile(temporary, bytes);
      await rename(temporary, full);
    },
    async putStream(name, body) {
      const full = fileOf(name);
      await mkdir(root, { recursive: true });
      const temporary = temporaryOf(name);
      try {
        await pipeline(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), createWriteStream(temporary));
        await rename(temporary, full);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
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
    async list({ prefix = "", limit, token } = {}) {
      let entries;
      try {
        entries = await readdir(root, { withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return { files: [] };
        throw error;
      }
      // the token is the last name of the previous page, as S3's StartAfter
      const names = entries
        .filter((entry) => entry.isFile() && isValidFileName(entry.name) && entry.name.startsWith(prefix) && (!token || entry.name > token))
        .map((entry) => entry.name)
        .sort();
      const page = names.slice(0, listLimit(limit));
      const files = [];
      for (const name of page) {
        try {
          const info = await stat(path.join(root, name));
          files.push({ name, size: info.size, lastModified: info.mtime });
        } catch (error) {
          // deleted since readdir
          if (!isMissing(error)) throw error;
        }
      }
      return names.length > page.length ? { files, nextToken: page[page.length - 1] } : { files };
    },
    async presignedUrl() {
      return null;
    },
  };
}
