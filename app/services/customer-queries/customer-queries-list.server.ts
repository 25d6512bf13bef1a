import { data } from "@remix-run/node";
import { redirectPastLastPage } from "~/services/errors.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { readQueriesQuery, type AskedQuery } from "./list-query.server";
import { chatLinkFor } from "~/models/customer-query-labels";
import {
  CHAT_PAGE_SIZE,
  CUSTOMER_QUERY_MESSAGES,
  type ChatMessage,
  type ContactShareAttempt,
  type QueryChatGroup,
} from "~contract/customer-queries";
import {
  type AttemptView,
  type ChatPage,
  type CustomerQueriesPageData,
  type MessageView,
  type PhoneView,
  type PriceBlock,
  type QueryDetails,
  type QueryNotice,
  type QueryRow,
  type ServiceDetailsView,
} from "~/models/customer-queries";
import { formatDateTime } from "~/utils/dates";
import { formatInr } from "~shared/money";
import { htmlToText } from "~shared/html-text";

const DASH = "—";
const orDash = (value: string | null | undefined) => (value && value.trim() ? value.trim() : DASH);

const phoneView = (p: { phone: string; phone_country_code: string }): PhoneView => ({
  text: p.phone || DASH,
  href: p.phone ? chatLinkFor(p.phone, p.phone_country_code) : null,
});

export function toRow(g: QueryChatGroup): QueryRow {
  return {
    id: g.id,
    userId: g.user.id,
    user: g.user.name,
    userPhone: phoneView(g.user),
    provider: g.provider.name,
    providerPhone: phoneView(g.provider),
    chatCount: g.chat_count,
    date: formatDateTime(g.date),
  };
}

function attemptViews(list: { results: ContactShareAttempt[]; count: number }): AttemptView[] {
  return list.results.map((a, i) => ({
    id: a.id,
    number: list.count - i,
    date: formatDateTime(a.created_at),
    content: a.content,
    providerName: a.provider_name ?? DASH,
    userName: a.user_name ?? DASH,
    notes: a.notes,
  }));
}

function messageView(m: ChatMessage): MessageView {
  const text = m.data.text?.trim() ? m.data.text : htmlToText(m.service_query_data?.requirements, { lines: true });
  return {
    id: m.query_chat_id,
    sender: m.sender_username,
    text,
    hasService: m.service_query_data !== null,
    date: formatDateTime(m.created_at),
  };
}

/** "1999" (a number from the chat) → "₹1,999.00"; none → "—". */
const inr = (value: number | null | undefined) => (typeof value === "number" && Number.isFinite(value) ? formatInr(String(value)) : DASH);

export function serviceDetailsOf(m: ChatMessage): ServiceDetailsView | null {
  const q = m.service_query_data;
  if (!q) return null;
  const s = q.service ?? {};
  const variations = s.limitsPriceVariation ?? [];
  const index = typeof q.lpv_index === "number" && q.lpv_index >= 0 && q.lpv_index < variations.length ? q.lpv_index : null;
  const values = (list: { value: string }[] | undefined) => (list ?? []).map((l) => l.value).filter((v) => v && v.trim());
  const prices: PriceBlock[] = [
    {
      title: "Base price",
      price: inr(s.indiaPrice),
      deliveryTime: orDash(s.deliveryTime),
      limits: values(s.limits),
      description: null,
      chosen: index === null,
    },
    ...variations.map((v, i) => ({
      title: `Price variation ${i + 1}`,
      price: inr(v.indiaPrice),
      deliveryTime: orDash(v.deliveryTime),
      limits: values(v.limits),
      description: v.description?.trim() || null,
      chosen: index === i,
    })),
  ];
  return {
    messageId: m.query_chat_id,
    subCategory: orDash(s.inclusions?.[0]?.subCategory),
    requirements: orDash(htmlToText(q.requirements, { lines: true })),
    query: orDash(q.query),
    offering: orDash(s.offerings),
    type: orDash(s.serviceType),
    specialties: (s.specialty ?? []).filter((x) => x && x.trim()),
    inclusions: values(s.inclusions),
    prices,
  };
}

function chatView(page: ChatPage, cursor: string) {
  const first = page.data[0];
  const last = page.data[page.data.length - 1];
  return {
    messages: page.data.map(messageView),
    cursor,
    olderCursor: page.has_older && first ? first.query_chat_id : null,
    newerCursor: page.has_newer && last ? last.query_chat_id : null,
    chatCount: page.chat_count,
  };
}

type Opened = {
  details: QueryDetails | null;
  service: ServiceDetailsView | null;
  confirm: CustomerQueriesPageData["confirm"];
  notice: QueryNotice | null;
};

