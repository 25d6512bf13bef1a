import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { subPathRedirect } from "~/services/sub-path-redirect.server";

/** /admin/posts/post/* (not exact, spec 3 §2.12): /admin/posts/post/8 opens the editor of post 8, anything else a new post. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "S3BucketManager");
  return subPathRedirect(request, params["*"], "/admin/posts/post", "post");
}
