import { data } from "@remix-run/node";
import type { OutboxCounts, OutboxEntry, OutboxListQuery } from "~contract/outbox";
import type { MessagesPageData, OutboxRow } from "~/models/outbox";
import {
  OUTBOX_CHANNELS,
  OUTBOX_MESSAGES,
  OUTBOX_SORT_FIELDS,
  OUTBOX_STATUSES,
  type OutboxChannel,
  type OutboxStatus,
} from "~contract/outbox-labels";
import { redirectPastLastPage } from "~/services/errors.server";
import { readPaging, readSearch, readSort } from "~/services/list-query.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { formatDateTime } from "~/utils/dates";
import { isOneOf } from "~shared/one-of";

/** "25-11-2026 14:03", India time (the one date-time format) */
const timeOf = (iso: string | null) => formatDateTime(iso);
const NO_COUNTS: OutboxCounts = { all: 0, queued: 0, sending: 0, retrying: 0, sent: 0, failed: 0 };

/** The status badge's words, as the admin reads them. */
export function statusText(e: OutboxEntry): string {
  switch (e.status) {
    case "sent":
      return `Sent ${timeOf(e.sent_at)}`;
    case "failed":
      return `Failed: ${e.error ?? "no reason was recorded"}`;
    case "retrying": {
      const next = Math.min(e.attempts + 1, e.max_attempts);
      const when = e.next_attempt_at ? `next try at ${timeOf(e.next_attempt_at)}` : "next try soon";
      return `Retrying: attempt ${next} of ${e.max_attempts}, ${when}${e.error ? `, last error: ${e.error}` : ""}`;
    }
    case "sending":
      return "Sending";
    case "queued":
      // a failed message queued again keeps its last reason until it is sent
      return e.error ? `Queued (last error: ${e.error})` : "Queued";
  }
}

function toRow(e: OutboxEntry): OutboxRow {
  return {
    id: e.id,
    channel: e.channel,
    username: e.username,
    recipient: e.recipient,
    subject: e.channel === "whatsapp" ? `Template: ${e.template ?? "—"}` : (e.subject ?? "—"),
    status: e.status,
    statusText: statusText(e),
    attempts: `${e.attempts} of ${e.max_attempts}`,
    queuedBy: e.created_by ?? "—",
    queuedAt: timeOf(e.created_at),
  };
}

/** Sent Messages' URL keys (besides paging); a dialog key is dropped for the plain list. */
export const MESSAGES_LIST_KEYS = ["status", "channel", "search", "page", "page_size", "sortField", "sortOrder"] as const;

/**
 * ?status=queued|sending|retrying|sent|failed, ?channel=email|whatsapp, ?search=, paging as every list,
 * the sort (sortField/sortOrder, DataTable's header links), ?dialog=retry-failed (the confirmation).
 * A value the page does not offer is named in the filter errors.
 */
export function readMessagesQuery(params: URLSearchParams) {
  const errors: string[] = [];
  const query: OutboxListQuery & { page: number; page_size: number } = { ...readPaging(params) };
  const search = readSearch(params, errors);
  if (search) query.search = search;
  const rawStatus = (params.get("status") ?? "").trim();
  let status: OutboxStatus | "" = "";
  if (isOneOf(OUTBOX_STATUSES, rawStatus)) query.status = status = rawStatus;
  else if (rawStatus) errors.push("Status: choose Queued, Sending, Retrying, Sent or Failed.");
  const rawChannel = (params.get("channel") ?? "").trim();
  let channel: OutboxChannel | "" = "";
  if (isOneOf(OUTBOX_CHANNELS, rawChannel)) query.channel = channel = rawChannel;
  else if (rawChannel) errors.push("Channel: choose Email or WhatsApp.");
  const sort = readSort(params, OUTBOX_SORT_FIELDS, errors) ?? null;
  if (sort) {
    query.sortField = sort.field;
    query.sortOrder = sort.order;
  }
  return { query, search, status, channel, sort, errors, confirmRetryAll: params.get("dialog") === "retry-failed" };
}

/** The page's URL with only the list's own keys (no dialog). */
export function messagesListUrl(url: URL): string {
  const kept = new URLSearchParams([...url.searchParams].filter(([key, value]) => value && isOneOf(MESSAGES_LIST_KEYS, key)));
  return url.pathname + (kept.size ? `?${kept}` : "");
}

/**
 * Sent Messages: one page of the outbox with counts per status. When the API cannot be read the
 * page still renders and says why.
 */
export async function messagesLoader(request: Request, api: Marketplace) {
  const url = new URL(request.url);
  const { query, search, status, channel, sort, errors, confirmRetryAll } = readMessagesQuery(url.searchParams);
  const base = {
    sort,
    page: query.page,
    pageSize: query.page_size,
    status,
    channel,
    search,
    filterErrors: errors,
    confirmRetryAll,
    listUrl: messagesListUrl(url),
  };
  try {
    const list = await api.raw.listOutbox(query);
    redirectPastLastPage(url, url.searchParams, query.page, query.page_size, list.total);
    const notDelivered = OUTBOX_CHANNELS.filter((c) => !list.delivering.includes(c));
    const page: MessagesPageData = {
      ...base,
      rows: list.rows.map(toRow),
      counts: list.counts,
      total: list.total,
      loadError: null,
      notDelivered,
    };
    return data(page, { status: errors.length ? 400 : 200 });
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    const page: MessagesPageData = {
      ...base,
      rows: [],
      counts: NO_COUNTS,
      total: 0,
      loadError: { title: OUTBOX_MESSAGES.fetchFailed, message: error.message },
      notDelivered: [],
    };
    return data(page, { status: error.kind === "invalid" ? 400 : 503 });
  }
}
