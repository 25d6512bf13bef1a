#!/usr/bin/env node
// npm test: typecheck, lint, API tests, route tests, build, scale (with PostgreSQL), e2e — in that order, always all of them,
// then one line of totals. Exit code 1 if anything failed.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const reports = path.join(root, "test-results/reports");
mkdirSync(reports, { recursive: true });
const bin = (name) => path.join(root, "node_modules/.bin", name);
const SUITE_TIMEOUT_MS = Number(process.env.TEST_SUITE_TIMEOUT_MS ?? 25 * 60_000);
// e2e stops itself first (Playwright's globalTimeout, playwright.config.ts) and still writes its report;
// this outer limit only catches a hung run. CI's own limit is 90 min for everything.
const E2E_TIMEOUT_MS = Number(process.env.E2E_SUITE_TIMEOUT_MS ?? 60 * 60_000);

function run(command, args, env = {}, timeoutMs = SUITE_TIMEOUT_MS) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "inherit", "inherit"],
      detached: true,
    });
    const timer = setTimeout(() => {
      console.error(`\n[test] ${path.basename(command)} ${args.join(" ")} took over ${timeoutMs / 60_000} min: stopping it.`);
      try {
        process.kill(-child.pid, "SIGTERM");
        setTimeout(() => {
          try {
            process.kill(-child.pid, "SIGKILL");
          } catch {
            // the group has already exited
          }
        }, 5000).unref();
      } catch {
        // the group has already exited
      }
    }, timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      console.error(`[test] could not start ${command}: ${error.message}`);
      resolve({ code: 127, seconds: 0 });
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 });
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

/** passed/failed from vitest's json reporter; a file that failed to load counts as one failure. */
function vitestCounts(file) {
  const report = readJson(file);
  if (!report) return null;
  let failed = report.numFailedTests ?? 0;
  for (const result of report.testResults ?? []) {
    const anyFailed = (result.assertionResults ?? []).some((a) => a.status === "failed");
    if (result.status === "failed" && !anyFailed) failed += 1;
  }
  return { passed: report.numPassedTests ?? 0, failed, skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0) };
}

/** passed/failed from Playwright's json reporter (flaky = passed on retry). */
function playwrightCounts(file) {
  const report = readJson(file);
  if (!report?.stats) return null;
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  let failed = unexpected;
  if ((report.errors ?? []).length > 0 && unexpected === 0) failed += 1;
  return { passed: expected + flaky, failed, skipped, flaky };
}

const results = [];
function record(name, counts, seconds, note = "") {
  results.push({ name, ...counts, seconds, note });
  const extra = [counts.skipped ? `${counts.skipped} skipped` : "", counts.flaky ? `${counts.flaky} flaky` : "", note]
    .filter(Boolean)
    .join(", ");
  console.log(
    `\n[test] ${name}: ${counts.passed} passed, ${counts.failed} failed${extra ? ` (${extra})` : ""} in ${seconds.toFixed(1)} s\n`,
  );
}

function banner(text) {
  console.log(`\n[test] ── ${text} ──`);
}

// 1. typecheck (one check: passes or fails as a whole)
banner("typecheck: tsc --noEmit");
{
  const { code, seconds } = await run(bin("tsc"), ["--noEmit"]);
  record("typecheck", code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 }, seconds);
}

// 2. lint (one check too; a warning or an unformatted file fails it)
banner("lint: eslint . && prettier --check .");
{
  const eslint = await run(bin("eslint"), [".", "--max-warnings", "0"]);
  const prettier = await run(bin("prettier"), ["--check", "--log-level", "warn", "."]);
  const ok = eslint.code === 0 && prettier.code === 0;
  record("lint", ok ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 }, eslint.seconds + prettier.seconds);
}

