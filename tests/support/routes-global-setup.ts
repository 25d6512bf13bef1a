/**
 * globalSetup of the vitest "routes" project: one real, seeded API on a fresh database for the
 * whole run. Workers get its address through `provide` (read by tests/support/routes.ts) and,
 * for forked workers started afterwards, through process.env as well.
 */
import type { TestProject } from "vitest/node";
import { startTestApi } from "./api-server";
import { ROUTES_TEST_ENV, type TestApiInfo } from "./test-env.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    testApi: TestApiInfo;
  }
}

export default async function setup(project: TestProject) {
  // fixtures: a test makes the records it changes (e.g. a plain user to delete)
  // every test file signs the demo admins in: the cap of 10 live sessions would end other files' sessions mid-test
  const api = await startTestApi({ seed: true, testFixtures: true, maxSessionsPerAdmin: 1000 });
  const info: TestApiInfo = { url: api.url, apiKey: api.apiKey, apiKeyHeader: api.apiKeyHeader };
  project.provide("testApi", info);
  Object.assign(process.env, ROUTES_TEST_ENV, {
    MARKETPLACE_API_URL: info.url,
    MARKETPLACE_API_KEY: info.apiKey,
    MARKETPLACE_API_KEY_HEADER: info.apiKeyHeader,
  });
  return async () => {
    await api.close();
  };
}
