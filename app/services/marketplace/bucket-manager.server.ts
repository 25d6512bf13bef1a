import { z } from "zod";
import {
  BucketDeleteAnswer,
  BucketListAnswer,
  BucketSweepAnswer,
  BucketSyncAnswer,
  BucketUploadAnswer,
  StoredFileRecord,
} from "~contract/bucket-manager";
import { apiRequest, type Caller } from "./client.server";

export type BucketListParams = { search?: string; uploaded_at?: string; continuation_token?: string; page_size?: number; unused?: "1" };

/** GET s3/list: one page of the catalogue (search, day, continuation token). */
export async function listStoredFiles(caller: Caller, query: BucketListParams) {
  return (await apiRequest("/s3/list", { query, caller, answer: BucketListAnswer })).data;
}

/** GET s3/files/{id} (ours): one file's catalogue row, for a dialog whose file is not on the page shown. */
export async function getStoredFile(caller: Caller, id: number) {
  return (await apiRequest(`/s3/files/${id}`, { caller, answer: z.object({ data: StoredFileRecord }) })).data;
}

/** POST s3/delete {key, id}: a file in use is a MarketplaceError "conflict" naming the user. */
export async function deleteStoredFile(caller: Caller, key: string, id: number) {
  return apiRequest("/s3/delete", { method: "POST", body: { key, id }, caller, answer: BucketDeleteAnswer });
}

/** POST s3/upload (ours): the files, told by content; a refused one is a MarketplaceError with the reason. */
export async function uploadStoredFiles(caller: Caller, files: File[]) {
  const form = new FormData();
  for (const file of files) form.append("files", file, file.name);
  return apiRequest("/s3/upload", { method: "POST", body: form, caller, answer: BucketUploadAnswer });
}

/** POST s3/sync (ours): Fetch S3 Bucket Data. */
export async function syncBucket(caller: Caller) {
  return apiRequest("/s3/sync", { method: "POST", caller, answer: BucketSyncAnswer });
}

/** POST s3/sweep-unused-post-images (ours): the unused post images matching the search, uploaded at or before `before`. */
export async function sweepUnusedPostImages(caller: Caller, before: string, search: string | undefined) {
  return apiRequest("/s3/sweep-unused-post-images", {
    method: "POST",
    body: { before, ...(search ? { search } : {}) },
    caller,
    answer: BucketSweepAnswer,
  });
}
