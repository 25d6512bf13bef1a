import { describe, expect, it } from "vitest";
import * as bankRoute from "~/routes/admin.service-provider-bank-details";
import { grantReveal, maskAccountNumber, revealFailureMessage } from "~/services/bank-details/reveal.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { BankAccount } from "~contract/service-providers";
import type { AuditEntry } from "~contract/audit-log";
import { adminUserIdOf, apiCall, callRoute, requestAs, statusOf } from "../support/routes";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function payload(result: unknown): any {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: unknown }).data;
  return result;
}

const PATH = "/admin/service-provider-bank-details";
const load = async (query = "", cookie?: string) =>
  payload(await callRoute(bankRoute, await requestAs("admin", `${PATH}${query}`, cookie ? { headers: { Cookie: cookie } } : {})));
/** The Cookie a browser sends back after this response (the first cookie it sets). */
const cookieOf = (response: unknown) => ((response as Response).headers.get("Set-Cookie") ?? "").split(";")[0];
/** The full number, as the API reveals it (an audited call too). */
const fullNumber = async (id: number) =>
  (await apiCall<{ data: { account_number: string } }>(`/accounts/${id}/reveal`, { method: "POST", actingAdmin: "admin" })).data
    .account_number;
const latestAudit = async () => (await apiCall<{ data: AuditEntry[] }>("/audit-log?limit=1")).data[0];

