import { beforeAll, describe, expect, it } from "vitest";
import { DateTime } from "luxon";
import { describeAuditEntry } from "~/services/audit-log/notices.server";
import * as ledgerRoute from "~/routes/admin.payments.ledger";
import * as exportRoute from "~/routes/admin.payments.ledger_.export";
import * as detailsRoute from "~/routes/admin.provider-details.$providerId";
import type { PayoutLedgerPage } from "~contract/payout-ledger";
import { LEDGER_COLUMNS } from "~/models/payout-ledger-columns";
import { LEDGER_TEXT, type LedgerRow } from "~/models/payout-ledger";
import { formatInr } from "~shared/money";
import { apiCall, callRoute, newAdminCookie, requestAs, statusOf } from "../support/routes";
import { csvRows, exportEntries } from "../support/export-files";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function payload(result: unknown): any {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: unknown }).data;
  return result;
}

let provider: { serviceProvider_id: number; username: string };

/** A Completed Service order of the test's provider; variant 0 comes released (before payouts), 1 paid and not released. */
async function order(variant: 0 | 1, amount: string): Promise<number> {
  // the payment's state said outright: other files of this worker may have changed the demo orders copied
  const payment_status = variant === 0 ? "WITHDRAWN" : "PAYMENT_SUCCESS";
  const { data } = await apiCall<{ data: { payments: { payment_id: number; payment_status: string }[] } }>("/test-fixtures/orders", {
    method: "POST",
    body: {
      serviceType: "Service",
      status: "Completed",
      service_provider_id: provider.serviceProvider_id,
      variant,
      amount,
      payment_status,
    },
  });
  return data.payments.find((p) => p.payment_status === payment_status)!.payment_id;
}

/** Releases through the API; at or above a threshold another file may have set, the demo finance admin approves. */
async function release(paymentId: number) {
  const answer = await apiCall<{ data: { release: { payout_id: number; state: string } | null } }>(`/payments/${paymentId}`, {
    method: "PUT",
    body: { payment_status: "WITHDRAWN" },
    actingAdmin: "admin",
  });
  if (answer.data.release?.state === "Requested") {
    await apiCall(`/release-requests/${answer.data.release.payout_id}/approve`, { method: "POST", actingAdmin: "finance" });
  }
}

const apiLedger = (query: Record<string, string>) =>
  apiCall<PayoutLedgerPage>(
    `/payout-ledger?${new URLSearchParams({ provider: String(provider.serviceProvider_id), page_size: "100", ...query })}`,
  );

const ledgerUrl = (query: Record<string, string> = {}) =>
  `/admin/payments/ledger?${new URLSearchParams({ provider: String(provider.serviceProvider_id), ...query })}`;

beforeAll(async () => {
  provider = (await apiCall<{ data: typeof provider }>("/test-fixtures/providers", { method: "POST", body: { prefix: "ledgerroutes" } }))
    .data;
  await order(0, "1500.00");
  for (const amount of ["2000.00", "2500.75", "3000.00"]) await release(await order(1, amount));
});

describe("payout ledger page: access", () => {
  it("sends a visitor without a session to the login, and refuses an admin without Payment access", async () => {
    expect(await callRoute(ledgerRoute, await requestAs(null, ledgerUrl()))).toHaveRedirect("/admin/login");
    expect(await callRoute(exportRoute, await requestAs(null, ledgerUrl()))).toHaveRedirect("/admin/login");
    // support: ServiceProvider access, not Payment
    expect(statusOf(await callRoute(ledgerRoute, await requestAs("support", ledgerUrl())))).toBe(403);
    expect(statusOf(await callRoute(exportRoute, await requestAs("support", ledgerUrl({ format: "csv" }))))).toBe(403);
    const onlyPayment = await newAdminCookie(["Payment"]);
    const request = new Request(`http://admin.test${ledgerUrl()}`, { headers: { Cookie: onlyPayment } });
    expect(payload(await callRoute(ledgerRoute, request)).kind).toBe("ledger");
  });
});

