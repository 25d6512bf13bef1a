import { AccountsQuery, TOTAL_COUNT_HEADER, UpdateUserBody, UserRecord } from "~contract/service-providers";
import { DeleteUserQuery, SearchUsersQuery, UpdateUserStatusBody, UserListQuery, UserListRecord } from "~contract/users";
import { TOTAL_KIND_HEADER } from "~contract/list-total";
import { USER_STORY_ROWS_DEFAULT, USER_STORY_SECTION_NAMES, USER_STORY_SECTIONS, UserStory, UserStoryQuery } from "~contract/user-story";
import { NEXT_PAGE_HEADER, PREVIOUS_PAGE_HEADER } from "~contract/list-query";
import { ActingAdmin, body, chosenByUs, common, createRoute, data, error, idParam, json, message, mutating, z } from "../../lib/openapi";

export const User = UserRecord.openapi("UserRecord");

export const listRoute = createRoute({
  method: "get",
  path: "/get-all-users",
  summary: "Users that are not deleted, by id",
  description: "The spec's call takes no query. page, page_size and search are ours (all optional); the total is in x-total-count.",
  request: { query: AccountsQuery },
  responses: {
    200: {
      ...json(data(z.array(User)), "The users"),
      headers: { [TOTAL_COUNT_HEADER]: { description: "number of matching rows (ours)", schema: { type: "integer" as const } } },
    },
    400: error("Bad query"),
    ...common,
  },
});

export const updateRoute = createRoute({
  method: "put",
  path: "/update-user",
  summary: "Set a user's verified flag or status (Active, Inactive, Hold)",
  request: {
    query: z.object({ user_id: idParam("user_id", "the user's id") }),
    headers: ActingAdmin,
    body: body(UpdateUserBody.openapi("UpdateUserBody")),
  },
  responses: { 200: json(data(User), "The updated user"), ...mutating, 404: error("Unknown or deleted user"), ...common },
});

// ——— the Users screen (spec 2 §2 Users, §7) ———

export const ListRecord = UserListRecord.openapi("UserListRecord");

export const totalHeader = { [TOTAL_COUNT_HEADER]: { description: "number of matching users", schema: { type: "integer" as const } } };

export const usersListRoute = createRoute({
  method: "get",
  path: "/users",
  summary: "The Users screen's list: one page of live users, newest first or sorted",
  ...chosenByUs(
    'The spec\'s "users list helper" (path not shown). is_active=true|false narrows to active or blocked users; start_date/end_date are the joined days (India time, both inclusive); search is part of the username, email or phone, case-insensitive; sortField (username, name, created_at, rating, status — status ascending is Active first) with sortOrder (asc, desc) orders the list, ties by id (default: newest first). Answers {data: rows}; the number of matching users is in x-total-count (x-total-kind says how it was counted), the cursors of the pages either side in x-page-previous / x-page-next (send one back as cursor; cursor=last is the end). Deleted users are never listed.',
  ),
  request: { query: UserListQuery },
  responses: {
    200: {
      ...json(data(z.array(ListRecord)), "The page"),
      headers: {
        ...totalHeader,
        [TOTAL_KIND_HEADER]: {
          description: "how x-total-count was counted: exact, about or more_than",
          schema: { type: "string" as const },
        },
        [PREVIOUS_PAGE_HEADER]: { description: "the previous page's cursor (absent: none)", schema: { type: "string" as const } },
        [NEXT_PAGE_HEADER]: { description: "the next page's cursor (absent: none)", schema: { type: "string" as const } },
      },
    },
    400: error("Bad query"),
    ...common,
  },
});

export const searchRoute = createRoute({
  method: "get",
  path: "/search-users",
  summary: "Live users whose username contains the text (case-insensitive)",
  description:
    "Spec 2 §7: answers data = the matching users. Contains, not prefix, ignoring case (what the list's search does too); an exact match comes first, then newest first; at most `limit` (default 50) rows, the number of matches in x-total-count. A blank username is 400.",
  request: { query: SearchUsersQuery },
  responses: {
    200: { ...json(data(z.array(ListRecord)), "The matching users"), headers: totalHeader },
    400: error("Blank or too long username"),
    ...common,
  },
});

