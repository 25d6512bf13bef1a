import { data } from "@remix-run/node";
import type { AdminUser } from "~contract/admin-users";
import { BUCKET_MESSAGES as M } from "~contract/bucket-manager";
import type { BucketActionData, UploadResult } from "~/models/bucket-manager-page";
import { isValidFileName } from "~contract/file-types";
import { isRecordId } from "~contract/ids";
import { UPLOAD_ROUTES } from "~/models/upload-limits";
import { MarketplaceError, callerOf, type Caller } from "~/services/marketplace/client.server";
import { deleteStoredFile, sweepUnusedPostImages, syncBucket, uploadStoredFiles } from "~/services/marketplace/bucket-manager.server";
import { redirectWithToast } from "~/services/toast.server";
import { readUploadForm } from "~/services/upload-form.server";
import { bucketListUrl } from "./list.server";

export const BUCKET_INTENTS = ["sync", "delete", "upload", "sweep"] as const;
const TEXT_MAX_BYTES = 16 * 1024;
/** the page's plain upload form: its row of the upload table (the admin's server caps the request) */
const PAGE_LIMITS = UPLOAD_ROUTES.bucketPage;

function statusOf(error: MarketplaceError) {
  if (error.kind === "unavailable") return 503;
  return error.status >= 400 && error.status < 500 ? error.status : 400;
}

const refused = (title: string, message: string, status: number) =>
  data<BucketActionData>({ notice: { title, message, tone: "error" } }, { status });

/** One file through POST s3/upload: what the admin is told about it. */
export async function uploadOne(file: File, caller: Caller): Promise<UploadResult & { status: number }> {
  try {
    const answer = await uploadStoredFiles(caller, [file]);
    return { name: file.name, ok: true, message: answer.message, status: 201 };
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    const reason = Object.values(error.fieldErrors)[0] ?? error.message;
    return { name: file.name, ok: false, message: reason, status: statusOf(error) };
  }
}

/** A file of the form as the admin sent it: too large, or a File. */
export const tooLargeResult = (name: string): UploadResult => ({ name, ok: false, message: M.tooLarge });

/**
 * The S3 Bucket Manager's buttons: Fetch S3 Bucket Data (sync), Delete (confirmed) and the plain
 * upload form (without JavaScript; with it each file goes to the upload route with a progress bar).
 */
export async function bucketAction(request: Request, admin: AdminUser) {
  const form = await readUploadForm(request, PAGE_LIMITS.files, TEXT_MAX_BYTES);
  if ("unreadable" in form) return refused("Upload failed", form.unreadable, 400);
  const { formData, tooLargeNames } = form;
  const intent = String(formData.get("intent") ?? "");
  if (!(BUCKET_INTENTS as readonly string[]).includes(intent)) {
    throw new Response(`Unknown intent: ${intent}`, { status: 400, statusText: "Bad Request" });
  }
  const caller = callerOf(admin, request);
  const url = new URL(request.url);
  if (intent === "sync") {
    try {
      const answer = await syncBucket(caller);
      return redirectWithToast(request, bucketListUrl(url), { type: "success", message: answer.message });
    } catch (error) {
      if (!(error instanceof MarketplaceError)) throw error;
      return refused(M.fetchFailed, error.message, statusOf(error));
    }
  }
  if (intent === "delete") {
    const id = String(formData.get("id") ?? "").trim();
    const key = String(formData.get("key") ?? "").trim();
    if (!isRecordId(id) || !isValidFileName(key)) return refused(M.deleteError, M.deleteErrorText, 400);
    try {
      await deleteStoredFile(caller, key, Number(id));
      return redirectWithToast(request, bucketListUrl(url), { type: "success", title: M.deleted, message: M.deletedText });
    } catch (error) {
      if (!(error instanceof MarketplaceError)) throw error;
      // a file in use: the API names who uses it
      const message = error.kind === "conflict" ? error.message : M.deleteErrorText;
      return refused(M.deleteError, message, statusOf(error));
    }
  }
  if (intent === "sweep") {
    // the Unused filter's sweep, confirmed: what was listed when the admin looked, as searched
    const before = String(formData.get("before") ?? "");
    const search = (url.searchParams.get("search") ?? "").trim() || undefined;
    if (Number.isNaN(Date.parse(before))) return refused(M.deleteError, M.deleteErrorText, 400);
    try {
      const answer = await sweepUnusedPostImages(caller, new Date(before).toISOString(), search);
      return redirectWithToast(request, bucketListUrl(url), { type: "success", title: M.deleted, message: M.swept(answer.deleted.length) });
    } catch (error) {
      if (!(error instanceof MarketplaceError)) throw error;
      return refused(M.deleteError, error.message || M.deleteErrorText, statusOf(error));
    }
  }
  const files = formData.getAll("files").filter((f): f is File => typeof f !== "string" && f.size > 0);
  const results: UploadResult[] = [];
  for (const name of tooLargeNames) results.push(tooLargeResult(name));
  if (files.length === 0 && results.length === 0)
    return data<BucketActionData>({ uploads: [{ name: "", ok: false, message: M.noFiles }] }, { status: 400 });
  if (files.length > PAGE_LIMITS.maxFiles)
    return data<BucketActionData>({ uploads: [{ name: "", ok: false, message: M.tooMany }] }, { status: 400 });
  for (const file of files) {
    const { status: _status, ...result } = await uploadOne(file, caller);
    results.push(result);
  }
  if (results.every((r) => r.ok)) {
    return redirectWithToast(request, bucketListUrl(url), {
      type: "success",
      message: results.length === 1 ? results[0].message : M.uploadedCount(results.length),
    });
  }
  return data<BucketActionData>({ uploads: results }, { status: results.some((r) => r.ok) ? 200 : 400 });
}
