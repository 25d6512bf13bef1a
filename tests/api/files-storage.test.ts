/**
 * What every FileStorage promises (the local folder and an S3 bucket alike), checked on both: the
 * bucket is a real S3-compatible server (s3rver) in its own process.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BadFileNameError, localFileStorage, s3FileStorage, type FileEntry, type FileStorage } from "../../api/src/storage";
import { S3RVER_CREDENTIALS, startS3rver, type TestS3 } from "../support/s3rver";

// the SDK warns once per process that its 2027 releases will need Node 22 (the project runs on 20)
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function readAll(storage: FileStorage, name: string): Promise<Uint8Array | null> {
  const file = await storage.get(name);
  return file && new Uint8Array(await new Response(file.body).arrayBuffer());
}

/** The bytes as a stream of uneven chunks, as an upload arrives. */
function streamOf(bytes: Uint8Array, chunkSize = 1_000_003): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, (offset += chunkSize)));
    },
  });
}

type Subject = { storage: FileStorage; s3?: TestS3; close(): Promise<void> };

const subjects: [string, () => Promise<Subject>][] = [
  [
    "local folder",
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), "storage-contract-"));
      return { storage: localFileStorage(dir), close: () => rm(dir, { recursive: true, force: true }) };
    },
  ],
  [
    "S3 bucket (s3rver)",
    async () => {
      const s3 = await startS3rver(["contract"]);
      const storage = s3FileStorage({
        endpoint: s3.endpoint,
        bucket: "contract",
        region: "ap-south-1",
        prefix: "files/",
        ...S3RVER_CREDENTIALS,
      });
      return { storage, s3, close: () => s3.close() };
    },
  ],
];

describe.each(subjects)("FileStorage on a %s", (_, open) => {
  let subject: Subject;
  let storage: FileStorage;
  beforeAll(async () => {
    subject = await open();
    storage = subject.storage;
  });
  afterAll(() => subject?.close());

  it("reads back the bytes written; a deleted file is gone and reads as not found", async () => {
    const bytes = randomBytes(100_000);
    await storage.put("contract-a.bin", bytes);
    expect(await storage.exists("contract-a.bin")).toBe(true);
    const file = await storage.get("contract-a.bin");
    expect(file?.size).toBe(bytes.length);
    expect(file?.contentType).toBe("application/octet-stream");
    expect(sha256(new Uint8Array(await new Response(file!.body).arrayBuffer()))).toBe(sha256(bytes));

    await storage.delete("contract-a.bin");
    expect(await storage.exists("contract-a.bin")).toBe(false);
    expect(await storage.get("contract-a.bin")).toBeNull();
    expect((await storage.list({ prefix: "contract-a" })).files).toEqual([]);
    // deleting what is not there is not an error
    await expect(storage.delete("contract-a.bin")).resolves.toBeUndefined();
    expect(await storage.get("never-stored.pdf")).toBeNull();
    expect(await storage.exists("never-stored.pdf")).toBe(false);
  });

  it("writes a large stream whole (20 MB: a multipart upload on S3)", async () => {
    const bytes = randomBytes(20 * 1024 * 1024 + 12_345);
    await storage.putStream("large-video.mp4", streamOf(bytes), "video/mp4");
    const file = await storage.get("large-video.mp4");
    expect(file?.size).toBe(bytes.length);
    expect(file?.contentType).toBe("video/mp4");
    // an unread body holds its connection open
    await file?.body.cancel();
    expect(sha256((await readAll(storage, "large-video.mp4"))!)).toBe(sha256(bytes));
    if (subject.s3) {
      const requests = (await subject.s3.requests()).filter((line) => line.includes("/contract/files/large-video.mp4"));
      expect(requests.filter((line) => /^POST .*\?uploads/.test(line))).toHaveLength(1);
      // 8 MB parts
      expect(requests.filter((line) => /^PUT .*partNumber=\d/.test(line))).toHaveLength(3);
      expect(requests.filter((line) => /^POST .*\?uploadId=/.test(line))).toHaveLength(1);
    }
    // a small stream is written too (one PutObject on S3)
    await storage.putStream("small-note.txt", streamOf(new TextEncoder().encode("hello"), 2));
    expect(new TextDecoder().decode((await readAll(storage, "small-note.txt"))!)).toBe("hello");
    await storage.delete("large-video.mp4");
    await storage.delete("small-note.txt");
  });

  it("lists by name prefix a page at a time: every file exactly once, in name order, with size and time", async () => {
    const names = Array.from({ length: 23 }, (_, i) => `page-${String(i).padStart(2, "0")}.txt`);
    const before = Date.now();
    for (const [i, name] of names.entries()) await storage.put(name, new Uint8Array(i + 1).fill(65));
    await storage.put("other-1.txt", new Uint8Array(3));
    const after = Date.now();

    const pages: FileEntry[][] = [];
    let token: string | undefined;
    do {
      const page = await storage.list({ prefix: "page-", limit: 5, token });
      pages.push(page.files);
      token = page.nextToken;
    } while (token && pages.length < 20);
    expect(pages.map((page) => page.length)).toEqual([5, 5, 5, 5, 3]);
    const listed = pages.flat();
    expect(listed.map((file) => file.name)).toEqual(names);
    listed.forEach((file, i) => {
      expect(file.size, file.name).toBe(i + 1);
      // S3 keeps whole seconds
      expect(file.lastModified.getTime(), file.name).toBeGreaterThanOrEqual(before - 1000);
      expect(file.lastModified.getTime(), file.name).toBeLessThanOrEqual(after + 1000);
    });

    const all = await storage.list();
    expect(all.nextToken).toBeUndefined();
    expect(all.files.map((file) => file.name)).toEqual([...names, "other-1.txt"].sort());
    expect(await storage.list({ prefix: "nothing-" })).toEqual({ files: [] });

    await storage.delete("page-07.txt");
    expect((await storage.list({ prefix: "page-" })).files.map((file) => file.name)).toEqual(
      names.filter((name) => name !== "page-07.txt"),
    );
  });

  it("refuses names that are not plain file names", async () => {
    for (const bad of ["../escape.pdf", "a/b.pdf", ".hidden"]) {
      await expect(storage.get(bad), bad).rejects.toThrow(BadFileNameError);
      await expect(storage.put(bad, new Uint8Array(1)), bad).rejects.toThrow(BadFileNameError);
      await expect(storage.delete(bad), bad).rejects.toThrow(BadFileNameError);
    }
  });
});
