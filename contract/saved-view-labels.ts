/** Saved views' limits and words, without zod (the list pages' components use them). */

export const VIEW_NAME_MAX = 60;
/** The longest query a view keeps (the list URL's, without paging). */
export const VIEW_QUERY_MAX = 2_000;
/** How many views one admin may keep on one list. */
export const VIEWS_PER_LIST_MAX = 50;

export const SAVED_VIEW_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: `Name must be at most ${VIEW_NAME_MAX} characters`,
  queryTooLong: `The view is too long to keep (at most ${VIEW_QUERY_MAX} characters of filter)`,
  tooMany: `You already keep ${VIEWS_PER_LIST_MAX} views on this list: delete one first`,
  notFound: "View not found",
  notYours: "Only the admin who saved a view can delete it",
  otherList: "That view belongs to another list",
  saved: (name: string) => `View "${name}" saved`,
  replaced: (name: string) => `View "${name}" updated`,
  deleted: (name: string) => `View "${name}" deleted`,
  madeDefault: (name: string) => `"${name}" now opens first on this list`,
  noDefault: "The list now opens without a view",
  cannotLoad: "Saved views could not be loaded",
} as const;
