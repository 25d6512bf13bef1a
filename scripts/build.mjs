#!/usr/bin/env node
/**
 * `npm run build`: the admin (Remix: build/index.js and public/build/) and the compiled API and admin
 * server (scripts/build-server.mjs). `--if-stale` builds only the parts whose sources changed, as
 * `npm start` does before it starts anything.
 */
import childProcess from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildServer, serverBuildStale } from "./build-server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ifStale = process.argv.includes("--if-stale");

function log(message) {
  console.log(`[build] ${message}`);
}

/** Newest modification time of the files under these paths. */
function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const name of readdirSync(p)) visit(path.join(p, name));
    } else if (stat.mtimeMs > newest) {
      newest = stat.mtimeMs;
    }
  };
  paths.forEach(visit);
  return newest;
}

function adminStale() {
  const built = path.join(root, "build", "index.js");
  if (!existsSync(built)) return "first build";
  const sources = ["app", "remix.config.js", "package.json"].map((p) => path.join(root, p));
  return statSync(built).mtimeMs < newestMtime(sources) ? "the admin's sources changed" : null;
}

/**
 * Remix's compiler drives esbuild 0.17 as a service that pings this process every second. Remix's CLI
 * exits the moment the build is written, often with a ping unanswered, and the orphaned service then
 * dies printing a Go "all goroutines are asleep - deadlock!" dump (evanw/esbuild#3287, #3636). So the
 * build runs here, in-process, and the service is ended with SIGTERM (which prints nothing) once it is
 * done. esbuild 0.17 has no stop() of its own; it starts the service through child_process.spawn.
 */
async function buildAdmin() {
  const services = [];
  const spawn = childProcess.spawn;
  childProcess.spawn = (...args) => {
    const child = spawn(...args);
    if (args.some((arg) => Array.isArray(arg) && arg.some((a) => String(a).startsWith("--service=")))) services.push(child);
    return child;
  };
  process.env.NODE_ENV = "production";
  // Remix's classic compiler loads Vite's CommonJS build, which warns about that on every build
  process.env.VITE_CJS_IGNORE_WARNING ??= "true";
  try {
    const { cli } = await import("@remix-run/dev");
    await cli.run(["build", root]);
  } finally {
    childProcess.spawn = spawn;
    for (const service of services) service.kill("SIGTERM");
  }
}

const adminReason = ifStale ? adminStale() : "asked";
if (adminReason) {
  if (ifStale) log(`${adminReason}: building the admin…`);
  await buildAdmin();
}
const serverReason = ifStale ? serverBuildStale() : "asked";
if (serverReason) {
  const { seconds, files } = buildServer();
  log(
    `compiled the API and the admin's server: ${files} source files → build/api/, build/server/ (${seconds.toFixed(1)} s${ifStale ? `; ${serverReason}` : ""})`,
  );
}
