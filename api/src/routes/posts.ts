/**
 * Posts (spec 3 §2.3, §3 Blog post and Image, §7 /blog/…): the admin's list, one post to read,
 * create, edit (partial bodies, 409 on a stale updated_at) and delete, and image uploads for their
 * content. Content is sanitised (sanitizePostHtml) before it is stored; tags are normalised; each
 * post has a unique slug made from its title, kept on edit unless the title changes.
 */
import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, getTableColumns, like, ne, or, sql, type SQL } from "drizzle-orm";
import {
  CreatePostBody,
  POST_IMAGE_MAX_BYTES,
  POST_IMAGE_NAME,
  POST_PUBLIC_IMAGE_MAX_AGE,
  POST_PUBLIC_IMAGE_PATH,
  POST_LIMITS,
  POST_MESSAGES as M,
  PostImage,
  PostListQuery,
  PostListRow,
  PostRecord,
  slugOf,
  UpdatePostBody,
} from "~contract/posts";
import { text } from "~contract/api";
import { sortTogether } from "~contract/list-query-schema";
import { sanitizePostHtml } from "~shared/sanitize";
import type { Database } from "../db/client";
import { blogArticles, blogImages, type BlogArticleRow } from "../db/schema";
import { recordAudit, requireActor, type Tx } from "../lib/audit";
import { badRequest, INVALID_INPUT_MESSAGE, nextVersion, notFound, parseVersion, staleEdit } from "../lib/http";
import { probeWebImage, WEB_IMAGE_TYPES } from "../lib/image-probe";
import { multipartForm } from "../lib/multipart-stream";
import {
  ActingAdmin,
  apiRouter,
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
} from "../lib/openapi";
import { containsPattern } from "../lib/providers";
import type { FileStorage } from "../storage";

export const POST_IMAGE_UPLOAD_PATH = "/blog/article-image-upload/";
/** The largest request the upload reads: the largest image plus room for the form around it. */
export const POST_IMAGE_BODY_BYTES = POST_IMAGE_MAX_BYTES + 64 * 1024;
export const POST_IMAGE_NOT_MULTIPART = "Send multipart/form-data with the fields image and alt";
/**
 * image_url = this + the stored name (env BLOG_IMAGE_BASE_URL, e.g. a CDN or a bucket's public URL;
 * default: the admin's public image route, which serves images of published posts only)
 */
export const DEFAULT_BLOG_IMAGE_BASE_URL = POST_PUBLIC_IMAGE_PATH;

const Post = PostRecord.openapi("PostRecord");
const postId = { params: z.object({ id: idParam("id", "the post's id") }) };
const unknownPost = { 404: error("Unknown post") };

const listRoute = createRoute({
  method: "get",
  path: "/blog/articles/",
  summary: "One page of posts, newest first unless sorted (without their content)",
  description:
    "search matches part of the title, the author or a tag (any case); status narrows to draft or published. page and page_size are ours (default 1 and 10). sortField (title, author, status, created_at, updated_at) with sortOrder (asc or desc) sorts the list, title and author ignoring case, ties by id in the same order; either alone is refused.",
  request: { query: PostListQuery.openapi("PostListQuery").superRefine(sortTogether) },
  responses: { 200: json(paged(data(z.array(PostListRow.openapi("PostListRow")))), "The page"), 400: error("Bad query"), ...common },
});
const createPostRoute = createRoute({
  method: "post",
  path: "/blog/articles/",
  summary: "Write a post",
  description:
    "title is required; description (meta) at most 160 characters; tags comma separated or a list (trimmed, empties dropped, de-duplicated ignoring case); status draft (default) or published; content HTML, sanitised before it is stored. The slug is made from the title, with -2, -3 … when taken.",
  request: { headers: ActingAdmin, body: body(CreatePostBody.openapi("CreatePostBody")) },
  responses: { 201: json(data(Post), "Created"), ...mutating, ...common },
});
const postRoute = createRoute({
  method: "get",
  path: "/blog/article-detail/{id}",
  summary: "One post",
  request: postId,
  responses: { 200: json(data(Post), "The post"), 400: error("Bad id"), ...unknownPost, ...common },
});
const updatePostRoute = createRoute({
  method: "put",
  path: "/blog/article-detail/{id}",
  summary: "Change a post: the fields given (others kept); 409 when updated_at is stale",
  description: "The slug is made again only when the title changes. published_at is set the first time the post is published.",
  request: { ...postId, headers: ActingAdmin, body: body(UpdatePostBody.openapi("UpdatePostBody")) },
  responses: { 200: json(data(Post), "Updated"), ...mutating, ...unknownPost, ...conflict, ...common },
});
const deletePostRoute = createRoute({
  method: "delete",
  path: "/blog/article-detail/{id}",
  summary: "Delete a post (its comments go with it)",
  request: { ...postId, headers: ActingAdmin },
  responses: { 204: { description: "Deleted" }, ...mutating, ...unknownPost, ...common },
});

