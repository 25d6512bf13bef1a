import { z } from "zod";
import { AdminUser } from "~/models/admin-users";
import { apiRequest, type Caller } from "./client.server";

const AdminUserAnswer = z.object({ data: AdminUser });

/** POST /login-admin-user: the admin's record (any status) or a 401/429 MarketplaceError. */
export async function loginAdminUser(username: string, password: string, caller: Caller) {
  const answer = await apiRequest("/login-admin-user", {
    method: "POST",
    body: { username, password },
    caller,
    answer: AdminUserAnswer,
    unauthorizedIsRefusal: true,
  });
  return answer.data;
}
