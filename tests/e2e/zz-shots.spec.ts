import { test } from "./fixtures";
import { newBankFile } from "../support/records";

test("shots", async ({ page, loginAs, apiCall }) => {
  await loginAs("admin");
  const file = await newBankFile(apiCall);
  await page.setViewportSize({ width: 1400, height: 1000 });
  for (const [name, url] of [
    ["payments", "/admin/payments?page_size=10"],
    ["ledger-choose", "/admin/payments/ledger"],
    ["ledger", "/admin/payments/ledger?provider=1"],
    ["bank-files", "/admin/payments/bank-files"],
    ["bank-file", `/admin/payments/bank-files/${file}`],
    ["settings-pg", "/admin/settings?tab=payment-gateway"],
    ["dashboard", "/admin"],
    ["provider", "/admin/provider-details/1"],
  ]) {
    await page.goto(url);
    await page.screenshot({ path: `/tmp/shot-${name}.png`, fullPage: true });
  }
});
