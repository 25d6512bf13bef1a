import { describe, expect, it } from "vitest";
import * as listRoute from "~/routes/admin.posts._index";
import * as editorRoute from "~/routes/admin.posts.post";
import * as imageRoute from "~/routes/admin.posts.images.$name";
import * as publicImageRoute from "~/routes/blog.images.$name";
import { POST_IMAGE_MAX_BYTES, POST_MESSAGES, type PostRecord } from "~contract/posts";
import { type PostRow } from "../../app/models/post-labels";
import { png } from "../support/images";
import { apiCall, callRoute, expectRedirect, readToast, requestAs, statusOf, type DemoAdminName } from "../support/routes";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function payload(result: unknown): any {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: unknown }).data;
  return result;
}

const suffix = () => Math.random().toString(36).slice(2, 8);
const EDITOR = "/admin/posts/post";
const loadList = async (query = "", who: DemoAdminName = "admin") => callRoute(listRoute, await requestAs(who, `/admin/posts${query}`));
const loadEditor = async (query = "", who: DemoAdminName = "admin") => callRoute(editorRoute, await requestAs(who, `${EDITOR}${query}`));
const post = async (query: string, form: Record<string, string>, who: DemoAdminName = "admin") =>
  callRoute(editorRoute, await requestAs(who, `${EDITOR}${query}`, { form }));
const createPost = async (body: Record<string, unknown>) =>
  (await apiCall<{ data: PostRecord }>("/blog/articles/", { method: "POST", actingAdmin: "admin", body })).data;
const readPost = async (id: number) => (await apiCall<{ data: PostRecord }>(`/blog/article-detail/${id}`)).data;
const findPosts = async (search: string) =>
  (await apiCall<{ data: PostRecord[] }>(`/blog/articles/?search=${encodeURIComponent(search)}&page_size=100`)).data;

const fields = (changes: Record<string, string> = {}) => ({
  intent: "save",
  title: `Route post ${suffix()}`,
  description: "About GST",
  author: "Priya",
  tags: "GST, gst, Startups",
  status: "draft",
  content: "<p>Hello</p>",
  updated_at: "",
  ...changes,
});

async function upload(bytes: Uint8Array, alt = "A chart", filename = "chart.png", post: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(post)) form.append(name, value);
  form.append("intent", "upload");
  form.append("image", new Blob([new Uint8Array(bytes)], { type: "image/png" }), filename);
  form.append("alt", alt);
  const base = await requestAs("admin", EDITOR, { method: "POST" });
  return callRoute(editorRoute, new Request(base.url, { method: "POST", headers: base.headers, body: form }));
}

