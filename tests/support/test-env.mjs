// Fixed values the test servers share with the tests (none of them is a real secret).

/** Admin settings for route and e2e tests: a fixed session secret, access changes seen at once. */
export const ROUTES_TEST_ENV = {
  SESSION_SECRET: "test-session-secret-not-for-production",
  COOKIE_SECURE: "false",
};

/**
 * The e2e servers (tests/support/e2e-server.mjs) and what the Playwright fixtures call. Each
 * Playwright worker has a stack of its own (an API on its own database, and an admin): worker slot
 * i (TEST_PARALLEL_INDEX, 0 … E2E_WORKERS-1) uses the base ports + 2000·i.
 */
const E2E_PORT_STEP = 2000;
const apiBase = Number(process.env.E2E_API_PORT ?? 4390);
const adminBase = Number(process.env.E2E_ADMIN_PORT ?? 3390);

/** The ports and addresses of slot i's stack. */
export function e2eStack(slot) {
  const apiPort = apiBase + E2E_PORT_STEP * slot;
  const adminPort = adminBase + E2E_PORT_STEP * slot;
  return { slot, apiPort, adminPort, apiUrl: `http://127.0.0.1:${apiPort}`, adminUrl: `http://127.0.0.1:${adminPort}` };
}

export const E2E = {
  /** Playwright workers, one stack each */
  workers: Number(process.env.E2E_WORKERS ?? 2),
  /** this worker's stack (slot 0 outside a worker) */
  ...e2eStack(Number(process.env.TEST_PARALLEL_INDEX ?? 0)),
  apiKey: "e2e-marketplace-key-7f3c9a1d5b2e4860",
  apiKeyHeader: "x-api-key",
  /** both servers' METRICS_TOKEN */
  metricsToken: "e2e-metrics-token-3b91d0c6a47e",
};

/** Where the e2e servers' output goes, a line at a time, each after its process's name ("[admin0] {…}"). */
export const E2E_SERVER_LOG = "test-results/e2e-server.log";

/**
 * @typedef {{ url: string; apiKey: string; apiKeyHeader: string }} TestApiInfo
 */
