import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { uploadOneAction } from "~/services/bucket-manager/actions.server";

/**
 * POST /admin/s3-bucket-manager/upload: one file (field file) from the page's upload with
 * JavaScript (an XMLHttpRequest per file, for its progress bar); answers {name, ok, message}.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "S3BucketManager");
  return uploadOneAction(request, api);
}
