/** posts: the handlers of the calls posts.routes.ts defines. */
import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, getTableColumns, like, ne, or, sql, type SQL } from "drizzle-orm";
import {
  POST_IMAGE_MAX_BYTES,
  POST_IMAGE_NAME,
  POST_PUBLIC_IMAGE_MAX_AGE,
  POST_PUBLIC_IMAGE_PATH,
  POST_MESSAGES as M,
  PostImage,
  PostRecord,
  slugOf,
} from "~contract/posts";
import { sanitizePostHtml } from "~shared/sanitize";
import type { Database } from "../../db/client";
import { blogArticles, blogImages, type BlogArticleRow } from "../../db/schema";
import { recordAudit, requireActor, type Tx } from "../../lib/audit";
import { badRequest, INVALID_INPUT_MESSAGE, nextVersion, notFound, parseVersion, staleEdit } from "../../lib/http";
import { probeWebImage } from "../../lib/image-probe";
import { apiRouter } from "../../lib/openapi";
import { containsPattern } from "../../lib/providers";
import type { FileStorage } from "../../storage";
import {
  listRoute,
  createPostRoute,
  postRoute,
  updatePostRoute,
  deletePostRoute,
  uploadRoute,
  imageRoute,
  publishedImageRoute,
} from "./posts.routes";

/** The largest request the upload reads: the largest image plus room for the form around it. */
export const POST_IMAGE_BODY_BYTES = POST_IMAGE_MAX_BYTES + 64 * 1024;

/**
 * image_url = this + the stored name (env BLOG_IMAGE_BASE_URL, e.g. a CDN or a bucket's public URL;
 * default: the admin's public image route, which serves images of published posts only)
 */
export const DEFAULT_BLOG_IMAGE_BASE_URL = POST_PUBLIC_IMAGE_PATH;

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
