#!/usr/bin/env node
/**
 * Compiles the server side to JavaScript, so `npm start` runs plain `node`: no TypeScript loader at
 * run time, and no esbuild service process living beside each server. Part of `npm run build`
 * (scripts/build.mjs); runs alone too.
 *
 *   build/api/main.js          the marketplace API (api/src/main.ts and all it imports, app/ code included)
 *   build/api/demo-admins.js   the demo accounts, for the credentials `npm start` prints
 *   build/api/demo-providers.js  the demo provider accounts, likewise
 *   build/server/main.js       the admin's HTTP server (server/main.ts); it loads the Remix build/index.js
 *
 * Packages stay imports of node_modules. `--if-stale` builds only when a source changed.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
// the one-shot esbuild process of buildSync, not the long-lived pinging service (see scripts/build.mjs)
import { buildSync } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(root, "build");
// what each build read, so a later start can tell whether any of it changed
const inputsFile = path.join(outdir, "server-inputs.json");

export const SERVER_OUTPUTS = {
  api: path.join(outdir, "api/main.js"),
  demoAdmins: path.join(outdir, "api/demo-admins.js"),
  demoProviders: path.join(outdir, "api/demo-providers.js"),
  admin: path.join(outdir, "server/main.js"),
};

const ALWAYS_READ = ["package.json", "tsconfig.json", "scripts/build-server.mjs"];

/** Why the compiled servers need building, or null when they are up to date. */
export function serverBuildStale() {
  const outputs = Object.values(SERVER_OUTPUTS);
  if (!existsSync(inputsFile) || outputs.some((file) => !existsSync(file))) return "not built yet";
  const builtAt = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(inputsFile, "utf8"));
  } catch {
    return "its list of sources is unreadable";
  }
  const changed = [...ALWAYS_READ, ...inputs].find((file) => {
    const full = path.join(root, file);
    return !existsSync(full) || statSync(full).mtimeMs > builtAt;
  });
  return changed ? `${changed} changed` : null;
}

/**
 * The packages of package.json (and their subpaths) stay imports of node_modules. Not
 * `packages: "external"`: esbuild 0.17 would take the aliases of tsconfig.json (~contract/*,
 * ~shared/*), which are our own code, for packages too.
 */
function packageNames() {
  const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  return Object.keys({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.optionalDependencies });
}

export function buildServer() {
  const started = Date.now();
  const result = buildSync({
    absWorkingDir: root,
    entryPoints: {
      "api/main": "api/src/main.ts",
      "api/demo-admins": "api/src/seed/demo-admins.ts",
      "api/demo-providers": "api/src/seed/demo-providers.ts",
      "server/main": "server/main.ts",
    },
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: packageNames(),
    sourcemap: "linked",
    // the sources find the repository (migrations, public/, build/index.js) from their own folder;
    // every compiled file sits two folders below it
    define: { ROOT_FROM_BUNDLE: JSON.stringify("../..") },
    metafile: true,
    logLevel: "warning",
  });
  const inputs = Object.keys(result.metafile.inputs).filter((file) => !file.includes("node_modules"));
  writeFileSync(inputsFile, JSON.stringify(inputs, null, 1) + "\n");
  return { seconds: (Date.now() - started) / 1000, files: inputs.length };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const stale = process.argv.includes("--if-stale") ? serverBuildStale() : "asked";
  if (stale) {
    const { seconds, files } = buildServer();
    console.log(`[build-server] ${files} source files → build/api/, build/server/ (${seconds.toFixed(1)} s)`);
  }
}
