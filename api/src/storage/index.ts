import { localFileStorage } from "./local";
import { DEFAULT_S3_TIMEOUT_MS, s3FileStorage } from "./s3";
import type { FileStorage } from "./storage";

export * from "./storage";
export { localFileStorage } from "./local";
export { s3FileStorage, type S3Config } from "./s3";

export const DEFAULT_FILES_DIR = "./data/files";

/** The storage settings of the API's checked environment (api/src/env.ts). */
export type StorageSettings = {
  FILES_DIR: string;
  S3_BUCKET?: string;
  S3_ENDPOINT?: string;
  S3_REGION: string;
  S3_PREFIX: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_TIMEOUT_MS: number;
};

/** The storage the API's checked settings name: the bucket when S3_BUCKET is set, else the folder FILES_DIR. */
export function storageFromSettings(settings: StorageSettings): FileStorage {
  if (!settings.S3_BUCKET) return localFileStorage(settings.FILES_DIR);
  return s3FileStorage({
    endpoint: settings.S3_ENDPOINT ?? "",
    bucket: settings.S3_BUCKET,
    region: settings.S3_REGION,
    accessKeyId: settings.S3_ACCESS_KEY_ID ?? "",
    secretAccessKey: settings.S3_SECRET_ACCESS_KEY ?? "",
    prefix: settings.S3_PREFIX,
    timeoutMs: settings.S3_TIMEOUT_MS,
  });
}

/**
 * The storage the API uses: an S3-compatible bucket when S3_BUCKET is set (S3_ENDPOINT, S3_REGION
 * (us-east-1), S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PREFIX, S3_TIMEOUT_MS; path-style
 * addressing), else the local folder FILES_DIR (default ./data/files).
 */
export function storageFromEnv(env: Record<string, string | undefined> = process.env): FileStorage {
  if (env.S3_BUCKET) {
    const missing = ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"].filter((key) => !env[key]);
    if (missing.length > 0) throw new Error(`S3_BUCKET is set: ${missing.join(", ")} must be set too`);
    const timeoutMs = env.S3_TIMEOUT_MS ? Number(env.S3_TIMEOUT_MS) : DEFAULT_S3_TIMEOUT_MS;
    if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new Error("S3_TIMEOUT_MS must be a whole number of milliseconds above 0");
    return s3FileStorage({
      endpoint: env.S3_ENDPOINT!,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION || "us-east-1",
      accessKeyId: env.S3_ACCESS_KEY_ID!,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
      prefix: env.S3_PREFIX || "",
      timeoutMs,
    });
  }
  return localFileStorage(env.FILES_DIR || DEFAULT_FILES_DIR);
}
