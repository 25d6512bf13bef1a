import { redirect } from "@remix-run/node";
import { isRecordId } from "~contract/ids";

/**
 * Spec 3 §2.12's "not exact" routes match their sub-paths too (the original router's `path/*`): a
 * splat route under the screen sends a sub-path to the screen itself, its query kept. Under an
 * editor that edits by a query parameter (`?post=`, `?terms_id=`), a record id as the first
 * segment opens that record: /admin/posts/post/8 → /admin/posts/post?post=8.
 * The caller's guard (requireAdmin with the screen's access) comes first.
 */
export function subPathRedirect(request: Request, splat: string | undefined, base: string, idParam?: string): Response {
  const query = new URL(request.url).searchParams;
  const first = (splat ?? "").split("/")[0];
  if (idParam && isRecordId(first)) query.set(idParam, first);
  const search = query.toString();
  return redirect(`${base}${search ? `?${search}` : ""}`);
}
