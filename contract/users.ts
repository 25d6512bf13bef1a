import { z } from "zod";
import { dateRange, endOnOrAfterStart, keysetPaging, Search, sorting, sortTogether } from "./list-query-schema";
import { MAX_SEARCH_LENGTH } from "./list-query";
export { USER_DIALOGS, USER_MESSAGES, type UserDialogKind } from "./user-labels";

/**
 * The Users list's sorts: username, name (first then last), created_at (Joined), rating, status
 * (Active first ascending). Each is a keyset order with the id as tie-breaker (api users.handlers.ts).
 */
export const USER_SORT_FIELDS = ["username", "name", "created_at", "rating", "status"] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

/**
 * GET /users (the Users screen's list; the spec's "users list helper", path ours): live users,
 * newest first unless sortField/sortOrder say otherwise. is_active "true"/"false" (absent = both),
 * start_date/end_date = the joined day (India time, inclusive), search = part of the username, email
 * or phone (case-insensitive).
 */
export const UserListQuery = z
  .object({
    ...keysetPaging(),
    is_active: z
      .enum(["true", "false", ""], { errorMap: () => ({ message: "is_active must be true or false" }) })
      .optional()
      .transform((v) => (v === "true" ? true : v === "false" ? false : undefined)),
    ...dateRange,
    search: Search.optional().default(""),
    ...sorting(USER_SORT_FIELDS),
  })
  .superRefine((query, ctx) => {
    endOnOrAfterStart(query, ctx);
    sortTogether(query, ctx);
  });
export type UserListQuery = z.input<typeof UserListQuery>;

/** GET /search-users (spec 2 §7): users whose username contains `username`, case-insensitive. */
export const SearchUsersQuery = z.object({
  username: z
    .string({ required_error: "Enter a username to search" })
    .trim()
    .min(1, "Enter a username to search")
    .max(MAX_SEARCH_LENGTH, `Search is at most ${MAX_SEARCH_LENGTH} characters`),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** The spec's User (§3): the list's and the search's row. phone is as stored (with its country code when it has one). */
export const UserListRecord = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  /** the leading "+NN" of phone, "" when it has none (no column of its own) */
  phone_country_code: z.string(),
  createdAt: z.string(),
  rating: z.number(),
  /** false = blocked by an admin */
  is_active: z.boolean(),
  /** also a (live) service provider: deleting the user deletes that profile too */
  is_provider: z.boolean(),
  /** that provider profile's id (its page is /admin/provider-details/<id>); null when not a provider */
  provider_id: z.number().int().nullable(),
});
export type UserListRecord = z.infer<typeof UserListRecord>;

/** PUT /update-user-status (the spec's "user status helper", path ours) body. */
export const UpdateUserStatusBody = z.object({
  is_active: z.boolean({ required_error: "is_active is required", invalid_type_error: "is_active must be true or false" }),
});

/** DELETE /delete-user query (spec 2 §7). */
export const DeleteUserQuery = z.object({
  username: z.string({ required_error: "username is required" }).trim().min(1, "username is required").max(150, "username is too long"),
});
