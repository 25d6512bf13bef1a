/**
 * globalSetup of the vitest "routes" project: a real, seeded API per vitest worker, each on its own
 * fresh database (PGlite in memory, cloned from the cached seeded template), so no test sees what
 * a test in another worker changes at the same time. The APIs run in this (main) process; a test
 * file asks for its worker's through a small HTTP endpoint (tests/support/routes-setup.ts, the
 * project's setupFile). One API per worker, not per file: loading a database blocks this process,
 * which also serves the workers' module transforms (per file, it made the suite ~30 % slower).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { startTestApi, type TestApi } from "./api-server";
import { ROUTES_TEST_ENV } from "./test-env.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** POST {pool}/apis/{VITEST_POOL_ID}: that worker's API (started on the first ask) */
    testApiPool: string;
  }
}

// fixtures: a test makes the records it changes (e.g. a plain user to delete)
// every test file signs the demo admins in: the cap of 10 live sessions would end other files' sessions mid-test
const start = () => startTestApi({ seed: true, testFixtures: true, maxSessionsPerAdmin: 1000 });

export default async function setup(project: TestProject) {
  const apis = new Map<string, Promise<TestApi>>();
  const server: Server = createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const worker = /^\/apis\/(\d+)$/.exec(req.url ?? "")?.[1];
    if (req.method !== "POST" || !worker) return answer(404, { message: "POST /apis/{VITEST_POOL_ID}" });
    let api = apis.get(worker);
    if (!api) {
      api = start();
      api.catch(() => apis.delete(worker));
      apis.set(worker, api);
    }
    api.then(
      (ready) => answer(200, { url: ready.url, apiKey: ready.apiKey, apiKeyHeader: ready.apiKeyHeader }),
      (error: unknown) => answer(500, { message: String(error) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  project.provide("testApiPool", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  Object.assign(process.env, ROUTES_TEST_ENV);

  return async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    const started = await Promise.all([...apis.values()].map((api) => api.catch(() => null)));
    await Promise.all(started.map((api) => api?.close()));
  };
}
