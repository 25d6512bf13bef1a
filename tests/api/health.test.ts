/**
 * The load balancer's probes (ours, issue 16's groundwork): /healthz and /readyz answer without the
 * secret and read no data; /readyz says "draining" once the process starts stopping, and "not
 * ready" when the database does not answer. Every other call still needs the secret.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createApi } from "../../api/src/app";
import type { Database } from "../../api/src/db/client";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";

describeEachDriver("health and readiness", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver, seed: false });
  });
  afterAll(() => api?.close());

  it("/healthz and /readyz answer without the secret; other calls still need it", async () => {
    const health = await fetch(`${api.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${api.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
    expect((await fetch(`${api.url}/get-all-category`)).status).toBe(401);
  });

  it("/readyz answers 503 draining once the process starts stopping; /healthz stays 200", async () => {
    const app = createApi({ db: api.db, apiKey: "k".repeat(16) });
    const before = await app.request("/get-all-category", { headers: { "x-api-key": "k".repeat(16) } });
    expect(before.status).toBe(200);
    expect(before.headers.get("connection")).toBeNull();
    expect((await app.request("/readyz")).status).toBe(200);
    app.startDraining();
    const draining = await app.request("/readyz");
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: "draining", reason: "This process is stopping" });
    expect((await app.request("/healthz")).status).toBe(200);
    // calls still answer while draining, each closing its connection so the next goes to another process
    const during = await app.request("/get-all-category", { headers: { "x-api-key": "k".repeat(16) } });
    expect(during.status).toBe(200);
    expect(during.headers.get("connection")).toBe("close");
  });

  it("/readyz answers 503 when the database does not answer", async () => {
    const down = { execute: async () => Promise.reject(new Error("connection refused")) } as unknown as Database;
    const app = createApi({ db: down, apiKey: "k".repeat(16) });
    const answer = await app.request("/readyz");
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ status: "not ready", reason: "The database is not answering" });
    expect((await app.request("/healthz")).status).toBe(200);
  });
});
