import { data } from "@remix-run/node";
import { throwLoaderError } from "~/services/errors.server";
import { fileFailure, serveStoredFile } from "~/services/file-route.server";
import { apiFailure, formFailure, SOME_ERROR } from "~/services/form-result.server";
import { callerOf, MarketplaceError, type Caller } from "~/services/marketplace/client.server";
import { createPost, deletePost, fetchPostImage, getPost, updatePost, uploadPostImage } from "~/services/marketplace/posts.server";
import { redirectWithToast } from "~/services/toast.server";
import { readUploadForm, type UploadForm } from "~/services/upload-form.server";
import { type AdminUser } from "~contract/admin-users";
import { fieldErrorsOf } from "~contract/form-result";
import { isRecordId } from "~contract/ids";
import { CreatePostBody, POST_IMAGE_NAME, type PostRecord } from "~contract/posts";
import { POST_MESSAGES as M, POST_STATUSES } from "~contract/post-labels";
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

export async function postEditorLoader(request: Request, admin: AdminUser): Promise<PostEditorData> {
  const id = postIdOf(request);
  const deleting = new URL(request.url).searchParams.get("dialog") === "delete";
  if (id === null) return { post: null, defaults: EMPTY, deleting: false };
  const post = await getPost(callerOf(admin, request), id).catch(throwLoaderError);
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

const str = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");

function postedDraft(formData: FormData): PostDraft {
  const status = str(formData.get("status"));
  return {
    title: str(formData.get("title")),
    description: str(formData.get("description")),
    author: str(formData.get("author")),
    tags: str(formData.get("tags")),
    status: isOneOf(POST_STATUSES, status) ? status : "draft",
    content: str(formData.get("content")),
    updated_at: str(formData.get("updated_at")),
  };
}

async function save(request: Request, admin: AdminUser, id: number | null, formData: FormData) {
  const draft = postedDraft(formData);
  const rawStatus = str(formData.get("status"));
  const parsed = CreatePostBody.safeParse({ ...draft, status: rawStatus || "draft" });
  if (!parsed.success) return formFailure(draft, { intent: "save", fieldErrors: fieldErrorsOf(parsed.error.issues) }, 422);
  const caller = callerOf(admin, request, formData);
  const fields = { ...parsed.data, tags: parsed.data.tags };
  if (id === null) {
    let created: PostRecord;
    try {
      created = await createPost(caller, fields);
    } catch (error) {
      return apiFailure(error, draft, "post", { intent: "save" });
    }
    return redirectWithToast(request, editUrl(created.id), { type: "success", message: M.created });
  }
  if (!draft.updated_at)
    return formFailure(draft, { intent: "save", formError: "The form is missing its version: reload the post and try again." }, 400);
  let updated: PostRecord;
  try {
    updated = await updatePost(caller, id, { ...fields, updated_at: draft.updated_at });
  } catch (error) {
    return apiFailure(error, draft, "post", { intent: "save" });
  }
  const unchanged = updated.updated_at === draft.updated_at;
  return redirectWithToast(
    request,
    editUrl(id),
    unchanged ? { type: "info", message: M.noChange } : { type: "success", message: M.updated },
  );
}

async function upload(request: Request, admin: AdminUser, form: UploadForm) {
  // sent with the post form (no JavaScript): the typed post goes back with the answer, unsaved
  const draft = "formData" in form && form.formData.has("title") ? postedDraft(form.formData) : undefined;
  const refused = (error: string, alt = "", status = 400) =>
    data<PostImageResult>({ intent: "upload", ok: false, error, alt, draft }, { status });
  if ("unreadable" in form) return refused(form.unreadable);
  const alt = str(form.formData.get("alt"));
  if (form.tooLarge.has("image")) return refused(M.imageTooLarge, alt, 413);
  const image = form.formData.get("image");
  if (!(image instanceof File) || (image.size === 0 && image.name === "")) return refused(M.imageRequired, alt);
  try {
    const stored = await uploadPostImage(callerOf(admin, request), image, image.name || "image", alt);
    return data<PostImageResult>({ intent: "upload", ok: true, image: { url: stored.image_url, alt: stored.alt }, draft });
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    const message = error.fieldErrors.image ?? error.fieldErrors.alt ?? (error.message || SOME_ERROR);
    return refused(message, alt, error.kind === "unavailable" ? 503 : 400);
  }
}

export async function postEditorAction(request: Request, admin: AdminUser) {
  const id = postIdOf(request);
  const form = await readForm(request);
  // the post form's Save button names the intent; a form sent without its button (Enter in a browser
  // that gives no submitter) is a save too
  const intent = "unreadable" in form ? "upload" : (form.formData.get("intent") ?? "save");
  switch (intent) {
    case "upload":
      return upload(request, admin, form);
    case "save":
      return save(request, admin, id, (form as { formData: FormData }).formData);
    case "delete": {
      if (id === null) throw notFound();
      try {
        await deletePost(callerOf(admin, request), id);
      } catch (error) {
        if (!(error instanceof MarketplaceError)) throw error;
        if (error.kind === "not-found")
          return redirectWithToast(request, POSTS_PATH, { type: "error", message: `${M.notFound}: it was deleted meanwhile.` });
        return redirectWithToast(request, editUrl(id), { type: "error", message: error.message || SOME_ERROR });
      }
      return redirectWithToast(request, POSTS_PATH, { type: "success", message: M.deleted });
    }
    default:
      throw new Response(`Unknown intent: ${String(intent)}`, { status: 400, statusText: "Bad Request" });
  }
}

/** /admin/posts/images/{name}: an uploaded post image, streamed from the API. */
export async function postImageResponse(request: Request, name: string, caller: Caller): Promise<Response> {
  if (!POST_IMAGE_NAME.test(name))
    return fileFailure(request, name || "The image", new MarketplaceError("not-found", M.imageNotFound, 404), POSTS_PATH);
  return serveStoredFile(request, name, caller, POSTS_PATH, fetchPostImage);
}