describe("payout ledger page", () => {
  it("shows the provider's releases, newest first, with the running total and the range's totals", async () => {
    const page = payload(await callRoute(ledgerRoute, await requestAs("admin", ledgerUrl())));
    const api = await apiLedger({ page_size: "10" });
    expect(page.kind).toBe("ledger");
    expect(page.provider).toEqual({ id: provider.serviceProvider_id, username: provider.username });
    expect(page.total).toBe(4);
    expect(page.rows.map((r: LedgerRow) => r.paymentId)).toEqual(api.data.map((r) => r.payment_id));
    expect(page.rows.map((r: LedgerRow) => r.runningTotal)).toEqual(api.data.map((r) => formatInr(r.running_total)));
    expect(page.totals).toEqual({
      count: 4,
      gross: formatInr(api.totals.total_amount),
      serviceCharge: formatInr(api.totals.platform_commission),
      gst: formatInr(api.totals.gst),
      paid: formatInr(api.totals.paid_to_provider),
    });
    expect(page.allTimePaid).toBe(formatInr(api.all_time_paid));
    // the newest release's running total is everything paid
    expect(page.rows[0].runningTotal).toBe(page.allTimePaid);
    // the release before payouts were recorded: nobody named
    const old = page.rows.at(-1) as LedgerRow;
    expect(old).toMatchObject({ requestedBy: null, approvedBy: null, state: null });
    expect(page.rows[0]).toMatchObject({ requestedBy: "admin", state: "Approved" });
  });

  it("filters by release date (India days), keeps the running total, and reports a bad date", async () => {
    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    const all = payload(await callRoute(ledgerRoute, await requestAs("admin", ledgerUrl())));
    const page = payload(await callRoute(ledgerRoute, await requestAs("admin", ledgerUrl({ start_date: today, end_date: today }))));
    expect(page.filtered).toBe(true);
    expect(page.total).toBe(3);
    expect(page.rows.map((r: LedgerRow) => r.runningTotal)).toEqual(all.rows.slice(0, 3).map((r: LedgerRow) => r.runningTotal));
    expect(page.totals.count).toBe(3);

    const bad = await callRoute(ledgerRoute, await requestAs("admin", ledgerUrl({ start_date: "2026-02-31" })));
    expect(statusOf(bad)).toBe(400);
    expect(payload(bad).filterErrors).toEqual(['From Date "2026-02-31" is not a date (use YYYY-MM-DD).']);
  });

  it("without a provider asks for one; opens a provider named by username; says when none is found", async () => {
    const none = await callRoute(ledgerRoute, await requestAs("admin", "/admin/payments/ledger"));
    expect(payload(none)).toMatchObject({ kind: "choose", message: LEDGER_TEXT.choose, candidates: [] });

    const byName = await callRoute(
      ledgerRoute,
      await requestAs("admin", `/admin/payments/ledger?provider=${provider.username.toUpperCase()}&start_date=2026-01-01`),
    );
    expect(byName).toHaveRedirect(`/admin/payments/ledger?provider=${provider.serviceProvider_id}&start_date=2026-01-01`);

    const unknownName = await callRoute(ledgerRoute, await requestAs("admin", "/admin/payments/ledger?provider=nobody-by-this-name-zz"));
    expect(statusOf(unknownName)).toBe(404);
    expect(payload(unknownName)).toMatchObject({ kind: "choose", message: LEDGER_TEXT.noSuchName("nobody-by-this-name-zz") });

    // part of a username: the providers found, to pick from
    const part = provider.username.slice(0, -2);
    const some = payload(await callRoute(ledgerRoute, await requestAs("admin", `/admin/payments/ledger?provider=${part}`)));
    expect(some.message).toBe(LEDGER_TEXT.someNamed(part));
    expect(some.candidates).toContainEqual({ id: provider.serviceProvider_id, username: provider.username });

    const unknownId = await callRoute(ledgerRoute, await requestAs("admin", "/admin/payments/ledger?provider=2147483000"));
    expect(statusOf(unknownId)).toBe(404);
    expect(payload(unknownId).message).toBe(LEDGER_TEXT.noSuchId("2147483000"));
  });
});

describe("payout ledger export", () => {
  it("writes exactly the table's rows (every page) under the same filter and sort, audited", async () => {
    const query = { sortField: "release_date", sortOrder: "asc", page_size: "10" };
    const page = payload(await callRoute(ledgerRoute, await requestAs("admin", ledgerUrl(query))));
    const before = (await exportEntries("payout-ledger")).length;
    const response = (await callRoute(
      exportRoute,
      await requestAs("admin", ledgerUrl({ ...query, page: "2", format: "csv" })),
    )) as Response;
    expect(response.status).toBe(200);
    const [header, ...rows] = csvRows(await response.text());
    expect(header).toEqual(LEDGER_COLUMNS.map((c) => c.header));
    const expected = (page.rows as LedgerRow[]).map((r) =>
      LEDGER_COLUMNS.map((c) => {
        const value = c.value(r);
        return value === undefined ? "" : c.money ? Number(value).toFixed(2) : String(value);
      }),
    );
    expect(rows).toEqual(expected);
    // oldest first, as the page's sort
    expect(rows[0][0]).toBe(page.rows[0].shortId);
    const entries = await exportEntries("payout-ledger");
    expect(entries.length).toBe(before + 1);
    expect(entries[0].after).toMatchObject({ list: "Payout Ledger", format: "csv", rows: 4 });
    // the audit log's link reopens the ledger as it was exported
    const described = describeAuditEntry(entries[0], DateTime.now(), { access: ["Payment"], seenUpTo: 0, self: 0 });
    const asExported = new URLSearchParams({ provider: String(provider.serviceProvider_id), sortField: "release_date", sortOrder: "asc" });
    expect(described.href).toBe(`/admin/payments/ledger?${asExported}`);

    // a filtered export: the filtered rows only
    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    const filtered = (await callRoute(exportRoute, await requestAs("admin", ledgerUrl({ start_date: today, format: "csv" })))) as Response;
    expect(csvRows(await filtered.text())).toHaveLength(1 + 3);
  });

  it("refuses an export without a provider, back on the page with the message", async () => {
    const response = (await callRoute(exportRoute, await requestAs("admin", "/admin/payments/ledger/export?format=csv"))) as Response;
    expect(response).toHaveRedirect("/admin/payments/ledger");
    await expect(response).toSendToast({ type: "error" });
  });
});

describe("provider details: Payouts", () => {
  it("shows the total paid and the latest releases to an admin with Payment access only", async () => {
    const params = { providerId: String(provider.serviceProvider_id) };
    const path = `/admin/provider-details/${provider.serviceProvider_id}`;
    const admin = payload(await callRoute(detailsRoute, await requestAs("admin", path), params));
    const api = await apiLedger({ page_size: "5" });
    expect(admin.payouts).toMatchObject({
      providerId: provider.serviceProvider_id,
      totalPaid: formatInr(api.all_time_paid),
      count: 4,
      error: null,
    });
    expect(admin.payouts.rows.map((r: { shortId: string }) => r.shortId)).toEqual(api.data.map((r) => r.short_id));
    // support may open the provider, not their payouts
    const support = payload(await callRoute(detailsRoute, await requestAs("support", path), params));
    expect(support.provider.id).toBe(provider.serviceProvider_id);
    expect(support.payouts).toBeNull();
  });
});
