import { z } from "zod";
import { AdminSessionPage, CreatedAdminSession, ResolvedAdminSession, SESSIONS_PAGE_SIZE } from "~contract/admin-sessions";
import { apiRequest, MarketplaceError, type Caller } from "./client.server";

export type NewSessionInfo = {
  userAgent: string;
  address: string;
  idleSeconds: number;
  absoluteSeconds: number;
  /** the token of the session this browser held until now: it ends with this sign-in */
  replacesToken?: string;
  /** the sign-in's passed second step (two-factor) */
  challengeToken?: string;
};

/** POST /admin-sessions: a new session for this admin; answers its token (only ever here) and record. */
export async function createAdminSession(adminUserId: number, info: NewSessionInfo, caller?: Caller) {
  const answer = await apiRequest("/admin-sessions", {
    method: "POST",
    body: {
      adminUserId,
      user_agent: info.userAgent.slice(0, 1000),
      address: info.address.slice(0, 100),
      idle_seconds: info.idleSeconds,
      absolute_seconds: info.absoluteSeconds,
      replaces_token: info.replacesToken,
      challenge_token: info.challengeToken,
    },
    caller,
    answer: z.object({ data: CreatedAdminSession }),
  });
  return answer.data;
}

/** POST /admin-sessions/resolve: the live session behind a token with its admin, or null when it has ended. */
export async function resolveAdminSession(token: string): Promise<ResolvedAdminSession | null> {
  try {
    const answer = await apiRequest("/admin-sessions/resolve", {
      method: "POST",
      body: { token },
      answer: z.object({ data: ResolvedAdminSession }),
    });
    return answer.data;
  } catch (error) {
    // 404: ended; 400: not a token we ever made (a forged or damaged cookie)
    if (error instanceof MarketplaceError && (error.kind === "not-found" || error.kind === "invalid")) return null;
    throw error;
  }
}

/** POST /admin-sessions/end: sign-out. */
export async function endAdminSessionByToken(token: string) {
  await apiRequest("/admin-sessions/end", { method: "POST", body: { token } });
}

/** GET /admin-sessions: one page of an admin's live sessions, most recently used first, and how many there are. */
export async function listAdminSessions(
  adminUserId: number,
  { page = 1, pageSize = SESSIONS_PAGE_SIZE }: { page?: number; pageSize?: number } = {},
) {
  const answer = await apiRequest("/admin-sessions", {
    query: { adminUserId, page, page_size: pageSize },
    caller: { adminUserId },
    answer: AdminSessionPage,
  });
  return { sessions: answer.data, total: answer.total };
}

/** How many live sessions an admin has. */
export async function countAdminSessions(adminUserId: number) {
  return (await listAdminSessions(adminUserId, { pageSize: 1 })).total;
}

/** POST /admin-sessions/end-others: how many of the admin's other sessions were ended. */
export async function endOtherAdminSessions(adminUserId: number, keepToken: string) {
  const answer = await apiRequest("/admin-sessions/end-others", {
    method: "POST",
    body: { adminUserId, keep_token: keepToken },
    caller: { adminUserId },
    answer: z.object({ data: z.object({ ended: z.number().int() }) }),
  });
  return answer.data.ended;
}

/** DELETE /admin-sessions/{sessionId}: ends one of this admin's sessions (not-found when not theirs or over). */
export async function endAdminSession(adminUserId: number, sessionId: number) {
  await apiRequest(`/admin-sessions/${sessionId}`, { method: "DELETE", query: { adminUserId }, caller: { adminUserId } });
}
