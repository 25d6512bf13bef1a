/**
 * The files part. A local folder (FILES_DIR): the files themselves, each hard-linked (or copied)
 * into the staging folder first — the storage replaces a file by renaming a new one over it, so a
 * linked file never changes under the backup — then archived with its size and sha256. A bucket
 * (S3_BUCKET): only its listing (key, size, ETag); the bucket's own versioning or replication keeps
 * its objects, and a restore checks that every listed object is there.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { copyFile, link, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { localFileStorage, storageFromSettings, type FileStorage } from "../storage";
import { BackupError, type FilesPart } from "./manifest";
import type { BackupEnv } from "./settings";

export type FilesPlace = { storage: "local"; dir: string } | { storage: "bucket"; files: FileStorage; bucket: string; prefix: string };

/** Where the API keeps its files, from the same settings (storageFromSettings). */
export function filesPlaceFromEnv(env: BackupEnv): FilesPlace {
  if (!env.S3_BUCKET) return { storage: "local", dir: env.FILES_DIR };
  return { storage: "bucket", files: storageFromSettings(env), bucket: env.S3_BUCKET, prefix: env.S3_PREFIX };
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/** Every page of the storage's listing. */
async function* listAll(files: FileStorage) {
  let token: string | undefined;
  do {
    const page = await files.list({ token });
    yield* page.files;
    token = page.nextToken;
  } while (token);
}

/** Puts the files part into `stagingDir` (files/…) and answers its manifest entry. */
export async function stageFiles(place: FilesPlace, stagingDir: string): Promise<FilesPart> {
  if (place.storage === "bucket") {
    const objects = [];
    for await (const file of listAll(place.files))
      objects.push({ key: `${place.prefix}${file.name}`, size: file.size, etag: file.etag ?? null });
    return { storage: "bucket", bucket: place.bucket, prefix: place.prefix, objects };
  }
  const target = path.join(stagingDir, "files");
  await mkdir(target, { recursive: true });
  const files = [];
  // the storage's listing: only names the API stores (its half-written temporaries are left out)
  for await (const file of listAll(localFileStorage(place.dir))) {
    const from = path.join(place.dir, file.name);
    const to = path.join(target, file.name);
    try {
      await link(from, to).catch(async (error: NodeJS.ErrnoException) => {
        // another file system (EXDEV) or one without hard links
        if (isMissing(error)) throw error;
        await copyFile(from, to);
      });
    } catch (error) {
      if (isMissing(error)) continue; // deleted since the listing
      throw error;
    }
    files.push({ name: file.name, size: (await stat(to)).size, sha256: await sha256Of(to) });
  }
  return { storage: "local", files };
}

/** Why the files folder is not an empty target, or null (absent or empty). A bucket is never wiped or refused. */
export async function filesNotEmpty(place: FilesPlace): Promise<string | null> {
  if (place.storage === "bucket") return null;
  const entries = await readdir(place.dir).catch((error: unknown) => {
    if (isMissing(error)) return [];
    throw error;
  });
  return entries.length > 0 ? `the files folder ${place.dir} (FILES_DIR) is not empty (${entries.length} entries)` : null;
}

export async function wipeFiles(place: FilesPlace): Promise<void> {
  if (place.storage === "bucket") return;
  const entries = await readdir(place.dir).catch(() => [] as string[]);
  for (const entry of entries) await rm(path.join(place.dir, entry), { recursive: true, force: true });
}

/** A backup of a files folder restores into a files folder, a bucket's listing is checked against a bucket. */
export function assertSameStorage(place: FilesPlace, part: FilesPart): void {
  if (part.storage === place.storage) return;
  throw new BackupError(
    part.storage === "bucket"
      ? "this backup lists a bucket's objects, but S3_BUCKET is not set: restore with the bucket's settings"
      : "this backup holds a files folder, but S3_BUCKET is set: restore with FILES_DIR set and S3_BUCKET unset (then copy the files into the bucket)",
  );
}

type BucketPlace = Extract<FilesPlace, { storage: "bucket" }>;
type BucketPart = Extract<FilesPart, { storage: "bucket" }>;
type LocalPart = Extract<FilesPart, { storage: "local" }>;

/** Every object the backup lists is in the bucket with its size; throws naming those that are not. */
export async function checkBucket(place: BucketPlace, part: BucketPart): Promise<number> {
  const inBucket = new Map<string, number>();
  for await (const file of listAll(place.files)) inBucket.set(`${place.prefix}${file.name}`, file.size);
  const missing = part.objects.filter((object) => inBucket.get(object.key) !== object.size).map((object) => object.key);
  if (missing.length > 0)
    throw new BackupError(
      `the database is restored, but ${missing.length} of the ${part.objects.length} objects the backup lists are missing from bucket ${place.bucket} (or differ in size): ${missing.slice(0, 10).join(", ")}${missing.length > 10 ? ` and ${missing.length - 10} more` : ""}; restore them from the bucket's versioning or replica`,
    );
  return part.objects.length;
}

/** Moves the staged files into the folder and checks each one's bytes against the manifest; the bytes restored. */
export async function restoreLocalFiles(dir: string, part: LocalPart, stagingDir: string): Promise<number> {
  await mkdir(dir, { recursive: true });
  let bytes = 0;
  for (const file of part.files) {
    const from = path.join(stagingDir, "files", file.name);
    const to = path.join(dir, file.name);
    await rename(from, to).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== "EXDEV") throw error;
      await copyFile(from, to);
    });
    if ((await sha256Of(to)) !== file.sha256) throw new BackupError(`the restored file ${to} does not match the backup's checksum`);
    bytes += file.size;
  }
  return bytes;
}
