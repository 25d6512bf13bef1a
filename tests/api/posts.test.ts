import { MAX_PAGE_SIZE } from "~contract/list-query";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { localFileStorage } from "../../api/src/storage";
import { ACTING_ADMIN_HEADER, ConflictBody } from "~contract/api";
import { POST_IMAGE_MAX_BYTES, POST_MESSAGES, PostImage, PostRecord } from "~contract/posts";
import { PostPage } from "../../app/models/posts";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { gif1x1, jpegOf, png, webp1x1 } from "../support/images";
import { call, get, parsed } from "./helpers";

const DataPost = z.object({ data: PostRecord });
const suffix = () => Math.random().toString(36).slice(2, 8);

describeEachDriver("Posts", (driver) => {
  let api: TestApi;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "posts-test-"));
    api = await startTestApi({ driver, files: localFileStorage(dir) });
  });
  afterAll(async () => {
    await api?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const create = (body: unknown, actingAdmin?: number) => call(api, "POST", "/blog/articles/", { body, actingAdmin });
  const created = async (body: Record<string, unknown>) => {
    const answer = await create(body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return parsed(DataPost, answer.body).data;
  };
  const read = async (id: number) => parsed(DataPost, (await get(api, `/blog/article-detail/${id}`)).body).data;
  const list = async (query: Record<string, string | number> = {}) => parsed(PostPage, (await get(api, "/blog/articles/", { query })).body);
  const latestAudit = async () => (await get(api, "/audit-log", { query: { limit: 1 } })).body.data[0];

  it("lists the seeded posts newest first, paged, with the total", async () => {
    const page = await list({ page_size: 3 });
    expect(page).toMatchObject({ current_page: 1, page_size: 3 });
    expect(page.total_results).toBeGreaterThanOrEqual(6);
    expect(page.data).toHaveLength(3);
    const all = (await list({ page_size: 100 })).data;
    const created = all.map((p) => p.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    expect(all.some((p) => p.status === "draft") && all.some((p) => p.status === "published")).toBe(true);
    expect(all[0]).not.toHaveProperty("content");
    const second = await list({ page_size: 3, page: 2 });
    expect(second.data.map((p) => p.id)).toEqual(all.slice(3, 6).map((p) => p.id));
  });

  it("creates a post: title trimmed, tags normalised, a slug, published_at when published, audited", async () => {
    const title = `  Monsoon Tax Tips ${suffix()}  `;
    const post = await created({
      title,
      description: "Short and useful.",
      author: "Priya",
      tags: " GST, startups ,, gst , Startups,  Tax  Tips ",
      status: "published",
      content: "<h2>Hello</h2><p>World</p>",
    });
    expect(post).toMatchObject({
      title: title.trim(),
      description: "Short and useful.",
      author: "Priya",
      tags: ["GST", "startups", "Tax Tips"],
      status: "published",
      updated_by: "admin",
    });
    expect(post.slug).toBe(title.trim().toLowerCase().replace(/ /g, "-"));
    expect(post.published_at).toBe(post.created_at);
    expect(await latestAudit()).toMatchObject({ action: "create", entity: "blog_article", entity_id: String(post.id), after: post });

    const listed = await created({ title: `List tags ${suffix()}`, tags: ["  a ", "B", "b", "", "A", "c"] });
    expect(listed.tags).toEqual(["a", "B", "c"]);
    expect(listed).toMatchObject({ status: "draft", published_at: null, description: "", author: "", content: "" });
  });

  it("refuses bad posts with field messages and stores nothing", async () => {
    const before = await list({ page_size: 1 });
    const audit = await latestAudit();
    const cases: [unknown, string, string | RegExp][] = [
      [{}, "title", POST_MESSAGES.titleRequired],
      [{ title: "   " }, "title", POST_MESSAGES.titleRequired],
      [{ title: 42 }, "title", /text/],
      [{ title: "x".repeat(201) }, "title", POST_MESSAGES.titleTooLong],
      [{ title: "Ok", description: "d".repeat(161) }, "description", /160/],
      [{ title: "Ok", status: "live" }, "status", POST_MESSAGES.status],
      [{ title: "Ok", tags: 5 }, "tags", /Tags/],
      [{ title: "Ok", tags: ["t".repeat(51)] }, "tags", POST_MESSAGES.tagTooLong],
      [{ title: "Ok", tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, "tags", POST_MESSAGES.tooManyTags],
      [{ title: "Ok", content: "x".repeat(200_001) }, "content", POST_MESSAGES.contentTooLong],
    ];
    for (const [body, field, message] of cases) {
      const answer = await create(body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body.errors[field], field).toMatch(message);
    }
    expect(POST_MESSAGES.descriptionTooLong).toContain("160");
    // a description of exactly 160 is fine
    const exact = await create({ title: `Exact ${suffix()}`, description: "d".repeat(160) });
    expect(exact.status).toBe(201);
    const refused = await call(api, "POST", "/blog/articles/", { body: { title: "Nobody" }, actingAdmin: null });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/x-acting-admin/);
    expect((await list({ page_size: 1 })).total_results).toBe(before.total_results + 1);
    expect((await latestAudit()).id).toBe(audit.id + 1);
  });

  it("strips hostile HTML before storing: scripts, handlers, javascript: and data: links", async () => {
    const post = await created({
      title: `Hostile ${suffix()}`,
      content:
        '<p onclick="alert(1)">Hi<script>alert(2)</script></p><img src="x" onerror="alert(3)"><img src="/admin/posts/images/post-0123456789abcdef.png" alt="ok"><a href="javascript:alert(4)">js</a><a href="data:text/html,<script>alert(5)</script>">data</a><img src="data:image/png;base64,AAAA"><iframe src="https://evil.example"></iframe><a href="https://example.com">fine</a>',
    });
    const html = post.content;
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|data:|iframe/i);
    expect(html).toContain('<img src="/admin/posts/images/post-0123456789abcdef.png" alt="ok" />');
    expect(html).toContain('href="https://example.com"');
    expect((await read(post.id)).content).toBe(html);
  });

  it("makes unique slugs: -2, -3 on collision; kept on edit unless the title changes", async () => {
    const title = `Same Title ${suffix()}`;
    const a = await created({ title });
    const b = await created({ title: title.toUpperCase() });
    const c = await created({ title: `${title}!` });
    const base = title.toLowerCase().replace(/ /g, "-");
    expect([a.slug, b.slug, c.slug]).toEqual([base, `${base}-2`, `${base}-3`]);
    const accented = await created({ title: `Café Déjà Vu ${suffix()}` });
    expect(accented.slug).toMatch(/^cafe-deja-vu-[a-z0-9]+$/);
    expect((await created({ title: "नमस्ते" })).slug).toMatch(/^post(-\d+)?$/);

    const kept = parsed(
      DataPost,
      (await call(api, "PUT", `/blog/article-detail/${b.id}`, { body: { author: "Kept", updated_at: b.updated_at } })).body,
    ).data;
    expect(kept.slug).toBe(`${base}-2`);
    const renamed = parsed(
      DataPost,
      (await call(api, "PUT", `/blog/article-detail/${a.id}`, { body: { title: `${title} renamed`, updated_at: a.updated_at } })).body,
    ).data;
    expect(renamed.slug).toBe(`${base}-renamed`);
    // the base is free again: the next post with that title takes it
    expect((await created({ title })).slug).toBe(base);
  });

  it("updates partially (absent fields kept), sets published_at once, audits only the changed fields", async () => {
    const post = await created({ title: `Partial ${suffix()}`, author: "A", tags: "one, two", content: "<p>v1</p>" });
    const put = await call(api, "PUT", `/blog/article-detail/${post.id}`, {
      body: { status: "published", tags: ["two", "Three"], author: "A", updated_at: post.updated_at },
      actingAdmin: 2,
    });
    expect(put.status).toBe(200);
    const updated = parsed(DataPost, put.body).data;
    expect(updated).toMatchObject({
      title: post.title,
      author: "A",
      content: "<p>v1</p>",
      tags: ["two", "Three"],
      status: "published",
      updated_by: "support",
    });
    expect(updated.published_at).toBe(updated.updated_at);
    expect(await latestAudit()).toMatchObject({
      action: "update",
      entity: "blog_article",
      entity_id: String(post.id),
      before: { status: "draft", tags: ["one", "two"] },
      after: { status: "published", tags: ["two", "Three"] },
    });
    const audit = await latestAudit();
    expect(Object.keys(audit.after).sort()).toEqual(["status", "tags"]);

    const draft = parsed(
      DataPost,
      (await call(api, "PUT", `/blog/article-detail/${post.id}`, { body: { status: "draft", updated_at: updated.updated_at } })).body,
    ).data;
    const again = parsed(
      DataPost,
      (await call(api, "PUT", `/blog/article-detail/${post.id}`, { body: { status: "published", updated_at: draft.updated_at } })).body,
    ).data;
    expect(again.published_at).toBe(updated.published_at);

    // nothing changed: no new version, no audit entry
    const auditId = (await latestAudit()).id;
    const same = await call(api, "PUT", `/blog/article-detail/${post.id}`, { body: { title: post.title, updated_at: again.updated_at } });
    expect(same.status).toBe(200);
    expect(same.body.data.updated_at).toBe(again.updated_at);
    expect((await latestAudit()).id).toBe(auditId);

    // field rules apply to a PUT too, and updated_at is required
    const bad = await call(api, "PUT", `/blog/article-detail/${post.id}`, {
      body: { title: " ", description: "x".repeat(161), updated_at: again.updated_at },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ title: POST_MESSAGES.titleRequired, description: POST_MESSAGES.descriptionTooLong });
    const blind = await call(api, "PUT", `/blog/article-detail/${post.id}`, { body: { title: "Blind" } });
    expect(blind.status).toBe(400);
    expect(blind.body.errors.updated_at).toBe("updated_at is required");
    expect((await read(post.id)).title).toBe(post.title);
  });

  it("answers 409 to a stale edit, naming who saved meanwhile, and keeps their version", async () => {
    const post = await created({ title: `Shared ${suffix()}` });
    expect(
      (
        await call(api, "PUT", `/blog/article-detail/${post.id}`, {
          body: { content: "<p>support's</p>", updated_at: post.updated_at },
          actingAdmin: 2,
        })
      ).status,
    ).toBe(200);
    const stale = await call(api, "PUT", `/blog/article-detail/${post.id}`, {
      body: { content: "<p>admin's</p>", updated_at: post.updated_at },
    });
    expect(stale.status).toBe(409);
    const conflict = parsed(ConflictBody, stale.body);
    expect(conflict.updated_by).toBe("support");
    expect(conflict.message).toMatch(/This post was changed by support on .+ after you opened it\./);
    expect((await read(post.id)).content).toBe("<p>support's</p>");
  });

  it("reads, deletes (204, audited) and answers 404 for unknown posts", async () => {
    const post = await created({ title: `Doomed ${suffix()}` });
    expect(await read(post.id)).toEqual(post);
    const deleted = await call(api, "DELETE", `/blog/article-detail/${post.id}`);
    expect(deleted.status).toBe(204);
    expect(await latestAudit()).toMatchObject({ action: "delete", entity: "blog_article", entity_id: String(post.id), before: post });
    expect((await get(api, `/blog/article-detail/${post.id}`)).status).toBe(404);
    expect((await call(api, "DELETE", `/blog/article-detail/${post.id}`)).status).toBe(404);
    expect((await call(api, "PUT", `/blog/article-detail/${post.id}`, { body: { title: "x", updated_at: post.updated_at } })).status).toBe(
      404,
    );
    expect((await get(api, "/blog/article-detail/abc")).status).toBe(400);
  });

  it("searches title, author and tags in any case, and filters by status", async () => {
    const word = suffix();
    const a = await created({ title: `Zebra ${word} title`, status: "published" });
    const b = await created({ title: "Plain", author: `Author${word.toUpperCase()}` });
    const c = await created({ title: "Tagged", tags: [`tag-${word}`], status: "published" });
    const found = await list({ search: word, page_size: 100 });
    expect(found.data.map((p) => p.id).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(found.total_results).toBe(3);
    const published = await list({ search: word, status: "published" });
    expect(published.data.map((p) => p.id).sort()).toEqual([a.id, c.id].sort());
    expect((await list({ search: word, status: "draft" })).data.map((p) => p.id)).toEqual([b.id]);
    expect((await list({ search: "%" })).total_results).toBe(0);
    expect((await get(api, "/blog/articles/", { query: { status: "live" } })).status).toBe(400);
    expect((await get(api, "/blog/articles/", { query: { page_size: MAX_PAGE_SIZE + 1 } })).status).toBe(400);
  });

  it("sorts by title or author ignoring case, by status and dates, either way, ties by id; a bad sort is 400", async () => {
    const word = suffix();
    const p1 = await created({ title: `${word} bravo`, author: "charlie" });
    const p2 = await created({ title: `${word} Alpha`, author: "Delta", status: "published" });
    const p3 = await created({ title: `${word} charlie`, author: "alpha" });
    const p4 = await created({ title: `${word} alpha`, author: "Bravo", status: "published" });
    const ids = async (query: Record<string, string | number>) =>
      (await list({ search: word, page_size: 100, ...query })).data.map((p) => p.id);
    // "Alpha" and "alpha" tie: by id, in the same order
    expect(await ids({ sortField: "title", sortOrder: "asc" })).toEqual([p2.id, p4.id, p1.id, p3.id]);
    expect(await ids({ sortField: "title", sortOrder: "desc" })).toEqual([p3.id, p1.id, p4.id, p2.id]);
    expect(await ids({ sortField: "author", sortOrder: "asc" })).toEqual([p3.id, p4.id, p1.id, p2.id]);
    expect(await ids({ sortField: "author", sortOrder: "desc" })).toEqual([p2.id, p1.id, p4.id, p3.id]);
    expect(await ids({ sortField: "status", sortOrder: "asc" })).toEqual([p1.id, p3.id, p2.id, p4.id]);
    expect(await ids({ sortField: "created_at", sortOrder: "asc" })).toEqual([p1.id, p2.id, p3.id, p4.id]);
    // newest first without a sort; a sorted page 2 goes on where page 1 stopped
    expect(await ids({})).toEqual([p4.id, p3.id, p2.id, p1.id]);
    const second = await list({ search: word, page_size: 2, page: 2, sortField: "title", sortOrder: "asc" });
    expect(second.data.map((p) => p.id)).toEqual([p1.id, p3.id]);
    expect(second.total_results).toBe(4);
    // the last edited first, by updated_at
    const edited = await call(api, "PUT", `/blog/article-detail/${p1.id}`, { body: { author: "Zed", updated_at: p1.updated_at } });
    expect(edited.status).toBe(200);
    expect((await ids({ sortField: "updated_at", sortOrder: "desc" }))[0]).toBe(p1.id);
    for (const query of [
      { sortField: "content", sortOrder: "asc" },
      { sortField: "title", sortOrder: "up" },
      { sortField: "title" },
      { sortOrder: "asc" },
    ] as Record<string, string>[]) {
      const answer = await get(api, "/blog/articles/", { query });
      expect(answer.status, JSON.stringify(query)).toBe(400);
    }
  });

  it("reverts a post's update through POST /audit-entries/{id}/revert", async () => {
    const post = await created({ title: `Revert me ${suffix()}`, tags: "old", content: "<p>old</p>" });
    await call(api, "PUT", `/blog/article-detail/${post.id}`, {
      body: { title: `${post.title} new`, tags: "new, newer", content: "<p>new</p>", updated_at: post.updated_at },
      actingAdmin: 3,
    });
    const entry = await latestAudit();
    const answer = await call(api, "POST", `/audit-entries/${entry.id}/revert`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({
      action: "revert",
      entity: "blog_article",
      reverts_id: entry.id,
      after: { title: post.title, tags: ["old"], content: "<p>old</p>" },
    });
    const back = await read(post.id);
    expect(back).toMatchObject({ title: post.title, slug: post.slug, tags: ["old"], content: "<p>old</p>", updated_by: "admin" });
    expect((await call(api, "POST", `/audit-entries/${entry.id}/revert`)).status).toBe(409);
  });

  // ——— images ———

  async function upload(bytes: Uint8Array, options: { filename?: string; type?: string; alt?: string; actingAdmin?: string | null } = {}) {
    const form = new FormData();
    form.set("image", new Blob([new Uint8Array(bytes)], { type: options.type ?? "image/png" }), options.filename ?? "photo.png");
    if (options.alt !== undefined) form.set("alt", options.alt);
    const headers = new Headers({ [api.apiKeyHeader]: api.apiKey });
    const acting = options.actingAdmin === undefined ? "1" : options.actingAdmin;
    if (acting !== null) headers.set(ACTING_ADMIN_HEADER, acting);
    const response = await fetch(`${api.url}/blog/article-image-upload/`, { method: "POST", headers, body: form });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }
  const stored = async () => (await readdir(dir)).sort();
  const imageBytes = async (name: string) => {
    const response = await fetch(`${api.url}/blog/article-images/${name}`, { headers: { [api.apiKeyHeader]: api.apiKey } });
    return { status: response.status, type: response.headers.get("content-type"), bytes: Buffer.from(await response.arrayBuffer()) };
  };

  it("stores PNG, JPEG, WebP and GIF images told by content, answers image_url, serves them back", async () => {
    const cases: [Buffer, string, string, number, number][] = [
      [png(40, 30), "image/png", "png", 40, 30],
      [jpegOf(640, 480), "image/jpeg", "jpg", 640, 480],
      [webp1x1(), "image/webp", "webp", 1, 1],
      [gif1x1(), "image/gif", "gif", 1, 1],
    ];
    for (const [bytes, type, ext, width, height] of cases) {
      // the declared name and type are not trusted: every one is sent as "photo.png"
      const answer = await upload(bytes, { alt: ` A ${ext} picture ` });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      const image = parsed(PostImage, answer.body);
      expect(image).toMatchObject({ alt: `A ${ext} picture`, content_type: type, size: bytes.length, width, height });
      expect(image.name).toMatch(new RegExp(`^post-[0-9a-f]{16}\\.${ext}$`));
      // the public URL (issue 28): readers load it; only images of published posts are served there
      expect(image.image_url).toBe(`/blog/images/${image.name}`);
      expect(await imageBytes(image.name)).toEqual({ status: 200, type, bytes });
      expect(await latestAudit()).toMatchObject({ action: "create", entity: "file", entity_id: image.name });
    }
    expect((await imageBytes("post-0000000000000000.png")).status).toBe(404);
    expect((await imageBytes("..%2Fsecret.png")).status).toBe(404);
  });

  it("refuses images by content and size, storing nothing", async () => {
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
    const cases: [Uint8Array, Record<string, string>, string][] = [
      [Buffer.from("just some text, named like a picture"), { filename: "photo.png" }, POST_MESSAGES.imageWrongType],
      [pdf, { filename: "scan.jpg", type: "image/jpeg" }, POST_MESSAGES.imageWrongType],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        { filename: "x.svg", type: "image/svg+xml" },
        POST_MESSAGES.imageWrongType,
      ],
      [png(10, 10).subarray(0, 40), {}, POST_MESSAGES.imageWrongType],
      [new Uint8Array(0), {}, POST_MESSAGES.imageEmpty],
      [png(20, 20, { atLeastBytes: POST_IMAGE_MAX_BYTES + 1 }), {}, POST_MESSAGES.imageTooLarge],
    ];
    for (const [bytes, options, message] of cases) {
      const before = await stored();
      const auditId = (await latestAudit()).id;
      const answer = await upload(bytes, options);
      expect(answer.status, message).toBe(400);
      expect(answer.body.errors).toEqual({ image: message });
      expect(await stored()).toEqual(before);
      expect((await latestAudit()).id).toBe(auditId);
    }
    expect(POST_MESSAGES.imageTooLarge).toContain("5 MB");
    // far over the limit: refused before it is read
    expect((await upload(new Uint8Array(POST_IMAGE_MAX_BYTES + 200 * 1024))).status).toBe(413);
    expect((await upload(png(5, 5), { alt: "a".repeat(251) })).body.errors.alt).toBe(POST_MESSAGES.altTooLong);
    expect((await upload(png(5, 5), { actingAdmin: null })).status).toBe(400);
    const json = await call(api, "POST", "/blog/article-image-upload/", { body: { image: "x" } });
    expect(json.status).toBe(415);
  });

  it("serves an image publicly only while a published post uses it, with caching headers (issue 28)", async () => {
    const image = parsed(PostImage, (await upload(png(12, 8), { alt: "public?" })).body);
    const published = async (name: string) => {
      const response = await fetch(`${api.url}/blog/published-images/${name}`, { headers: { [api.apiKeyHeader]: api.apiKey } });
      return { status: response.status, cache: response.headers.get("cache-control"), bytes: Buffer.from(await response.arrayBuffer()) };
    };
    // uploaded, in no post: private
    expect((await published(image.name)).status).toBe(404);
    // in a draft: still private
    const post = await created({ title: `Images ${suffix()}`, status: "draft", content: `<p><img src="${image.image_url}" alt="x"></p>` });
    expect((await published(image.name)).status).toBe(404);
    // published: served, cacheable by anyone
    expect(
      (await call(api, "PUT", `/blog/article-detail/${post.id}`, { body: { status: "published", updated_at: post.updated_at } })).status,
    ).toBe(200);
    const served = await published(image.name);
    expect(served.status).toBe(200);
    expect(served.cache).toMatch(/^public, max-age=\d+/);
    expect(served.bytes.subarray(1, 4).toString()).toBe("PNG");
    // back to draft: private again
    const now = await read(post.id);
    expect(
      (await call(api, "PUT", `/blog/article-detail/${post.id}`, { body: { status: "draft", updated_at: now.updated_at } })).status,
    ).toBe(200);
    expect((await published(image.name)).status).toBe(404);
    expect((await published("post-0000000000000000.png")).status).toBe(404);
    expect((await published("..%2Fsecret.png")).status).toBe(404);
  });
});
