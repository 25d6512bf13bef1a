#!/usr/bin/env node
// npm run bench: builds the admin, then prints the benchmarks' figures (they are measurements,
// not pass/fail tests) and writes them, with the date and the machine's load average, into the
// generated section of docs/benchmarks.md (scripts/bench-report.mjs).
//   --no-build     use the existing build
//   --doc PATH     write the figures into PATH instead of docs/benchmarks.md
//   --only NAME    one bench of the list below (js-size, css-size, lighthouse, provider-list, export, scale …):
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { machineDescription, machineNow, writeBenchSection } from "./bench-report.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);
const args = process.argv.slice(2);
const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : null;
const doc = path.resolve(root, args.includes("--doc") ? args[args.indexOf("--doc") + 1] : "docs/benchmarks.md");

function run(command, commandArgs, { capture = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: root, stdio: ["ignore", capture ? "pipe" : "inherit", "inherit"] });
    let out = "";
    if (capture) {
      child.stdout.on("data", (chunk) => {
        out += chunk;
        process.stdout.write(chunk);
      });
    }
    child.on("exit", (code) => resolve({ code: code ?? 1, out }));
  });
}

const benches = [
  ["js-size", "tests/bench/js-size.ts"],
  ["css-size", "tests/bench/css-size.ts"],
  ["category-list", "tests/bench/category-list.ts"],
  ["provider-list-api", "tests/bench/provider-list-api.ts"],
  ["lighthouse", "tests/bench/lighthouse.ts"],
  ["provider-list", "tests/bench/provider-list.ts"],
  ["list-throughput", "tests/bench/list-throughput.ts"],
  ["order-list-api", "tests/bench/order-list-api.ts"],
  ["bookings-list", "tests/bench/bookings-list.ts"],
  ["users-list", "tests/bench/users-list.ts"],
  ["global-search", "tests/bench/global-search.ts"],
  ["dashboard", "tests/bench/dashboard.ts"],
  ["payouts", "tests/bench/payouts.ts"],
  ["bulk-jobs", "tests/bench/bulk-jobs.ts"],
  ["comments-list", "tests/bench/comments-list.ts"],
  ["customer-queries-list", "tests/bench/customer-queries-list.ts"],
  ["booking-journeys-list", "tests/bench/booking-journeys-list.ts"],
  ["bucket-list", "tests/bench/bucket-list.ts"],
  ["audit-log-api", "tests/bench/audit-log-api.ts"],
  ["messages-list", "tests/bench/messages-list.ts"],
  ["settings-save", "tests/bench/settings-save.ts"],
  ["wizard-save", "tests/bench/wizard-save.ts"],
  ["provider-portfolio-upload", "tests/bench/provider-portfolio-upload.ts"],
  ["export", "tests/bench/export.ts"],
  ["list-export", "tests/bench/list-export.ts"],
  ["export-load", "tests/bench/export-load.ts"],
  ["scale", "tests/bench/scale.ts"],
  ["ops-sizing", "tests/bench/ops-sizing.ts"],
  ["million-rows", "tests/bench/million-rows.ts"],
].filter(([name]) => !only || name === only);

if (benches.length === 0) {
  console.error(`[bench] no bench is called ${only}`);
  process.exit(1);
}

if (!args.includes("--no-build")) {
  const { code } = await run(process.execPath, ["scripts/build.mjs"]);
  if (code !== 0) {
    console.error("[bench] the build failed");
    process.exit(1);
  }
}

const runs = [];
let failed = false;
for (const [name, file] of benches) {
  console.log(`\n[bench] ── ${name} ──`);
  const started = machineNow();
  const { code, out } = await run(bin("tsx"), [file], { capture: true });
  if (code !== 0) failed = true;
  runs.push({ name, file, code, output: out, started, ended: machineNow(), machine: machineDescription() });
}
writeFileSync(doc, writeBenchSection(readFileSync(doc, "utf8"), runs, { partial: Boolean(only) }));
console.log(`\n[bench] figures written to ${path.relative(root, doc)}`);
process.exitCode = failed ? 1 : 0;
