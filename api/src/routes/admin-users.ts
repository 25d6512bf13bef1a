import { eq, sql } from "drizzle-orm";
import { CLIENT_ADDRESS_HEADER } from "../../../app/models/api";
import { AdminUser, LoginBody } from "../../../app/models/admin-users";
import type { Database } from "../db/client";
import { adminUsers } from "../db/schema";
import { HttpError, notFound } from "../lib/http";
import { apiRouter, body, chosenByUs, common, createRoute, data, error, idParam, json, z } from "../lib/openapi";
import { LoginThrottle, retryMessage, type ThrottleVerdict } from "../lib/login-throttle";
import { burnPasswordCheck, verifyPassword } from "../lib/password";
import { adminUserRecord } from "../lib/serialize";

export const INVALID_LOGIN = "Invalid username or password";
export const ADMIN_USER_NOT_FOUND = "Admin user not found";
const Admin = AdminUser.openapi("AdminUser");

const loginRoute = createRoute({
  method: "post",
  path: "/login-admin-user",
  summary: "Check an admin's username and password",
  description:
    "Answers the admin user whatever its status (the admin refuses non-Active accounts). Failures are counted in the database per username + x-client-address pair (the 10th consecutive one blocks the pair for 15 minutes; a success clears it) and per address per day (the 100th blocks the address for a day). A blocked attempt is answered 429 with Retry-After and retry_after_seconds, without checking the password; the right password from another address is never refused.",
  request: {
    headers: z.object({
      [CLIENT_ADDRESS_HEADER]: z.string().optional().openapi({ description: "the browser's address, for throttling" }),
    }),
    body: body(LoginBody.openapi("LoginBody")),
  },
  responses: {
    200: json(data(Admin), "The admin user"),
    400: error("Missing username or password"),
    401: error("Invalid username or password (or the secret header is wrong)"),
    429: error("Too many failed sign-in attempts (Retry-After says when to try again)"),
    500: common[500],
  },
});
const adminUserRoute = createRoute({
  method: "get",
  path: "/get-admin-user-by-id",
  summary: "One admin user (the admin's session re-reads the signed-in admin with it)",
  ...chosenByUs(),
  request: { query: z.object({ adminUserId: idParam("adminUserId", "the admin user's id") }) },
  responses: { 200: json(data(Admin), "The admin user"), 400: error("Bad id"), 404: error("Unknown admin user"), ...common },
});

export function adminUsersRouter(db: Database, throttle: LoginThrottle) {
  const router = apiRouter();

  router.openapi(loginRoute, async (c) => {
    const { username, password } = c.req.valid("json");
    const address = c.req.header(CLIENT_ADDRESS_HEADER)?.slice(0, 100) || undefined;
    const refuse = (verdict: Extract<ThrottleVerdict, { kind: "refused" }>) => {
      const seconds = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
      return new HttpError(429, { message: retryMessage(verdict), retry_after_seconds: seconds }, { "Retry-After": String(seconds) });
    };
    const verdict = await throttle.check(username, address);
    if (verdict.kind === "refused") throw refuse(verdict);

    const [row] = await db
      .select()
      .from(adminUsers)
      .where(eq(sql`lower(${adminUsers.adminUsername})`, username.toLowerCase()));
    const ok = row ? await verifyPassword(password, row.adminPassword) : (await burnPasswordCheck(password), false);
    if (!row || !ok) {
      const after = await throttle.fail(username, address);
      if (after.kind === "refused") throw refuse(after);
      throw new HttpError(401, { message: INVALID_LOGIN });
    }
    await throttle.succeed(username, address);
    return c.json({ data: adminUserRecord(row) }, 200);
  });

  router.openapi(adminUserRoute, async (c) => {
    const { adminUserId } = c.req.valid("query");
    const [row] = await db.select().from(adminUsers).where(eq(adminUsers.adminUserId, adminUserId));
    if (!row) throw notFound(ADMIN_USER_NOT_FOUND);
    return c.json({ data: adminUserRecord(row) }, 200);
  });

  return router;
}
