/**
 * The admin's settings (shared/admin-env.ts): one schema for what the admin process reads — its
 * HTTP server's and the app's (getServerEnv) — a wrong value in one line, secrets never printed.
 * In the api project: it needs only the ~shared alias, no API.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_API_KEY_HEADER } from "~contract/api";
import { describeAdminEnv, parseAdminEnv } from "~shared/admin-env";
import { DEFAULT_BODY_LIMIT_BYTES, publicOrigins, trustProxySetting } from "../../server/admin-server";

const KEY = "admin-env-test-key-4e2a";
const SECRET = "admin-env-session-secret-91b7c3";
const GOOD = { MARKETPLACE_API_URL: "http://127.0.0.1:4010", MARKETPLACE_API_KEY: KEY, SESSION_SECRET: SECRET };

function problems(source: Record<string, string>) {
  const parsed = parseAdminEnv(source);
  if (parsed.ok) throw new Error(`expected refused settings, got ${JSON.stringify(parsed.env)}`);
  return parsed.lines;
}

function settings(source: Record<string, string>) {
  const parsed = parseAdminEnv(source);
  if (!parsed.ok) throw new Error(parsed.lines.join("\n"));
  return parsed.env;
}

describe("parseAdminEnv", () => {
  it("gives the documented defaults, the server's and the app's", () => {
    expect(settings(GOOD)).toMatchObject({
      PORT: 3000,
      BODY_LIMIT_BYTES: DEFAULT_BODY_LIMIT_BYTES,
      COOKIE_SECURE: false,
      DRAIN_DELAY_SECONDS: 0,
      SHUTDOWN_GRACE_SECONDS: 30,
      MARKETPLACE_API_KEY_HEADER: DEFAULT_API_KEY_HEADER,
      MARKETPLACE_API_TIMEOUT_MS: 8000,
      SESSION_IDLE_MINUTES: 720,
      SESSION_MAX_DAYS: 7,
      ADMIN_REFRESH_SECONDS: 1,
      PUBLIC_SITE_URL: "https://example.com",
      LOG_LEVEL: "info",
      LOG_FORMAT: "json",
    });
    expect(settings({ ...GOOD, NODE_ENV: "development" }).LOG_FORMAT).toBe("pretty");
    expect(settings({ ...GOOD, COOKIE_SECURE: "1", ADMIN_REFRESH_SECONDS: "0.5" })).toMatchObject({
      COOKIE_SECURE: true,
      ADMIN_REFRESH_SECONDS: 0.5,
    });
  });

  it("reports a wrong value in one line: the variable, the value, its problem and an example", () => {
    expect(problems({ ...GOOD, SESSION_IDLE_MINUTES: "abc" })).toEqual([
      '[admin] SESSION_IDLE_MINUTES="abc": must be a whole number of minutes from 5 to 43200 (e.g. SESSION_IDLE_MINUTES=720)',
    ]);
    expect(problems({ ...GOOD, PORT: "70000", LOG_LEVEL: "verbose" })).toEqual([
      '[admin] PORT="70000": must be a port number from 1 to 65535 (e.g. PORT=3000)',
      '[admin] LOG_LEVEL="verbose": must be one of fatal, error, warn, info, debug, trace, silent (e.g. LOG_LEVEL=info)',
    ]);
  });

  it("checks every variable the admin reads", () => {
    const cases: Record<string, string> = {
      TRUST_PROXY: "true",
      BODY_LIMIT_BYTES: "lots",
      COOKIE_SECURE: "yes",
      PUBLIC_ADMIN_URL: "admin.example.in",
      DRAIN_DELAY_SECONDS: "601",
      SHUTDOWN_GRACE_SECONDS: "0",
      MARKETPLACE_API_URL: "127.0.0.1:4010",
      MARKETPLACE_API_KEY_HEADER: "x-api key",
      MARKETPLACE_API_TIMEOUT_MS: "0",
      SESSION_MAX_DAYS: "91",
      ADMIN_REFRESH_SECONDS: "61",
      PUBLIC_SITE_URL: "example.com",
      LOG_FORMAT: "xml",
      NODE_ENV: "staging",
    };
    for (const [name, value] of Object.entries(cases)) {
      const lines = problems({ ...GOOD, [name]: value });
      expect(lines, name).toHaveLength(1);
      expect(lines[0], name).toMatch(new RegExp(`^\\[admin\\] ${name}=".*": must .* \\(e\\.g\\. ${name}=.+\\)$`));
    }
  });

  it("accepts what the admin's server accepts for TRUST_PROXY and PUBLIC_ADMIN_URL, and refuses what it would refuse", () => {
    for (const value of ["loopback", "10.0.0.2, 10.0.0.3", "10.0.0.0/8", "fd00::/8,uniquelocal", "192.168.0.0/255.255.0.0", "2", "false"]) {
      expect(settings({ ...GOOD, TRUST_PROXY: value }).TRUST_PROXY, value).toBe(value.trim());
      expect(() => trustProxySetting(value), value).not.toThrow();
    }
    for (const value of ["true", "*", "proxy.internal", "10.0.0.0/33", "10.0.0.1/8/1"]) {
      expect(problems({ ...GOOD, TRUST_PROXY: value })[0], value).toMatch(/^\[admin\] TRUST_PROXY=.*: must name the proxies/);
    }
    const two = "https://admin.example.in, https://admin2.example.in/admin";
    expect(publicOrigins(settings({ ...GOOD, PUBLIC_ADMIN_URL: two }).PUBLIC_ADMIN_URL, { port: 3000 })).toEqual([
      "https://admin.example.in",
      "https://admin2.example.in",
    ]);
    expect(problems({ ...GOOD, PUBLIC_ADMIN_URL: "https://admin.example.in,ftp://files" })[0]).toMatch(
      /^\[admin\] PUBLIC_ADMIN_URL="https:\/\/admin\.example\.in,ftp:\/\/files": must be the admin's public address\(es\)/,
    );
  });

  it("never prints a secret's value, and says which required one is missing", () => {
    const lines = problems({ MARKETPLACE_API_URL: "http://127.0.0.1:4010", MARKETPLACE_API_KEY: "short", SESSION_SECRET: "not-16-chars" });
    expect(lines).toEqual([
      "[admin] MARKETPLACE_API_KEY=(hidden): must be the API's secret, at least 8 characters (e.g. MARKETPLACE_API_KEY=$(openssl rand -hex 24))",
      "[admin] SESSION_SECRET=(hidden): must be at least 16 characters (e.g. SESSION_SECRET=$(openssl rand -hex 32))",
    ]);
    expect(problems({ ...GOOD, METRICS_TOKEN: "tiny-token" })).toEqual([
      "[admin] METRICS_TOKEN=(hidden): must be at least 16 characters: the bearer token GET /metrics needs (e.g. METRICS_TOKEN=$(openssl rand -hex 24))",
    ]);
    expect(problems({ SESSION_SECRET: SECRET })).toEqual([
      "[admin] MARKETPLACE_API_URL is not set: must be the marketplace API's http(s) URL (e.g. MARKETPLACE_API_URL=http://127.0.0.1:4010)",
      "[admin] MARKETPLACE_API_KEY is not set: must be the API's secret, at least 8 characters (e.g. MARKETPLACE_API_KEY=$(openssl rand -hex 24))",
    ]);
  });
});

describe("describeAdminEnv", () => {
  it("prints the effective configuration: secrets as set (hidden), defaults marked, unset ones with what that means", () => {
    const source = { ...GOOD, PORT: "3100", METRICS_TOKEN: "admin-metrics-token-5678" };
    const lines = describeAdminEnv(settings(source), source);
    expect(lines).toEqual([
      "[admin] settings: PORT=3100, MARKETPLACE_API_URL=http://127.0.0.1:4010, MARKETPLACE_API_KEY=set (hidden), SESSION_SECRET=set (hidden), METRICS_TOKEN=set (hidden)",
      expect.stringMatching(
        /^\[admin\] defaults: BODY_LIMIT_BYTES=1048576, COOKIE_SECURE=false, .*SESSION_IDLE_MINUTES=720, .*LOG_LEVEL=info, LOG_FORMAT=json$/,
      ),
      "[admin] unset: HOST (all interfaces), TRUST_PROXY (no proxy trusted), PUBLIC_ADMIN_URL (this machine's addresses), NODE_ENV",
    ]);
    for (const secret of [KEY, SECRET, "admin-metrics-token-5678"]) expect(lines.join("\n")).not.toContain(secret);
  });
});
