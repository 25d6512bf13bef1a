// Fixed values the test servers share with the tests (none of them is a real secret).

/** Admin settings for route and e2e tests: a fixed session secret, access changes seen at once. */
export const ROUTES_TEST_ENV = {
  SESSION_SECRET: "test-session-secret-not-for-production",
  COOKIE_SECURE: "false",
};

/** The e2e servers (tests/support/e2e-server.mjs) and what the Playwright fixtures call. */
export const E2E = {
  apiPort: Number(process.env.E2E_API_PORT ?? 4390),
  adminPort: Number(process.env.E2E_ADMIN_PORT ?? 3390),
  apiKey: "e2e-marketplace-key-7f3c9a1d5b2e4860",
  apiKeyHeader: "x-api-key",
};
E2E.apiUrl = `http://127.0.0.1:${E2E.apiPort}`;
E2E.adminUrl = `http://127.0.0.1:${E2E.adminPort}`;

/**
 * @typedef {{ url: string; apiKey: string; apiKeyHeader: string }} TestApiInfo
 */
