/**
 * `npm start` as an admin runs it: builds if needed, starts the embedded API and the admin's server.
 * MARKETPLACE_API_KEY given in the environment is the embedded API's key (it used to be ignored).
 * Both servers are plain `node` on compiled JavaScript, and the whole output, stop included, is
 * free of esbuild goroutine dumps and stack traces.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const dataDir = mkdtempSync(path.join(tmpdir(), "admin-start-"));
const apiKey = "key-from-the-environment-1234";
let port = 0;
let apiPort = 0;
let child: ChildProcess;
let output = "";

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

/** The command line of a process start.mjs announced ("[start] the admin: node … (pid N)"). */
function announcedProcess(name: string) {
  const match = new RegExp(`\\[start\\] ${name}: node (\\S+) \\(pid (\\d+)\\)`).exec(output);
  expect(match, `start.mjs names the file ${name} runs`).not.toBeNull();
  const [, file, pid] = match!;
  const procDir = `/proc/${pid}`;
  if (!existsSync(procDir)) return { file, args: null, childCommands: [] as string[] };
  const args = readFileSync(`${procDir}/cmdline`, "utf8").split("\0").filter(Boolean);
  const childrenFile = `${procDir}/task/${pid}/children`;
  const childPids = existsSync(childrenFile) ? readFileSync(childrenFile, "utf8").trim().split(/\s+/).filter(Boolean) : [];
  const childCommands = childPids.map((childPid) => {
    try {
      return readFileSync(`/proc/${childPid}/cmdline`, "utf8").replaceAll("\0", " ");
    } catch {
      return "";
    }
  });
  return { file, args, childCommands };
}

beforeAll(async () => {
  port = await freePort();
  apiPort = await freePort();
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
  it("runs both servers as plain node on the compiled JavaScript, with no esbuild process beside them", () => {
    for (const [name, compiled] of [
      ["the marketplace API", "build/api/main.js"],
      ["the admin", "build/server/main.js"],
    ]) {
      const { file, args, childCommands } = announcedProcess(name);
      expect(file).toBe(compiled);
      if (args === null) continue; // no /proc here: the announced file is what can be checked
      expect(path.basename(args[0])).toMatch(/^node/);
      expect(args.at(-1)).toBe(path.join(root, compiled));
      expect(args.join(" ")).not.toMatch(/tsx|--import|--loader/);
      expect(childCommands.filter((command) => /esbuild|tsx/.test(command))).toEqual([]);
    }
  });

  it("seeds the empty database with demo data dated up to today, and says so", () => {
    expect(output).toMatch(/Seeded demo data: .*dated up to today \(\d+ orders over the last 90 days, \d+ today\)/);
  });

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
    const html = await page.text();
    expect(html).toContain("Admin sign-in");
    expect(html).toMatch(/<link rel="icon" href="\/favicon.svg" type="image\/svg\+xml"\/>/);
  });

  it("serves a favicon, cached, at /favicon.ico and at the address the pages link", async () => {
    for (const [url, type] of [
      ["/favicon.ico", /^image\/(x-icon|vnd\.microsoft\.icon)/],
      ["/favicon.svg", /^image\/svg\+xml/],
    ] as const) {
      const icon = await fetch(`http://127.0.0.1:${port}${url}`);
      expect(icon.status, url).toBe(200);
      expect(icon.headers.get("content-type"), url).toMatch(type);
      expect(Number(/max-age=(\d+)/.exec(icon.headers.get("cache-control") ?? "")?.[1]), url).toBeGreaterThanOrEqual(7 * 24 * 3600);
      expect((await icon.arrayBuffer()).byteLength, url).toBeGreaterThan(100);
    }
  });

  it("answers an unknown address with the app's 404 page", async () => {
    const page = await fetch(`http://127.0.0.1:${port}/no-such-page`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("Page not found");
  });

  it("signs the demo admin in and shows the dashboard, and a 404 page for an unknown admin address", async () => {
    const origin = `http://127.0.0.1:${port}`;
    const login = await fetch(`${origin}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: "admin", password: "Admin@12345" }),
    });
    expect(login.status).toBe(302);
    const cookie = login.headers
      .getSetCookie()
      .map((header) => header.split(";")[0])
      .join("; ");
    const dashboard = await fetch(`${origin}/admin`, { headers: { Cookie: cookie } });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain("Dashboard");
    const unknown = await fetch(`${origin}/admin/no-such-page`, { headers: { Cookie: cookie } });
    expect(unknown.status).toBe(404);
  });

  // last: it stops npm start, so what the servers print while stopping is checked too
  it("prints no goroutine dump, fatal error or stack trace, up to and including its stop", async () => {
    child.kill("SIGTERM");
    await new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve) : resolve(null)));
    expect(output).toContain("[start] SIGTERM: stopping");
    expect(output).not.toMatch(/goroutine/i);
    expect(output).not.toMatch(/fatal error/i);
    expect(output).not.toMatch(/^\s+at /m);
    expect(output).not.toMatch(/^Error: /m);
  });
});
