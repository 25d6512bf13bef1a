import { data } from "@remix-run/node";
import { fileFailure, serveStoredFile } from "~/services/file-route.server";
import { handleForm, intent, type IntentContext } from "~/services/form-action.server";
import { formFailure, SOME_ERROR } from "~/services/form-result.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { redirectWithToast } from "~/services/toast.server";
import { readUploadForm } from "~/services/upload-form.server";
import { isRecordId } from "~contract/ids";
import { POST_IMAGE_NAME, type PostRecord } from "~contract/posts";
import { POST_MESSAGES as M, POST_STATUSES } from "~contract/post-labels";
import { DeletePostForm, SavePostForm, UploadPostImageForm } from "~/models/post-forms";
import { type PostDraft, type PostEditorData, type PostImageResult } from "~/models/post-labels";
import { UPLOAD_ROUTES } from "~/models/upload-limits";
import { formatDateTime } from "~/utils/dates";
import { sanitizePostHtml } from "~shared/sanitize";
import { isOneOf } from "~shared/one-of";

export const POSTS_PATH = "/admin/posts";
export const EDITOR_PATH = "/admin/posts/post";
export const editUrl = (id: number) => `${EDITOR_PATH}?post=${id}`;

const notFound = () => new Response(M.notFound, { status: 404, statusText: "Not Found" });

/** ?post=… : null for a new post, the id to edit, or a 404 for anything else. */
function postIdOf(request: Request): number | null {
  const value = new URL(request.url).searchParams.get("post");
  if (value === null || value === "") return null;
  if (!isRecordId(value)) throw notFound();
  return Number(value);
}

const EMPTY: PostDraft = { title: "", description: "", author: "", tags: "", status: "draft", content: "", updated_at: "" };

const draftOf = (post: PostRecord): PostDraft => ({
  title: post.title,
  description: post.description,
  author: post.author,
  tags: post.tags.join(", "),
  status: post.status,
  content: post.content,
  updated_at: post.updated_at,
});

const by = (at: string, who: string | null) => `${formatDateTime(at)}${who ? ` by ${who}` : ""}`;

export async function postEditorLoader(request: Request, api: Marketplace): Promise<PostEditorData> {
  const id = postIdOf(request);
  const deleting = new URL(request.url).searchParams.get("dialog") === "delete";
  if (id === null) return { post: null, defaults: EMPTY, deleting: false };
  const post = await api.getPost(id);
  return {
    post: {
      id: post.id,
      title: post.title,
      slug: post.slug,
      status: post.status,
      updatedText: by(post.updated_at, post.updated_by),
      createdText: formatDateTime(post.created_at),
      publishedText: post.published_at ? formatDateTime(post.published_at) : null,
      preview: { title: post.title, description: post.description, tags: post.tags, html: sanitizePostHtml(post.content) },
    },
    defaults: draftOf(post),
    deleting,
  };
}

/** The text fields are small; the image is read up to its limit and no further. */
const TEXT_FIELD_MAX_BYTES = 512 * 1024;

/** The posted form: a urlencoded one as it is; a multipart one (the upload) with its image capped. */
const readForm = (request: Request) => readUploadForm(request, UPLOAD_ROUTES.postEditor.files, TEXT_FIELD_MAX_BYTES);

/** The post's fields as typed (for the form's refill): an unknown status is a draft. */
function postedDraft(values: Record<string, string>): PostDraft {
  const status = values.status ?? "";
  return {
    title: values.title ?? "",
    description: values.description ?? "",
    author: values.author ?? "",
    tags: values.tags ?? "",
    status: isOneOf(POST_STATUSES, status) ? status : "draft",
    content: values.content ?? "",
    updated_at: values.updated_at ?? "",
  };
}

/** The upload's refusal: why, the alt text kept, and (without JavaScript) the typed post. */
const uploadRefused = (error: string, alt = "", draft?: PostDraft, status = 400) =>
  data<PostImageResult>({ intent: "upload", ok: false, error, alt, draft }, { status });

