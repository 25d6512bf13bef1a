import { data } from "@remix-run/node";
import { SEARCH_TOO_LONG } from "~/services/list-query.server";
import { CONTACT_MESSAGES, type ContactRecord } from "~contract/contacts";
import { type ContactMessageDialog, type ContactRow, type ContactsPageData } from "~/models/contacts";
import { isRecordId } from "~contract/ids";
import { PAGE_SIZES } from "~contract/list-query";
import { readContactsQuery } from "~/services/contacts/list-query.server";
import { redirectPastLastPage } from "~/services/errors.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { formatDateTime } from "~/utils/dates";
import { cutText } from "~/utils/text";

/** How much of a message the table shows; the rest is behind "Read more". */
export const MESSAGE_PREVIEW_LENGTH = 120;
export const MESSAGE_LOAD_FAILED = "Could not load the message";

/** A contact as the table's row; `whole`: the whole message (the export's row). */
export function toRow(contact: ContactRecord, n: number, whole = false): ContactRow {
  const preview = whole ? { text: contact.message, cut: false } : cutText(contact.message, MESSAGE_PREVIEW_LENGTH);
  return {
    n,
    id: contact.id,
    name: contact.name,
    userId: contact.user_id ?? null,
    createdAt: formatDateTime(contact.created_at),
    email: contact.email,
    contactNo: contact.contactNo,
    context: contact.context,
    subject: contact.subject,
    message: preview.text,
    truncated: preview.cut,
  };
}

const messageOf = (contact: ContactRecord): ContactMessageDialog => ({
  kind: "message",
  id: contact.id,
  name: contact.name,
  email: contact.email,
  subject: contact.subject,
  createdAt: formatDateTime(contact.created_at),
  message: contact.message,
});

/**
 * The message dialog (?dialog=message&id=…): from the row on this page when it is there, else the
 * lead fetched by id, so a bookmarked or shared URL opens it from any page or search. An unknown or
 * malformed id, or a failed fetch, is told in the dialog.
 */
async function messageDialogFor(
  asked: string | null,
  rows: readonly ContactRecord[],
  api: Marketplace,
): Promise<ContactMessageDialog | null> {
  if (asked === null) return null;
  if (!isRecordId(asked)) {
    return {
      kind: "notice",
      title: CONTACT_MESSAGES.notFound,
      message: asked ? `"${asked}" is not a contact id. The link may be wrong.` : "The link does not name a contact.",
    };
  }
  const id = Number(asked);
  const row = rows.find((r) => r.id === id);
  if (row) return messageOf(row);
  try {
    return messageOf(await api.raw.getContact(id));
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    if (error.kind === "not-found") {
      return {
        kind: "notice",
        title: CONTACT_MESSAGES.notFound,
        message: `No contact has the id ${id}. The link may be wrong or out of date.`,
      };
    }
    return { kind: "notice", title: MESSAGE_LOAD_FAILED, message: error.message };
  }
}

/** The contact leads list: one searched page, and the message dialog its URL asks for. */
export async function contactsListLoader(request: Request, api: Marketplace) {
  const url = new URL(request.url);
  const query = readContactsQuery(url.searchParams);
  const list = await api.listContacts({
    page: query.page,
    page_size: query.page_size,
    search: query.search || undefined,
    sortField: query.sort?.field,
    sortOrder: query.sort?.order,
  });
  redirectPastLastPage(url, url.searchParams, query.page, query.page_size, list.total);
  const dialog = await messageDialogFor(query.message, list.rows, api);
  return data<ContactsPageData>({
    rows: list.rows.map((contact, i) => toRow(contact, (query.page - 1) * query.page_size + i + 1)),
    total: list.total,
    page: query.page,
    pageSize: query.page_size,
    pageSizes: PAGE_SIZES,
    search: query.search,
    sort: query.sort,
    searchError: query.searchTooLong ? SEARCH_TOO_LONG : null,
    dialog,
  });
}
