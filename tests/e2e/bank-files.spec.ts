/**
 * Bank bulk-transfer files (issue 34 §3), JS on and off: an approved payout of a provider of the
 * test's own (a copy of the demo's first provider, with its bank account) is ticked, generated into
 * a file, downloaded, marked sent to bank, its line failed with a reason (the payout is approved
 * again), generated into a second file, and that file marked paid.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { BANK_FILE_COLUMNS } from "~contract/bank-files";
import { csvRows } from "../support/csv-rows";
import { newApprovedPayout } from "../support/records";
import { apiCall, expect, signInAsNewAdmin, test } from "./fixtures";

const toasts = (page: Page) => page.locator(".toasts");

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

const approvedPayout = () => newApprovedPayout(apiCall, "4321.09");

/** Ticks this payout in the picker (released today: the newest first) and generates a file; lands on the file's page. */
async function generate(page: Page, shortId: string) {
  const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  await page.goto(`/admin/payments/bank-files?released_on=${today}`);
  await expect(page.getByRole("heading", { name: "Bank files", level: 1 })).toBeVisible();
  await page.getByRole("checkbox", { name: new RegExp(`^Pay ${shortId} to `) }).check();
  await page.getByRole("button", { name: "Generate bank file" }).click();
  await expect(page).toHaveURL(/\/admin\/payments\/bank-files\/\d+$/);
  await expect(toasts(page)).toContainText(/Bank file bank-transfer-\d{4}-\d{2}-\d{2}-batch-\d{2}\.csv generated: 1 line/);
}

test("generate a bank file, download it, mark it sent, fail its line; the payout goes into a new file, which is marked paid", async ({
  page,
}, testInfo) => {
  const { shortId } = await approvedPayout();
  await generate(page, shortId);
  const name = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  expect(name).toMatch(/^bank-transfer-\d{4}-\d{2}-\d{2}-batch-\d{2}\.csv$/);
  const lines = page.getByRole("table", { name: "Lines" });
  const row = lines.getByRole("row").filter({ hasText: shortId });
  await expect(row).toContainText(/₹[\d,]+\.\d{2}/);
  await expect(row).toContainText(/X+\d{4}/);

  // the CSV: full numbers, the documented header
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
  expect(download.suggestedFilename()).toBe(name);
  const file = testInfo.outputPath(name);
  await download.saveAs(file);
  const rows = csvRows(await readFile(file, "utf8"));
  expect(rows[0]).toEqual([...BANK_FILE_COLUMNS]);
  expect(rows[1][6]).toBe(`Payout ${shortId}`);
  expect(rows[1][2]).toMatch(/^\d+$/);

  // Mark sent to bank (a confirmation)
  await page.getByRole("link", { name: "Mark sent to bank" }).click();
  const sent = page.getByRole("dialog", { name: "Mark this file sent to bank?" });
  await sent.getByRole("button", { name: "Mark sent to bank" }).click();
  await expect(toasts(page)).toContainText(`Bank file ${name} marked sent to bank`);
  await expect(page).not.toHaveURL(/dialog=/);

  // Fail the line with a reason: a blank reason is refused, the dialog stays
  await row.getByRole("link", { name: /^Fail line \d+$/ }).click();
  const fail = page.getByRole("dialog", { name: /^Fail line \d+$/ });
  await fail.getByRole("button", { name: "Fail line" }).click();
  await expect(fail.getByText("Please enter the reason")).toBeVisible();
  await fail.getByLabel("Reason").fill("Beneficiary account closed");
  await fail.getByRole("button", { name: "Fail line" }).click();
  await expect(toasts(page)).toContainText("marked failed: its payouts are approved again");
  await expect(lines.getByRole("row").filter({ hasText: shortId })).toContainText("Beneficiary account closed");

  // the payout is approved again: a second file, sent and paid
  await generate(page, shortId);
  const second = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  expect(second).not.toBe(name);
  await page.getByRole("link", { name: "Mark sent to bank" }).click();
  await page.getByRole("dialog", { name: "Mark this file sent to bank?" }).getByRole("button", { name: "Mark sent to bank" }).click();
  await expect(toasts(page)).toContainText(`Bank file ${second} marked sent to bank`);
  await page.getByRole("link", { name: "Mark paid" }).click();
  const paid = page.getByRole("dialog", { name: "Mark this file paid" });
  await paid.getByLabel("Bank reference").fill("UTR20261128001");
  await paid.getByRole("button", { name: "Mark paid" }).click();
  await expect(toasts(page)).toContainText(`Bank file ${second} marked paid`);
  await expect(page.getByText("bank reference UTR20261128001")).toBeVisible();
  await expect(page.getByRole("link", { name: "Mark paid" })).toHaveCount(0);
});

test("an admin with Payment but not Bank Details sees the files but cannot generate or download", async ({ page }) => {
  await signInAsNewAdmin(page, ["Payment"]);
  await page.goto("/admin/payments/bank-files");
  await expect(page.getByRole("heading", { name: "Bank files", level: 1 })).toBeVisible();
  await expect(page.getByText("Generating and downloading bank files needs both Payment and Bank Details access.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Generate bank file" })).toHaveCount(0);
});
