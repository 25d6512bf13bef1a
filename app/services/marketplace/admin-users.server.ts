import { z } from "zod";
import {
  AdminUser,
  AdminUserList,
  type AdminUserSortField,
  type RegisterAdminUserBody,
  type UpdateAdminUserBody,
} from "~contract/admin-users";
import { SecondFactorChallenge } from "~contract/two-factor";
import { apiRequest, type Caller } from "./client.server";

const AdminUserAnswer = z.object({ data: AdminUser });
const LoginAnswer = AdminUserAnswer.extend({ second_factor: SecondFactorChallenge.optional() });

/**
 * POST /login-admin-user: the admin's record (any status), with the second step to pass before a
 * session opens when they sign in with two-factor; or a 401/429 MarketplaceError.
 */
export async function loginAdminUser(caller: Caller, username: string, password: string) {
  const answer = await apiRequest("/login-admin-user", {
    method: "POST",
    body: { username, password },
    caller,
    answer: LoginAnswer,
    unauthorizedIsRefusal: true,
  });
  return { admin: answer.data, secondFactor: answer.second_factor };
}

/** GET /get-all-admin-users: one page (never a password). */
export async function listAdminUsers(
  caller: Caller,
  query: {
    page: number;
    page_size: number;
    search?: string;
    status?: string;
    role?: string;
    sortField?: AdminUserSortField;
    sortOrder?: "asc" | "desc";
  },
) {
  const answer = await apiRequest("/get-all-admin-users", { query, caller, answer: AdminUserList });
  return { rows: answer.data, total: answer.total_results };
}

/** GET /get-admin-user-by-id */
export async function getAdminUser(caller: Caller, adminUserId: number) {
  return (await apiRequest("/get-admin-user-by-id", { query: { adminUserId }, caller, answer: AdminUserAnswer })).data;
}

/** POST /register-admin-user */
export async function registerAdminUser(caller: Caller, body: RegisterAdminUserBody) {
  return (await apiRequest("/register-admin-user", { method: "POST", body, caller, answer: AdminUserAnswer })).data;
}

/** PUT /update-admin-user: the record as it is now (the same updated_at when nothing changed). */
export async function updateAdminUser(caller: Caller, body: UpdateAdminUserBody) {
  return (await apiRequest("/update-admin-user", { method: "PUT", body, caller, answer: AdminUserAnswer })).data;
}

/** DELETE /delete-admin-user */
export async function deleteAdminUser(caller: Caller, adminUserId: number) {
  await apiRequest("/delete-admin-user", { method: "DELETE", query: { adminUserId }, caller });
}

/** POST /admin-sessions/end-all: an All Access admin signs another admin out everywhere; how many sessions ended. */
export async function endAllAdminSessions(caller: Caller, adminUserId: number) {
  const answer = await apiRequest("/admin-sessions/end-all", {
    method: "POST",
    query: { adminUserId },
    caller,
    answer: z.object({ data: z.object({ ended: z.number().int() }) }),
  });
  return answer.data.ended;
}
