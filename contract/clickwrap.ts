import { z } from "zod";
import { paging, Search, sorting } from "./list-query-schema";
import {
  CLICKWRAP_MESSAGES,
  CLICKWRAP_SORT_FIELDS,
  CLICKWRAP_STATUSES,
  CLICKWRAP_TEXT_MAX,
  CLICKWRAP_VERSION_MAX,
} from "./clickwrap-labels";

export * from "./clickwrap-labels";

/** The contract of GET/POST /clickwrap/clickwraps/ and GET/PUT /clickwrap/clickwraps/{id}/ (spec 3 §7). */
export const ClickwrapStatusSchema = z.enum(CLICKWRAP_STATUSES, {
  errorMap: () => ({ message: "Status must be draft or published" }),
});

export const ClickwrapVersion = z
  .string({ required_error: CLICKWRAP_MESSAGES.versionRequired, invalid_type_error: CLICKWRAP_MESSAGES.versionRequired })
  .trim()
  .min(1, CLICKWRAP_MESSAGES.versionRequired)
  .max(CLICKWRAP_VERSION_MAX, CLICKWRAP_MESSAGES.versionTooLong);

export const ClickwrapText = z.string({ invalid_type_error: "Text must be text" }).max(CLICKWRAP_TEXT_MAX, CLICKWRAP_MESSAGES.textTooLong);

export const CreateClickwrapBody = z.object({
  version: ClickwrapVersion,
  status: ClickwrapStatusSchema.default("draft"),
  text: ClickwrapText.default(""),
});
export type CreateClickwrapBody = z.input<typeof CreateClickwrapBody>;

/** Partial: absent fields are kept (the audit log's revert sends only the changed ones). */
export const UpdateClickwrapBody = z.object({
  version: ClickwrapVersion.optional(),
  status: ClickwrapStatusSchema.optional(),
  text: ClickwrapText.optional(),
  /** the version the edit started from: a newer one answers 409 (someone else saved meanwhile) */
  updated_at: z.string({ required_error: "updated_at is required" }).min(1, "updated_at is required"),
});
export type UpdateClickwrapBody = z.input<typeof UpdateClickwrapBody>;

export const ClickwrapRecord = z.object({
  id: z.number().int(),
  version: z.string(),
  status: ClickwrapStatusSchema,
  /** sanitised HTML */
  text: z.string(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type ClickwrapRecord = z.infer<typeof ClickwrapRecord>;

export const ClickwrapListQuery = z.object({
  ...paging(),
  status: ClickwrapStatusSchema.optional(),
  /** part of the version, in any case */
  search: Search.optional(),
  ...sorting(CLICKWRAP_SORT_FIELDS),
});
export type ClickwrapListQuery = z.input<typeof ClickwrapListQuery>;

/** The list "in results" (spec 3 §7), with where the page sits beside it. */
export const ClickwrapList = z.object({
  results: z.array(ClickwrapRecord),
  total_results: z.number().int(),
  current_page: z.number().int(),
  page_size: z.number().int(),
});
export type ClickwrapList = z.infer<typeof ClickwrapList>;
