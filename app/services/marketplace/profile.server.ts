import { z } from "zod";
import { AdminUser } from "~contract/admin-users";
import { type Appearance } from "~/models/admin-users";
import { apiRequest, type Caller } from "./client.server";

/** POST /change-admin-password: how many other sessions ended (the kept one stays signed in). */
export async function changeAdminPassword(
  caller: Caller,
  adminUserId: number,
  passwords: { current_password: string; new_password: string },
  keepToken: string | undefined,
) {
  const answer = await apiRequest("/change-admin-password", {
    method: "POST",
    body: { adminUserId, ...passwords, keep_token: keepToken },
    caller,
    answer: z.object({ data: z.object({ ended_sessions: z.number().int() }) }),
  });
  return answer.data.ended_sessions;
}

/** PUT /update-admin-appearance. */
export async function updateAdminAppearance(caller: Caller, adminUserId: number, appearance: Appearance) {
  const answer = await apiRequest("/update-admin-appearance", {
    method: "PUT",
    body: { adminUserId, appearance },
    caller,
    answer: z.object({ data: AdminUser }),
  });
  return answer.data;
}
