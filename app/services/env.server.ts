import { z } from "zod";
import { DEFAULT_API_KEY_HEADER } from "~contract/api";

const EnvSchema = z.object({
  MARKETPLACE_API_URL: z.string().url({ message: "MARKETPLACE_API_URL must be a URL" }),
  MARKETPLACE_API_KEY: z.string().min(8, "MARKETPLACE_API_KEY must be at least 8 characters"),
  MARKETPLACE_API_KEY_HEADER: z.string().min(1).default(DEFAULT_API_KEY_HEADER),
  MARKETPLACE_API_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
  SESSION_SECRET: z.string().min(16, "SESSION_SECRET must be at least 16 characters"),
  COOKIE_SECURE: z
    .enum(["true", "false", "1", "0", ""])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
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
  PUBLIC_SITE_URL: z.string().url().default("https://example.com"),
});
export type ServerEnv = z.infer<typeof EnvSchema>;

/** The variables the schema reads (a change to any of them is read again). */
const ENV_KEYS = Object.keys(EnvSchema.shape) as (keyof ServerEnv)[];

let cached: { values: (string | undefined)[]; env: ServerEnv } | undefined;

/**
 * Validated server configuration; re-read when process.env changes (tests point it at their API).
 * Several calls a request: the check is a comparison of the values read last time, not a parse.
 */
export function getServerEnv(): ServerEnv {
  if (cached && ENV_KEYS.every((key, i) => process.env[key] === cached!.values[i])) return cached.env;
  const values = ENV_KEYS.map((key) => process.env[key]);
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid admin configuration:\n  ${problems.join("\n  ")}`);
  }
  cached = { values, env: parsed.data };
  return parsed.data;
}

/** The only values the browser may see (none of them secret). */
export function getPublicEnv() {
  return { PUBLIC_SITE_URL: getServerEnv().PUBLIC_SITE_URL };
}
