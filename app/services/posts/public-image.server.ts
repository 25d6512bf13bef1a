import { hasAccess } from "~contract/access";
import { POST_IMAGE_NAME, POST_MESSAGES as M, POST_PUBLIC_IMAGE_MAX_AGE } from "~contract/posts";
import { getAdmin } from "~/services/auth.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import { marketplaceFor } from "~/services/marketplace/index.server";

const answer = (status: number, text: string) =>
  new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });

/**
 * /blog/images/{name} (the default BLOG_IMAGE_BASE_URL): a post's image for anyone while a
 * published post uses it, cacheable by browsers and shared caches; a draft's image only for a
 * signed-in admin of the posts (their editor's preview), never stored by a shared cache.
 */
export async function publicPostImage(request: Request, name: string): Promise<Response> {
  if (!POST_IMAGE_NAME.test(name)) return answer(404, M.imageNotFound);
  const admin = request.headers.has("Cookie") ? await getAdmin(request).catch(() => null) : null;
  const editor = admin && hasAccess(admin.adminAccessRoleSettings, "S3BucketManager") ? admin : null;
  // a reader calls the API as nobody; an editor as themselves. Failures are answered here (api.raw).
  const api = marketplaceFor(editor ? { adminUserId: editor.adminUserId, signal: request.signal } : { signal: request.signal }, request);
  let upstream: Response;
  try {
    upstream = editor ? await api.raw.fetchPostImage(name) : await api.raw.fetchPublishedPostImage(name);
  } catch (error) {
    if (error instanceof MarketplaceError && error.kind === "unavailable") return answer(503, error.message);
    return answer(404, M.imageNotFound);
  }
  const headers = new Headers({
    "Content-Type": upstream.headers.get("Content-Type") ?? "application/octet-stream",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": editor ? "private, max-age=300" : `public, max-age=${POST_PUBLIC_IMAGE_MAX_AGE}`,
  });
  const length = upstream.headers.get("Content-Length");
  if (length) headers.set("Content-Length", length);
  return new Response(upstream.body, { status: 200, headers });
}
