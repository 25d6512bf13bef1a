import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { listExportResponse } from "~/services/list-export.server";
import { POSTS_EXPORT } from "~/services/posts/posts-export.server";

/**
 * GET /admin/posts/export?…the list's URL…&format=xlsx|csv: the posts as searched, filtered and sorted, every row.
 * (Named admin.posts.export, not admin.posts._index.export: an index route cannot have a child.)
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "S3BucketManager");
  return listExportResponse(request, api, POSTS_EXPORT, context.othersInFlight);
}
