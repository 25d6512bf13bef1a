import { sectionsQuery } from "~contract/sections";
import { z } from "zod";
import { TOTAL_KIND_HEADER, TotalKind } from "~contract/list-total";
import { NEXT_PAGE_HEADER, PREVIOUS_PAGE_HEADER } from "~contract/list-query";
import { TOTAL_COUNT_HEADER } from "~contract/service-providers";
import { UserStory, type UserStorySection } from "~contract/user-story";
import { UserListRecord, type UserSortField } from "~contract/users";
import { API_UNAVAILABLE_MESSAGE, apiRequest, apiRequestWithHeaders, MarketplaceError, type Caller } from "./client.server";

export type UsersListQuery = {
  page: number;
  page_size: number;
  cursor?: string;
  is_active?: boolean;
  start_date?: string;
  end_date?: string;
  search?: string;
  sortField?: UserSortField;
  sortOrder?: "asc" | "desc";
};

const UsersAnswer = z.object({ data: z.array(UserListRecord) });

function totalOf(headers: Headers): number {
  const total = Number(headers.get(TOTAL_COUNT_HEADER));
  if (!Number.isInteger(total) || total < 0) throw new MarketplaceError("unavailable", API_UNAVAILABLE_MESSAGE, 502);
  return total;
}

/** The list's query as GET /users takes it (a bulk job's filter is these, without paging and sort). */
export function usersListParams(query: UsersListQuery) {
  return { ...query, is_active: query.is_active === undefined ? undefined : String(query.is_active) };
}

/** GET /users: one page of the Users screen, filtered and paged by the API; the total from x-total-count. */

export async function listUsers(caller: Caller, query: UsersListQuery) {
  const { data, headers } = await apiRequestWithHeaders("/users", {
    query: usersListParams(query),
    caller,
    answer: UsersAnswer,
  });
  const kind = TotalKind.safeParse(headers.get(TOTAL_KIND_HEADER) ?? "exact");
  const cursors = { previous: headers.get(PREVIOUS_PAGE_HEADER), next: headers.get(NEXT_PAGE_HEADER) };
  return { rows: data.data, total: totalOf(headers), totalKind: kind.success ? kind.data : "exact", cursors };
}

/** GET /search-users (spec 2 §7): users whose username contains the text, an exact match first. */
export async function searchUsers(caller: Caller, username: string, limit = 50) {
  const answer = await apiRequest("/search-users", { query: { username, limit }, caller, answer: UsersAnswer });
  return answer.data;
}

/** PUT /update-user-status: Block (false) or Activate (true). */
export async function updateUserStatus(caller: Caller, userId: number, isActive: boolean) {
  const answer = await apiRequest("/update-user-status", {
    method: "PUT",
    query: { user_id: userId },
    body: { is_active: isActive },
    caller,
    answer: z.object({ data: UserListRecord }),
  });
  return answer.data;
}

/** DELETE /delete-user (spec 2 §7); refused (409) while the user has open orders. */
export async function deleteUser(caller: Caller, username: string) {
  await apiRequest("/delete-user", { method: "DELETE", query: { username }, caller, answer: z.object({ message: z.string() }) });
}

/** GET /user-open-orders: how many open orders refuse this user's delete. */
export async function openOrdersOf(caller: Caller, userId: number): Promise<number> {
  const answer = await apiRequest("/user-open-orders", {
    query: { user_id: userId },
    caller,
    answer: z.object({ data: z.object({ open_orders: z.number().int() }) }),
  });
  return answer.data.open_orders;
}

const UserStoryAnswer = z.object({ data: UserStory });

/** GET /users/{id}/story: the user's profile and status history, and only these sections (each needs its area's access). */
export async function getUserStory(caller: Caller, userId: number, sections: readonly UserStorySection[]) {
  const answer = await apiRequest(`/users/${userId}/story`, {
    query: { sections: sectionsQuery(sections) },
    caller,
    answer: UserStoryAnswer,
  });
  return answer.data;
}
