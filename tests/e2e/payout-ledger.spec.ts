import { readFile } from "node:fs/promises";
import type { PayoutLedgerPage } from "~contract/payout-ledger";
import { formatInr } from "~shared/money";
import { expect, test, type apiCall as ApiCall } from "./fixtures";

type Provider = { serviceProvider_id: number; username: string };

/** The India day of an ISO time (YYYY-MM-DD). */
const istDay = (iso: string) => new Date(Date.parse(iso) + 5.5 * 3600_000).toISOString().slice(0, 10);

/**
 * A provider of the test's own with three releases: one from the demo data (released before payouts
 * were recorded, months ago) and two made now through the API (if another test left a two-person
 * threshold below their amounts, the demo finance admin approves).
 */
async function providerWithReleases(apiCall: typeof ApiCall): Promise<{ provider: Provider; ledger: PayoutLedgerPage }> {
  const { data: provider } = await apiCall<{ data: Provider }>("/test-fixtures/providers", {
    method: "POST",
    body: { prefix: "ledgere2e" },
  });
  const order = async (variant: 0 | 1, amount: string) =>
    (
      await apiCall<{ data: { payments: { payment_id: number; payment_status: string }[] } }>("/test-fixtures/orders", {
        method: "POST",
        body: {
          serviceType: "Service",
          status: "Completed",
          service_provider_id: provider.serviceProvider_id,
          variant,
          amount,
          // variant 0: a release from before payouts were recorded; 1: paid, to be released here
          payment_status: variant === 0 ? "WITHDRAWN" : "PAYMENT_SUCCESS",
        },
      })
    ).data.payments.find((p) => p.payment_status === (variant === 0 ? "WITHDRAWN" : "PAYMENT_SUCCESS"))!.payment_id;
  const release = async (paymentId: number) => {
    const answer = await apiCall<{ data: { release: { payout_id: number; state: string } | null } }>(`/payments/${paymentId}`, {
      method: "PUT",
      body: { payment_status: "WITHDRAWN" },
      actingAdmin: "admin",
    });
    if (answer.data.release?.state !== "Requested") return;
    await apiCall(`/release-requests/${answer.data.release.payout_id}/approve`, { method: "POST", actingAdmin: "finance" });
  };
  await order(0, "1200.00");
  await release(await order(1, "2000.00"));
  await release(await order(1, "3500.50"));
  const ledger = await apiCall<PayoutLedgerPage>(`/payout-ledger?provider=${provider.serviceProvider_id}&page_size=100`);
  expect(ledger.total_results).toBe(3);
  return { provider, ledger };
}

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("a provider's ledger: releases newest first with the running total, a date filter that keeps it, and the export of what is shown", async ({
  page,
  apiCall,
}, testInfo) => {
  const { provider, ledger } = await providerWithReleases(apiCall);
  const [newest, second, old] = ledger.data;

  await page.goto(`/admin/payments/ledger?provider=${provider.serviceProvider_id}`);
  await expect(page.getByRole("heading", { name: `Ledger — ${provider.username}`, level: 1 })).toBeVisible();
  const table = page.getByRole("table", { name: "Payout ledger" });
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText(newest.short_id);
  await expect(rows.nth(0)).toContainText(formatInr(newest.running_total));
  await expect(rows.nth(0)).toContainText("admin");
  await expect(rows.nth(1)).toContainText(formatInr(second.running_total));
  // the release from before payouts: nobody named, its own running total
  await expect(rows.nth(2)).toContainText(old.short_id);
  await expect(rows.nth(2)).toContainText("Released earlier");
  await expect(rows.nth(2)).toContainText(formatInr(old.running_total));
  // the totals row
  const totals = table.locator("tfoot tr");
  await expect(totals).toContainText("Total (3 releases)");
  await expect(totals).toContainText(formatInr(ledger.totals.paid_to_provider));
  await expect(totals).toContainText(formatInr(ledger.totals.total_amount));
  // the order links to its payment page
  await expect(rows.nth(0).getByRole("link", { name: `Open order ${newest.short_id}` })).toHaveAttribute(
    "href",
    `/admin/payments/${newest.short_id}`,
  );

  // today's releases only: the old one leaves the table, the running totals stay what they were
  const today = istDay(newest.release_date!);
  expect(istDay(old.release_date!) < today).toBe(true);
  await page.getByText("Filter by release date", { exact: true }).click();
  await page.getByLabel("From Date").fill(today);
  await page.getByLabel("To Date").fill(today);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(new RegExp(`start_date=${today}`));
  await expect(page).toHaveURL(new RegExp(`provider=${provider.serviceProvider_id}`));
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(formatInr(newest.running_total));
  await expect(rows.nth(1)).toContainText(formatInr(second.running_total));
  await expect(table.locator("tfoot tr")).toContainText("Total (2 releases)");

  // the export: the provider and the dates of the page
  const csvLink = page.getByRole("main").getByRole("link", { name: "Export to CSV" });
  await expect(csvLink).toHaveAttribute("href", new RegExp(`^/admin/payments/ledger/export\\?.*provider=${provider.serviceProvider_id}`));
  await expect(csvLink).toHaveAttribute("href", new RegExp(`start_date=${today}.*format=csv`));
  const [download] = await Promise.all([page.waitForEvent("download"), csvLink.click()]);
  expect(download.suggestedFilename()).toMatch(/^payout-ledger-\d{4}-\d{2}-\d{2}\.csv$/);
  const file = testInfo.outputPath("ledger.csv");
  await download.saveAs(file);
  const lines = (await readFile(file, "utf8"))
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean);
  expect(lines[0]).toBe("Order Id,Release date,Gross,Service charge,GST,Amount paid,Running total,Requested by,Approved by,Payout state");
  expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual([newest.short_id, second.short_id]);
  await expect(page).toHaveURL(/\/admin\/payments\/ledger\?/);
});

