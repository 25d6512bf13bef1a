#!/usr/bin/env node
/**
 * `npm start`: builds what is missing or stale (scripts/build.mjs: the admin's Remix build, the compiled
 * API and admin server), starts the embedded marketplace API (unless MARKETPLACE_API_URL points at
 * another one), then the admin, both as plain `node` on compiled JavaScript, and prints where to go.
 * Each server checks all of its settings at start and prints its effective configuration (secrets
 * hidden): api/src/env.ts, shared/admin-env.ts; a wrong value stops it with one line naming it.
 *
 *   PORT (3000)            admin port
 *   API_PORT (4010)        embedded API port (loopback only)
 *   MARKETPLACE_API_URL    use this API instead of the embedded one (needs MARKETPLACE_API_KEY)
 *   MARKETPLACE_API_KEY    the API's secret; the embedded API uses it too (else one kept in ./data/.api-key)
 *   TRUST_PROXY            proxies whose X-Forwarded-For the admin believes (server/main.ts)
 *   SESSION_SECRET         kept in ./data/.session-secret when not given
 *   ADMIN_HEAP_MB (384)    the admin's V8 old-generation limit, MB (scripts/admin-heap.mjs; 0: V8's default)
 *   NODE_ENV               always production for both servers (`npm run serve` / `npm run api` for other modes)
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ADMIN_HEAP_MB_DEFAULT, adminNodeArgs } from "./admin-heap.mjs";
import { SERVER_OUTPUTS } from "./build-server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = path.join(root, "data");
const children = new Set();
let stopping = false;

function log(message) {
  console.log(`[start] ${message}`);
}

function fail(message) {
  console.error(`[start] ${message}`);
  stop(1);
}

function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", ...options });
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} ended with ${signal ?? code}`)),
    );
  });
}

/** `node` on a compiled file, said in the log so it is plain which code runs. */
function spawnCompiled(name, file, env, stdio, nodeArgs = []) {
  const child = spawn(process.execPath, ["--enable-source-maps", ...nodeArgs, file], {
    cwd: root,
    env: { ...env, NODE_ENV: "production" },
    stdio,
  });
  log(`${name}: node ${path.relative(root, file)} (pid ${child.pid})`);
  return child;
}

/** A secret kept in ./data (mode 600), created on first use. */
function secretFile(name, bytes = 32) {
  const file = path.join(dataDir, name);
  if (existsSync(file)) {
    const value = readFileSync(file, "utf8").trim();
    if (value.length >= 16) return value;
  }
  const value = randomBytes(bytes).toString("base64url");
  writeFileSync(file, value + "\n", { mode: 0o600 });
  chmodSync(file, 0o600);
  return value;
}

/** The demo admin's name and password, read from the seed module itself (not duplicated here). */
async function demoAdmin() {
  try {
    const { DEMO_ADMINS: admins } = await import(pathToFileURL(SERVER_OUTPUTS.demoAdmins).href);
    if (admins?.admin) return { username: "admin", password: admins.admin.password };
  } catch {
    // shown without credentials then
  }
  return null;
}

/** The demo provider accounts (provider sign-in), likewise read from the seed module. */
async function demoProviders() {
  try {
    const { DEMO_PROVIDERS: providers, DEMO_PROVIDER_PASSWORD: password } = await import(pathToFileURL(SERVER_OUTPUTS.demoProviders).href);
    if (providers?.fresh && providers?.registered && password)
      return { fresh: providers.fresh.username, registered: providers.registered.username, password };
  } catch {
    // shown without them then
  }
  return null;
}

function track(child, name) {
  child.label = name;
  children.add(child);
  child.on("exit", (code, signal) => {
    children.delete(child);
    if (!stopping) {
      console.error(`[start] ${name} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`);
      stop(typeof code === "number" && code !== 0 ? code : 1);
    }
  });
  return child;
}

/** Seconds a server may take to stop: its drain delay and grace period (shared/drain.ts), plus a margin. */
const seconds = (name, fallback) =>
  Number.isFinite(Number(process.env[name])) && process.env[name] ? Number(process.env[name]) : fallback;
const STOP_SECONDS = seconds("DRAIN_DELAY_SECONDS", 0) + seconds("SHUTDOWN_GRACE_SECONDS", 30) + 5;

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  // the admin first: its requests in flight (an Excel export reading from the API) finish while
  // the API still answers; then the API (which waits for its own requests in flight too)
  const admin = [...children].find((child) => child.label === "the admin");
  const others = [...children].filter((child) => child !== admin);
  const stopOthers = () => {
    for (const child of others) child.kill("SIGTERM");
  };
  if (admin) {
    admin.once("exit", stopOthers);
    admin.kill("SIGTERM");
  } else {
    stopOthers();
  }
  const deadline = setTimeout(() => {
    for (const child of children) child.kill("SIGKILL");
    process.exit(code);
  }, STOP_SECONDS * 1000);
  deadline.unref();
  const check = setInterval(() => {
    if (children.size === 0) {
      clearInterval(check);
      process.exit(code);
    }
  }, 100);
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    log(`${signal}: stopping…`);
    stop(0);
  });
}

