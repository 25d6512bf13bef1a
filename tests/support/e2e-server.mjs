#!/usr/bin/env node
// The e2e stacks Playwright's webServer starts, one per Playwright worker (E2E_WORKERS): the real
// API on a fresh PGlite folder of its own (demo data seeded), then the built admin pointed at it,
// both the compiled JavaScript `npm start` runs (build/api/main.js, build/server/main.js; built
// first when a source changed). No worker sees what another one changed. Slot 0's admin starts
// last: it is the address Playwright waits for.
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { E2E, E2E_SERVER_LOG, e2eStack, ROUTES_TEST_ENV } from "./test-env.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const built = spawnSync(process.execPath, ["scripts/build.mjs", "--if-stale"], { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
if (built.status !== 0) {
  console.error("[e2e-server] the build failed (node scripts/build.mjs).");
  process.exit(1);
}

// After start-up the servers' output goes to a log file.
mkdirSync(path.join(root, "test-results"), { recursive: true });
const logFile = path.join(root, E2E_SERVER_LOG);
const log = createWriteStream(logFile);
const verbose = Boolean(process.env.E2E_SERVER_VERBOSE);

const dataDirs = [];
const children = [];
let stopping = false;

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  setTimeout(() => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    process.exit(code);
  }, 1500).unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once("exit", r)) : null))).then(() => {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    process.exit(code);
  });
}
process.on("SIGTERM", () => stop(0));
process.on("SIGINT", () => stop(0));

/** Writes a process's output to the log a line at a time, each line after its process's name (the observability test reads them). */
function lineWriter(name) {
  let partial = "";
  return (text) => {
    const lines = (partial + text).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) log.write(`[${name}] ${line}\n`);
  };
}

function start(name, command, args, env, readyLine) {
  const { DATABASE_URL: _ignored, ...base } = process.env;
  const child = spawn(command, args, { cwd: root, env: { ...base, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  child.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(`[e2e-server] ${name} exited (${signal ?? code}); stopping. Its output: ${logFile}`);
      stop(1);
    }
  });
  return new Promise((resolve, reject) => {
    // (seeding the demo data takes seconds; on a loaded machine, minutes)
    const timer = setTimeout(() => reject(new Error(`${name} did not print "${readyLine}" within 240 s`)), 240_000);
    let buffered = "";
    let ready = false;
    const writeOut = lineWriter(name);
    const writeErr = lineWriter(name);
    const onData = (chunk) => {
      const text = chunk.toString();
      writeOut(text);
      if (verbose) process.stderr.write(`[${name}] ${text}`);
      if (ready) return;
      buffered += text;
      if (buffered.includes(readyLine)) {
        ready = true;
        buffered = "";
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (chunk) => {
      writeErr(chunk.toString());
      if (!ready || verbose) process.stderr.write(`[${name}] ${chunk}`);
    });
    child.once("exit", () => reject(new Error(`${name} exited before it was ready`)));
  });
}

function startApi(stack) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "admin-e2e-pglite-"));
  const filesDir = mkdtempSync(path.join(tmpdir(), "admin-e2e-files-"));
  dataDirs.push(dataDir, filesDir);
  return start(
    `api${stack.slot}`,
    process.execPath,
    ["--enable-source-maps", "build/api/main.js"],
    {
      API_HOST: "127.0.0.1",
      API_PORT: String(stack.apiPort),
      PGLITE_DIR: dataDir,
      FILES_DIR: filesDir,
      SEED_DEMO: "true",
      // the fixed demo the tests know (npm start dates it up to today instead)
      DEMO_BASE_DATE: "2026-01-01",
      // each browser test makes the orders it changes (the API's test fixtures router)
      API_TEST_FIXTURES: "true",
      // every test signs the demo admins in (fixtures.ts loginAs): the cap of 10 would end a running test's session
      ADMIN_MAX_SESSIONS: "1000",
      MARKETPLACE_API_KEY: E2E.apiKey,
      MARKETPLACE_API_KEY_HEADER: E2E.apiKeyHeader,
      METRICS_TOKEN: E2E.metricsToken,
    },
    "Marketplace API listening on",
  );
}

function startAdmin(stack) {
  return start(
    `admin${stack.slot}`,
    process.execPath,
    ["--enable-source-maps", "build/server/main.js"],
    {
      ...ROUTES_TEST_ENV,
      PORT: String(stack.adminPort),
      HOST: "127.0.0.1",
      // the one address the browser tests open: forms from any other origin are refused (server/admin-server.ts)
      PUBLIC_ADMIN_URL: stack.adminUrl,
      MARKETPLACE_API_URL: stack.apiUrl,
      MARKETPLACE_API_KEY: E2E.apiKey,
      MARKETPLACE_API_KEY_HEADER: E2E.apiKeyHeader,
      METRICS_TOKEN: E2E.metricsToken,
    },
    "Admin listening on",
  );
}

try {
  const stacks = Array.from({ length: Math.max(1, E2E.workers) }, (_, slot) => e2eStack(slot));
  await Promise.all(
    stacks.map(async (stack) => {
      await startApi(stack);
      if (stack.slot > 0) await startAdmin(stack);
    }),
  );
  await startAdmin(stacks[0]);
  for (const stack of stacks) console.log(`[e2e-server] worker ${stack.slot}: admin ${stack.adminUrl} → API ${stack.apiUrl}`);
  console.log(`[e2e-server] output in ${logFile}`);
} catch (error) {
  console.error(`[e2e-server] ${error.message}`);
  stop(1);
}