test("without a provider the ledger asks for one, and opens it by username", async ({ page, apiCall }) => {
  const { data: provider } = await apiCall<{ data: Provider }>("/test-fixtures/providers", {
    method: "POST",
    body: { prefix: "ledgere2e" },
  });
  await page.goto("/admin/payments/ledger");
  await expect(page.getByRole("heading", { name: "Payout ledger", level: 1 })).toBeVisible();
  await expect(page.getByText("Choose a service provider to see their payout ledger")).toBeVisible();
  await page.getByLabel("Service provider (id or username)").fill("nobody-by-this-name-zz");
  await page.getByRole("button", { name: "Open ledger" }).click();
  await expect(page.getByText('No service provider has the username "nobody-by-this-name-zz".')).toBeVisible();
  await page.getByLabel("Service provider (id or username)").fill(provider.username);
  await page.getByRole("button", { name: "Open ledger" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/payments/ledger\\?provider=${provider.serviceProvider_id}$`));
  await expect(page.getByRole("heading", { name: `Ledger — ${provider.username}`, level: 1 })).toBeVisible();
  await expect(page.getByText("No releases yet")).toBeVisible();
});

test("provider details show the Payouts to an admin with Payment access, with the link to the whole ledger", async ({
  page,
  apiCall,
  loginAs,
}) => {
  const { provider, ledger } = await providerWithReleases(apiCall);
  await page.goto(`/admin/provider-details/${provider.serviceProvider_id}`);
  const payouts = page.getByRole("region", { name: "Payouts", exact: true });
  await expect(payouts).toContainText(`Total paid: ${formatInr(ledger.all_time_paid)}`);
  await expect(payouts.getByRole("table", { name: "Latest releases" }).locator("tbody tr")).toHaveCount(3);
  await payouts.getByRole("link", { name: "See the whole ledger" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/payments/ledger\\?provider=${provider.serviceProvider_id}$`));
  await expect(page.getByRole("heading", { name: `Ledger — ${provider.username}`, level: 1 })).toBeVisible();

  // support: Service Providers without Payment access: no Payouts
  await loginAs("support");
  await page.goto(`/admin/provider-details/${provider.serviceProvider_id}`);
  await expect(page.getByRole("heading", { name: "Profile Update Activities" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Payouts", exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "See the whole ledger" })).toHaveCount(0);
});
