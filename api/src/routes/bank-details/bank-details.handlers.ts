/** bank-details: the handlers of the calls bank-details.routes.ts defines. */
import { and, asc, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { BankAccount, TOTAL_COUNT_HEADER } from "~contract/service-providers";
import type { Database } from "../../db/client";
import { bankAccounts, serviceProviders, users } from "../../db/schema";
import { recordAudit, requireActor } from "../../lib/audit";
import { notFound } from "../../lib/http";
import { apiRouter } from "../../lib/openapi";
import { containsPattern, liveProvider } from "../../lib/providers";
import { listRoute, revealRoute } from "./bank-details.routes";

export const BANK_ACCOUNT_NOT_FOUND = "Bank account not found";

/** All but the last 4 characters as X: "XXXXXXXX1234" (4 X when there is nothing to show). */
export function maskAccountNumber(number: string): string {
  const plain = number.trim();
  if (plain.length <= 4) return "X".repeat(plain.length || 4);
  return "X".repeat(plain.length - 4) + plain.slice(-4);
}

/**
 * GET /accounts/ answers an array (spec 3 §7). Ours: optional page, page_size and search; the number
 * of matching accounts is in the x-total-count header, so the admin can page in SQL.
 * account_number is masked here: the full number leaves the API only through the audited
 * POST /accounts/{id}/reveal. For the same reason search does not match account numbers (a search
 * would tell digits without an audit row).
 */
export function bankDetailsRouter(db: Database) {
  const router = apiRouter();

  router.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const conditions: SQL[] = [liveProvider];
    if (query.search) {
      const p = containsPattern(query.search);
      conditions.push(
        or(
          sql`${users.username} ILIKE ${p}`,
          sql`${bankAccounts.account_holder_name} ILIKE ${p}`,
          sql`${bankAccounts.bank_name} ILIKE ${p}`,
          sql`${bankAccounts.ifsc_code} ILIKE ${p}`,
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
    // each sort an index's order read forward or backward (db/schema/providers.ts; username: the
    // users' unique index), ties by the account's id
    const dir = query.sortField && query.sortOrder === "desc" ? desc : asc;
    const sortKey = { username: users.username, account_holder_name: bankAccounts.account_holder_name, bank_name: bankAccounts.bank_name };
    let rows = from().orderBy(...(query.sortField ? [dir(sortKey[query.sortField])] : []), dir(bankAccounts.id));
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
      account_number: maskAccountNumber(account.account_number),
      ifsc_code: account.ifsc_code,
      bank_name: account.bank_name,
      branch: account.branch,
    }));
    c.header(TOTAL_COUNT_HEADER, String(total));
    return c.json(data, 200);
  });

  /**
   * POST /accounts/{id}/reveal (path ours): the full account number of one live provider's bank
   * account, for the acting admin, with an audit row (action "reveal", entity bank_account, the id;
   * never the number).
   */
  router.openapi(revealRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { id } = c.req.valid("param");
    const number = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ account_number: bankAccounts.account_number, service_provider_id: bankAccounts.service_provider_id })
        .from(bankAccounts)
        .innerJoin(serviceProviders, eq(serviceProviders.serviceProvider_id, bankAccounts.service_provider_id))
        .where(and(eq(bankAccounts.id, id), liveProvider));
      if (!row) throw notFound(BANK_ACCOUNT_NOT_FOUND);
      await recordAudit(tx, actor, {
        action: "reveal",
        entity: "bank_account",
        entityId: id,
        after: { revealed: "account_number", service_provider_id: row.service_provider_id },
      });
      return row.account_number;
    });
    return c.json({ data: { id, account_number: number } }, 200);
  });

  return router;
}
