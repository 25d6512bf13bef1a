import { MAX_PAGE_SIZE } from "~contract/list-query";
import { afterAll, beforeAll, expect, it } from "vitest";
import { asc, desc, eq, inArray } from "drizzle-orm";
import { auditLog, blogComments } from "../../api/src/db/schema";
import { DEMO_COMMENTS, seedExtraComments } from "../../api/src/seed/comments";
import { SEED_BASE_DATE } from "../../api/src/seed/seed";
import { COMMENT_MESSAGES, CommentList, CommentRecord } from "~contract/comments";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed } from "./helpers";

type Made = { id: number; article_id: number; parent_id: number | null; article_title: string };

/** A reader's comment through the test fixture (readers write them, not admins). */
async function newComment(api: TestApi, fields: Record<string, unknown>): Promise<Made> {
  const answer = await call(api, "POST", "/test-fixtures/comments", {
    actingAdmin: null,
    body: { name: "Test Reader", content: "A test comment", ...fields },
  });
  expect(answer.status, answer.text).toBe(201);
  return answer.body.data as Made;
}

async function list(api: TestApi, query: Record<string, string | number> = {}) {
  const answer = await get(api, "/blog/comments/", { query });
  expect(answer.status, answer.text).toBe(200);
  return parsed(CommentList, answer.body);
}

