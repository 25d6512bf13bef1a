import { data } from "@remix-run/node";
import { BUCKET_MESSAGES as M } from "~contract/bucket-manager";
import { DeleteFileForm, SweepUnusedForm, SyncBucketForm, UploadFilesForm, UploadOneFileForm } from "~/models/bucket-manager-forms";
import type { BucketActionData, UploadResult } from "~/models/bucket-manager-page";
import { UPLOAD_ROUTES } from "~/models/upload-limits";
import { handleForm, intent } from "~/services/form-action.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { redirectWithToast } from "~/services/toast.server";
import { readUploadForm } from "~/services/upload-form.server";
import { bucketListUrl } from "./list.server";

const TEXT_MAX_BYTES = 16 * 1024;
/** the page's plain upload form: its row of the upload table (the admin's server caps the request) */
const PAGE_LIMITS = UPLOAD_ROUTES.bucketPage;
/** the upload route (with JavaScript, one file per request): its row of the upload table */
const ONE_FILE_LIMITS = UPLOAD_ROUTES.bucketUpload;

function statusOf(error: MarketplaceError) {
  if (error.kind === "unavailable") return 503;
  return error.status >= 400 && error.status < 500 ? error.status : 400;
}

const refused = (title: string, message: string, status: number) =>
  data<BucketActionData>({ notice: { title, message, tone: "error" } }, { status });

/** The API's refusal as the page's notice: `message` picks the words from the error. */
const refusedBy = (title: string, message: (error: MarketplaceError) => string) => (error: unknown) => {
  if (!(error instanceof MarketplaceError)) throw error;
  return refused(title, message(error), statusOf(error));
};

/** One file through POST s3/upload: what the admin is told about it. */
export async function uploadOne(file: File, api: Marketplace): Promise<UploadResult & { status: number }> {
  try {
    const answer = await api.raw.uploadStoredFiles([file]);
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
 * The S3 Bucket Manager's buttons: Fetch S3 Bucket Data (sync), Delete (confirmed), the Unused
 * filter's sweep (confirmed) and the plain upload form (without JavaScript; with it each file goes
 * to the upload route with a progress bar). Refusals are a notice on the page.
 */
export async function bucketAction(request: Request, api: Marketplace) {
  const form = await readUploadForm(request, PAGE_LIMITS.files, TEXT_MAX_BYTES);
  if ("unreadable" in form) return refused("Upload failed", form.unreadable, 400);
  const { tooLargeNames } = form;
  const url = new URL(request.url);
  const backToList = () => bucketListUrl(url);
  const deleteRefused = () => refused(M.deleteError, M.deleteErrorText, 400);
  return handleForm(
    request,
    api,
    {
      sync: intent(
        SyncBucketForm,
        async () => {
          const answer = await api.syncBucket();
          return redirectWithToast(request, backToList(), { type: "success", message: answer.message });
        },
        { refused: refusedBy(M.fetchFailed, (error) => error.message) },
      ),
      delete: intent(
        DeleteFileForm,
        async ({ id, key }) => {
          await api.deleteStoredFile(key, id);
          return redirectWithToast(request, backToList(), { type: "success", title: M.deleted, message: M.deletedText });
        },
        {
          invalid: deleteRefused,
          // a file in use: the API names who uses it
          refused: refusedBy(M.deleteError, (error) => (error.kind === "conflict" ? error.message : M.deleteErrorText)),
        },
      ),
      // the Unused filter's sweep, confirmed: what was listed when the admin looked, as searched
      sweep: intent(
        SweepUnusedForm,
        async ({ before }) => {
          const search = (url.searchParams.get("search") ?? "").trim() || undefined;
          const answer = await api.sweepUnusedPostImages(before, search);
          return redirectWithToast(request, backToList(), { type: "success", title: M.deleted, message: M.swept(answer.deleted.length) });
        },
        { invalid: deleteRefused, refused: refusedBy(M.deleteError, (error) => error.message || M.deleteErrorText) },
      ),
      upload: intent(UploadFilesForm, async ({ files }) => {
        const results: UploadResult[] = tooLargeNames.map(tooLargeResult);
        if (files.length === 0 && results.length === 0)
          return data<BucketActionData>({ uploads: [{ name: "", ok: false, message: M.noFiles }] }, { status: 400 });
        if (files.length > PAGE_LIMITS.maxFiles)
          return data<BucketActionData>({ uploads: [{ name: "", ok: false, message: M.tooMany }] }, { status: 400 });
        for (const file of files) {
          const { status: _status, ...result } = await uploadOne(file, api);
          results.push(result);
        }
        if (results.every((r) => r.ok)) {
          return redirectWithToast(request, backToList(), {
            type: "success",
            message: results.length === 1 ? results[0].message : M.uploadedCount(results.length),
          });
        }
        return data<BucketActionData>({ uploads: results }, { status: results.some((r) => r.ok) ? 200 : 400 });
      }),
    },
    { form: form.formData },
  );
}

/**
 * POST /admin/s3-bucket-manager/upload: one file (field file) from the page's upload with
 * JavaScript (an XMLHttpRequest per file, for its progress bar); answers {name, ok, message}. Its
 * limits are its row of the upload table (app/models/upload-limits.ts).
 */
export async function uploadOneAction(request: Request, api: Marketplace) {
  const form = await readUploadForm(request, ONE_FILE_LIMITS.files, 1024);
  if ("unreadable" in form) return data<UploadResult>({ name: "", ok: false, message: form.unreadable }, { status: 400 });
  if (form.tooLarge.has("file")) return data<UploadResult>(tooLargeResult(""), { status: 413 });
  return handleForm(
    request,
    api,
    {
      upload: intent(
        UploadOneFileForm,
        async ({ file }) => {
          const { status, ...result } = await uploadOne(file, api);
          return data<UploadResult>(result, { status });
        },
        { invalid: () => data<UploadResult>({ name: "", ok: false, message: M.noFiles }, { status: 400 }) },
      ),
    },
    { form: form.formData, defaultIntent: "upload" },
  );
}
