import { afterEach, describe, expect, it, vi } from "vitest";
import * as commentsRoute from "~/routes/admin.comments";
import { COMMENT_MESSAGES, type CommentRecord } from "~contract/comments";
import { type CommentActionFailure, type CommentsPageData } from "../../app/models/comments";
import { API_UNAVAILABLE_MESSAGE } from "~/services/marketplace/client.server";
import { formatIndiaTime } from "~shared/dates";
import { apiCall, callRoute, expectRedirect, readToast, requestAs, statusOf } from "../support/routes";

const LIST = "/admin/comments";

function payload<T = CommentsPageData>(result: unknown): T {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: T }).data;
  return result as T;
}

type Made = { id: number; article_id: number; article_title: string };
/** A reader's comment of this test's own (the API's test fixture). */
async function makeComment(body: Record<string, unknown>): Promise<Made> {
  return (
    await apiCall<{ data: Made }>("/test-fixtures/comments", {
      method: "POST",
      body: { name: "Route Reader", content: "A comment", ...body },
    })
  ).data;
}
const apiComment = async (id: number) => (await apiCall<{ data: CommentRecord }>(`/blog/comments/${id}/`)).data;
const exists = async (id: number) => {
  try {
    await apiComment(id);
    return true;
  } catch {
    return false;
  }
};
const tag = () => `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

const load = async (url: string, who: "admin" | "catalog" = "admin") => callRoute(commentsRoute, await requestAs(who, url));
const post = async (url: string, form: Record<string, string | string[]>, who: "admin" | "catalog" = "admin") =>
  callRoute(commentsRoute, await requestAs(who, url, { form }));

afterEach(() => vi.restoreAllMocks());

describe("Comment Moderation (/admin/comments)", () => {
  it("shows a page of comments newest first, as the table shows them", async () => {
    const t = tag();
    const long = await makeComment({ name: `Asha ${t}`, email: `asha.${t}@example.in`, content: "Great post", is_approved: true });
    const anonymous = await makeComment({ article_id: long.article_id, name: `Anon ${t}`, email: null, content: "Who wrote this?" });
    const page = payload(await load(`${LIST}?search=${t}`));
    expect(page.total).toBe(2);
    expect(page.rows.map((r) => r.id)).toEqual([anonymous.id, long.id]);
    const stored = await apiComment(long.id);
    expect(page.rows[1]).toEqual({
      id: long.id,
      author: `Asha ${t}`,
      email: `asha.${t}@example.in`,
      article: `${long.article_title.slice(0, 30)}…`,
      articleTitle: long.article_title,
      date: formatIndiaTime(stored.created_at, "MMM dd, yyyy HH:mm"),
      approved: true,
      replies: 0,
    });
    expect(page.rows[1].date).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2}$/);
    expect(page.rows[0]).toMatchObject({ email: null, approved: false });

    const first = payload(await load(LIST));
    expect(first).toMatchObject({
      page: 1,
      pageSize: 10,
      search: "",
      status: "",
      loadError: null,
      dialog: null,
      notice: null,
      selected: [],
    });
    expect(first.rows).toHaveLength(10);
  });

  it("filters by status, pages, and refuses a wrong status (400) instead of applying it", async () => {
    const t = tag();
    const approved = await makeComment({ content: `${t} approved`, is_approved: true });
    const pending = await makeComment({ content: `${t} pending` });
    expect(payload(await load(`${LIST}?search=${t}&status=approved`)).rows.map((r) => r.id)).toEqual([approved.id]);
    expect(payload(await load(`${LIST}?search=${t}&status=pending`)).rows.map((r) => r.id)).toEqual([pending.id]);
    const second = payload(await load(`${LIST}?page=2&page_size=25`));
    expect(second).toMatchObject({ page: 2, pageSize: 25 });
    const wrong = await load(`${LIST}?status=maybe`);
    expect(statusOf(wrong)).toBe(400);
    expect(payload(wrong).filterErrors).toEqual(["Status: choose Approved or Pending."]);
    // past the last page: the last page
    expectRedirect(await load(`${LIST}?search=${t}&page=9`), `${LIST}?search=${t}&page=1`);
  });

  it("sorts by the URL's Date or Status (ties by id); a bad sort is ignored (newest first); page and actions keep the sort", async () => {
    const t = tag();
    const at = (day: number) => new Date(Date.UTC(2024, 1, day, 9)).toISOString();
    const old = await makeComment({ content: `${t} old`, created_at: at(1), is_approved: true });
    const mid = await makeComment({ content: `${t} mid`, created_at: at(2) });
    const recent = await makeComment({ content: `${t} new`, created_at: at(3) });
    const ids = async (query: string) => payload(await load(`${LIST}?search=${t}${query}`)).rows.map((r) => r.id);

    expect(await ids("")).toEqual([recent.id, mid.id, old.id]);
    const asc = payload(await load(`${LIST}?search=${t}&sortField=created_at&sortOrder=asc`));
    expect(asc.sort).toEqual({ field: "created_at", order: "asc" });
    expect(asc.rows.map((r) => r.id)).toEqual([old.id, mid.id, recent.id]);
    expect(await ids("&sortField=created_at&sortOrder=desc")).toEqual([recent.id, mid.id, old.id]);
    // Status: pending first (oldest first), or approved first (newest first)
    expect(await ids("&sortField=is_approved&sortOrder=asc")).toEqual([mid.id, recent.id, old.id]);
    expect(await ids("&sortField=is_approved&sortOrder=desc")).toEqual([old.id, recent.id, mid.id]);
    expect(await ids("&sortField=created_at&sortOrder=asc&page_size=10&page=1&status=pending")).toEqual([mid.id, recent.id]);

    for (const bad of [
      "&sortField=name&sortOrder=asc",
      "&sortField=created_at&sortOrder=sideways",
      "&sortField=created_at",
      "&sortOrder=asc",
    ]) {
      const page = await load(`${LIST}?search=${t}${bad}`);
      expect(statusOf(page), bad).toBe(200);
      expect(payload(page).sort, bad).toBeUndefined();
      expect(
        payload(page).rows.map((r) => r.id),
        bad,
      ).toEqual([recent.id, mid.id, old.id]);
    }

    // past the last page: the last page, sorted the same way
    expectRedirect(
      await load(`${LIST}?search=${t}&sortField=created_at&sortOrder=asc&page=9`),
      `${LIST}?search=${t}&sortField=created_at&sortOrder=asc&page=1`,
    );
    // the actions go back to the sorted list (a flip from the dialog keeps it open)
    const sorted = `${LIST}?search=${t}&sortField=is_approved&sortOrder=desc`;
    const flipped = expectRedirect(
      await post(`${sorted}&comment=${mid.id}`, { intent: "toggle", id: String(mid.id) }),
      `${sorted}&comment=${mid.id}`,
    );
    expect(await readToast(flipped)).toEqual({ type: "success", message: "Comment approved successfully" });
    expect(await ids("&sortField=is_approved&sortOrder=desc")).toEqual([mid.id, old.id, recent.id]);
    expectRedirect(await post(sorted, { intent: "bulk-unapprove", ids: [String(mid.id), String(old.id)] }), sorted);
    expect(await ids("&sortField=is_approved&sortOrder=desc")).toEqual([recent.id, mid.id, old.id]);
    expectRedirect(await post(`${sorted}&ids=${old.id}&dialog=bulk-delete`, { intent: "bulk-delete", ids: String(old.id) }), sorted);
    expectRedirect(await post(`${sorted}&dialog=delete&id=${mid.id}`, { intent: "delete", id: String(mid.id) }), sorted);
    expect(await ids("&sortField=created_at&sortOrder=asc")).toEqual([recent.id]);
  });

  it("opens the content dialog from the URL, with the comment it answers; an unknown id is told", async () => {
    const parent = await makeComment({ name: "Parent Reader", content: `Question ${tag()}` });
    const reply = await makeComment({ parent_id: parent.id, name: "Reply Reader", content: "An answer" });
    const page = payload(await load(`${LIST}?page=3&comment=${reply.id}`));
    expect(page.dialog).toMatchObject({
      kind: "view",
      comment: { id: reply.id, author: "Reply Reader", content: "An answer", parent: { name: "Parent Reader" } },
    });
    const withReplies = payload(await load(`${LIST}?dialog=delete&id=${parent.id}`));
    expect(withReplies.dialog).toMatchObject({ kind: "delete", comment: { id: parent.id, replies: 1, parent: null } });
    const unknown = payload(await load(`${LIST}?comment=999999`));
    expect(unknown.notice).toMatchObject({ title: COMMENT_MESSAGES.notFound, tone: "error" });
    expect(payload(await load(`${LIST}?comment=abc`)).notice?.message).toContain('"abc" is not a comment id');
  });

  it("Approve / Un-Approve flips the comment, with the spec's toast, back to the same URL (dialog kept)", async () => {
    const made = await makeComment({ content: `Flip ${tag()}` });
    const url = `${LIST}?status=pending&comment=${made.id}`;
    const approved = expectRedirect(
      await post(url, { intent: "toggle", id: String(made.id) }),
      `${LIST}?status=pending&comment=${made.id}`,
    );
    expect(await readToast(approved)).toEqual({ type: "success", message: "Comment approved successfully" });
    expect((await apiComment(made.id)).is_approved).toBe(true);
    const back = expectRedirect(await post(LIST, { intent: "toggle", id: String(made.id) }), LIST);
    expect(await readToast(back)).toEqual({ type: "success", message: "Comment un-approved successfully" });
    expect((await apiComment(made.id)).is_approved).toBe(false);
  });

  it("Delete removes the comment and its replies, with the spec's toast, back to the list without the dialog", async () => {
    const parent = await makeComment({ content: `Delete ${tag()}` });
    const reply = await makeComment({ parent_id: parent.id, content: "reply" });
    const response = expectRedirect(
      await post(`${LIST}?search=x&dialog=delete&id=${parent.id}`, { intent: "delete", id: String(parent.id) }),
      `${LIST}?search=x`,
    );
    expect(response.headers.get("Location")).toBe(`${LIST}?search=x`);
    expect(await readToast(response)).toEqual({ type: "success", message: "Comment deleted successfully" });
    expect(await exists(parent.id)).toBe(false);
    expect(await exists(reply.id)).toBe(false);
  });

  it("a refused change says so on the page and changes nothing", async () => {
    const gone = await post(LIST, { intent: "toggle", id: "999999" });
    expect(statusOf(gone)).toBe(404);
    expect(payload<CommentActionFailure>(gone).notice).toEqual({
      title: "Failed to approve comment",
      message: COMMENT_MESSAGES.notFound,
      tone: "error",
    });
    const noId = await post(LIST, { intent: "delete", id: "abc" });
    expect(statusOf(noId)).toBe(400);
    expect(payload<CommentActionFailure>(noId).notice.title).toBe("Failed to delete comment");
    expect(statusOf(await post(LIST, { intent: "explode" }))).toBe(400);
  });

  it("bulk approve, un-approve and delete the checked comments; none checked or an unknown one changes nothing", async () => {
    const t = tag();
    const a = await makeComment({ content: `${t} a` });
    const b = await makeComment({ content: `${t} b` });
    const bReply = await makeComment({ parent_id: b.id, content: `${t} reply` });
    const ids = [String(a.id), String(b.id)];

    const approved = expectRedirect(await post(`${LIST}?search=${t}`, { intent: "bulk-approve", ids, search: t }), `${LIST}?search=${t}`);
    expect(await readToast(approved)).toEqual({ type: "success", message: "2 comments approved successfully" });
    expect((await apiComment(a.id)).is_approved && (await apiComment(b.id)).is_approved).toBe(true);
    const unapproved = expectRedirect(await post(LIST, { intent: "bulk-unapprove", ids: [String(a.id)] }), LIST);
    expect(await readToast(unapproved)).toEqual({ type: "success", message: "1 comment un-approved successfully" });
    expect((await apiComment(a.id)).is_approved).toBe(false);

    const none = await post(LIST, { intent: "bulk-approve" });
    expect(statusOf(none)).toBe(400);
    expect(payload<CommentActionFailure>(none).notice).toEqual({
      title: "Failed to approve comment",
      message: COMMENT_MESSAGES.noneSelected,
      tone: "error",
    });
    const unknown = await post(LIST, { intent: "bulk-delete", ids: `${a.id},999999` });
    expect(statusOf(unknown)).toBe(404);
    expect(payload<CommentActionFailure>(unknown).notice.title).toBe("Failed to delete comment");
    expect(await exists(a.id)).toBe(true);

    // the confirmation is a URL (the bulk form's Delete sends the checked ids by GET)
    const confirm = payload(await load(`${LIST}?search=${t}&ids=${a.id}&ids=${b.id}&dialog=bulk-delete`));
    expect(confirm.dialog).toEqual({
      kind: "bulk-delete",
      comments: [
        { id: a.id, author: "Route Reader", replies: 0 },
        { id: b.id, author: "Route Reader", replies: 1 },
      ],
    });
    expect(confirm.selected).toEqual([a.id, b.id]);
    expect(payload(await load(`${LIST}?dialog=bulk-delete`)).notice?.title).toBe("No comments selected");

    const deleted = expectRedirect(
      await post(`${LIST}?search=${t}&ids=${a.id}&ids=${b.id}&dialog=bulk-delete`, { intent: "bulk-delete", ids: `${a.id},${b.id}` }),
      `${LIST}?search=${t}`,
    );
    expect(deleted.headers.get("Location")).toBe(`${LIST}?search=${t}`);
    expect(await readToast(deleted)).toEqual({ type: "success", message: "2 comments deleted successfully (with 1 reply)" });
    for (const id of [a.id, b.id, bReply.id]) expect(await exists(id)).toBe(false);
  });

  it("?select=all checks every comment of the page (no JavaScript)", async () => {
    const page = payload(await load(`${LIST}?select=all`));
    expect(page.selected).toEqual(page.rows.map((r) => r.id));
  });

  it("says 'Failed to fetch comments' on the page when the list cannot be read", async () => {
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes("/blog/comments/")) return Promise.reject(new TypeError("fetch failed"));
      return realFetch(input, init);
    });
    const result = await load(LIST);
    expect(statusOf(result)).toBe(503);
    expect(payload(result)).toMatchObject({
      rows: [],
      total: 0,
      loadError: { title: "Failed to fetch comments", message: API_UNAVAILABLE_MESSAGE },
    });
  });

  it("needs the Comments access: others get 403, no session goes to login", async () => {
    const made = await makeComment({ content: `Guarded ${tag()}` });
    expect(statusOf(await load(LIST, "catalog"))).toBe(403);
    expect(statusOf(await post(LIST, { intent: "toggle", id: String(made.id) }, "catalog"))).toBe(403);
    expect(statusOf(await post(LIST, { intent: "bulk-delete", ids: String(made.id) }, "catalog"))).toBe(403);
    expect((await apiComment(made.id)).is_approved).toBe(false);
    expectRedirect(await callRoute(commentsRoute, await requestAs(null, LIST)), "/admin/login");
  });
});
