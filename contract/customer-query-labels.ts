/**
 * Customer Queries' words (spec 3 §2.8, §5, §8 Chat or attempt delete). No zod here: the page's
 * browser bundle imports this file; ./customer-queries builds the API's schemas on it.
 */

/** Messages of one chat per call (the Chat History shows the latest page, "Older messages" the ones before). */
export const CHAT_PAGE_SIZE = 50;
export const MAX_CHAT_PAGE_SIZE = 200;
/** Contact share attempts listed per person (newest first). */
export const MAX_ATTEMPTS = 200;

/** What the API and the actions say (not in the browser bundle). */
export const CUSTOMER_QUERY_MESSAGES = {
  fetchFailed: "Failed to fetch customer queries",
  groupNotFound: "Chat not found",
  messageNotFound: "Message not found",
  attemptNotFound: "Contact share attempt not found",
  deletedTitle: "Deleted!",
  messageDeleted: "The message has been deleted.",
  attemptDeleted: "The contact share attempt has been deleted.",
  errorTitle: "Error!",
  messageDeleteFailed: "Failed to delete the message.",
  attemptDeleteFailed: "Failed to delete the contact share attempt.",
} as const;

/** The sortable columns of Customer Queries (?sortField=date&sortOrder=asc|desc: the last message's time). Default: newest first. */
export const CUSTOMER_QUERY_SORT_FIELDS = ["date"] as const;
export type CustomerQuerySortField = (typeof CUSTOMER_QUERY_SORT_FIELDS)[number];