/** Starts the embedded API and resolves with its URL once it prints its "listening" line. */
function startApi(apiKey) {
  const port = process.env.API_PORT ?? "4010";
  const env = {
    ...process.env,
    API_HOST: "127.0.0.1",
    API_PORT: port,
    MARKETPLACE_API_KEY: apiKey,
    PGLITE_DIR: process.env.PGLITE_DIR ?? path.join(dataDir, "pglite"),
    SEED_DEMO: process.env.SEED_DEMO ?? "true",
  };
  const child = track(spawnCompiled("the marketplace API", SERVER_OUTPUTS.api, env, ["ignore", "pipe", "pipe"]), "the marketplace API");
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error("the marketplace API did not start within 120 s")), 120_000);
    const onData = (chunk) => {
      process.stdout.write(chunk);
      if (seen === null) return;
      seen += chunk.toString();
      const match = /listening on (https?:\/\/[^\s"]+)/i.exec(seen);
      if (match) {
        seen = null;
        clearTimeout(timer);
        resolve(match[1].replace("0.0.0.0", "127.0.0.1"));
      } else if (seen.length > 20_000) {
        seen = seen.slice(-2000);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (chunk) => process.stderr.write(chunk));
    child.on("exit", () => {
      clearTimeout(timer);
      reject(new Error("the marketplace API ended before it was listening"));
    });
  });
}

async function main() {
  await run(process.execPath, ["scripts/build.mjs", "--if-stale"]);

  mkdirSync(dataDir, { recursive: true });
  let apiUrl = process.env.MARKETPLACE_API_URL;
  let apiKey = process.env.MARKETPLACE_API_KEY;
  const embedded = !apiUrl;
  if (embedded) {
    // MARKETPLACE_API_KEY from the environment is honoured; without it one is kept in ./data
    if (!apiKey) apiKey = secretFile(".api-key");
    else if (apiKey.length < 8) {
      // the API's own check (api/src/env.ts) would say the same, after this script started it
      fail(
        "MARKETPLACE_API_KEY=(hidden): must be the secret every request carries, at least 8 characters (e.g. MARKETPLACE_API_KEY=$(openssl rand -hex 24))",
      );
      return;
    }
    log("starting the embedded marketplace API (an empty database gets the demo data)…");
    apiUrl = await startApi(apiKey);
  } else if (!apiKey) {
    fail(
      "MARKETPLACE_API_KEY is not set: must be the API's secret when MARKETPLACE_API_URL is set (e.g. MARKETPLACE_API_KEY=$(openssl rand -hex 24))",
    );
    return;
  }
  const sessionSecret = process.env.SESSION_SECRET ?? secretFile(".session-secret");

  const port = process.env.PORT ?? "3000";
  const heapArgs = adminNodeArgs();
  if (heapArgs instanceof Error) {
    fail(heapArgs.message);
    return;
  }
  // this script's own setting, with the two servers' effective configurations they print themselves
  log(process.env.ADMIN_HEAP_MB ? `ADMIN_HEAP_MB=${process.env.ADMIN_HEAP_MB}` : `ADMIN_HEAP_MB=${ADMIN_HEAP_MB_DEFAULT} (default)`);
  const admin = track(
    spawnCompiled(
      "the admin",
      SERVER_OUTPUTS.admin,
      { ...process.env, PORT: port, MARKETPLACE_API_URL: apiUrl, MARKETPLACE_API_KEY: apiKey, SESSION_SECRET: sessionSecret },
      ["ignore", "pipe", "inherit"],
      heapArgs,
    ),
    "the admin",
  );
  const credentials = embedded ? await demoAdmin() : null;
  const providerCredentials = embedded ? await demoProviders() : null;
  let announced = false;
  admin.stdout.on("data", (chunk) => {
    process.stdout.write(chunk);
    // its "listening" line, not the settings it prints before (they may hold URLs)
    if (announced || !chunk.toString().includes("Admin listening on")) return;
    announced = true;
    console.log("");
    console.log(`  Admin: http://localhost:${port}/admin`);
    if (credentials) console.log(`  Demo admin: username "${credentials.username}", password "${credentials.password}" (local demo only)`);
    if (providerCredentials) {
      console.log(`  Provider sign-in: http://localhost:${port}/provider/login`);
      console.log(
        `  Demo providers: "${providerCredentials.fresh}" (new, not registered) and "${providerCredentials.registered}" (registered), password "${providerCredentials.password}" (local demo only)`,
      );
    }
    if (embedded) {
      const where = process.env.MARKETPLACE_API_KEY ? "MARKETPLACE_API_KEY" : "data/.api-key";
      console.log(`  Marketplace API: ${apiUrl} (loopback only; its key is ${where})`);
    }
    console.log("");
  });
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
