import { afterAll, beforeAll, expect, it } from "vitest";
import { asc, eq, isNull } from "drizzle-orm";
import { BankAccount } from "~contract/service-providers";
import type { AuditEntry } from "~contract/audit-log";
import { bankAccounts, serviceProviders, users } from "../../api/src/db/schema";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed } from "./helpers";

const reveal = (api: TestApi, id: number | string, options: Parameters<typeof call>[3] = {}) =>
  call(api, "POST", `/accounts/${id}/reveal`, options);
const auditRows = async (api: TestApi) => (await get(api, "/audit-log", { query: { limit: 100 } })).body.data as AuditEntry[];

describeEachDriver("bank accounts: masked list, audited reveal", (driver) => {
  let api: TestApi;
  let stored: Map<number, string>;
  beforeAll(async () => {
    api = await startTestApi({ driver });
    const rows = await api.db.select({ id: bankAccounts.id, number: bankAccounts.account_number }).from(bankAccounts);
    stored = new Map(rows.map((r) => [r.id, r.number]));
  });
  afterAll(() => api?.close());

  it("lists every number masked: only the last 4 digits show", async () => {
    const list = ((await get(api, "/accounts/")).body as unknown[]).map((r) => parsed(BankAccount, r));
    expect(list.length).toBeGreaterThan(0);
    for (const account of list) {
      const full = stored.get(account.id)!;
      expect(account.account_number).toBe("X".repeat(full.length - 4) + full.slice(-4));
      expect(account.account_number).not.toContain(full.slice(0, -4));
    }
    // the number is not searchable either: a search would tell its digits without an audit row
    const full = stored.get(list[0].id)!;
    expect((await get(api, "/accounts/", { query: { search: full.slice(2, 10) } })).body).toEqual([]);
  });

  it("reveals one number to the acting admin and records who, which account, never the number", async () => {
    const [account] = (await get(api, "/accounts/", { query: { page_size: 1 } })).body as BankAccount[];
    const before = await auditRows(api);
    const answer = await reveal(api, account.id, { actingAdmin: 2 });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ id: account.id, account_number: stored.get(account.id) });

    const after = await auditRows(api);
    expect(after).toHaveLength(before.length + 1);
    const [row] = after;
    expect(row).toMatchObject({
      action: "reveal",
      entity: "bank_account",
      entity_id: String(account.id),
      admin_user_id: 2,
      admin_username: "support",
    });
    expect(JSON.stringify(row)).not.toContain(stored.get(account.id)!);
    expect(JSON.stringify(row)).not.toContain(stored.get(account.id)!.slice(0, -4));
  });

  it("sorts by SP username, Account Holder and Bank Name both ways, ties by id; refuses an unknown sort", async () => {
    // three live providers whose usernames start with different letters (any collation orders them alike)
    const live = await api.db
      .select({ id: serviceProviders.serviceProvider_id, username: users.username })
      .from(serviceProviders)
      .innerJoin(users, eq(users.id, serviceProviders.user_id))
      .where(isNull(serviceProviders.deleted_at))
      .orderBy(asc(serviceProviders.serviceProvider_id));
    const picked = live.filter((p, i) => live.findIndex((q) => q.username[0] === p.username[0]) === i).slice(0, 3);
    expect(picked).toHaveLength(3);
    const holders = ["Sorttest Cara", "Sorttest Abe", "Sorttest Bo"];
    const banks = ["Sorttest Bank B", "Sorttest Bank C", "Sorttest Bank A"];
    const made: { id: number; username: string; holder: string; bank: string }[] = [];
    for (const [i, provider] of picked.entries()) {
      const [row] = await api.db
        .insert(bankAccounts)
        .values({
          service_provider_id: provider.id,
          account_holder_name: holders[i],
          account_number: `99887766${i}`,
          ifsc_code: `SORT000000${i}`,
          bank_name: banks[i],
          branch: "Sort branch",
        })
        .returning({ id: bankAccounts.id });
      made.push({ id: row.id, username: provider.username, holder: holders[i], bank: banks[i] });
    }
    const ids = async (sortField: string, sortOrder: string) =>
      ((await get(api, "/accounts/", { query: { search: "Sorttest", sortField, sortOrder } })).body as BankAccount[]).map((a) => a.id);
    const by = (key: "username" | "holder" | "bank") => [...made].sort((a, b) => (a[key] < b[key] ? -1 : 1)).map((a) => a.id);
    expect(await ids("username", "asc")).toEqual(by("username"));
    expect(await ids("username", "desc")).toEqual(by("username").reverse());
    expect(await ids("account_holder_name", "asc")).toEqual(by("holder"));
    expect(await ids("account_holder_name", "desc")).toEqual(by("holder").reverse());
    expect(await ids("bank_name", "asc")).toEqual(by("bank"));
    expect(await ids("bank_name", "desc")).toEqual(by("bank").reverse());
    // without a sort: by id, as before
    expect((await get(api, "/accounts/", { query: { search: "Sorttest" } })).body.map((a: BankAccount) => a.id)).toEqual(
      made.map((a) => a.id),
    );

    const unknown = await get(api, "/accounts/", { query: { sortField: "account_number", sortOrder: "asc" } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.sortField).toBe("sortField must be one of username, account_holder_name, bank_name");
    expect((await get(api, "/accounts/", { query: { sortField: "bank_name" } })).status).toBe(400);
    await api.db.delete(bankAccounts).where(eq(bankAccounts.branch, "Sort branch"));
  });

  it("refuses without the secret or the acting admin, 404 for an unknown or deleted provider's account; nothing is recorded", async () => {
    const [account] = (await get(api, "/accounts/", { query: { page_size: 1 } })).body as BankAccount[];
    const before = (await auditRows(api)).length;
    const noKey = await reveal(api, account.id, { key: null });
    expect(noKey.status).toBe(401);
    expect(noKey.text).not.toContain(stored.get(account.id)!);
    expect((await reveal(api, account.id, { key: "wrong-secret-wrong-secret" })).status).toBe(401);
    const noAdmin = await reveal(api, account.id, { actingAdmin: null });
    expect(noAdmin.status).toBe(400);
    expect(noAdmin.body.message).toMatch(/x-acting-admin/);
    expect((await reveal(api, account.id, { actingAdmin: 99999 })).status).toBe(400);
    const unknown = await reveal(api, 999999);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Bank account not found");
    expect((await reveal(api, "abc")).status).toBe(400);
    expect((await reveal(api, 0)).status).toBe(400);
    // a deleted provider's account is gone from the list and cannot be revealed
    const [last] = (await get(api, "/accounts/", { query: { page: 30, page_size: 1 } })).body as BankAccount[];
    const [owner] = await api.db.select({ sp: bankAccounts.service_provider_id }).from(bankAccounts).where(eq(bankAccounts.id, last.id));
    const deleted = await call(api, "DELETE", "/delete-serviceProvider", { query: { serviceProvider_id: owner.sp } });
    expect(deleted.status).toBe(200);
    expect((await reveal(api, last.id)).status).toBe(404);
    const audit = await auditRows(api);
    expect(audit.length).toBe(before + 1); // the provider's deletion only
    expect(audit[0]).toMatchObject({ action: "delete", entity: "service_provider" });
    const [sp] = await api.db.select().from(serviceProviders).where(eq(serviceProviders.serviceProvider_id, owner.sp));
    expect(sp.deleted_at).not.toBeNull();
  });
});
