import type { LoaderFunctionArgs } from "@remix-run/node";
import { BUCKET_PATH } from "~/models/bucket-manager-page";
import { requireAdmin } from "~/services/auth.server";
import { serveStoredFile } from "~/services/file-route.server";

/** /admin/s3-bucket-manager/files/{name}: a stored file streamed through the API (never a bucket URL). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "S3BucketManager");
  return serveStoredFile(request, params.name, api.caller, BUCKET_PATH);
}
