import { CLIENT_ADDRESS_HEADER } from "~contract/api";
import { SecondFactorChallenge } from "~contract/two-factor";
import { AdminUser, AdminUserList, AdminUserListQuery, LoginBody, RegisterAdminUserBody, UpdateAdminUserBody } from "~contract/admin-users";
import { ADMIN_USER_DELETED } from "~contract/admin-user-labels";
import {
  ActingAdmin,
  body,
  chosenByUs,
  common,
  conflict,
  createRoute,
  data,
  error,
  idParam,
  json,
  message,
  mutating,
  z,
} from "../../lib/openapi";

export const Admin = AdminUser.openapi("AdminUser");

export const loginRoute = createRoute({
  method: "post",
  path: "/login-admin-user",
  summary: "Check an admin's username and password",
  description:
    "Answers the admin user whatever its status (the admin refuses non-Active accounts), only after the right password: a wrong one answers the same 401 for every account. Failures are counted in the database per username + x-client-address pair (the 10th consecutive one blocks the pair for 15 minutes; a success clears it) and per address per day (the 100th blocks the address for a day); the right password of a non-Active account does not clear them. A blocked attempt is answered 429 with Retry-After and retry_after_seconds, without checking the password; the right password from another address is never refused. An Active admin with two-factor on (or required by the policy and not yet set up) gets second_factor: the session opens only once its challenge passed (POST /sign-in-challenges/verify or …/enrolment/confirm), and the pair's failures clear only then. A right password stored in an older hash format (scrypt) is re-hashed with argon2id; the admin's sessions are kept.",
  request: {
    headers: z.object({
      [CLIENT_ADDRESS_HEADER]: z.string().optional().openapi({ description: "the browser's address, for throttling" }),
    }),
    body: body(LoginBody.openapi("LoginBody")),
  },
  responses: {
    200: json(
      data(Admin).extend({ second_factor: SecondFactorChallenge.optional().openapi("SecondFactorChallenge") }),
      "The admin user; second_factor when a code (or, under the policy, setting it up) must pass before a session opens",
    ),
    400: error("Missing username or password"),
    401: error("Invalid username or password (or the secret header is wrong)"),
    429: error("Too many failed sign-in attempts (Retry-After says when to try again)"),
    500: common[500],
  },
});

export const adminUserRoute = createRoute({
  method: "get",
  path: "/get-admin-user-by-id",
  summary: "One admin user (the admin's session re-reads the signed-in admin with it)",
  ...chosenByUs(),
  request: { query: z.object({ adminUserId: idParam("adminUserId", "the admin user's id") }) },
  responses: { 200: json(data(Admin), "The admin user"), 400: error("Bad id"), 404: error("Unknown admin user"), ...common },
});

export const lastAdminOrSelf = (what: string) => ({ 409: error(what) });

export const listRoute = createRoute({
  method: "get",
  path: "/get-all-admin-users",
  summary: "Admin users, newest first (never their passwords)",
  description:
    "The spec's call takes no query. page (default 1), page_size (default 10, at most 200), search (part of a username or email, any case), status, role and sortField (adminUsername, adminStatus, last_signed_in_at, created_at) with sortOrder (asc, desc) are ours; without a sort the list is newest first, never signed in counts as the earliest sign-in. last_signed_in_at is the admin's last sign-in (null: never).",
  request: { query: AdminUserListQuery },
  responses: { 200: json(AdminUserList.openapi("AdminUserList"), "One page of admin users"), 400: error("Bad query"), ...common },
});

export const registerRoute = createRoute({
  method: "post",
  path: "/register-admin-user",
  summary: "Create an admin user (the password is stored as an argon2id hash)",
  description:
    'Rules: username (letters, digits, . _ - @; unique in any case), password (at least 10 characters with a letter and a digit), valid email, status Active/Inactive/Block, role Admin/Support/Technical, access ["*"] (All Access) or a list of access names (empty: Dashboard only); email unique in any case (400 naming the admin user who has it). 403 when the acting admin may not grant it: they need Admin Users access, only an admin with All Access grants All Access or the Admin role, and an admin grants only areas they hold themselves (errors names the field). The audit entry records adminPassword as "(set)", never the password.',
  request: { headers: ActingAdmin, body: body(RegisterAdminUserBody.openapi("RegisterAdminUserBody")) },
  responses: { 201: json(data(Admin), "Created"), ...mutating, ...common },
});

export const updateRoute = createRoute({
  method: "put",
  path: "/update-admin-user",
  summary: "Change an admin user (adminUsername says which; it cannot change)",
  description:
    "Send the fields to set plus the updated_at that was loaded: 409 when the admin user changed meanwhile (who and when), and 409 when the change would block, deactivate or strip All Access from the last Active admin with All Access, or block/deactivate the acting admin. Nothing changed: 200 with the same updated_at and no audit entry. Blocking, or changing the role, access or password ends the admin's sessions at once (a database trigger). 403 (errors names the field) when the acting admin may not make the change: no admin widens their own access, role or status; only an admin with All Access grants All Access or the Admin role, changes an admin who has All Access, or sets another admin's password (their own: the Profile page); an admin grants only areas they hold themselves (making an Inactive or Blocked admin Active grants all they hold). The audit log's revert goes through this call and obeys the same rule. 400 when the email is another admin user's (any case).",
  request: { headers: ActingAdmin, body: body(UpdateAdminUserBody.openapi("UpdateAdminUserBody")) },
  responses: {
    200: json(data(Admin), "Updated (or unchanged)"),
    ...mutating,
    404: error("Unknown admin user"),
    ...conflict,
    ...common,
  },
});

export const deleteRoute = createRoute({
  method: "delete",
  path: "/delete-admin-user",
  summary: "Delete an admin user (their sessions end with them)",
  description:
    "409 for the acting admin themselves and for the last Active admin with All Access. 403 when the acting admin lacks Admin Users access, or the admin user has All Access and the acting admin does not.",
  request: { query: z.object({ adminUserId: idParam("adminUserId", "the admin user's id") }), headers: ActingAdmin },
  responses: {
    200: json(message, ADMIN_USER_DELETED),
    ...mutating,
    404: error("Unknown admin user"),
    ...lastAdminOrSelf("The acting admin themselves, or the last Active admin with All Access"),
    ...common,
  },
});
