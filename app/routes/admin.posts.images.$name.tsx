import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { postImageResponse } from "~/services/posts/post-editor.server";

/** /admin/posts/images/{name}: an image uploaded for a post (the posts' "S3BucketManager" access). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "S3BucketManager");
  return postImageResponse(request, params.name ?? "", api);
}
