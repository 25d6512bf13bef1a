import { localFileStorage } from "./local";
import type { FileStorage } from "./storage";

export * from "./storage";
export { localFileStorage } from "./local";

export const DEFAULT_FILES_DIR = "./data/files";

/**
 * The storage the API uses: FILES_DIR (default ./data/files) on the local disk.
 *
 * TODO S3-compatible storage (DESIGN §1): when S3_BUCKET is set, return an implementation of
 * FileStorage over S3_ENDPOINT / S3_REGION / S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY (GetObject →
 * get, PutObject → put, HeadObject → exists, DeleteObject → delete). Until it exists, S3 settings
 * are refused at start-up rather than silently ignored.
 */
export function storageFromEnv(env: NodeJS.ProcessEnv = process.env): FileStorage {
  if (env.S3_BUCKET) {
    throw new Error("S3_BUCKET is set but S3-compatible storage is not implemented yet; unset it to use FILES_DIR");
  }
  return localFileStorage(env.FILES_DIR || DEFAULT_FILES_DIR);
}
