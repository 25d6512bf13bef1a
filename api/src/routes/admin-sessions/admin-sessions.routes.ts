import {
  AdminSessionPage,
  AdminSessionRecord,
  CreateAdminSessionBody,
  CreatedAdminSession,
  EndOtherSessionsBody,
  ResolvedAdminSession,
  SESSIONS_PAGE_SIZE,
  SessionTokenBody,
} from "~contract/admin-sessions";
import { ActingAdmin, body, chosenByUs, common, createRoute, data, error, idParam, json, mutating, z } from "../../lib/openapi";
import { paging } from "~contract/list-query-schema";
import { MAX_PAGE_SIZE } from "~contract/list-query";

export const adminUserId = (what: string) => ({ query: z.object({ adminUserId: idParam("adminUserId", what) }) });

export const Token = body(SessionTokenBody.openapi("SessionTokenBody"));

export const notAToken = { 400: error("Not a session token") };

export const openRoute = createRoute({
  method: "post",
  path: "/admin-sessions",
  summary: "Open a signed-in admin session (the admin's sign-in); answers its token, only here",
  ...chosenByUs(
    "Only the token's SHA-256 is stored. A session ends when unused for idle_seconds, at expires_at (sign-in + absolute_seconds), at /admin-sessions/end, or when its admin's status, role, access or password changes. replaces_token (the browser's previous session) ends with this sign-in. An admin holds at most ADMIN_MAX_SESSIONS live sessions (default 10): opening one past it ends their least recently used ones.",
  ),
  request: { body: body(CreateAdminSessionBody.openapi("CreateAdminSessionBody")) },
  responses: {
    201: json(data(CreatedAdminSession.openapi("CreatedAdminSession")), "The new session and its token"),
    400: error("Invalid input"),
    403: error("The admin is not Active"),
    404: error("Unknown admin user"),
    ...common,
  },
});

export const resolveRoute = createRoute({
  method: "post",
  path: "/admin-sessions/resolve",
  summary: "The live session behind a token, with its admin (keeps it alive)",
  ...chosenByUs("The token travels in the body, never in a URL. last_seen_at moves at most once a minute."),
  request: { body: Token },
  responses: {
    200: json(data(ResolvedAdminSession.openapi("ResolvedAdminSession")), "The session and its admin"),
    ...notAToken,
    404: error("The session has ended or never existed"),
    ...common,
  },
});

export const endRoute = createRoute({
  method: "post",
  path: "/admin-sessions/end",
  summary: "Sign-out: end the token's session",
  ...chosenByUs(),
  request: { body: Token },
  responses: { 204: { description: "Ended (or already over)" }, ...notAToken, ...common },
});

export const listRoute = createRoute({
  method: "get",
  path: "/admin-sessions",
  summary: "One page of an admin's live sessions, most recently used first (never their tokens), and how many there are",
  ...chosenByUs(`page (default 1) and page_size (default ${SESSIONS_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}); total counts them all.`),
  request: { query: z.object({ adminUserId: idParam("adminUserId", "the admin user's id"), ...paging(SESSIONS_PAGE_SIZE) }) },
  responses: {
    200: json(
      AdminSessionPage.extend({ data: z.array(AdminSessionRecord.openapi("AdminSessionRecord")) }).openapi("AdminSessionPage"),
      "The sessions",
    ),
    400: error("Bad id or page"),
    ...common,
  },
});

export const endOthersRoute = createRoute({
  method: "post",
  path: "/admin-sessions/end-others",
  summary: "Sign out other sessions: end every session of the admin but the one whose token is kept",
  ...chosenByUs(),
  request: { body: body(EndOtherSessionsBody.openapi("EndOtherSessionsBody")) },
  responses: { 200: json(data(z.object({ ended: z.number().int() })), "How many were ended"), 400: error("Invalid input"), ...common },
});

export const endOneRoute = createRoute({
  method: "delete",
  path: "/admin-sessions/{sessionId}",
  summary: "End one of an admin's sessions",
  ...chosenByUs(),
  request: { params: z.object({ sessionId: idParam("sessionId", "the session's id") }), ...adminUserId("whose session it must be") },
  responses: { 204: { description: "Ended" }, 400: error("Bad id"), 404: error("Not this admin's, or already ended"), ...common },
});

export const endAllRoute = createRoute({
  method: "post",
  path: "/admin-sessions/end-all",
  summary: "Sign another admin out everywhere: end all their sessions (an All Access admin only; audited)",
  ...chosenByUs(
    "The acting admin must be Active with All Access (403 otherwise) and another admin than the one signed out (409 for themselves: sign-out is theirs). Audited as an update of the admin user with before { sessions: n } and after { sessions: 0 } (not revertable).",
  ),
  request: { ...adminUserId("whose sessions end"), headers: ActingAdmin },
  responses: {
    200: json(data(z.object({ ended: z.number().int() })), "How many were ended"),
    ...mutating,
    404: error("Unknown admin user"),
    409: error("The acting admin themselves"),
    ...common,
  },
});