// 3-5. vitest projects (slow: the volume tests, once)
for (const project of ["api", "slow", "routes"]) {
  const out = path.join(reports, `vitest-${project}.json`);
  rmSync(out, { force: true });
  const note = project !== "routes" && process.env.TEST_DATABASE_URL ? "PGlite + PostgreSQL" : "";
  banner(`vitest --project ${project}${note ? ` (${note})` : ""}`);
  const { code, seconds } = await run(bin("vitest"), [
    "run",
    "--project",
    project,
    "--passWithNoTests",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${out}`,
  ]);
  const counts = vitestCounts(out);
  if (!counts) record(project, { passed: 0, failed: 1 }, seconds, `vitest exited ${code} without a report`);
  else if (code !== 0 && counts.failed === 0) record(project, { ...counts, failed: 1 }, seconds, `vitest exited ${code}`);
  else record(project, counts, seconds, note);
}

// 6. build
banner("npm run build (Remix, and the compiled API and admin server)");
let built = false;
{
  const { code, seconds } = await run(process.execPath, ["scripts/build.mjs"]);
  built = code === 0 && ["build/index.js", "build/api/main.js", "build/server/main.js"].every((file) => existsSync(path.join(root, file)));
  record("build", built ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 }, seconds);
}

// 7. the scale suite: 2 admin + 2 API processes (the build) on one PostgreSQL database and s3rver
if (built && process.env.TEST_DATABASE_URL) {
  const out = path.join(reports, "vitest-scale.json");
  rmSync(out, { force: true });
  banner("vitest --project scale (2 admin + 2 API processes on PostgreSQL)");
  const { code, seconds } = await run(bin("vitest"), [
    "run",
    "--project",
    "scale",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${out}`,
  ]);
  const counts = vitestCounts(out);
  if (!counts) record("scale", { passed: 0, failed: 1 }, seconds, `vitest exited ${code} without a report`);
  else if (code !== 0 && counts.failed === 0) record("scale", { ...counts, failed: 1 }, seconds, `vitest exited ${code}`);
  else record("scale", counts, seconds);
} else {
  record("scale", { passed: 0, failed: 0, skipped: 1 }, 0, built ? "skipped: TEST_DATABASE_URL is not set" : "not run: the build failed");
}

// 8. e2e (js and no-js projects)
if (built) {
  const out = path.join(reports, "playwright.json");
  rmSync(out, { force: true });
  banner("playwright test");
  const { code, seconds } = await run(bin("playwright"), ["test"], {}, E2E_TIMEOUT_MS);
  const counts = playwrightCounts(out);
  if (!counts) record("e2e", { passed: 0, failed: 1 }, seconds, `playwright exited ${code} without a report`);
  else if (code !== 0 && counts.failed === 0) record("e2e", { ...counts, failed: 1 }, seconds, `playwright exited ${code}`);
  else record("e2e", counts, seconds);
  if (code !== 0) printFailedPages();
} else {
  record("e2e", { passed: 0, failed: 1 }, 0, "not run: the build failed");
}

/**
 * What the page showed when an e2e test failed (Playwright's error-context.md: the page as a tree
 * of roles and names, alerts included), printed so a CI log alone tells why: a flake seen once in
 * CI leaves no other trace.
 */
function printFailedPages() {
  const dir = path.join(root, "test-results", "playwright");
  if (!existsSync(dir)) return;
  const failed = readdirSync(dir).filter((name) => existsSync(path.join(dir, name, "error-context.md")));
  for (const name of failed.slice(0, 5)) {
    const lines = readFileSync(path.join(dir, name, "error-context.md"), "utf8").split("\n");
    banner(`the page when ${name} failed`);
    console.log(lines.slice(0, 80).join("\n") + (lines.length > 80 ? `\n… ${lines.length - 80} more lines` : ""));
  }
}

const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log("[test] summary");
for (const r of results) {
  console.log(
    `  ${r.name.padEnd(10)} ${String(r.passed).padStart(5)} passed ${String(r.failed).padStart(4)} failed  ${r.seconds.toFixed(1).padStart(6)} s${r.note ? `  ${r.note}` : ""}`,
  );
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
