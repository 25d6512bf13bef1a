/**
 * setupFile of the vitest "routes" project: this worker's own API (a fresh seeded database that no
 * other worker uses), from routes-global-setup.ts. The admin's server modules read its address from
 * process.env. The files of one worker run one after another on it.
 */
import { inject } from "vitest";
import { ROUTES_TEST_ENV } from "./test-env.mjs";

const pool = inject("testApiPool");
const answer = await fetch(`${pool}/apis/${process.env.VITEST_POOL_ID ?? "1"}`, { method: "POST" });
if (!answer.ok) throw new Error(`the routes API pool could not start an API: ${answer.status} ${await answer.text()}`);
const api = (await answer.json()) as { url: string; apiKey: string; apiKeyHeader: string };

Object.assign(process.env, ROUTES_TEST_ENV, {
  MARKETPLACE_API_URL: api.url,
  MARKETPLACE_API_KEY: api.apiKey,
  MARKETPLACE_API_KEY_HEADER: api.apiKeyHeader,
});
