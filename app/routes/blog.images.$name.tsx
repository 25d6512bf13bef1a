import type { LoaderFunctionArgs } from "@remix-run/node";
import { publicPostImage } from "~/services/posts/public-image.server";

/**
 * /blog/images/{name}: a post's image for readers, outside /admin and without a session (public on
 * purpose: it serves only images that a published post uses; a signed-in admin also sees drafts').
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return publicPostImage(request, params.name ?? "");
}