/**
 * The editor's forms: Save Post / Update Post (the post form; a form sent without its button, as
 * Enter in a browser that names no submitter, is a save too), Upload (the image, with JavaScript
 * on its own; without, with the post form, whose typed values come back unsaved with the answer)
 * and Delete (its confirmation).
 */
export async function postEditorAction(request: Request, api: Marketplace) {
  const id = postIdOf(request);
  // a post to delete: the one in the URL (a new post has none)
  const existing = (): number => {
    if (id === null) throw notFound();
    return id;
  };
  const read = await readForm(request);
  if ("unreadable" in read) return uploadRefused(read.unreadable);
  // sent with the post form (no JavaScript): the typed post goes back with the upload's answer, unsaved
  const draftOf = ({ form, values }: IntentContext) => (form.has("title") ? postedDraft(values) : undefined);
  return handleForm(
    request,
    api,
    {
      save: intent(
        SavePostForm,
        async ({ updated_at, ...fields }, { values }) => {
          if (id === null) {
            const created = await api.createPost(fields);
            return redirectWithToast(request, editUrl(created.id), { type: "success", message: M.created });
          }
          if (!updated_at)
            return formFailure(
              values,
              { intent: "save", formError: "The form is missing its version: reload the post and try again." },
              400,
            );
          const updated = await api.updatePost(id, { ...fields, updated_at });
          const unchanged = updated.updated_at === updated_at;
          return redirectWithToast(
            request,
            editUrl(id),
            unchanged ? { type: "info", message: M.noChange } : { type: "success", message: M.updated },
          );
        },
        { what: "post" },
      ),
      upload: intent(
        UploadPostImageForm,
        async ({ image, alt }, context) => {
          const stored = await api.uploadPostImage(image, image.name || "image", alt);
          return data<PostImageResult>({
            intent: "upload",
            ok: true,
            image: { url: stored.image_url, alt: stored.alt },
            draft: draftOf(context),
          });
        },
        {
          invalid: (fieldErrors, context) => {
            const alt = context.values.alt ?? "";
            if (read.tooLarge.has("image")) return uploadRefused(M.imageTooLarge, alt, draftOf(context), 413);
            return uploadRefused(fieldErrors.image ?? fieldErrors.alt ?? M.imageRequired, alt, draftOf(context));
          },
          refused: (error, context) => {
            const message = error.fieldErrors.image ?? error.fieldErrors.alt ?? (error.message || SOME_ERROR);
            return uploadRefused(message, context.values.alt ?? "", draftOf(context), error.kind === "unavailable" ? 503 : 400);
          },
        },
      ),
      delete: intent(
        DeletePostForm,
        async () => {
          await api.deletePost(existing());
          return redirectWithToast(request, POSTS_PATH, { type: "success", message: M.deleted });
        },
        {
          refused: (error) => {
            if (error.kind === "not-found")
              return redirectWithToast(request, POSTS_PATH, { type: "error", message: `${M.notFound}: it was deleted meanwhile.` });
            return redirectWithToast(request, editUrl(existing()), { type: "error", message: error.message || SOME_ERROR });
          },
        },
      ),
    },
    { form: read.formData, defaultIntent: "save" },
  );
}

/** /admin/posts/images/{name}: an uploaded post image, streamed from the API. */
export async function postImageResponse(request: Request, name: string, api: Marketplace): Promise<Response> {
  if (!POST_IMAGE_NAME.test(name))
    return fileFailure(request, name || "The image", new MarketplaceError("not-found", M.imageNotFound, 404), POSTS_PATH);
  // a failed read is answered by serveStoredFile (a plain status for an <img>, the editor with a toast otherwise)
  return serveStoredFile(request, name, api.caller, POSTS_PATH, (_caller, file) => api.raw.fetchPostImage(file));
}
