import { describe, expect, it } from "vitest";
import * as bankRoute from "~/routes/admin.service-provider-bank-details";
import { maskAccountNumber } from "~/services/marketplace/accounts.server";
import type { BankAccount } from "~/models/service-provider";
import { apiCall, callRoute, requestAs, statusOf } from "../support/routes";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function payload(result: unknown): any {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: unknown }).data;
  return result;
}

const PATH = "/admin/service-provider-bank-details";
const load = async (query = "") => payload(await callRoute(bankRoute, await requestAs("admin", `${PATH}${query}`)));

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

  it("reveals one row through a POST that lands on ?reveal=<id>", async () => {
    const first = (await load()).rows[0];
    const posted = await callRoute(bankRoute, await requestAs("admin", `${PATH}?page_size=10`, { form: { intent: "reveal", id: String(first.id) } }));
    expect(posted).toHaveRedirect(`${PATH}?page_size=10&reveal=${first.id}`);
    const page = await load(`?page_size=10&reveal=${first.id}`);
    const accounts = await apiCall<BankAccount[]>("/accounts/");
    const shown = page.rows.find((r: { id: number }) => r.id === first.id);
    expect(shown.revealed).toBe(true);
    expect(shown.number).toBe(accounts.find((a) => a.id === first.id)!.account_number);
    expect(page.rows.filter((r: { revealed: boolean }) => r.revealed)).toHaveLength(1);
    const hidden = await callRoute(bankRoute, await requestAs("admin", `${PATH}?reveal=${first.id}`, { form: { intent: "hide", id: String(first.id) } }));
    expect(hidden).toHaveRedirect(PATH);
    expect((hidden as Response).headers.get("Location")).toBe(PATH);
    const bad = await callRoute(bankRoute, await requestAs("admin", PATH, { form: { intent: "reveal", id: "x" } }));
    expect(statusOf(bad)).toBe(400);
    expect(statusOf(await callRoute(bankRoute, await requestAs("admin", PATH, { form: { intent: "drop" } })))).toBe(400);
    // nonsense ?reveal shows nothing in full
    const junk = await load("?reveal=abc");
    expect(junk.rows.every((r: { revealed: boolean }) => !r.revealed)).toBe(true);
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

  it("is open to BankDetails access only", async () => {
    for (const who of ["catalog", "viewer", "support"] as const) {
      expect(statusOf(await callRoute(bankRoute, await requestAs(who, PATH)))).toBe(403);
      expect(statusOf(await callRoute(bankRoute, await requestAs(who, PATH, { form: { intent: "reveal", id: "1" } })))).toBe(403);
    }
  });
});