export const statusRoute = createRoute({
  method: "put",
  path: "/update-user-status",
  summary: "Block (is_active false) or activate (true) a user",
  ...chosenByUs(
    'The spec\'s "PUT user status helper" (user id, body is_active). Audited (entity user, before/after is_active); setting the value it already has changes nothing and writes no audit row.',
  ),
  request: {
    query: z.object({ user_id: idParam("user_id", "the user's id") }),
    headers: ActingAdmin,
    body: body(UpdateUserStatusBody.openapi("UpdateUserStatusBody")),
  },
  responses: { 200: json(data(ListRecord), "The user as it is now"), ...mutating, 404: error("Unknown or deleted user"), ...common },
});

export const deleteRoute = createRoute({
  method: "delete",
  path: "/delete-user",
  summary: "Delete a user (soft: hidden everywhere, cannot sign in)",
  description:
    "Spec 2 §7. Sets is_deleted and can_sign_in false (and, when the user is a service provider, that profile's deleted_at, as DELETE /delete-serviceProvider does); audited (entity user). Refused with 409 while the user has open orders (any status but Completed or Cancelled, as the customer or as the provider), the message saying how many. 403 unless the acting admin holds User access, and ServiceProvider access too when the user has a live provider profile.",
  request: { query: DeleteUserQuery, headers: ActingAdmin },
  responses: {
    200: json(message, "User Deleted Successfully"),
    ...mutating,
    404: error("Unknown or already deleted user"),
    403: error("The acting admin is not Active, lacks User access, or lacks ServiceProvider access for a user who is also a provider"),
    409: error("The user has open orders"),
    ...common,
  },
});

export const openOrdersRoute = createRoute({
  method: "get",
  path: "/user-open-orders",
  summary: "How many open orders a live user has (what refuses DELETE /delete-user)",
  ...chosenByUs(
    "Orders in any status but Completed or Cancelled in which the user is the customer or (through their provider profile) the provider: the count DELETE /delete-user refuses on, so the admin can say so before offering a delete.",
  ),
  request: { query: z.object({ user_id: idParam("user_id", "the user's id") }) },
  responses: {
    200: json(data(z.object({ open_orders: z.number().int() })), "The count"),
    400: error("Bad id"),
    404: error("Unknown or deleted user"),
    ...common,
  },
});

export const storyRoute = createRoute({
  method: "get",
  path: "/users/{user_id}/story",
  summary:
    "A user's whole story: profile, status history and, per section asked for, their latest orders, payments, ratings, contacts and queries",
  ...chosenByUs(
    `The admin's user page (issue 33). Always: the user (as the Users list shows them, with their provider profile's id when they are one) and their status history (the audit log's Block / Activate and status changes, newest first). sections (comma-separated: ${USER_STORY_SECTION_NAMES.join(", ")}; absent = all, empty = none) adds each section's newest \`limit\` rows (default ${USER_STORY_ROWS_DEFAULT}) with its total: orders the user booked, payments of those orders, ratings the user gave, contact leads sent from the user's email (any case), and the user's customer queries. A section not asked for is neither read nor answered: the admin asks only for those its admin's access opens (${Object.entries(
      USER_STORY_SECTIONS,
    )
      .map(([s, a]) => `${s}: ${a}`)
      .join(", ")}).`,
  ),
  request: {
    params: z.object({ user_id: idParam("user_id", "the user's id") }),
    query: UserStoryQuery.extend({
      sections: UserStoryQuery.shape.sections.openapi({
        description: `comma-separated: ${USER_STORY_SECTION_NAMES.join(", ")}; absent = all; empty = none`,
        example: "orders,ratings",
      }),
    }),
  },
  responses: {
    200: json(data(UserStory.openapi("UserStory")), "The user's story"),
    400: error("Bad id or query"),
    404: error("Unknown or deleted user"),
    ...common,
  },
});
