/**
 * Settings checked at start (issue 35 part 4), on the real processes: the API (api/src/main.ts) and
 * the admin's server (server/main.ts), each through tsx as `npm run api` / `npm run serve` run them.
 * A wrong value stops the process with exit code 1 and one line on stderr naming the variable, the
 * value's problem and an example — no stack trace, and never a secret's value; the admin does so
 * before it loads the Remix build (this worktree may have none). A good start prints the effective
 * configuration, the API key masked.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const dataDir = mkdtempSync(path.join(tmpdir(), "settings-start-"));
const apiKey = "settings-test-api-key-3f9d0c";
const sessionSecret = "settings-test-session-secret-8a1e";

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type Ended = { code: number | null; stdout: string; stderr: string };

/**
 * Runs `entry` with only `env` (and PATH, HOME, NODE_ENV): nothing of the test runner's environment leaks in.
 * Resolves when it exits, or — given `until` — once its stdout shows that text (then stops it).
 */
function run(entry: string, env: Record<string, string>, until?: string): Promise<Ended> {
  // NODE_ENV=production as `npm start` runs them
  const only: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", ...env };
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    cwd: root,
    env: only,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
    if (until && stdout.includes(until)) child.kill("SIGTERM");
  });
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${entry} did not end in 120 s:\n${stdout}\n${stderr}`));
    }, 120_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** exit code 1, and stderr is exactly `line`: no stack trace, nothing else */
function expectRefused(ended: Ended, line: string | RegExp) {
  expect(ended.code, ended.stderr).toBe(1);
  const lines = ended.stderr.trim().split("\n");
  expect(lines, ended.stderr).toHaveLength(1);
  if (typeof line === "string") expect(lines[0]).toBe(line);
  else expect(lines[0]).toMatch(line);
  expect(ended.stderr).not.toMatch(/\n\s+at |Error:|ZodError/);
  expect(ended.stdout).not.toContain("listening");
}

const apiEnv = {
  MARKETPLACE_API_KEY: apiKey,
  API_PORT: "0",
  PGLITE_DIR: path.join(dataDir, "pglite"),
  FILES_DIR: path.join(dataDir, "files"),
  SEED_DEMO: "false",
};

const adminEnv = {
  PORT: "3999",
  MARKETPLACE_API_URL: "http://127.0.0.1:4999",
  MARKETPLACE_API_KEY: apiKey,
  SESSION_SECRET: sessionSecret,
};

describe("the marketplace API's start", () => {
  it("stops at a wrong value with one line: the variable, the value's problem, an example", async () => {
    expectRefused(
      await run("api/src/main.ts", { ...apiEnv, API_PORT: "99999" }),
      'Marketplace API: API_PORT="99999": must be a port number from 0 to 65535 (0: any free port) (e.g. API_PORT=4010)',
    );
  });

  it("never prints a secret's value, even a wrong one", async () => {
    const ended = await run("api/src/main.ts", { ...apiEnv, MARKETPLACE_API_KEY: "s3cr3t!" });
    expectRefused(
      ended,
      /^Marketplace API: MARKETPLACE_API_KEY=\(hidden\): must be .*at least 8 characters \(e\.g\. MARKETPLACE_API_KEY=.+\)$/,
    );
    expect(ended.stderr + ended.stdout).not.toContain("s3cr3t!");
    const token = await run("api/src/main.ts", { ...apiEnv, METRICS_TOKEN: "metrics-8chars" });
    expectRefused(token, /^Marketplace API: METRICS_TOKEN=\(hidden\): must be at least 16 characters/);
    expect(token.stderr + token.stdout).not.toContain("metrics-8chars");
  });

  it("prints its effective configuration at a good start, the key masked, defaults marked", async () => {
    const ended = await run("api/src/main.ts", { ...apiEnv, LOG_LEVEL: "info" }, "Marketplace API listening on");
    // JSON log lines (LOG_FORMAT's default outside development): the messages, in order
    const messages = ended.stdout
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => (JSON.parse(line) as { name: string; msg: string }).msg);
    expect(messages.some((message) => message.startsWith("Marketplace API listening on http://127.0.0.1:"))).toBe(true);
    const lines = messages.filter((line) => /^Marketplace API: (settings|defaults|unset): /.test(line));
    expect(lines, ended.stdout).toHaveLength(3);
    expect(lines[0]).toMatch(/^Marketplace API: settings: MARKETPLACE_API_KEY=set \(hidden\), API_PORT=0, .*LOG_LEVEL=info$/);
    expect(lines[1]).toMatch(/^Marketplace API: defaults: MARKETPLACE_API_KEY_HEADER=x-api-key, API_HOST=127\.0\.0\.1, .*LOG_FORMAT=json$/);
    expect(lines[2]).toMatch(/^Marketplace API: unset: DATABASE_URL \(embedded PGlite\), .*METRICS_TOKEN \(\/metrics answers 404\)$/);
    expect(ended.stdout + ended.stderr).not.toContain(apiKey);
  });

  it("still says where it listens when LOG_LEVEL hides info lines (npm start and supervisors wait for it)", async () => {
    const ended = await run("api/src/main.ts", { ...apiEnv, LOG_LEVEL: "silent" }, "Marketplace API listening on");
    expect(ended.stdout.trim().split("\n")).toEqual([expect.stringMatching(/^Marketplace API listening on http:\/\/127\.0\.0\.1:\d+$/)]);
  });
});

describe("the admin's start", () => {
  it("stops at a wrong value with one line, before loading the Remix build", async () => {
    expectRefused(
      await run("server/main.ts", { ...adminEnv, SESSION_IDLE_MINUTES: "abc" }),
      '[admin] SESSION_IDLE_MINUTES="abc": must be a whole number of minutes from 5 to 43200 (e.g. SESSION_IDLE_MINUTES=720)',
    );
    expectRefused(
      await run("server/main.ts", { ...adminEnv, TRUST_PROXY: "true" }),
      /^\[admin\] TRUST_PROXY="true": must name the proxies .*true would trust any client \(e\.g\. TRUST_PROXY=10\.0\.0\.2,10\.0\.0\.3\)$/,
    );
  });

  it("never prints a secret's value, and names a missing one", async () => {
    const ended = await run("server/main.ts", { ...adminEnv, SESSION_SECRET: "short-secret-15" });
    expectRefused(ended, /^\[admin\] SESSION_SECRET=\(hidden\): must be at least 16 characters \(e\.g\. SESSION_SECRET=.+\)$/);
    expect(ended.stderr + ended.stdout).not.toContain("short-secret-15");
    expectRefused(
      await run("server/main.ts", { ...adminEnv, MARKETPLACE_API_URL: "" }),
      "[admin] MARKETPLACE_API_URL is not set: must be the marketplace API's http(s) URL (e.g. MARKETPLACE_API_URL=http://127.0.0.1:4010)",
    );
  });
});
