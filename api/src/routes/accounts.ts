import { Hono } from "hono";
import { and, asc, count, eq, or, sql, type SQL } from "drizzle-orm";
import { AccountsQuery, TOTAL_COUNT_HEADER, type BankAccount } from "../../../app/models/service-provider";
import type { Database } from "../db/client";
import { bankAccounts, serviceProviders, users } from "../db/schema";
import { parseQuery } from "../lib/http";
import { containsPattern, liveProvider } from "../lib/providers";

/**
 * GET /accounts/ answers an array (spec 3 §7). Ours: optional page, page_size and search; the number
 * of matching accounts is in the x-total-count header, so the admin can page in SQL.
 */
export function accountsRouter(db: Database) {
  const router = new Hono();

  router.get("/accounts/", async (c) => {
    const query = parseQuery(c, AccountsQuery);
    const conditions: SQL[] = [liveProvider];
    if (query.search) {
      const p = containsPattern(query.search);
      conditions.push(
        or(
          sql`${users.username} ILIKE ${p}`,
          sql`${bankAccounts.account_holder_name} ILIKE ${p}`,
          sql`${bankAccounts.bank_name} ILIKE ${p}`,
          sql`${bankAccounts.ifsc_code} ILIKE ${p}`,
          sql`${bankAccounts.account_number} ILIKE ${p}`,
        )!,
      );
    }
    const where = and(...conditions);
    const from = () =>
      db
        .select({ account: bankAccounts, username: users.username })
        .from(bankAccounts)
        .innerJoin(serviceProviders, eq(serviceProviders.serviceProvider_id, bankAccounts.service_provider_id))
        .innerJoin(users, eq(users.id, serviceProviders.user_id))
        .where(where)
        .$dynamic();
    let rows = from().orderBy(asc(bankAccounts.id));
    if (query.page_size) rows = rows.limit(query.page_size).offset(((query.page ?? 1) - 1) * query.page_size);
    const [list, [{ total }]] = await Promise.all([
      rows,
      db
        .select({ total: count() })
        .from(bankAccounts)
        .innerJoin(serviceProviders, eq(serviceProviders.serviceProvider_id, bankAccounts.service_provider_id))
        .innerJoin(users, eq(users.id, serviceProviders.user_id))
        .where(where),
    ]);
    const data: BankAccount[] = list.map(({ account, username }) => ({
      id: account.id,
      service_provider_username: username,
      account_holder_name: account.account_holder_name,
      account_number: account.account_number,
      ifsc_code: account.ifsc_code,
      bank_name: account.bank_name,
      branch: account.branch,
    }));
    c.header(TOTAL_COUNT_HEADER, String(total));
    return c.json(data);
  });

  return router;
}
