/**
 * `npm start` as an admin runs it: builds if needed, starts the embedded API and the admin's server.
 * MARKETPLACE_API_KEY given in the environment is the embedded API's key (it used to be ignored).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const dataDir = mkdtempSync(path.join(tmpdir(), "admin-start-"));
const port = 3400 + Math.floor(Math.random() * 400);
const apiPort = port + 1000;
const apiKey = "key-from-the-environment-1234";
let child: ChildProcess;
let output = "";

beforeAll(async () => {
  child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      API_PORT: String(apiPort),
      PGLITE_DIR: path.join(dataDir, "pglite"),
      FILES_DIR: path.join(dataDir, "files"),
      SESSION_SECRET: "start-test-session-secret-0123456789",
      MARKETPLACE_API_KEY: apiKey,
      MARKETPLACE_API_URL: "",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not announce the admin in 180 s:\n${output}`)), 180_000);
    const check = setInterval(() => {
      if (output.includes(`Admin: http://localhost:${port}/admin`)) {
        clearInterval(check);
        clearTimeout(timer);
        resolve();
      }
    }, 100);
    child.once("exit", (code) => {
      clearInterval(check);
      clearTimeout(timer);
      reject(new Error(`npm start ended (${code}):\n${output}`));
    });
  });
}, 200_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm start (embedded API)", () => {
  it("gives the embedded API the MARKETPLACE_API_KEY from the environment, and says so", async () => {
    const withKey = await fetch(`http://127.0.0.1:${apiPort}/openapi.json`, { headers: { "x-api-key": apiKey } });
    expect(withKey.status).toBe(200);
    const wrong = await fetch(`http://127.0.0.1:${apiPort}/openapi.json`, { headers: { "x-api-key": "something-else-12345" } });
    expect(wrong.status).toBe(401);
    expect(output).toContain("its key is MARKETPLACE_API_KEY");
  });

  it("serves the admin through its own server: the login page with the safe headers", async () => {
    const page = await fetch(`http://127.0.0.1:${port}/admin/login`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(await page.text()).toContain("Admin sign-in");
  });
});
