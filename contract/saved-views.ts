/**
 * Saved views (issue 32 §4): a list's filter, search, sort, page size and visible columns kept
 * under a name, by one admin for themselves or shared with every admin; each admin may make one
 * view their default for a list. The API stores them (GET/POST /saved-views, DELETE
 * /saved-views/{id}, PUT /saved-views/default); the admin lists them beside the list's filter.
 */
import { z } from "zod";
import { INT4_MAX } from "./ids";
import { EXPORT_LISTS, type ExportListKey } from "./list-export";
import { SAVED_VIEW_MESSAGES, VIEW_NAME_MAX, VIEW_QUERY_MAX } from "./saved-view-labels";

/** The lists that have views: every list that exports (contract/list-export.ts). */
export const VIEW_LISTS = Object.keys(EXPORT_LISTS) as [ExportListKey, ...ExportListKey[]];

export { SAVED_VIEW_MESSAGES, VIEW_NAME_MAX, VIEW_QUERY_MAX, VIEWS_PER_LIST_MAX } from "./saved-view-labels";

const listKey = z.enum(VIEW_LISTS, { errorMap: () => ({ message: "list must be a list that has views" }) });

export const SavedViewsQuery = z.object({ list: listKey });

export const SavedViewBody = z.object({
  list: listKey,
  name: z
    .string({ required_error: SAVED_VIEW_MESSAGES.nameRequired })
    .trim()
    .min(1, SAVED_VIEW_MESSAGES.nameRequired)
    .max(VIEW_NAME_MAX, SAVED_VIEW_MESSAGES.nameTooLong),
  /** the list URL's query string (no leading "?"), paging left out */
  query: z.string().max(VIEW_QUERY_MAX, SAVED_VIEW_MESSAGES.queryTooLong),
  shared: z.boolean().default(false),
  /** make it the saving admin's default for the list */
  isDefault: z.boolean().default(false),
});
export type SavedViewBody = z.infer<typeof SavedViewBody>;

export const DefaultViewBody = z.object({
  list: listKey,
  /** null: no default (the list opens unfiltered) */
  viewId: z.number().int().positive().max(INT4_MAX).nullable(),
});
export type DefaultViewBody = z.infer<typeof DefaultViewBody>;

export const SavedView = z.object({
  id: z.number().int(),
  list: listKey,
  name: z.string(),
  query: z.string(),
  shared: z.boolean(),
  /** saved by the acting admin (only they may delete it) */
  mine: z.boolean(),
  /** who saved it */
  owner: z.string(),
  /** the acting admin's default for this list */
  isDefault: z.boolean(),
  updated_at: z.string(),
});
export type SavedView = z.infer<typeof SavedView>;