describe("Posts list", () => {
  it("is refused without a session and without the S3BucketManager access", async () => {
    expectRedirect(await loadList("", null as unknown as DemoAdminName), "/admin/login");
    for (const who of ["viewer", "catalog", "support"] as const) {
      expect(statusOf(await loadList("", who))).toBe(403);
      expect(statusOf(await loadEditor("", who))).toBe(403);
      expect(statusOf(await post("", fields(), who))).toBe(403);
      expect(
        statusOf(
          await callRoute(imageRoute, await requestAs(who, "/admin/posts/images/post-0123456789abcdef.png"), {
            name: "post-0123456789abcdef.png",
          }),
        ),
      ).toBe(403);
    }
  });

  it("shows a page of posts newest first with dates in India time, searched and filtered by status", async () => {
    const word = suffix();
    const draft = await createPost({ title: `Draft ${word}`, author: "Asha", tags: ["Tax"] });
    const live = await createPost({ title: `Live ${word}`, status: "published" });
    const all = payload(await loadList());
    expect(all.pageSize).toBe(10);
    expect(all.rows.length).toBeGreaterThan(0);
    const found = payload(await loadList(`?search=${word}`));
    expect(found.total).toBe(2);
    expect(found.rows.map((r: PostRow) => r.id)).toEqual([live.id, draft.id]);
    expect(found.rows[1]).toMatchObject({ title: `Draft ${word}`, author: "Asha", status: "draft", tags: ["Tax"] });
    expect(found.rows[1].createdAt).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
    const published = payload(await loadList(`?search=${word}&status=published`));
    expect(published.rows.map((r: PostRow) => r.id)).toEqual([live.id]);
    expect(published.status).toBe("published");
    // an unknown status or page size falls back quietly; a long search is told
    expect(payload(await loadList(`?search=${word}&status=bogus&page_size=7`))).toMatchObject({ status: "", pageSize: 10, total: 2 });
    expect(payload(await loadList(`?search=${"x".repeat(101)}`)).searchError).toMatch(/100/);
    // past the last page: back to the last one
    expectRedirect(await loadList(`?search=${word}&page=9`), `/admin/posts?search=${word}&page=1`);
  });

  it("sorts as the URL says (sortField/sortOrder, kept with search and filter); a bad sort is ignored", async () => {
    const word = suffix();
    const b = await createPost({ title: `${word} bravo`, author: "alpha", status: "published" });
    const a = await createPost({ title: `${word} Alpha`, author: "Charlie", status: "published" });
    const c = await createPost({ title: `${word} charlie`, author: "Bravo" });
    const ids = (data: { rows: PostRow[] }) => data.rows.map((r) => r.id);
    const byTitle = payload(await loadList(`?search=${word}&sortField=title&sortOrder=asc`));
    expect(byTitle.sort).toEqual({ field: "title", order: "asc" });
    expect(ids(byTitle)).toEqual([a.id, b.id, c.id]);
    const byAuthor = payload(await loadList(`?search=${word}&sortField=author&sortOrder=desc`));
    expect(byAuthor.sort).toEqual({ field: "author", order: "desc" });
    expect(ids(byAuthor)).toEqual([a.id, c.id, b.id]);
    const filtered = payload(await loadList(`?search=${word}&status=published&sortField=title&sortOrder=desc`));
    expect(filtered).toMatchObject({ search: word, status: "published", sort: { field: "title", order: "desc" } });
    expect(ids(filtered)).toEqual([b.id, a.id]);
    // unknown field, unknown order, or half a sort: the default order (newest first), no error
    for (const bad of ["sortField=content&sortOrder=asc", "sortField=title&sortOrder=up", "sortField=title", "sortOrder=asc"]) {
      const data = payload(await loadList(`?search=${word}&${bad}`));
      expect(data.sort, bad).toBeUndefined();
      expect(ids(data), bad).toEqual([c.id, a.id, b.id]);
    }
    // past the last page: back to the last one, still sorted
    expectRedirect(
      await loadList(`?search=${word}&sortField=title&sortOrder=asc&page=9`),
      `/admin/posts?search=${word}&sortField=title&sortOrder=asc&page=1`,
    );
  });
});

