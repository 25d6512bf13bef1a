import { defineConfig, devices } from "@playwright/test";
import { E2E } from "./tests/support/test-env.mjs";

// Playwright cannot download its browsers here: use Debian's chromium.
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/playwright",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // one e2e stack (admin, API and database) per worker: tests/support/e2e-server.mjs
  workers: E2E.workers,
  // CI: one retry, reported as "flaky" in npm test's summary (scripts/test.mjs) so it stays seen. Two
  // no-JS wizard clicks that never became actionable (stops 41 and 43, 1 run in ~700, not reproduced
  // here) each failed a whole CI run; every test makes its own records, so a retry starts clean.
  retries: process.env.CI ? 1 : 0,
  // generous for a busy 2-core machine: a test that waits, waits for what the admin sees, never a clock
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // the whole run stops here and still reports what passed (npm test's outer limit is 60 min)
  globalTimeout: Number(process.env.E2E_GLOBAL_TIMEOUT_MS ?? 55 * 60_000),
  reporter: [["list"], ["json", { outputFile: "test-results/reports/playwright.json" }]],
  use: {
    // slot 0's admin; each worker's fixtures (tests/e2e/fixtures.ts) point at its own
    baseURL: E2E.adminUrl,
    trace: "retain-on-failure",
    // toasts then stay until closed (app.css): no assertion races their 3 s fade
    reducedMotion: "reduce",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "js", use: { ...chromium, javaScriptEnabled: true } },
    { name: "no-js", use: { ...chromium, javaScriptEnabled: false } },
  ],
  webServer: {
    command: "node tests/support/e2e-server.mjs",
    url: `${E2E.adminUrl}/admin/login`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
  },
});
