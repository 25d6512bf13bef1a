import { data } from "@remix-run/node";
import { readCommentsQuery } from "~/services/comments/list-query.server";
import { redirectPastLastPage } from "~/services/errors.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { COMMENT_MESSAGES, type CommentRecord } from "~contract/comments";
import { shortTitle } from "~/models/comment-labels";
import { type CommentDetail, type CommentDialog, type CommentNotice, type CommentRow, type CommentsPageData } from "~/models/comments";
import { isRecordId } from "~contract/ids";
import { formatCommentDate } from "~/utils/dates";

/** spec 3 §2.4: MMM dd, yyyy HH:mm (India time) */
const dateOf = (iso: string) => formatCommentDate(iso);

/** A comment as the table's row (the export's too: its Article column reads the whole title). */
export function toRow(c: CommentRecord): CommentRow {
  return {
    id: c.id,
    author: c.name,
    email: c.email,
    article: shortTitle(c.article.title),
    articleTitle: c.article.title,
    date: dateOf(c.created_at),
    approved: c.is_approved,
    replies: c.replies,
  };
}

function toDetail(c: CommentRecord): CommentDetail {
  return {
    id: c.id,
    author: c.name,
    email: c.email,
    date: dateOf(c.created_at),
    content: c.content,
    approved: c.is_approved,
    articleTitle: c.article.title,
    replies: c.replies,
    parent: c.parent ? { name: c.parent.name, content: c.parent.content } : null,
  };
}

/** A comment from this page's rows, else fetched by id (a bookmarked or shared URL); null when unknown. */
async function commentById(id: number, rows: readonly CommentRecord[], api: Marketplace): Promise<CommentRecord | null> {
  const row = rows.find((r) => r.id === id);
  if (row) return row;
  try {
    return await api.raw.getComment(id);
  } catch (error) {
    if (error instanceof MarketplaceError && error.kind === "not-found") return null;
    throw error;
  }
}

type Asked = ReturnType<typeof readCommentsQuery>["asked"];

/** The dialog the URL asks for, or a notice saying why it cannot be shown. */
async function dialogFor(
  asked: Asked,
  rows: readonly CommentRecord[],
  api: Marketplace,
): Promise<{ dialog: CommentDialog | null; notice: CommentNotice | null }> {
  if (!asked) return { dialog: null, notice: null };
  const missing = (message: string) => ({ dialog: null, notice: { title: COMMENT_MESSAGES.notFound, message, tone: "error" as const } });
  try {
    if (asked.kind === "bulk-delete") {
      if (asked.ids === null) return missing("The link names something that is not a comment id.");
      if (asked.ids.length === 0)
        return { dialog: null, notice: { title: "No comments selected", message: COMMENT_MESSAGES.noneSelected, tone: "info" } };
      const found = await Promise.all(asked.ids.map((id) => commentById(id, rows, api)));
      const unknown = asked.ids.filter((_, i) => found[i] === null);
      if (unknown.length > 0) return missing(`No comment has the id ${unknown.join(", ")}. It may have been deleted.`);
      const comments = (found as CommentRecord[]).map((c) => ({ id: c.id, author: c.name, replies: c.replies }));
      return { dialog: { kind: "bulk-delete", comments }, notice: null };
    }
    if (!isRecordId(asked.id))
      return missing(asked.id ? `"${asked.id}" is not a comment id. The link may be wrong.` : "The link does not name a comment.");
    const comment = await commentById(Number(asked.id), rows, api);
    if (!comment) return missing(`No comment has the id ${asked.id}. It may have been deleted, or the link is wrong.`);
    return { dialog: { kind: asked.kind, comment: toDetail(comment) }, notice: null };
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    return { dialog: null, notice: { title: COMMENT_MESSAGES.fetchFailed, message: error.message, tone: "error" } };
  }
}

/**
 * Comment Moderation: one filtered page and the dialog its URL asks for. When the API cannot be
 * read the page still renders and says "Failed to fetch comments" with the reason.
 */
export async function commentsListLoader(request: Request, api: Marketplace) {
  const url = new URL(request.url);
  const { query, search, status, sort, errors, asked, selectAll } = readCommentsQuery(url.searchParams);
  let list: { rows: CommentRecord[]; total: number };
  try {
    list = await api.raw.listComments(query);
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    const loadError = { title: COMMENT_MESSAGES.fetchFailed, message: error.message, tone: "error" as const };
    const page: CommentsPageData = {
      rows: [],
      total: 0,
      page: query.page,
      pageSize: query.page_size,
      search,
      status,
      sort,
      filterErrors: errors,
      loadError,
      dialog: null,
      notice: null,
      selected: [],
    };
    return data(page, { status: error.kind === "invalid" ? 400 : 503 });
  }
  redirectPastLastPage(url, url.searchParams, query.page, query.page_size, list.total);
  const { dialog, notice } = await dialogFor(asked, list.rows, api);
  const selected = dialog?.kind === "bulk-delete" ? dialog.comments.map((c) => c.id) : selectAll ? list.rows.map((r) => r.id) : [];
  return data<CommentsPageData>(
    {
      rows: list.rows.map(toRow),
      total: list.total,
      page: query.page,
      pageSize: query.page_size,
      search,
      status,
      sort,
      filterErrors: errors,
      loadError: null,
      dialog,
      notice,
      selected,
    },
    { status: errors.length > 0 ? 400 : 200 },
  );
}