describe("Post editor", () => {
  it("loads a new post's empty form, and an existing post with its sanitised preview", async () => {
    const fresh = payload(await loadEditor());
    expect(fresh).toMatchObject({ post: null, deleting: false, defaults: { title: "", status: "draft", updated_at: "" } });
    const saved = await createPost({
      title: `Preview ${suffix()}`,
      description: "Meta",
      tags: "a, b",
      content: '<p>Hi</p><img src="/admin/posts/images/post-0123456789abcdef.png" alt="x">',
    });
    const loaded = payload(await loadEditor(`?post=${saved.id}&dialog=delete`));
    expect(loaded.defaults).toMatchObject({ title: saved.title, tags: "a, b", status: "draft", updated_at: saved.updated_at });
    expect(loaded.post.preview).toEqual({ title: saved.title, description: "Meta", tags: ["a", "b"], html: saved.content });
    expect(loaded.post.preview.html).toContain("<img");
    expect(loaded.deleting).toBe(true);
    expect(statusOf(await loadEditor("?post=99999999"))).toBe(404);
    expect(statusOf(await loadEditor("?post=abc"))).toBe(404);
  });

  it("refuses a post without a title or with a meta description over 160, keeping what was typed", async () => {
    const author = `Nobody ${suffix()}`;
    const typed = fields({ title: "   ", description: "d".repeat(161), author });
    const result = await post("", typed);
    expect(statusOf(result)).toBe(400);
    expect(payload(result).fieldErrors).toEqual({ title: POST_MESSAGES.titleRequired, description: POST_MESSAGES.descriptionTooLong });
    expect(payload(result).fieldErrors.description).toContain("160");
    expect(payload(result).repopulateFields).toMatchObject({ description: typed.description, author, tags: "GST, gst, Startups" });
    expect(await findPosts(author)).toEqual([]);
  });

  it("creates a post (toast, redirect to its edit URL), then edits it, and refuses a stale edit with the values kept", async () => {
    const typed = fields({ status: "published", content: '<p onclick="x()">Body<script>alert(1)</script></p>' });
    const response = expectRedirect(await post("", typed), `${EDITOR}?post=`);
    expect(await readToast(response)).toEqual({ type: "success", message: POST_MESSAGES.created });
    const id = Number(new URL(response.headers.get("Location")!, "http://x").searchParams.get("post"));
    const saved = await readPost(id);
    expect(saved).toMatchObject({ title: typed.title, tags: ["GST", "Startups"], status: "published", content: "<p>Body</p>" });

    const editForm = fields({
      title: `${typed.title} edited`,
      tags: "One",
      status: "draft",
      content: saved.content,
      updated_at: saved.updated_at,
    });
    const edited = expectRedirect(await post(`?post=${id}`, editForm), `${EDITOR}?post=${id}`);
    expect(await readToast(edited)).toEqual({ type: "success", message: POST_MESSAGES.updated });
    const after = await readPost(id);
    expect(after).toMatchObject({ title: editForm.title, tags: ["One"], status: "draft" });

    // the same values again: nothing to save
    const same = expectRedirect(await post(`?post=${id}`, { ...editForm, updated_at: after.updated_at }), `${EDITOR}?post=${id}`);
    expect(await readToast(same)).toEqual({ type: "info", message: POST_MESSAGES.noChange });

    // saved from the old version: 409, told who saved, and the typed values kept
    const stale = await post(`?post=${id}`, { ...editForm, title: "My stale title", updated_at: saved.updated_at });
    expect(statusOf(stale)).toBe(409);
    expect(payload(stale).formError).toMatch(/admin changed this post at .+ after you opened it/);
    expect(payload(stale).conflict.updatedBy).toBe("admin");
    expect(payload(stale).repopulateFields.title).toBe("My stale title");
    expect((await readPost(id)).title).toBe(editForm.title);
  });

  it("uploads an image and answers its URL; refuses a non-image and an oversize one", async () => {
    const ok = payload(await upload(png(12, 8), "A chart"));
    expect(ok).toMatchObject({
      intent: "upload",
      ok: true,
      image: { alt: "A chart", url: expect.stringMatching(/^\/blog\/images\/post-[0-9a-f]{16}\.png$/) },
    });
    const name = ok.image.url.split("/").pop();
    const served = (await callRoute(
      imageRoute,
      await requestAs("admin", `/admin/posts/images/${name}`, { headers: { "Sec-Fetch-Dest": "image" } }),
      { name },
    )) as Response;
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png(12, 8));

    const text = await upload(Buffer.from("not an image at all"), "Kept alt", "fake.png");
    expect(statusOf(text)).toBe(400);
    expect(payload(text)).toEqual({ intent: "upload", ok: false, error: POST_MESSAGES.imageWrongType, alt: "Kept alt" });
    const none = await upload(new Uint8Array(0), "No file", "");
    expect(statusOf(none)).toBe(400);
    expect(payload(none)).toEqual({ intent: "upload", ok: false, error: POST_MESSAGES.imageRequired, alt: "No file" });
    const big = await upload(png(10, 10, { atLeastBytes: POST_IMAGE_MAX_BYTES + 1 }));
    expect(statusOf(big)).toBe(413);
    expect(payload(big).error).toBe(POST_MESSAGES.imageTooLarge);

    // without JavaScript Upload sends the post form: the typed post comes back unsaved, with the URL
    const { intent: _save, ...typed } = fields({ title: `Typed before upload ${suffix()}`, content: "<p>Not saved yet</p>" });
    const withPost = payload(await upload(png(6, 6), "With the post", "six.png", typed));
    expect(withPost).toMatchObject({ intent: "upload", ok: true, image: { alt: "With the post" } });
    expect(withPost.draft).toMatchObject({
      title: typed.title,
      author: typed.author,
      tags: typed.tags,
      content: typed.content,
      status: "draft",
    });
    expect(await findPosts(typed.title)).toEqual([]);
    const refusedWithPost = payload(await upload(Buffer.from("text"), "x", "x.png", typed));
    expect(refusedWithPost).toMatchObject({ ok: false, draft: { title: typed.title } });

    const missing = (await callRoute(
      imageRoute,
      await requestAs("admin", "/admin/posts/images/post-0000000000000000.png", { headers: { "Sec-Fetch-Dest": "image" } }),
      { name: "post-0000000000000000.png" },
    )) as Response;
    expect(missing.status).toBe(404);
    const strange = (await callRoute(
      imageRoute,
      await requestAs("admin", "/admin/posts/images/passwd", { headers: { "Sec-Fetch-Dest": "image" } }),
      { name: "passwd" },
    )) as Response;
    expect(strange.status).toBe(404);
  });

  it("an image's URL works for readers once a published post uses it; a draft's image stays private (issue 28)", async () => {
    const ok = payload(await upload(png(14, 9), "Public"));
    const url: string = ok.image.url;
    const name = url.split("/").pop()!;
    const asReader = async () => (await callRoute(publicImageRoute, new Request(`http://localhost${url}`), { name })) as Response;
    const asAdmin = async () => (await callRoute(publicImageRoute, await requestAs("admin", url), { name })) as Response;
    // in a draft: readers get 404 (never a login page), the admin's preview sees it, not for shared caches
    const draft = await createPost({ title: `Public image ${suffix()}`, content: `<p><img src="${url}" alt="Public"></p>` });
    const hidden = await asReader();
    expect(hidden.status).toBe(404);
    expect(hidden.headers.get("Location")).toBeNull();
    const preview = await asAdmin();
    expect(preview.status).toBe(200);
    expect(preview.headers.get("Cache-Control")).toMatch(/^private/);
    expect(Buffer.from(await preview.arrayBuffer())).toEqual(png(14, 9));
    // published: anyone, cacheable
    await apiCall(`/blog/article-detail/${draft.id}`, {
      method: "PUT",
      actingAdmin: "admin",
      body: { status: "published", updated_at: draft.updated_at },
    });
    const served = await asReader();
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+$/);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png(14, 9));
    // not a post image's name: 404
    expect(
      ((await callRoute(publicImageRoute, new Request("http://localhost/blog/images/passwd"), { name: "passwd" })) as Response).status,
    ).toBe(404);
  });

  it("deletes a post from its confirmation and goes back to the list with a toast", async () => {
    const doomed = await createPost({ title: `Doomed ${suffix()}` });
    const response = expectRedirect(
      await post(`?post=${doomed.id}&dialog=delete`, { intent: "delete", id: String(doomed.id) }),
      "/admin/posts",
    );
    expect(response.headers.get("Location")).toBe("/admin/posts");
    expect(await readToast(response)).toEqual({ type: "success", message: POST_MESSAGES.deleted });
    expect(await findPosts(doomed.title)).toEqual([]);
    // already gone: told on the list
    const again = expectRedirect(await post(`?post=${doomed.id}`, { intent: "delete" }), "/admin/posts");
    expect((await readToast(again))?.type).toBe("error");
    expect(statusOf(await post("", { intent: "publish-everything" }))).toBe(400);
    expect(statusOf(await post("", { intent: "delete" }))).toBe(404); // a new post has nothing to delete
    expect(statusOf(await post(`?post=${doomed.id}`, { intent: "publish-everything" }))).toBe(400);
  });
});
