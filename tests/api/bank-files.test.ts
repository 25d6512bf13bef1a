import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import {
  ApprovedPayout,
  BANK_FILE_COLUMNS,
  BANK_FILE_MESSAGES,
  BankFileDetail,
  BankFileSummary,
  lineReference,
} from "~contract/bank-files";
import { csvRows as parseCsv } from "../support/csv-rows";
import { inrToPaiseNumber } from "~shared/money";
import { bankAccounts, payments, payouts } from "../../api/src/db/schema";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed } from "./helpers";

type Provider = { serviceProvider_id: number; user_id: number; username: string };

describeEachDriver("bank files", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver, testFixtures: true });
  });
  afterAll(() => api?.close());

  const lastAudit = async () => (await get(api, "/audit-log", { query: { limit: 1 } })).body.data[0];

  async function newProvider(withAccount = true): Promise<Provider> {
    const answer = await call(api, "POST", "/test-fixtures/providers", { body: { variant: withAccount ? 0 : 1, prefix: "bankfile" } });
    expect(answer.status, answer.text).toBe(201);
    const provider = answer.body.data as Provider;
    const accounts = await api.db.select().from(bankAccounts).where(eq(bankAccounts.service_provider_id, provider.serviceProvider_id));
    if (withAccount) expect(accounts.length).toBeGreaterThan(0);
    else expect(accounts).toEqual([]);
    return provider;
  }

  async function newAdmin(access: string[]) {
    const name = `bankfile-${Math.random().toString(36).slice(2, 8)}`;
    const answer = await call(api, "POST", "/register-admin-user", {
      body: {
        adminUsername: name,
        adminPassword: "Bank-file-12",
        adminEmail: `${name}@example.com`,
        adminStatus: "Active",
        adminRole: "Support",
        adminAccessRoleSettings: access,
      },
    });
    expect(answer.status, answer.text).toBe(201);
    return answer.body.data.adminUserId as number;
  }

  /** A completed order of this provider, paid `amount` rupees, released (a payout in state Approved): its payout id. */
  async function approvedPayout(provider: Provider, amount: string): Promise<number> {
    for (const variant of [0, 1]) {
      const order = await call(api, "POST", "/test-fixtures/orders", {
        body: { serviceType: "Service", status: "Completed", variant, service_provider_id: provider.serviceProvider_id, amount },
      });
      expect(order.status, order.text).toBe(201);
      const paid = (order.body.data.payments as { payment_id: number; payment_status: string }[]).find(
        (p) => p.payment_status === "PAYMENT_SUCCESS",
      );
      if (!paid) continue;
      const released = await call(api, "PUT", `/payments/${paid.payment_id}`, { body: { payment_status: "WITHDRAWN" } });
      expect(released.status, released.text).toBe(200);
      const [payout] = await api.db.select().from(payouts).where(eq(payouts.payment_id, paid.payment_id));
      expect(payout.state).toBe("Approved");
      return payout.payout_id;
    }
    throw new Error("no demo Completed Service order has a successful payment to copy");
  }

  const generate = (body: unknown, actingAdmin?: number) =>
    call(api, "POST", "/bank-files", { body, ...(actingAdmin ? { actingAdmin } : {}) });
  const detail = async (id: number) => parsed(BankFileDetail, (await get(api, `/bank-files/${id}`)).body.data);
  const csv = (id: number, actingAdmin: number | null = 1) => get(api, `/bank-files/${id}/csv`, { actingAdmin });
  const payoutRows = (ids: number[]) => api.db.select().from(payouts).where(inArray(payouts.payout_id, ids));

  it("lists approved payouts for the picker, with whether the provider has a bank account, filtered by release day", async () => {
    const withAccount = await newProvider();
    const without = await newProvider(false);
    const a = await approvedPayout(withAccount, "1000.00");
    const b = await approvedPayout(without, "2000.00");
    const answer = await get(api, "/approved-payouts", { query: { page_size: 200 } });
    expect(answer.status, answer.text).toBe(200);
    const rows = answer.body.data.map((r: unknown) => parsed(ApprovedPayout, r));
    expect(rows.find((r: ApprovedPayout) => r.payout_id === a)).toMatchObject({
      has_bank_account: true,
      provider_username: withAccount.username,
    });
    expect(rows.find((r: ApprovedPayout) => r.payout_id === b)).toMatchObject({
      has_bank_account: false,
      provider_username: without.username,
    });
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const onDay = await get(api, "/approved-payouts", { query: { released_on: today, page_size: 200 } });
    expect(onDay.body.data.map((r: ApprovedPayout) => r.payout_id)).toEqual(expect.arrayContaining([a, b]));
    const other = await get(api, "/approved-payouts", { query: { released_on: "2001-01-01" } });
    expect(other.body).toMatchObject({ data: [], total_results: 0, total_amount: "0.00" });
    const bad = await get(api, "/approved-payouts", { query: { released_on: "2026-02-30" } });
    expect(bad.status).toBe(400);
  });

  it("generates one file: a line per provider, totals exact to the paisa, payouts in the file; masked on screen; audited without account numbers", async () => {
    const p1 = await newProvider();
    const p2 = await newProvider();
    // amounts whose splits round (service charge, GST) so the payables are odd paise
    const ids = [await approvedPayout(p1, "1234.57"), await approvedPayout(p1, "999.99"), await approvedPayout(p2, "50001.03")];
    const answer = await generate({ payout_ids: ids });
    expect(answer.status, answer.text).toBe(201);
    const file = parsed(BankFileDetail, answer.body.data);
    expect(answer.body.message).toBe(BANK_FILE_MESSAGES.generated(file.file_name, 2));
    expect(file).toMatchObject({ state: "Generated", line_count: 2, failed_count: 0, created_by: "admin" });
    expect(file.file_name).toBe(`bank-transfer-${file.file_date}-batch-${String(file.batch_number).padStart(2, "0")}.csv`);
    expect(file.lines.map((l) => l.service_provider_id).sort()).toEqual([p1.serviceProvider_id, p2.serviceProvider_id].sort());
    const line1 = file.lines.find((l) => l.service_provider_id === p1.serviceProvider_id)!;
    expect(line1.payout_ids).toEqual(ids.slice(0, 2));
    expect(line1.narration).toBe(`Payout ${line1.short_ids.join(" ")}`);
    expect(line1.short_ids).toHaveLength(2);
    expect(line1.account_number).toMatch(/^X+\d{4}$/);

    // money: file total == sum of lines == sum of its payouts == sum of the payments' paid_to_provider, integer paise
    const rows = await payoutRows(ids);
    expect(rows.every((p) => p.state === "In bank file" && p.bank_file_id === file.bank_file_id)).toBe(true);
    const paid = await api.db
      .select()
      .from(payments)
      .where(
        inArray(
          payments.payment_id,
          rows.map((p) => p.payment_id),
        ),
      );
    const sumLines = file.lines.reduce((s, l) => s + inrToPaiseNumber(l.amount), 0);
    const sumPayouts = rows.reduce((s, p) => s + p.amount, 0);
    const sumPaid = paid.reduce((s, p) => s + p.paid_to_provider, 0);
    expect(inrToPaiseNumber(file.total)).toBe(sumLines);
    expect(sumLines).toBe(sumPayouts);
    expect(sumPayouts).toBe(sumPaid);
    expect(Number.isInteger(sumPaid)).toBe(true);
    // …and of the ledger: the file's payouts are each a row of their provider's ledger, the same paise
    // (the helper's copied orders also bring releases from before payouts: rows without a payout)
    let sumLedger = 0;
    for (const provider of [p1, p2]) {
      const ledger = await get(api, "/payout-ledger", { query: { provider: provider.serviceProvider_id, page_size: 100 } });
      expect(ledger.status, ledger.text).toBe(200);
      const own = rows.filter((p) => p.service_provider_id === provider.serviceProvider_id).map((p) => p.payout_id);
      const inFile = (ledger.body.data as { payout_id: number | null; payout_state: string; paid_to_provider: string }[]).filter(
        (r) => r.payout_id !== null && own.includes(r.payout_id),
      );
      expect(inFile.map((r) => r.payout_id).sort()).toEqual([...own].sort());
      expect(inFile.every((r) => r.payout_state === "In bank file")).toBe(true);
      sumLedger += inFile.reduce((sum, r) => sum + inrToPaiseNumber(r.paid_to_provider), 0);
    }
    expect(sumLedger).toBe(inrToPaiseNumber(file.total));
    expect(inrToPaiseNumber(line1.amount)).toBe(
      rows.filter((p) => p.service_provider_id === p1.serviceProvider_id).reduce((s, p) => s + p.amount, 0),
    );

    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "create", entity: "bank_file", entity_id: String(file.bank_file_id) });
    const [account] = await api.db.select().from(bankAccounts).where(eq(bankAccounts.service_provider_id, p1.serviceProvider_id));
    expect(JSON.stringify(audit)).not.toContain(account.account_number);
    expect(JSON.stringify(await detail(file.bank_file_id))).not.toContain(account.account_number);

    // a payout is in one file only
    const again = await generate({ payout_ids: [ids[0]] });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^Only approved payouts can go into a bank file; not approved now: ORD\S+ \(In bank file\)$/);
  });

  it("numbers the day's files 1, 2, …; lists them newest first and by state", async () => {
    const p = await newProvider();
    const first = parsed(BankFileDetail, (await generate({ payout_ids: [await approvedPayout(p, "100.00")] })).body.data);
    const second = parsed(BankFileDetail, (await generate({ payout_ids: [await approvedPayout(p, "200.00")] })).body.data);
    expect(second.file_date).toBe(first.file_date);
    expect(second.batch_number).toBe(first.batch_number + 1);
    const list = await get(api, "/bank-files", { query: { page_size: 100 } });
    expect(list.status).toBe(200);
    const files = list.body.data.map((f: unknown) => parsed(BankFileSummary, f));
    expect(files[0].bank_file_id).toBe(second.bank_file_id);
    expect(files[1].bank_file_id).toBe(first.bank_file_id);
    const numbers = files.filter((f: BankFileSummary) => f.file_date === first.file_date).map((f: BankFileSummary) => f.batch_number);
    expect([...numbers].sort((a, b) => a - b)).toEqual(numbers.map((_: number, i: number) => i + 1));
    const paidOnly = await get(api, "/bank-files", { query: { state: "Paid" } });
    expect(paidOnly.body.data.every((f: BankFileSummary) => f.state === "Paid")).toBe(true);
  });

  it("a day's file past ₹2.1 crore (int4's ceiling in paise) keeps its total and lines exact", async () => {
    const providers = [await newProvider(), await newProvider()];
    const ids = [
      await approvedPayout(providers[0], "9000000.00"),
      await approvedPayout(providers[0], "9000000.00"),
      await approvedPayout(providers[1], "9000000.00"),
      await approvedPayout(providers[1], "9000000.00"),
    ];
    const answer = await generate({ payout_ids: ids });
    expect(answer.status, answer.text).toBe(201);
    const file = parsed(BankFileDetail, answer.body.data);
    const sum = (await payoutRows(ids)).reduce((total, p) => total + p.amount, 0);
    expect(sum).toBeGreaterThan(2_147_483_647);
    expect(inrToPaiseNumber(file.total)).toBe(sum);
    expect(file.lines.reduce((total, l) => total + inrToPaiseNumber(l.amount), 0)).toBe(sum);
  });

  it("two concurrent generates over the same payouts: each payout lands in exactly one file", async () => {
    const p = await newProvider();
    const ids = [await approvedPayout(p, "300.00"), await approvedPayout(p, "400.00")];
    const answers = await Promise.all([generate({ payout_ids: ids }), generate({ payout_ids: ids }), generate({ payout_ids: [ids[1]] })]);
    const made = answers.filter((a) => a.status === 201);
    expect(made).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(2);
    const rows = await payoutRows(ids);
    expect(new Set(rows.map((r) => r.bank_file_id))).toEqual(new Set([made[0].body.data.bank_file_id]));
  });

  it("refuses payouts that are not approved, unknown, or of a provider without a bank account, and changes nothing", async () => {
    const withAccount = await newProvider();
    const without = await newProvider(false);
    const ok = await approvedPayout(withAccount, "500.00");
    const noAccount = await approvedPayout(without, "600.00");
    const before = (await get(api, "/bank-files", { query: { page_size: 1 } })).body.total_results;
    const refused = await generate({ payout_ids: [ok, noAccount] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      new RegExp(`^These providers have no bank account, add one on Bank Details first: ${without.username} \\(ORD`),
    );
    const unknown = await generate({ payout_ids: [ok, 99_999_999] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Unknown payouts: 99999999");
    expect((await generate({ payout_ids: [] })).status).toBe(400);
    expect((await generate({})).status).toBe(400);
    expect((await generate({ payout_ids: [ok], all_approved_today: true })).status).toBe(400);
    expect((await get(api, "/bank-files", { query: { page_size: 1 } })).body.total_results).toBe(before);
    expect((await payoutRows([ok, noAccount])).map((p) => p.state)).toEqual(["Approved", "Approved"]);
  });

  it("needs an Active admin with both Payment and Bank Details access to generate or download (403)", async () => {
    const p = await newProvider();
    const id = await approvedPayout(p, "700.00");
    const paymentOnly = await newAdmin(["Payment"]);
    const bankOnly = await newAdmin(["BankDetails"]);
    for (const admin of [paymentOnly, bankOnly, 2]) {
      const answer = await generate({ payout_ids: [id] }, admin);
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe(BANK_FILE_MESSAGES.needsAccess);
    }
    const both = await newAdmin(["Payment", "BankDetails"]);
    const made = await generate({ payout_ids: [id] }, both);
    expect(made.status, made.text).toBe(201);
    const fileId = made.body.data.bank_file_id;
    expect((await csv(fileId, paymentOnly)).status).toBe(403);
    expect((await csv(fileId, null)).status).toBe(400);
    expect((await csv(fileId, both)).status).toBe(200);
    // changing states needs Payment
    expect((await call(api, "POST", `/bank-files/${fileId}/sent`, { actingAdmin: bankOnly })).status).toBe(403);
    expect((await call(api, "POST", `/bank-files/${fileId}/sent`, { actingAdmin: paymentOnly })).status).toBe(200);
  });

  it("downloads the CSV: the documented columns, full account numbers, rupees with paise, quoting by the CSV library, formulas disarmed; audited as an export", async () => {
    const p = await newProvider();
    // a holder name with a comma, a quote, and one that starts like a formula
    await api.db
      .update(bankAccounts)
      .set({ account_holder_name: '=Sharma, "Anil" K' })
      .where(eq(bankAccounts.service_provider_id, p.serviceProvider_id));
    const [account] = await api.db.select().from(bankAccounts).where(eq(bankAccounts.service_provider_id, p.serviceProvider_id));
    const ids = [await approvedPayout(p, "1234.50"), await approvedPayout(p, "10.01")];
    const file = parsed(BankFileDetail, (await generate({ payout_ids: ids })).body.data);
    const answer = await csv(file.bank_file_id);
    expect(answer.status).toBe(200);
    const response = await fetch(new URL(`/bank-files/${file.bank_file_id}/csv`, api.url), {
      headers: { [api.apiKeyHeader]: api.apiKey, "x-acting-admin": "1" },
    });
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${file.file_name}"`);
    expect(answer.text).toContain('"\'=Sharma, ""Anil"" K"');
    const table = parseCsv(answer.text) as string[][];
    expect(table[0]).toEqual([...BANK_FILE_COLUMNS]);
    expect(table).toHaveLength(2);
    const [day, month, year] = table[1][5].split("/");
    expect(`${year}-${month}-${day}`).toBe(file.file_date);
    expect(table[1]).toEqual([
      "NEFT",
      `'=Sharma, "Anil" K`,
      account.account_number,
      account.ifsc_code,
      file.lines[0].amount,
      table[1][5],
      `Payout ${file.lines[0].short_ids.join(" ")}`,
      lineReference(file.file_date, file.batch_number, 1),
    ]);
    expect(table[1][4]).toMatch(/^\d+\.\d{2}$/);
    expect(answer.text.endsWith("\r\n")).toBe(true);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "export", entity: "bank_file", entity_id: String(file.bank_file_id) });
    expect(JSON.stringify(audit)).not.toContain(account.account_number);
    expect((await csv(99_999_999)).status).toBe(404);
  });

  it("sent → paid with the bank's reference; a failed line's payouts are approved again and go into a new file; wrong states answer 409", async () => {
    const p1 = await newProvider();
    const p2 = await newProvider();
    const a = await approvedPayout(p1, "800.00");
    const b = await approvedPayout(p2, "900.00");
    const file = parsed(BankFileDetail, (await generate({ payout_ids: [a, b] })).body.data);
    const id = file.bank_file_id;
    const lineOf = (f: BankFileDetail, payout: number) => f.lines.find((l) => l.payout_ids.includes(payout))!;

    const early = await call(api, "POST", `/bank-files/${id}/paid`, { body: { bank_reference: "UTR1" } });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe("Mark the bank file sent to bank before marking it paid");

    const sent = await call(api, "POST", `/bank-files/${id}/sent`);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.message).toBe(BANK_FILE_MESSAGES.sent(file.file_name));
    expect(parsed(BankFileDetail, sent.body.data)).toMatchObject({ state: "Sent to bank", sent_by: "admin" });
    expect((await payoutRows([a, b])).map((p) => p.state)).toEqual(["Sent to bank", "Sent to bank"]);
    const twice = await call(api, "POST", `/bank-files/${id}/sent`);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe("This bank file is sent to bank: only a generated file can be marked sent to bank");

    const line = lineOf(file, b);
    expect((await call(api, "POST", `/bank-files/${id}/lines/${line.line_id}/fail`, { body: { reason: " " } })).status).toBe(400);
    const failed = await call(api, "POST", `/bank-files/${id}/lines/${line.line_id}/fail`, { body: { reason: "Account closed" } });
    expect(failed.status, failed.text).toBe(200);
    expect(failed.body.message).toBe(BANK_FILE_MESSAGES.lineFailed(line.line_number));
    const afterFail = parsed(BankFileDetail, failed.body.data);
    expect(lineOf(afterFail, b)).toMatchObject({ state: "Failed", failure_reason: "Account closed", failed_by: "admin" });
    expect(afterFail.failed_count).toBe(1);
    expect(afterFail.total).toBe(file.total);
    const [back] = await payoutRows([b]);
    expect(back).toMatchObject({ state: "Approved", bank_file_id: null, reason: "Account closed" });
    const failAgain = await call(api, "POST", `/bank-files/${id}/lines/${line.line_id}/fail`, { body: { reason: "Again" } });
    expect(failAgain.status).toBe(409);
    expect(failAgain.body.message).toBe(`Line ${line.line_number} is already failed`);
    expect((await call(api, "POST", `/bank-files/${id}/lines/99999999/fail`, { body: { reason: "x" } })).status).toBe(404);

    const paidAnswer = await call(api, "POST", `/bank-files/${id}/paid`, { body: { bank_reference: "  UTR-2026-11-28-7781 " } });
    expect(paidAnswer.status, paidAnswer.text).toBe(200);
    const paidFile = parsed(BankFileDetail, paidAnswer.body.data);
    expect(paidFile).toMatchObject({ state: "Paid", bank_reference: "UTR-2026-11-28-7781", paid_by: "admin" });
    expect(lineOf(paidFile, a).state).toBe("Paid");
    expect(lineOf(paidFile, b).state).toBe("Failed");
    const [paidPayout] = await payoutRows([a]);
    expect(paidPayout.state).toBe("Paid");
    expect(paidPayout.paid_at).not.toBeNull();
    expect((await lastAudit()).after).toEqual({ state: "Paid", bank_reference: "UTR-2026-11-28-7781" });
    expect((await call(api, "POST", `/bank-files/${id}/paid`, { body: { bank_reference: "UTR3" } })).body.message).toBe(
      "This bank file is already paid",
    );
    const lateFail = await call(api, "POST", `/bank-files/${id}/lines/${lineOf(paidFile, a).line_id}/fail`, { body: { reason: "x" } });
    expect(lateFail.status).toBe(409);
    expect(lateFail.body.message).toBe("This bank file is paid: its lines can no longer be marked failed");
    expect((await call(api, "POST", `/bank-files/${id}/paid`, { body: {} })).status).toBe(400);

    // the failed payout goes into the next file
    const next = await generate({ payout_ids: [b] });
    expect(next.status, next.text).toBe(201);
    expect((await payoutRows([b]))[0]).toMatchObject({ state: "In bank file", bank_file_id: next.body.data.bank_file_id });
  });

  describe("all approved today", () => {
    it("takes every payout approved and released today whose provider has a bank account, and tells which were left out", async () => {
      const withAccount = await newProvider();
      const without = await newProvider(false);
      const a = await approvedPayout(withAccount, "111.11");
      const b = await approvedPayout(without, "222.22");
      const waiting = (await get(api, "/approved-payouts", { query: { page_size: 200 } })).body.data as ApprovedPayout[];
      const answer = await generate({ all_approved_today: true });
      expect(answer.status, answer.text).toBe(201);
      const file = parsed(BankFileDetail, answer.body.data);
      const inFile = file.lines.flatMap((l) => l.payout_ids);
      expect(inFile).toContain(a);
      expect(inFile).not.toContain(b);
      expect(answer.body.skipped).toContain(b);
      expect(inFile.sort()).toEqual(
        waiting
          .filter((w) => w.has_bank_account)
          .map((w) => w.payout_id)
          .sort(),
      );
      const none = await generate({ all_approved_today: true });
      expect(none.status).toBe(409);
      expect(none.body.message).toBe(BANK_FILE_MESSAGES.noneApprovedToday);
    });
  });
});
