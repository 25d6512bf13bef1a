/**
 * Posts (spec 3 §2.3, §3 Blog post and Image, §7 /blog/…): the admin's list, one post to read,
 * create, edit (partial bodies, 409 on a stale updated_at) and delete, and image uploads for their
 * content. Content is sanitised (sanitizePostHtml) before it is stored; tags are normalised; each
 * post has a unique slug made from its title, kept on edit unless the title changes.
 *
 * The calls' definitions (paths, validation, answers, OpenAPI): posts.handlers.ts serves them.
 */
import {
  CreatePostBody,
  POST_LIMITS,
  POST_MESSAGES as M,
  PostImage,
  PostListQuery,
  PostListRow,
  PostRecord,
  UpdatePostBody,
} from "~contract/posts";
import { text } from "~contract/api";
import { sortTogether } from "~contract/list-query-schema";
import { WEB_IMAGE_TYPES } from "../../lib/image-probe";
import { multipartForm } from "../../lib/multipart-stream";
import {
  ActingAdmin,
  body,
  bytes,
  chosenByUs,
  common,
  conflict,
  createRoute,
  data,
  error,
  idParam,
  json,
  mutating,
  paged,
  z,
} from "../../lib/openapi";

export const POST_IMAGE_UPLOAD_PATH = "/blog/article-image-upload/";

export const POST_IMAGE_NOT_MULTIPART = "Send multipart/form-data with the fields image and alt";

export const Post = PostRecord.openapi("PostRecord");

export const postId = { params: z.object({ id: idParam("id", "the post's id") }) };

export const unknownPost = { 404: error("Unknown post") };

export const listRoute = createRoute({
  method: "get",
  path: "/blog/articles/",
  summary: "One page of posts, newest first unless sorted (without their content)",
  description:
    "search matches part of the title, the author or a tag (any case); status narrows to draft or published. page and page_size are ours (default 1 and 10). sortField (title, author, status, created_at, updated_at) with sortOrder (asc or desc) sorts the list, title and author ignoring case, ties by id in the same order; either alone is refused.",
  request: { query: PostListQuery.openapi("PostListQuery").superRefine(sortTogether) },
  responses: { 200: json(paged(data(z.array(PostListRow.openapi("PostListRow")))), "The page"), 400: error("Bad query"), ...common },
});

export const createPostRoute = createRoute({
  method: "post",
  path: "/blog/articles/",
  summary: "Write a post",
  description:
    "title is required; description (meta) at most 160 characters; tags comma separated or a list (trimmed, empties dropped, de-duplicated ignoring case); status draft (default) or published; content HTML, sanitised before it is stored. The slug is made from the title, with -2, -3 … when taken.",
  request: { headers: ActingAdmin, body: body(CreatePostBody.openapi("CreatePostBody")) },
  responses: { 201: json(data(Post), "Created"), ...mutating, ...common },
});

export const postRoute = createRoute({
  method: "get",
  path: "/blog/article-detail/{id}",
  summary: "One post",
  request: postId,
  responses: { 200: json(data(Post), "The post"), 400: error("Bad id"), ...unknownPost, ...common },
});

export const updatePostRoute = createRoute({
  method: "put",
  path: "/blog/article-detail/{id}",
  summary: "Change a post: the fields given (others kept); 409 when updated_at is stale",
  description: "The slug is made again only when the title changes. published_at is set the first time the post is published.",
  request: { ...postId, headers: ActingAdmin, body: body(UpdatePostBody.openapi("UpdatePostBody")) },
  responses: { 200: json(data(Post), "Updated"), ...mutating, ...unknownPost, ...conflict, ...common },
});

export const deletePostRoute = createRoute({
  method: "delete",
  path: "/blog/article-detail/{id}",
  summary: "Delete a post (its comments go with it)",
  request: { ...postId, headers: ActingAdmin },
  responses: { 204: { description: "Deleted" }, ...mutating, ...unknownPost, ...common },
});

export const UploadForm = z.object({
  image: z
    .instanceof(File, { message: M.imageRequired })
    .openapi({ type: "string", format: "binary", description: "PNG, JPEG, WebP or GIF (told by content), at most 5 MB" }),
  alt: text("Alt text").trim().max(POST_LIMITS.alt, M.altTooLong).optional().default("").openapi({ description: "the image's alt text" }),
});

/** The form is read here so that a body that is no form gets our sentence (not a 500). */
export const readForm = multipartForm(POST_IMAGE_NOT_MULTIPART);

export const uploadRoute = createRoute({
  method: "post",
  path: POST_IMAGE_UPLOAD_PATH,
  summary: "Store an image for a post's content; answers its image_url",
  description:
    "The type is read from the bytes (PNG, JPEG, WebP or GIF), never from the name or declared type; at most 5 MB. Stored through the file storage as post-<16 hex>.<ext> and recorded with its alt text. image_url is BLOG_IMAGE_BASE_URL (default /blog/images/, the admin's public image route: images of published posts only) plus that name. A refused image stores nothing. Audited as entity file.",
  middleware: readForm,
  request: {
    headers: ActingAdmin,
    body: { required: true, content: { "multipart/form-data": { schema: UploadForm.openapi("PostImageUploadForm") } } },
  },
  responses: {
    201: json(PostImage.openapi("PostImage"), "Stored: image_url, alt and what was stored"),
    ...mutating,
    413: error("The request is larger than the largest image allowed"),
    415: error("Not multipart/form-data"),
    ...common,
  },
});

export const imageRoute = createRoute({
  method: "get",
  path: "/blog/article-images/{name}",
  summary: "An uploaded post image's bytes",
  ...chosenByUs("Only images stored by POST /blog/article-image-upload/ are served here; anything else is 404."),
  request: { params: z.object({ name: z.string().max(255).openapi({ description: "the stored name, e.g. post-0123456789abcdef.png" }) }) },
  responses: {
    200: bytes("The image's bytes, with its type", WEB_IMAGE_TYPES),
    404: error(M.imageNotFound),
    ...common,
  },
});

export const publishedImageRoute = createRoute({
  method: "get",
  path: "/blog/published-images/{name}",
  summary: "A post image for readers: only while a published post uses it",
  ...chosenByUs(
    "The admin's public image route (/blog/images/{name}) asks here. 404 unless the image was stored by POST /blog/article-image-upload/ and the content of a published post names it: images of drafts, and of posts unpublished since, stay private. Cache-Control public.",
  ),
  request: { params: z.object({ name: z.string().max(255).openapi({ description: "the stored name, e.g. post-0123456789abcdef.png" }) }) },
  responses: {
    200: bytes("The image's bytes, with its type", WEB_IMAGE_TYPES),
    404: error(M.imageNotFound),
    ...common,
  },
});
