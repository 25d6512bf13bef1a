import type { LoaderFunctionArgs } from "@remix-run/node";
import { BUCKET_PATH } from "~/models/bucket-manager-page";
import { requireAdmin } from "~/services/auth.server";
import { serveStoredFile } from "~/services/file-route.server";
import { callerOf } from "~/services/marketplace/client.server";

/** /admin/s3-bucket-manager/files/{name}: a stored file streamed through the API (never a bucket URL). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request, "S3BucketManager");
  return serveStoredFile(request, params.name, callerOf(admin, request), BUCKET_PATH);
}
