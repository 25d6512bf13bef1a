import { ADMIN_ENV_NAMES, parseAdminEnv, type AdminEnv } from "~shared/admin-env";

/** The admin's settings (shared/admin-env.ts: one schema for the server and the app). */
export type ServerEnv = AdminEnv;

let cached: { values: (string | undefined)[]; env: ServerEnv } | undefined;

/**
 * Validated server configuration; re-read when process.env changes (tests point it at their API).
 * Several calls a request: the check is a comparison of the values read last time, not a parse.
 * server/main.ts checked the same variables at start, so a wrong one throws here only when changed since.
 */
export function getServerEnv(): ServerEnv {
  if (cached && ADMIN_ENV_NAMES.every((key, i) => process.env[key] === cached!.values[i])) return cached.env;
  const values = ADMIN_ENV_NAMES.map((key) => process.env[key]);
  const parsed = parseAdminEnv(process.env);
  if (!parsed.ok) throw new Error(`Invalid admin configuration:\n  ${parsed.lines.join("\n  ")}`);
  cached = { values, env: parsed.env };
  return parsed.env;
}

/** The only values the browser may see (none of them secret). */
export function getPublicEnv() {
  return { PUBLIC_SITE_URL: getServerEnv().PUBLIC_SITE_URL };
}