describe("bank details", () => {
  it("masks every account number but its last 4 digits", async () => {
    expect(maskAccountNumber("001234561234")).toBe("XXXXXXXX1234");
    expect(maskAccountNumber("9876541234")).toBe("XXXXXX1234");
    expect(maskAccountNumber("123")).toBe("XXX");
    const page = await load();
    const accounts = await apiCall<BankAccount[]>("/accounts/");
    expect(page.total).toBe(accounts.length);
    for (const row of page.rows) {
      expect(row.number).toMatch(/^X+\d{4}$/);
      const account = accounts.find((a) => a.id === row.id)!;
      expect(row.number).toBe(maskAccountNumber(account.account_number));
      expect(row).toMatchObject({
        username: account.service_provider_username,
        holder: account.account_holder_name,
        ifsc: account.ifsc_code,
        bank: account.bank_name,
        branch: account.branch,
        revealed: false,
      });
    }
    expect(page.rows.map((r: { n: number }) => r.n).slice(0, 3)).toEqual([1, 2, 3]);
  });

  it("the API's list gives masked numbers only", async () => {
    const accounts = await apiCall<BankAccount[]>("/accounts/");
    for (const account of accounts) expect(account.account_number).toMatch(/^X+\d{4}$/);
  });

  it("reveals one row after the admin's POST: the API records the reveal, a reload shows it masked again", async () => {
    const first = (await load("?page_size=10")).rows[0];
    const full = await fullNumber(first.id);
    const posted = await callRoute(
      bankRoute,
      await requestAs("admin", `${PATH}?page_size=10`, { form: { intent: "reveal", id: String(first.id) } }),
    );
    expect(posted).toHaveRedirect(`${PATH}?page_size=10&reveal=${first.id}`);
    const grant = cookieOf(posted);
    expect(grant).toMatch(/^__bank_reveal=/);
    expect(grant).not.toContain(full);

    const before = await latestAudit();
    const result = await callRoute(
      bankRoute,
      await requestAs("admin", `${PATH}?page_size=10&reveal=${first.id}`, { headers: { Cookie: grant } }),
    );
    const page = payload(result);
    const shown = page.rows.find((r: { id: number }) => r.id === first.id);
    expect(shown).toMatchObject({ revealed: true, number: full });
    expect(page.rows.filter((r: { revealed: boolean }) => r.revealed)).toHaveLength(1);
    expect(page.revealError).toBeNull();
    // the API wrote who revealed which account (and not the number)
    const audit = await latestAudit();
    expect(audit.id).toBeGreaterThan(before.id);
    expect(audit).toMatchObject({ action: "reveal", entity: "bank_account", entity_id: String(first.id), admin_username: "admin" });
    expect(JSON.stringify(audit)).not.toContain(full);
    // the grant is used up: the load drops it, and the same URL without it shows the mask
    const dropped = new Headers((result as { init?: ResponseInit }).init?.headers).get("Set-Cookie") ?? "";
    expect(dropped).toMatch(/^__bank_reveal=.*Max-Age=0/);
    const again = await load(`?page_size=10&reveal=${first.id}`);
    expect(again.rows.find((r: { id: number }) => r.id === first.id)).toMatchObject({ revealed: false, number: maskAccountNumber(full) });
    expect((await latestAudit()).id).toBe(audit.id);

    // another admin's grant, or a grant for another row, reveals nothing
    const other = await grantReveal(await adminUserIdOf("support"), first.id);
    expect(
      (await load(`?page_size=10&reveal=${first.id}`, other.split(";")[0])).rows.every((r: { revealed: boolean }) => !r.revealed),
    ).toBe(true);
    const second = (await load("?page_size=10")).rows[1];
    const wrongRow = await grantReveal(await adminUserIdOf("admin"), second.id);
    expect(
      (await load(`?page_size=10&reveal=${first.id}`, wrongRow.split(";")[0])).rows.every((r: { revealed: boolean }) => !r.revealed),
    ).toBe(true);
    expect((await latestAudit()).id).toBe(audit.id);

    const hidden = await callRoute(
      bankRoute,
      await requestAs("admin", `${PATH}?reveal=${first.id}`, { form: { intent: "hide", id: String(first.id) } }),
    );
    expect(hidden).toHaveRedirect(PATH);
    expect((hidden as Response).headers.get("Location")).toBe(PATH);
    const bad = await callRoute(bankRoute, await requestAs("admin", PATH, { form: { intent: "reveal", id: "x" } }));
    expect(statusOf(bad)).toBe(400);
    expect(statusOf(await callRoute(bankRoute, await requestAs("admin", PATH, { form: { intent: "drop" } })))).toBe(400);
    // nonsense ?reveal shows nothing in full
    const junk = await load("?reveal=abc");
    expect(junk.rows.every((r: { revealed: boolean }) => !r.revealed)).toBe(true);
  });

  it("tells the admin when the number cannot be revealed", async () => {
    const first = (await load("?page_size=10")).rows[0];
    const grant = (await grantReveal(await adminUserIdOf("admin"), first.id)).split(";")[0];
    // the row is not in the list being shown (here: a search that leaves it out)
    const page = await load(`?page_size=10&search=zzzz-nothing&reveal=${first.id}`, grant);
    expect(page.revealError).toBe("This bank account is no longer in this list, so its number was not revealed.");
    expect(revealFailureMessage(new MarketplaceError("not-found", "Bank account not found", 404))).toBe(
      "This bank account no longer exists (or its provider was deleted), so its number cannot be shown.",
    );
    expect(revealFailureMessage(new MarketplaceError("unavailable", "down", 503))).toMatch(/not answering/);
  });

  it("searches and pages on the server", async () => {
    const small = await load("?page_size=10");
    expect(small.rows).toHaveLength(10);
    const second = await load("?page_size=10&page=2");
    expect(second.rows[0].n).toBe(11);
    expect(second.rows.some((r: { id: number }) => small.rows.some((s: { id: number }) => s.id === r.id))).toBe(false);
    const past = await callRoute(bankRoute, await requestAs("admin", `${PATH}?page_size=10&page=999`));
    expect(past).toHaveRedirect(`${PATH}?page_size=10&page=`);

    const found = await load("?search=aarav.sharma1");
    expect(found.rows.map((r: { username: string }) => r.username)).toContain("aarav.sharma1");
    expect(found.search).toBe("aarav.sharma1");
    const byBank = await load("?search=HDFC");
    expect(byBank.total).toBeGreaterThan(0);
    expect(byBank.rows.every((r: { bank: string; ifsc: string }) => r.bank.includes("HDFC") || r.ifsc.includes("HDFC"))).toBe(true);
    expect((await load("?search=zzzz-nothing")).total).toBe(0);
  });

  it("passes the URL's sort to the API (the SP username, Account Holder and Bank Name headers' links); refuses one it cannot apply", async () => {
    for (const [sortField, sortOrder] of [
      ["username", "asc"],
      ["account_holder_name", "desc"],
      ["bank_name", "asc"],
    ]) {
      const page = await load(`?sortField=${sortField}&sortOrder=${sortOrder}&page_size=100`);
      const accounts = await apiCall<BankAccount[]>(`/accounts/?page_size=100&sortField=${sortField}&sortOrder=${sortOrder}`);
      expect(page.sort).toEqual({ field: sortField, order: sortOrder });
      expect(page.sortError).toBeNull();
      expect(page.rows.map((r: { id: number }) => r.id)).toEqual(accounts.map((a) => a.id));
    }
    const refused = await load("?sortField=account_number&sortOrder=asc");
    expect(refused.sort).toBeNull();
    expect(refused.sortError).toBe('Sort: this list cannot be sorted by "account_number".');
    expect(refused.rows.map((r: { id: number }) => r.id)).toEqual((await load()).rows.map((r: { id: number }) => r.id));
  });

  it("is open to BankDetails access only", async () => {
    for (const who of ["catalog", "viewer", "support"] as const) {
      expect(statusOf(await callRoute(bankRoute, await requestAs(who, PATH)))).toBe(403);
      expect(statusOf(await callRoute(bankRoute, await requestAs(who, PATH, { form: { intent: "reveal", id: "1" } })))).toBe(403);
    }
  });
});
