import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { BUCKET_FILES_EXPORT } from "~/services/bucket-manager/bucket-export.server";
import { listExportResponse } from "~/services/list-export.server";

/** GET /admin/s3-bucket-manager/export?…the list's URL…&format=xlsx|csv: the stored files as searched, every file. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "S3BucketManager");
  return listExportResponse(request, api, BUCKET_FILES_EXPORT, context.othersInFlight);
}
