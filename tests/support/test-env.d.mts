export declare const ROUTES_TEST_ENV: {
  SESSION_SECRET: string;
  ADMIN_REFRESH_SECONDS: string;
  COOKIE_SECURE: string;
};
export declare const E2E: {
  apiPort: number;
  adminPort: number;
  apiKey: string;
  apiKeyHeader: string;
  apiUrl: string;
  adminUrl: string;
};
export type TestApiInfo = { url: string; apiKey: string; apiKeyHeader: string };
