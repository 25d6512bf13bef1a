import { Hono } from "hono";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { CLIENT_ADDRESS_HEADER } from "../../../app/models/api";
import { LoginBody } from "../../../app/models/admin-user";
import type { Database } from "../db/client";
import { adminUsers } from "../db/schema";
import { HttpError, notFound, parseBody, parseQuery } from "../lib/http";
import { idParam } from "../lib/openapi";
import { LoginThrottle, retryMessage, type ThrottleVerdict } from "../lib/login-throttle";
import { burnPasswordCheck, verifyPassword } from "../lib/password";
import { adminUserRecord } from "../lib/serialize";

export const INVALID_LOGIN = "Invalid username or password";
export const ADMIN_USER_NOT_FOUND = "Admin user not found";
const AdminUserIdQuery = z.object({ adminUserId: idParam("adminUserId") });

export function adminUsersRouter(db: Database, throttle: LoginThrottle) {
  const router = new Hono();

  router.post("/login-admin-user", async (c) => {
    const { username, password } = await parseBody(c, LoginBody);
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

  router.get("/get-admin-user-by-id", async (c) => {
    const { adminUserId } = parseQuery(c, AdminUserIdQuery);
    const [row] = await db.select().from(adminUsers).where(eq(adminUsers.adminUserId, adminUserId));
    if (!row) throw notFound(ADMIN_USER_NOT_FOUND);
    return c.json({ data: adminUserRecord(row) });
  });

  return router;
}
