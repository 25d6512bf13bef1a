/**
 * Every environment variable the admin process reads (docs/operations.md, "Admin"): its HTTP server
 * (server/main.ts checks them at start, before loading the Remix build) and the app
 * (app/services/env.server.ts getServerEnv). Here, not in server/, so the app does not import
 * server code. A wrong value is one line naming it (shared/settings.ts).
 */
import { isIP } from "node:net";
import { z } from "zod";
import {
  describeSettings,
  HEADER_NAME,
  httpUrl,
  observabilityHelp,
  observabilitySettings,
  parseSettings,
  withLogFormat,
  type ParsedSettings,
  type SettingsHelp,
} from "./settings";

const PREFIX = "[admin] ";

/** contract/api.ts DEFAULT_API_KEY_HEADER (shared/ imports no contract; tests/api/admin-env.test.ts checks they agree) */
const DEFAULT_API_KEY_HEADER = "x-api-key";

/** TRUST_PROXY's names for address ranges (Express's proxy-addr) */
const PROXY_RANGES = ["loopback", "linklocal", "uniquelocal"];

/** An address, a subnet (address/bits or address/netmask) or one of PROXY_RANGES. */
function isProxy(part: string) {
  if (PROXY_RANGES.includes(part) || isIP(part)) return true;
  const [address, bits, ...more] = part.split("/");
  if (more.length > 0 || bits === undefined) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (/^\d+$/.test(bits)) return Number(bits) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(bits) === 4;
}

const commaList = (text: string) =>
  text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);

export const AdminEnvShape = {
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().trim().optional(),
  /** which proxies' X-Forwarded-For to believe (server/admin-server.ts trustProxySetting); never "true" */
  TRUST_PROXY: z
    .string()
    .trim()
    .refine((text) => ["false", "0"].includes(text) || /^\d+$/.test(text) || (commaList(text).length > 0 && commaList(text).every(isProxy)))
    .optional(),
  /** server/admin-server.ts DEFAULT_BODY_LIMIT_BYTES */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024)
    .default(1024 * 1024),
  COOKIE_SECURE: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /** the admin's public address(es), comma-separated (server/admin-server.ts publicOrigins); unset: this machine's */
  PUBLIC_ADMIN_URL: z
    .string()
    .trim()
    .refine((text) => commaList(text).length > 0 && commaList(text).every((part) => httpUrl.safeParse(part).success))
    .optional(),
  DRAIN_DELAY_SECONDS: z.coerce.number().min(0).max(600).default(0),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  MARKETPLACE_API_URL: httpUrl,
  MARKETPLACE_API_KEY: z.string().min(8),
  MARKETPLACE_API_KEY_HEADER: z.string().trim().regex(HEADER_NAME).default(DEFAULT_API_KEY_HEADER),
  MARKETPLACE_API_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(8000),
  SESSION_SECRET: z.string().min(16),
  /** A session unused this long ends (default 12 hours). */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(30 * 24 * 60)
    .default(12 * 60),
  /** A session ends this long after sign-in whatever its use (default 7 days). */
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  /**
   * How long (seconds) an admin process reuses its read of a signed-in session (admin or provider)
   * before asking the API again (default 1, 0 to 60; 0 = ask on every request). With several admin
   * processes, a session ended through another one (sign-out, "Sign out other sessions", the admin
   * blocked) can still be used here for this long at most.
   */
  ADMIN_REFRESH_SECONDS: z.coerce.number().min(0).max(60).default(1),
  PUBLIC_SITE_URL: httpUrl.default("https://example.com"),
  ...observabilitySettings,
};

export const AdminEnvSchema = z.object(AdminEnvShape).transform(withLogFormat);

export type AdminEnv = z.output<typeof AdminEnvSchema>;

/** The variables the schema reads. */
export const ADMIN_ENV_NAMES = Object.keys(AdminEnvShape) as (keyof AdminEnv)[];

export const ADMIN_ENV_HELP: SettingsHelp<AdminEnv> = {
  PORT: { rule: "must be a port number from 1 to 65535", example: "3000" },
  HOST: { rule: "must be the interface's address or host name", example: "127.0.0.1", unset: "all interfaces" },
  TRUST_PROXY: {
    rule: "must name the proxies (addresses or subnets, comma-separated, or loopback, linklocal, uniquelocal) or give a hop count; true would trust any client",
    example: "10.0.0.2,10.0.0.3",
    unset: "no proxy trusted",
  },
  BODY_LIMIT_BYTES: { rule: "must be a whole number of bytes from 1024 to 1073741824", example: "1048576" },
  COOKIE_SECURE: { rule: "must be true (served over https) or false", example: "true" },
  PUBLIC_ADMIN_URL: {
    rule: "must be the admin's public address(es), comma-separated http(s) URLs",
    example: "https://admin.example.in",
    unset: "this machine's addresses",
  },
  DRAIN_DELAY_SECONDS: { rule: "must be a number of seconds from 0 to 600", example: "10" },
  SHUTDOWN_GRACE_SECONDS: { rule: "must be a number of seconds from 1 to 3600", example: "30" },
  MARKETPLACE_API_URL: { rule: "must be the marketplace API's http(s) URL", example: "http://127.0.0.1:4010", url: true },
  MARKETPLACE_API_KEY: { rule: "must be the API's secret, at least 8 characters", example: "$(openssl rand -hex 24)", secret: true },
  MARKETPLACE_API_KEY_HEADER: { rule: "must be an HTTP header name", example: DEFAULT_API_KEY_HEADER },
  MARKETPLACE_API_TIMEOUT_MS: { rule: "must be a whole number of milliseconds from 1 to 600000", example: "8000" },
  SESSION_SECRET: { rule: "must be at least 16 characters", example: "$(openssl rand -hex 32)", secret: true },
  SESSION_IDLE_MINUTES: { rule: "must be a whole number of minutes from 5 to 43200", example: "720" },
  SESSION_MAX_DAYS: { rule: "must be a whole number of days from 1 to 90", example: "7" },
  ADMIN_REFRESH_SECONDS: { rule: "must be a number of seconds from 0 to 60", example: "1" },
  PUBLIC_SITE_URL: { rule: "must be the public site's http(s) URL", example: "https://marketplace.example.in" },
  ...observabilityHelp,
};

/** `source` (process.env) read as the admin's settings, or one line per wrong variable. */
export function parseAdminEnv(source: Record<string, string | undefined>): ParsedSettings<AdminEnv> {
  return parseSettings(AdminEnvSchema, ADMIN_ENV_HELP, source, PREFIX);
}

/** The effective configuration, a few lines (secrets `set (hidden)`); `source` tells given values from defaults. */
export function describeAdminEnv(env: AdminEnv, source: Record<string, string | undefined>): string[] {
  return describeSettings(env, ADMIN_ENV_HELP, source, PREFIX);
}