const tagged = () => `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const stored = (api: TestApi, ids: number[]) => api.db.select().from(blogComments).where(inArray(blogComments.id, ids));

describeEachDriver("comments", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver, testFixtures: true });
  });
  afterAll(() => api?.close());

  it("lists the demo comments newest first with their post, parent and replies; count is the total", async () => {
    const all = await list(api, { page_size: 100 });
    expect(all.count).toBe(DEMO_COMMENTS);
    const rows = await api.db.select().from(blogComments).orderBy(desc(blogComments.created_at), desc(blogComments.id));
    expect(all.results.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    // varied: replies, anonymous readers, both statuses
    expect(all.results.some((r) => r.parent !== null)).toBe(true);
    expect(all.results.some((r) => r.email === null)).toBe(true);
    expect(all.results.some((r) => r.is_approved)).toBe(true);
    expect(all.results.some((r) => !r.is_approved)).toBe(true);
    const reply = all.results.find((r) => r.parent !== null)!;
    const parent = all.results.find((r) => r.id === reply.parent!.id)!;
    expect(reply.parent).toEqual({ id: parent.id, name: parent.name, content: parent.content });
    expect(parent.replies).toBe(all.results.filter((r) => r.parent?.id === parent.id).length);
    expect(reply.article.id).toBe(parent.article.id);
    expect(reply.article.title.length).toBeGreaterThan(0);

    const second = await list(api, { page: 2, page_size: 10 });
    expect(second.results.map((r) => r.id)).toEqual(rows.slice(10, 20).map((r) => r.id));
    expect(second.count).toBe(DEMO_COMMENTS);
    const past = await list(api, { page: 99, page_size: 10 });
    expect(past).toEqual({ count: DEMO_COMMENTS, results: [] });
    // default: the first 10
    expect((await list(api)).results.map((r) => r.id)).toEqual(rows.slice(0, 10).map((r) => r.id));
  });

  it("filters approved / pending and searches name, email and content in any case; pattern characters are literal", async () => {
    const tag = tagged();
    const a = await newComment(api, {
      name: `Zebulon ${tag}`,
      email: `zq.${tag}@Example.org`,
      content: "Very useful post",
      is_approved: true,
    });
    const b = await newComment(api, { name: "Plain Reader", email: null, content: `The word ${tag.toUpperCase()} is in here` });
    const both = await list(api, { search: tag });
    expect(both.results.map((r) => r.id)).toEqual([b.id, a.id]);
    expect(both.count).toBe(2);
    expect((await list(api, { search: `ZEBULON ${tag}` })).results.map((r) => r.id)).toEqual([a.id]);
    expect((await list(api, { search: `zq.${tag}@example` })).results.map((r) => r.id)).toEqual([a.id]);
    expect((await list(api, { search: tag, is_approved: "approved" })).results.map((r) => r.id)).toEqual([a.id]);
    expect((await list(api, { search: tag, is_approved: "pending" })).results.map((r) => r.id)).toEqual([b.id]);
    const anonymous = (await list(api, { search: tag, is_approved: "pending" })).results[0];
    expect(anonymous.email).toBeNull();
    expect(anonymous.parent).toBeNull();
    expect((await list(api, { search: `${tag}%` })).results).toEqual([]);
    expect((await list(api, { search: "_".repeat(3) + tag })).results).toEqual([]);

    const approved = await list(api, { is_approved: "approved", page_size: 200 });
    const pending = await list(api, { is_approved: "pending", page_size: 200 });
    expect(approved.results.every((r) => r.is_approved)).toBe(true);
    expect(pending.results.every((r) => !r.is_approved)).toBe(true);
    expect(approved.count + pending.count).toBe((await list(api)).count);

    for (const query of [{ is_approved: "yes" }, { page: 0 }, { page_size: MAX_PAGE_SIZE + 1 }, { search: "x".repeat(101) }] as Record<
      string,
      string | number
    >[]) {
      expect((await get(api, "/blog/comments/", { query })).status, JSON.stringify(query)).toBe(400);
    }
  });

  it("sorts by created_at and by is_approved then created_at, asc or desc, ties by id the same way; a bad sort is a 400", async () => {
    const tag = tagged();
    const at = (day: number) => new Date(Date.UTC(2024, 0, day, 10)).toISOString();
    // oldest → newest: a pending (day 1), an approved (day 2), a pending and an approved at the same moment (day 3)
    const p1 = await newComment(api, { content: `${tag} p1`, created_at: at(1) });
    const a2 = await newComment(api, { content: `${tag} a2`, created_at: at(2), is_approved: true });
    const p3 = await newComment(api, { content: `${tag} p3`, created_at: at(3) });
    const p3b = await newComment(api, { content: `${tag} p3b`, created_at: at(3) });
    const a3 = await newComment(api, { content: `${tag} a3`, created_at: at(3), is_approved: true });
    const ids = async (query: Record<string, string>) => (await list(api, { search: tag, ...query })).results.map((r) => r.id);

    expect(await ids({})).toEqual([a3.id, p3b.id, p3.id, a2.id, p1.id]);
    expect(await ids({ sortField: "created_at", sortOrder: "desc" })).toEqual([a3.id, p3b.id, p3.id, a2.id, p1.id]);
    expect(await ids({ sortField: "created_at", sortOrder: "asc" })).toEqual([p1.id, a2.id, p3.id, p3b.id, a3.id]);
    // pending first (oldest first), then approved
    expect(await ids({ sortField: "is_approved", sortOrder: "asc" })).toEqual([p1.id, p3.id, p3b.id, a2.id, a3.id]);
    expect(await ids({ sortField: "is_approved", sortOrder: "desc" })).toEqual([a3.id, a2.id, p3b.id, p3.id, p1.id]);
    expect(await ids({ sortField: "is_approved", sortOrder: "asc", is_approved: "approved" })).toEqual([a2.id, a3.id]);
    // paging follows the sort
    expect(
      (await list(api, { search: tag, sortField: "created_at", sortOrder: "asc", page: 2, page_size: 2 })).results.map((r) => r.id),
    ).toEqual([p3.id, p3b.id]);

    // the whole list, as the database orders it
    const all = await list(api, { page_size: 100, sortField: "is_approved", sortOrder: "asc" });
    const rows = await api.db
      .select()
      .from(blogComments)
      .orderBy(asc(blogComments.is_approved), asc(blogComments.created_at), asc(blogComments.id))
      .limit(100);
    expect(all.results.map((r) => r.id)).toEqual(rows.map((r) => r.id));

    for (const query of [
      { sortField: "name", sortOrder: "asc" },
      { sortField: "id", sortOrder: "desc" },
      { sortField: "created_at", sortOrder: "up" },
      { sortField: "created_at" },
      { sortOrder: "asc" },
    ] as Record<string, string>[]) {
      const answer = await get(api, "/blog/comments/", { query });
      expect(answer.status, JSON.stringify(query)).toBe(400);
    }
  });

  it("GET one comment; PUT with no body flips approval and is audited; unknown ids answer 404", async () => {
    const made = await newComment(api, { content: `Flip me ${tagged()}` });
    const one = await get(api, `/blog/comments/${made.id}/`);
    expect(one.status).toBe(200);
    expect(parsed(CommentRecord, one.body.data)).toMatchObject({
      id: made.id,
      is_approved: false,
      article: { id: made.article_id, title: made.article_title },
      replies: 0,
    });

    const approve = await call(api, "PUT", `/blog/comments/${made.id}/`);
    expect(approve.status, approve.text).toBe(200);
    expect(approve.body.message).toBe(COMMENT_MESSAGES.approved);
    expect(approve.body.data.is_approved).toBe(true);
    expect((await stored(api, [made.id]))[0].is_approved).toBe(true);
    const [entry] = await api.db.select().from(auditLog).where(eq(auditLog.entity, "blog_comment")).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({
      action: "update",
      entity_id: String(made.id),
      admin_username: "admin",
      before: { is_approved: false },
      after: { is_approved: true },
    });

    const back = await call(api, "PUT", `/blog/comments/${made.id}/`);
    expect(back.body.message).toBe(COMMENT_MESSAGES.unapproved);
    expect((await stored(api, [made.id]))[0].is_approved).toBe(false);

    expect((await get(api, "/blog/comments/999999/")).status).toBe(404);
    const unknown = await call(api, "PUT", "/blog/comments/999999/");
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(COMMENT_MESSAGES.notFound);
    expect((await get(api, "/blog/comments/abc/")).status).toBe(400);
    // the acting admin is required
    expect((await call(api, "PUT", `/blog/comments/${made.id}/`, { actingAdmin: null })).status).toBe(400);
    expect((await call(api, "PUT", `/blog/comments/${made.id}/`, { key: null })).status).toBe(401);
    expect((await stored(api, [made.id]))[0].is_approved).toBe(false);
  });

  it("DELETE removes the comment and its replies at any depth, and says how many replies went", async () => {
    const root = await newComment(api, { content: `Root ${tagged()}` });
    const reply = await newComment(api, { parent_id: root.id, content: "A reply" });
    const deeper = await newComment(api, { parent_id: reply.id, content: "A reply to the reply" });
    const sibling = await newComment(api, { article_id: root.article_id, content: "Another top-level comment" });
    expect(reply.article_id).toBe(root.article_id);
    expect(parsed(CommentRecord, (await get(api, `/blog/comments/${root.id}/`)).body.data).replies).toBe(1);

    const answer = await call(api, "DELETE", `/blog/comments/${root.id}/`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ message: COMMENT_MESSAGES.deleted, replies_deleted: 2 });
    expect((await stored(api, [root.id, reply.id, deeper.id, sibling.id])).map((r) => r.id)).toEqual([sibling.id]);
    const [entry] = await api.db.select().from(auditLog).where(eq(auditLog.entity, "blog_comment")).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: "delete", entity_id: String(root.id), after: null, before: { replies: 1, parent_id: null } });

    expect((await call(api, "DELETE", `/blog/comments/${root.id}/`)).status).toBe(404);
  });

  it("bulk approve and un-approve: every comment named, all or nothing, unknown ids named", async () => {
    const tag = tagged();
    const made = [
      await newComment(api, { content: `${tag} one` }),
      await newComment(api, { content: `${tag} two`, is_approved: true }),
      await newComment(api, { content: `${tag} three` }),
    ];
    const ids = made.map((m) => m.id);
    const approve = await call(api, "POST", "/blog/comments/bulk-approve/", { body: { ids, approve: true } });
    expect(approve.status, approve.text).toBe(200);
    expect(approve.body).toEqual({ message: "3 comments approved successfully", changed: 2, count: 3 });
    expect((await stored(api, ids)).every((r) => r.is_approved)).toBe(true);

    // one unknown id: nothing changes, and it is named
    const refused = await call(api, "POST", "/blog/comments/bulk-approve/", { body: { ids: [...ids, 999998, 999999], approve: false } });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(COMMENT_MESSAGES.unknownIds([999998, 999999]));
    expect((await stored(api, ids)).every((r) => r.is_approved)).toBe(true);

    const unapprove = await call(api, "POST", "/blog/comments/bulk-approve/", { body: { ids: [ids[0], ids[0], ids[1]], approve: false } });
    expect(unapprove.body).toEqual({ message: "2 comments un-approved successfully", changed: 2, count: 2 });
    expect((await stored(api, ids)).map((r) => [r.id, r.is_approved]).sort()).toEqual(
      [
        [ids[0], false],
        [ids[1], false],
        [ids[2], true],
      ].sort(),
    );

    for (const body of [
      { ids: [], approve: true },
      { ids: [1] },
      { ids: ["x"], approve: true },
      { ids: [0], approve: true },
      { approve: true },
      { ids: Array.from({ length: 201 }, (_, i) => i + 1), approve: true },
    ]) {
      expect((await call(api, "POST", "/blog/comments/bulk-approve/", { body })).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await call(api, "POST", "/blog/comments/bulk-approve/", { body: { ids, approve: true }, actingAdmin: null })).status).toBe(400);
  });

  it("bulk delete: the comments and their replies, all or nothing", async () => {
    const a = await newComment(api, { content: `Bulk A ${tagged()}` });
    const aReply = await newComment(api, { parent_id: a.id, content: "reply to A" });
    const b = await newComment(api, { content: "Bulk B" });
    const bReply = await newComment(api, { parent_id: b.id, content: "reply to B, also chosen" });
    const c = await newComment(api, { content: "Bulk C, kept" });

    const refused = await call(api, "POST", "/blog/comments/bulk-delete/", { body: { ids: [a.id, 999999] } });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toContain("999999");
    expect(await stored(api, [a.id, aReply.id])).toHaveLength(2);

    const answer = await call(api, "POST", "/blog/comments/bulk-delete/", { body: { ids: [a.id, b.id, bReply.id] } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ message: "3 comments deleted successfully (with 1 reply)", deleted: 3, replies_deleted: 1 });
    expect((await stored(api, [a.id, aReply.id, b.id, bReply.id, c.id])).map((r) => r.id)).toEqual([c.id]);
    const entries = await api.db.select().from(auditLog).where(eq(auditLog.entity, "blog_comment")).orderBy(desc(auditLog.id)).limit(3);
    expect(entries.map((e) => [e.action, Number(e.entity_id)]).sort()).toEqual(
      [
        ["delete", a.id],
        ["delete", b.id],
        ["delete", bReply.id],
      ].sort(),
    );
  });

  it("is in the OpenAPI document", async () => {
    const doc = (await get(api, "/openapi.json")).body;
    for (const path of ["/blog/comments/", "/blog/comments/{id}/", "/blog/comments/bulk-approve/", "/blog/comments/bulk-delete/"])
      expect(doc.paths[path], path).toBeDefined();
    expect(doc.paths["/test-fixtures/comments"]).toBeUndefined();
  });

  // last: it adds many rows
  it("the bulk seed adds generated comments: replies on their parent's post, anonymous ones, both statuses, each after its post", async () => {
    const before = (await list(api)).count;
    expect(await seedExtraComments(api.db, { count: 500, base: SEED_BASE_DATE })).toBe(500);
    const after = await list(api, { page_size: 200, search: "(re" });
    expect((await list(api)).count).toBe(before + 500);
    expect(after.count).toBe(500);
    const rows = after.results;
    expect(rows.filter((r) => r.parent !== null).length).toBeGreaterThan(20);
    expect(rows.some((r) => r.email === null)).toBe(true);
    expect(rows.some((r) => r.is_approved) && rows.some((r) => !r.is_approved)).toBe(true);
    for (const reply of rows.filter((r) => r.parent)) {
      const parent = parsed(CommentRecord, (await get(api, `/blog/comments/${reply.parent!.id}/`)).body.data);
      expect(parent.article.id).toBe(reply.article.id);
      expect(Date.parse(reply.created_at)).toBeGreaterThan(Date.parse(parent.created_at));
    }
    // a comment is never older than the post it is on
    const postDates = new Map<number, number>();
    for (const id of new Set(rows.map((r) => r.article.id))) {
      const post = (await get(api, `/blog/article-detail/${id}`)).body as { data: { created_at: string } };
      postDates.set(id, Date.parse(post.data.created_at));
    }
    expect(rows.filter((r) => Date.parse(r.created_at) <= postDates.get(r.article.id)!)).toEqual([]);
  });
});