/** The Query Details the URL asks for (with its chat page and both sides' attempts), or why not. */
async function openQuery(asked: AskedQuery, rows: readonly QueryChatGroup[], api: Marketplace): Promise<Opened> {
  const none = { details: null, service: null, confirm: null };
  const missing = (message: string): Opened => ({
    ...none,
    notice: { title: CUSTOMER_QUERY_MESSAGES.groupNotFound, message, tone: "error" },
  });
  if (asked.groupId === null)
    return missing(asked.rawGroup ? `"${asked.rawGroup}" is not a chat id. The link may be wrong.` : "The link does not name a chat.");
  try {
    let group = rows.find((r) => r.id === asked.groupId) ?? null;
    if (!group) {
      try {
        group = await api.raw.getQueryGroup(asked.groupId);
      } catch (error) {
        if (error instanceof MarketplaceError && error.kind === "not-found")
          return missing(`No chat has the id ${asked.groupId}. It may have been deleted, or the link is wrong.`);
        throw error;
      }
    }
    const cursorQuery = asked.before !== null ? { before: asked.before } : asked.after !== null ? { after: asked.after } : {};
    const cursor = asked.before !== null ? `before=${asked.before}` : asked.after !== null ? `after=${asked.after}` : "";
    const pair = group;
    const readChat = async () => {
      try {
        return { page: await api.raw.getChatPage(pair.provider.id, pair.user.id, { limit: CHAT_PAGE_SIZE, ...cursorQuery }), cursor };
      } catch (error) {
        // a cursor that is not (or no longer) a message of this chat: the latest page instead
        if (error instanceof MarketplaceError && error.kind === "invalid" && cursor)
          return { page: await api.raw.getChatPage(pair.provider.id, pair.user.id, { limit: CHAT_PAGE_SIZE }), cursor: "" };
        throw error;
      }
    };
    const [chat, userAttempts, providerAttempts] = await Promise.all([
      readChat(),
      api.raw.listContactShareAttempts(pair.user.id),
      api.raw.listContactShareAttempts(pair.provider.user_id),
    ]);
    const details: QueryDetails = {
      id: pair.id,
      userId: pair.user.id,
      providerUserId: pair.provider.user_id,
      customer: { name: pair.user.name, phone: phoneView(pair.user) },
      provider: { name: pair.provider.name, phone: phoneView(pair.provider) },
      userAttempts: attemptViews(userAttempts),
      providerAttempts: attemptViews(providerAttempts),
      chat: chatView(chat.page, chat.cursor),
    };
    let service: ServiceDetailsView | null = null;
    let notice: QueryNotice | null = null;
    if (asked.service !== null) {
      const message = chat.page.data.find((m) => m.query_chat_id === asked.service);
      service = message ? serviceDetailsOf(message) : null;
      if (!service)
        notice = {
          title: CUSTOMER_QUERY_MESSAGES.messageNotFound,
          message: `Message ${asked.service} is not on this page of the chat, or asks about no service.`,
          tone: "error",
        };
    }
    let confirm = asked.confirm;
    if (confirm?.kind === "delete-attempt" && confirm.userId !== pair.user.id && confirm.userId !== pair.provider.user_id) {
      confirm = null;
      notice = {
        title: CUSTOMER_QUERY_MESSAGES.attemptNotFound,
        message: "The link names someone who is not in this chat.",
        tone: "error",
      };
    }
    return { details, service, confirm, notice };
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    return { ...none, notice: { title: CUSTOMER_QUERY_MESSAGES.fetchFailed, message: error.message, tone: "error" } };
  }
}

/**
 * Customer Queries: one page of pairs and the dialog its URL asks for. When the API cannot be read
 * the page still renders and says "Failed to fetch customer queries" with the reason.
 */
export async function customerQueriesLoader(request: Request, api: Marketplace) {
  const url = new URL(request.url);
  const { query, filters, sort, errors, asked } = readQueriesQuery(url.searchParams);
  const base: Omit<CustomerQueriesPageData, "rows" | "total" | "loadError" | "details" | "service" | "confirm" | "notice"> = {
    page: query.page,
    pageSize: query.page_size,
    filters,
    sort,
    filterErrors: errors,
  };
  let list: { rows: QueryChatGroup[]; total: number };
  try {
    list = await api.raw.listQueryGroups(query);
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    const loadError = { title: CUSTOMER_QUERY_MESSAGES.fetchFailed, message: error.message, tone: "error" as const };
    return data<CustomerQueriesPageData>(
      { ...base, rows: [], total: 0, loadError, details: null, service: null, confirm: null, notice: null },
      { status: error.kind === "invalid" ? 400 : 503 },
    );
  }
  redirectPastLastPage(url, url.searchParams, query.page, query.page_size, list.total);
  const opened: Opened = asked ? await openQuery(asked, list.rows, api) : { details: null, service: null, confirm: null, notice: null };
  return data<CustomerQueriesPageData>(
    { ...base, rows: list.rows.map(toRow), total: list.total, loadError: null, ...opened },
    { status: errors.length > 0 ? 400 : 200 },
  );
}
