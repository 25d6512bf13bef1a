/**
 * A bulk job survives `kill -9` of the API that runs it (issue 33 part 3): the API (api/src/main.ts
 * through tsx, PGlite in a temp folder) starts an email job over 150 providers of this test's own in
 * batches of 5, is killed with SIGKILL mid-job, and is started again on the same data folder. The new
 * process takes the job over once the dead one's claim runs out and finishes it: every provider has
 * exactly one message, and the job's counts say so.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const dataDir = mkdtempSync(path.join(tmpdir(), "bulk-jobs-kill-"));
const apiKey = "bulk-jobs-kill-key-0123456789";
const PROVIDERS = 150;
let child: ChildProcess | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startApi(port: number): Promise<ChildProcess> {
  const api = spawn(process.execPath, ["--import", "tsx", "api/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      API_PORT: String(port),
      PGLITE_DIR: path.join(dataDir, "pglite"),
      FILES_DIR: path.join(dataDir, "files"),
      MARKETPLACE_API_KEY: apiKey,
      DATABASE_URL: "",
      SEED_DEMO: "true",
      API_TEST_FIXTURES: "true",
      NODE_ENV: "test",
      BULK_JOB_BATCH_SIZE: "5",
      BULK_JOB_LEASE_SECONDS: "2",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  api.stdout!.on("data", (chunk) => (output += chunk));
  api.stderr!.on("data", (chunk) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the API did not start in 120 s:\n${output}`)), 120_000);
    const check = setInterval(() => {
      if (output.includes("Marketplace API listening on")) {
        clearInterval(check);
        clearTimeout(timer);
        resolve();
      }
      if (api.exitCode !== null) {
        clearInterval(check);
        clearTimeout(timer);
        reject(new Error(`the API stopped:\n${output}`));
      }
    }, 50);
  });
  return api;
}

async function call<T>(port: number, method: string, pathname: string, body?: unknown): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${port}${pathname}`, {
    method,
    headers: { "x-api-key": apiKey, "x-acting-admin": "1", ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

type Job = { id: number; state: string; total: number; done: number; failed: number; left: number };

afterAll(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

it("kill -9 mid-job: the restarted API finishes it, every provider emailed exactly once", { timeout: 300_000 }, async () => {
  const port = await freePort();
  child = await startApi(port);
  const name = `killtest${Date.now().toString(36)}`;
  for (let i = 0; i < PROVIDERS; i++) await call(port, "POST", "/test-fixtures/providers", { prefix: name });
  const subject = `Kill test ${name}`;
  const { data: made } = await call<{ data: Job }>(port, "POST", "/bulk-jobs", {
    kind: "provider-email",
    filter: { search: name },
    subject,
    body: "<p>Once each</p>",
  });
  expect(made.total).toBe(PROVIDERS);
  let seen: Job = made;
  for (let i = 0; i < 2000 && seen.done < 20; i++) {
    seen = (await call<{ data: Job }>(port, "GET", `/bulk-jobs/${made.id}`)).data;
  }
  expect(seen.state).toBe("running");
  expect(seen.done).toBeLessThan(PROVIDERS);
  child.kill("SIGKILL");
  await new Promise((resolve) => child!.once("exit", resolve));

  child = await startApi(port);
  let job: Job = seen;
  for (let i = 0; i < 600 && job.state !== "done"; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = (await call<{ data: Job }>(port, "GET", `/bulk-jobs/${made.id}`)).data;
  }
  expect(job).toMatchObject({ state: "done", total: PROVIDERS, done: PROVIDERS, failed: 0, left: 0 });
  const sent = await call<{ data: { recipient: string }[]; total_results: number }>(
    port,
    "GET",
    `/outbox?${new URLSearchParams({ search: subject, page_size: "1000" })}`,
  );
  expect(sent.total_results).toBe(PROVIDERS);
  expect(new Set(sent.data.map((m) => m.recipient)).size).toBe(PROVIDERS);
  child.kill("SIGTERM");
  await new Promise((resolve) => child!.once("exit", resolve));
});
