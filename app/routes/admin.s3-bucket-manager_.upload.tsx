import { data, type ActionFunctionArgs } from "@remix-run/node";
import { BUCKET_MESSAGES as M } from "~contract/bucket-manager";
import type { UploadResult } from "~/models/bucket-manager-page";
import { requireAdmin } from "~/services/auth.server";
import { tooLargeResult, uploadOne } from "~/services/bucket-manager/actions.server";
import { callerOf } from "~/services/marketplace/client.server";
import { UPLOAD_ROUTES } from "~/models/upload-limits";
import { readUploadForm } from "~/services/upload-form.server";

/**
 * POST /admin/s3-bucket-manager/upload: one file (field file) from the page's upload with
 * JavaScript (an XMLHttpRequest per file, for its progress bar); answers {name, ok, message}. Its
 * limits are its row of the upload table (app/models/upload-limits.ts).
 */
export async function action({ request }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request, "S3BucketManager");
  const form = await readUploadForm(request, UPLOAD_ROUTES.bucketUpload.files, 1024);
  if ("unreadable" in form) return data<UploadResult>({ name: "", ok: false, message: form.unreadable }, { status: 400 });
  if (form.tooLarge.has("file")) return data<UploadResult>(tooLargeResult(""), { status: 413 });
  const file = form.formData.get("file");
  if (!file || typeof file === "string" || file.size === 0)
    return data<UploadResult>({ name: "", ok: false, message: M.noFiles }, { status: 400 });
  const { status, ...result } = await uploadOne(file, callerOf(admin, request));
  return data<UploadResult>(result, { status });
}
