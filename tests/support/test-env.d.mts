export declare const ROUTES_TEST_ENV: {
  SESSION_SECRET: string;
  ADMIN_REFRESH_SECONDS: string;
  COOKIE_SECURE: string;
};
export type E2EStack = { slot: number; apiPort: number; adminPort: number; apiUrl: string; adminUrl: string };
export declare function e2eStack(slot: number): E2EStack;
export declare const E2E: E2EStack & {
  workers: number;
  apiKey: string;
  apiKeyHeader: string;
  metricsToken: string;
};
export declare const E2E_SERVER_LOG: string;
export type TestApiInfo = { url: string; apiKey: string; apiKeyHeader: string };
