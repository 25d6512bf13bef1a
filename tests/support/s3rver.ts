/**
 * A real S3-compatible server (s3rver) for tests: its own process (see s3rver-process.mjs), a free
 * port on 127.0.0.1, its objects in a fresh temporary folder removed on close.
 */
import { fork } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The only key pair s3rver 3.7.1 knows; any other access key id is refused (InvalidAccessKeyId). */
export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

export type TestS3 = {
  endpoint: string;
  /** the request lines ("PUT /bucket/key?partNumber=1&uploadId=…") s3rver received so far */
  requests(): Promise<string[]>;
  close(): Promise<void>;
};

type ChildMessage = { port: number } | { request: string } | { synced: true };

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), "s3rver-process.mjs");

/** s3rver with these buckets created. */
export async function startS3rver(buckets: string[]): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), "s3rver-"));
  const child = fork(CHILD, [directory, ...buckets], {
    execArgv: ["--openssl-legacy-provider"],
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const received: string[] = [];
  const syncs: (() => void)[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    child.on("message", (message: ChildMessage) => {
      if ("port" in message) resolve(message.port);
      else if ("request" in message) received.push(message.request);
      else syncs.shift()?.();
    });
    child.once("exit", (code) => reject(new Error(`s3rver exited with ${code} before listening: ${stderr.trim()}`)));
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async requests() {
      await new Promise<void>((resolve) => {
        syncs.push(resolve);
        child.send("sync");
      });
      return [...received];
    },
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.disconnect();
        await exited;
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}