const UploadForm = z.object({
  image: z
    .instanceof(File, { message: M.imageRequired })
    .openapi({ type: "string", format: "binary", description: "PNG, JPEG, WebP or GIF (told by content), at most 5 MB" }),
  alt: text("Alt text").trim().max(POST_LIMITS.alt, M.altTooLong).optional().default("").openapi({ description: "the image's alt text" }),
});

/** The form is read here so that a body that is no form gets our sentence (not a 500). */
const readForm = multipartForm(POST_IMAGE_NOT_MULTIPART);

const uploadRoute = createRoute({
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
const imageRoute = createRoute({
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

const publishedImageRoute = createRoute({
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

export function postRecord(row: BlogArticleRow): PostRecord {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    description: row.description,
    author: row.author,
    tags: row.tags,
    status: row.status,
    content: row.content,
    published_at: row.published_at ? row.published_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    updated_by: row.updated_by,
  };
}

/** The fields an edit may change, as the audit log and a revert see them. */
const EDITABLE = ["title", "description", "author", "tags", "status", "content"] as const;
type Editable = Pick<PostRecord, (typeof EDITABLE)[number]>;
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The first free slug for this title: its base, else base-2, base-3 … (never another post's). */
export async function uniqueSlug(tx: Tx | Database, title: string, exceptId?: number): Promise<string> {
  const base = slugOf(title);
  const pattern = `${base.replace(/[\\%_]/g, (ch) => `\\${ch}`)}-%`;
  const conditions: SQL[] = [or(eq(blogArticles.slug, base), like(blogArticles.slug, pattern))!];
  if (exceptId !== undefined) conditions.push(ne(blogArticles.id, exceptId));
  const taken = new Set(
    (
      await tx
        .select({ slug: blogArticles.slug })
        .from(blogArticles)
        .where(and(...conditions))
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === "object" &&
  error !== null &&
  (("code" in error && error.code === "23505") || ("cause" in error && isUniqueViolation(error.cause)));

/** Runs a write that picks a slug; two posts taking the same slug at once: the second tries again. */
async function withSlugRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error)) throw error;
    }
  }
}

export function postsRouter(
  db: Database,
  storage: FileStorage,
  imageBaseUrl = process.env.BLOG_IMAGE_BASE_URL || DEFAULT_BLOG_IMAGE_BASE_URL,
) {
  const router = apiRouter();

  router.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const conditions: SQL[] = [];
    if (query.search) {
      const p = containsPattern(query.search);
      conditions.push(
        or(sql`${blogArticles.title} ILIKE ${p}`, sql`${blogArticles.author} ILIKE ${p}`, sql`${blogArticles.tags}::text ILIKE ${p}`)!,
      );
    }
    if (query.status) conditions.push(eq(blogArticles.status, query.status));
    const where = conditions.length ? and(...conditions) : undefined;
    const { content: _content, ...columns } = getTableColumns(blogArticles);
    const dir = query.sortOrder === "asc" ? asc : desc;
    const order =
      query.sortField && query.sortOrder
        ? [
            dir(
              {
                title: sql`lower(${blogArticles.title})`,
                author: sql`lower(${blogArticles.author})`,
                status: blogArticles.status,
                created_at: blogArticles.created_at,
                updated_at: blogArticles.updated_at,
              }[query.sortField],
            ),
            dir(blogArticles.id),
          ]
        : [desc(blogArticles.created_at), desc(blogArticles.id)];
    const [rows, [{ total }]] = await Promise.all([
      db
        .select(columns)
        .from(blogArticles)
        .where(where)
        .orderBy(...order)
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
      db.select({ total: count() }).from(blogArticles).where(where),
    ]);
    const list = rows.map((row) => {
      const { content: _c, ...rest } = postRecord({ ...row, content: "" });
      return rest;
    });
    return c.json({ data: list, total_results: total, current_page: query.page, page_size: query.page_size }, 200);
  });

  router.openapi(createPostRoute, async (c) => {
    const actor = await requireActor(c, db);
    const fields = c.req.valid("json");
    const created = await withSlugRetry(() =>
      db.transaction(async (tx) => {
        const now = new Date();
        const [row] = await tx
          .insert(blogArticles)
          .values({
            ...fields,
            content: sanitizePostHtml(fields.content),
            slug: await uniqueSlug(tx, fields.title),
            published_at: fields.status === "published" ? now : null,
            created_at: now,
            updated_at: now,
            updated_by: actor.adminUsername,
          })
          .returning();
        const record = postRecord(row);
        await recordAudit(tx, actor, { action: "create", entity: "blog_article", entityId: row.id, after: record });
        return record;
      }),
    );
    return c.json({ data: created }, 201);
  });

  router.openapi(postRoute, async (c) => {
    const { id } = c.req.valid("param");
    const [row] = await db.select().from(blogArticles).where(eq(blogArticles.id, id));
    if (!row) throw notFound(M.notFound);
    return c.json({ data: postRecord(row) }, 200);
  });

  router.openapi(updatePostRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { id } = c.req.valid("param");
    const { updated_at, ...given } = c.req.valid("json");
    const version = parseVersion(updated_at);
    const updated = await withSlugRetry(() =>
      db.transaction(async (tx) => {
        const [current] = await tx.select().from(blogArticles).where(eq(blogArticles.id, id)).for("update");
        if (!current) throw notFound(M.notFound);
        if (current.updated_at.getTime() !== version) throw staleEdit("post", current);
        const wanted: Partial<Editable> = { ...given };
        if (given.content !== undefined) wanted.content = sanitizePostHtml(given.content);
        const before: Partial<Editable> = {};
        const after: Partial<Editable> = {};
        for (const field of EDITABLE) {
          if (wanted[field] === undefined || sameValue(wanted[field], current[field])) continue;
          Object.assign(before, { [field]: current[field] });
          Object.assign(after, { [field]: wanted[field] });
        }
        if (Object.keys(after).length === 0) return postRecord(current);
        const now = nextVersion(current.updated_at);
        const [row] = await tx
          .update(blogArticles)
          .set({
            ...after,
            ...(after.title !== undefined ? { slug: await uniqueSlug(tx, after.title, id) } : {}),
            ...(after.status === "published" && !current.published_at ? { published_at: now } : {}),
            updated_at: now,
            updated_by: actor.adminUsername,
          })
          .where(eq(blogArticles.id, id))
          .returning();
        await recordAudit(tx, actor, { action: "update", entity: "blog_article", entityId: id, before, after });
        return postRecord(row);
      }),
    );
    return c.json({ data: updated }, 200);
  });

  router.openapi(deletePostRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { id } = c.req.valid("param");
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(blogArticles).where(eq(blogArticles.id, id)).for("update");
      if (!current) throw notFound(M.notFound);
      await tx.delete(blogArticles).where(eq(blogArticles.id, id));
      await recordAudit(tx, actor, { action: "delete", entity: "blog_article", entityId: id, before: postRecord(current) });
    });
    return c.body(null, 204);
  });

  const refused = (message: string) => badRequest(INVALID_INPUT_MESSAGE, { image: message });

  router.openapi(uploadRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { image, alt } = c.req.valid("form");
    if (image.size === 0) throw refused(M.imageEmpty);
    if (image.size > POST_IMAGE_MAX_BYTES) throw refused(M.imageTooLarge);
    const bytes = new Uint8Array(await image.arrayBuffer());
    const probed = await probeWebImage(bytes);
    if (!probed) throw refused(M.imageWrongType);
    const name = `post-${randomBytes(8).toString("hex")}.${probed.extension}`;
    await storage.put(name, bytes, probed.contentType);
    const stored: PostImage = {
      image_url: `${imageBaseUrl}${name}`,
      alt,
      name,
      content_type: probed.contentType,
      size: bytes.length,
      width: probed.width,
      height: probed.height,
    };
    try {
      await db.transaction(async (tx) => {
        await tx.insert(blogImages).values({
          file_name: name,
          alt,
          content_type: probed.contentType,
          size: bytes.length,
          width: probed.width,
          height: probed.height,
          created_by: actor.adminUsername,
        });
        await recordAudit(tx, actor, { action: "create", entity: "file", entityId: name, after: stored });
      });
    } catch (error) {
      await storage.delete(name).catch(() => undefined);
      throw error;
    }
    return c.json(stored, 201);
  });

  /** a stored post image's bytes, with this Cache-Control; 404 for any other name */
  async function imageResponse(name: string, cacheControl: string): Promise<Response> {
    if (!POST_IMAGE_NAME.test(name)) throw notFound(M.imageNotFound);
    const [row] = await db.select().from(blogImages).where(eq(blogImages.file_name, name));
    const file = row ? await storage.get(name) : null;
    if (!row || !file) throw notFound(M.imageNotFound);
    return new Response(file.body, {
      status: 200,
      headers: {
        "content-type": row.content_type,
        "content-length": String(file.size),
        "x-content-type-options": "nosniff",
        "cache-control": cacheControl,
      },
    });
  }

  router.openapi(imageRoute, async (c) => imageResponse(c.req.valid("param").name, "private, max-age=300"));

  router.openapi(publishedImageRoute, async (c) => {
    const { name } = c.req.valid("param");
    if (!POST_IMAGE_NAME.test(name)) throw notFound(M.imageNotFound);
    const [used] = await db
      .select({ id: blogArticles.id })
      .from(blogArticles)
      .where(and(eq(blogArticles.status, "published"), sql`position(${name} in ${blogArticles.content}) > 0`))
      .limit(1);
    if (!used) throw notFound(M.imageNotFound);
    return imageResponse(name, `public, max-age=${POST_PUBLIC_IMAGE_MAX_AGE}`);
  });

  return router;
}
