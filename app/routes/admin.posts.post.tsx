import { keepTypedValuesAfter } from "~/models/form-result";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, type ClientActionFunctionArgs } from "@remix-run/react";
import { PostEditorPage } from "~/components/posts/post-editor-page";
import { POST_MESSAGES } from "~contract/post-labels";
import { type PostImageResult } from "~/models/post-labels";
import { requireAdmin } from "~/services/auth.server";
import { postEditorAction, postEditorLoader } from "~/services/posts/post-editor.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.post ? `Admin | Edit Post: ${data.post.title}` : "Admin | Add Post" },
];

/** /admin/posts/post (a new post) and /admin/posts/post?post={id} (edit; &dialog=delete asks to delete it). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "S3BucketManager");
  return postEditorLoader(request, api);
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "S3BucketManager");
  return postEditorAction(request, api);
}

/**
 * With JavaScript an upload that fails on its way (the connection lost, an answer the page cannot
 * read) is a message beside the image field, never the error page: the typed post stays on screen.
 * Saves and deletes go to the server as they are.
 */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const intent = request.headers.get("Content-Type")?.startsWith("multipart/form-data")
    ? (await request.clone().formData()).get("intent")
    : null;
  if (intent !== "upload") return serverAction();
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    return { intent: "upload", ok: false, error: POST_MESSAGES.uploadFailed, alt: "" } satisfies PostImageResult;
  }
}

/** A refused save or an upload changes nothing on the server: keep the form as typed. */
export const shouldRevalidate = keepTypedValuesAfter((answer) => answer.intent === "upload");

export default PostEditorPage;
