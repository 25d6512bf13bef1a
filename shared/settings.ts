/**
 * Settings checked at start (issue 35): each server reads its environment through one zod schema
 * (api/src/env.ts, shared/admin-env.ts). A wrong value stops the process with one line per
 * variable — its name, the value's problem and an example — never a stack trace, and never a
 * secret's value; a good start prints the effective configuration in a few lines, secrets masked.
 */
import { z } from "zod";

/** What an operator is told about one variable. */
export type SettingHelp<Env = Record<string, unknown>> = {
  /** what a good value is, said after the value: "must be a port number from 0 to 65535" */
  rule: string;
  /** a good value, for "(e.g. NAME=example)" */
  example: string;
  /** never printed: "(hidden)" in an error, "set (hidden)" at start */
  secret?: boolean;
  /** a URL that may carry credentials: its password and query string are never printed */
  url?: boolean;
  /** what leaving it unset means, when it has no default value ("embedded PGlite") */
  unset?: string;
  /** printed at start only when this holds (S3_REGION only with S3_BUCKET) */
  shownWhen?: (env: Env) => boolean;
};

export type SettingsHelp<Env> = { [K in keyof Env]-?: SettingHelp<Env> };

export type ParsedSettings<Env> = { ok: true; env: Env } | { ok: false; lines: string[] };

/** The variables a schema reads, from `source`; an empty (or blank) variable counts as unset. */
export function presentValues(source: Record<string, string | undefined>, names: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = source[name];
    if (value !== undefined && value.trim() !== "") values[name] = value;
  }
  return values;
}

/** A URL with its password and query string hidden (a DATABASE_URL, an SMTP_URL with credentials). */
function maskUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return text.includes("@") || text.includes("?") ? "(hidden)" : text;
  }
  if (!url.password && !url.search) return text;
  const user = url.username || url.password ? `${url.username}${url.password ? ":(hidden)" : ""}@` : "";
  return `${url.protocol}//${user}${url.host}${url.pathname}${url.search ? "?(hidden)" : ""}`;
}

function shownText(text: string, help: SettingHelp<never> | undefined): string {
  if (help?.secret) return "(hidden)";
  return JSON.stringify(help?.url ? maskUrl(text) : text);
}

/**
 * `source` read through `schema`: the settings, or one line per wrong variable,
 * `<prefix>NAME="value": <rule> (e.g. NAME=<example>)` (a secret's value shown as (hidden)).
 * A rule across variables (addAcrossIssue: S3_ENDPOINT when S3_BUCKET is set) reports its own message.
 */
export function parseSettings<Schema extends z.ZodTypeAny>(
  schema: Schema,
  help: Record<string, SettingHelp<never>>,
  source: Record<string, string | undefined>,
  prefix: string,
): ParsedSettings<z.output<Schema>> {
  const values = presentValues(source, Object.keys(help));
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, env: parsed.data };
  const lines: string[] = [];
  const named = new Set<string>();
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? "");
    if (named.has(name)) continue;
    named.add(name);
    const about = help[name];
    const value = values[name];
    const shown = value === undefined ? " is not set" : `=${shownText(value, about)}`;
    const across = issue.code === z.ZodIssueCode.custom && issue.params?.across === true;
    const rule = across || !about ? issue.message : about.rule;
    lines.push(`${prefix}${name}${shown}: ${rule}${about ? ` (e.g. ${name}=${about.example})` : ""}`);
  }
  return { ok: false, lines };
}

/** A rule across variables broken: reported on `name` with `rule` ("must be set when S3_BUCKET is set"). */
export function addAcrossIssue(ctx: z.RefinementCtx, name: string, rule: string) {
  ctx.addIssue({ code: z.ZodIssueCode.custom, path: [name], message: rule, params: { across: true } });
}

function shownValue(value: unknown, given: string | undefined, help: SettingHelp<never>): string {
  if (help.secret) return "set (hidden)";
  // a date is shown as it was given (DEMO_BASE_DATE), not as the instant it was read as
  const text = value instanceof Date ? (given ?? value.toISOString()) : String(value);
  const masked = help.url ? maskUrl(text) : text;
  return /[\s,"]/.test(masked) ? JSON.stringify(masked) : masked;
}

/**
 * The effective configuration in three lines at most: the variables given, those left at their
 * defaults, and those unset (with what that means). Secrets are `set (hidden)`.
 */
export function describeSettings<Env extends Record<string, unknown>>(
  env: Env,
  help: SettingsHelp<Env>,
  source: Record<string, string | undefined>,
  prefix: string,
): string[] {
  const given = presentValues(source, Object.keys(help));
  const set: string[] = [];
  const defaults: string[] = [];
  const unset: string[] = [];
  for (const name of Object.keys(help) as (keyof Env & string)[]) {
    const about = help[name] as SettingHelp<Env>;
    if (about.shownWhen && !about.shownWhen(env)) continue;
    const value = env[name];
    if (value === undefined) {
      unset.push(about.unset ? `${name} (${about.unset})` : name);
      continue;
    }
    const text = `${name}=${shownValue(value, given[name], about as SettingHelp<never>)}`;
    (name in given ? set : defaults).push(text);
  }
  return [
    set.length > 0 ? `${prefix}settings: ${set.join(", ")}` : "",
    defaults.length > 0 ? `${prefix}defaults: ${defaults.join(", ")}` : "",
    unset.length > 0 ? `${prefix}unset: ${unset.join(", ")}` : "",
  ].filter(Boolean);
}

/** An HTTP header's name (RFC 9110 token), for MARKETPLACE_API_KEY_HEADER. */
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** An http(s) URL. */
export const httpUrl = z
  .string()
  .trim()
  .refine((text) => {
    try {
      return ["http:", "https:"].includes(new URL(text).protocol);
    } catch {
      return false;
    }
  });

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** The settings both servers read for their logs and metrics (the logger and GET /metrics use them). */
export const observabilitySettings = {
  NODE_ENV: z.enum(["development", "production", "test"]).optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  /** default: pretty when NODE_ENV=development, else json (logDefaults) */
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  METRICS_TOKEN: z.string().trim().min(16).optional(),
};

export const observabilityHelp = {
  NODE_ENV: { rule: "must be development, production or test", example: "production" },
  LOG_LEVEL: { rule: `must be one of ${LOG_LEVELS.join(", ")}`, example: "info" },
  LOG_FORMAT: { rule: "must be json (one JSON object a line) or pretty (readable)", example: "json" },
  METRICS_TOKEN: {
    rule: "must be at least 16 characters: the bearer token GET /metrics needs",
    example: "$(openssl rand -hex 24)",
    secret: true,
    unset: "/metrics answers 404",
  },
} satisfies Record<keyof typeof observabilitySettings, SettingHelp<never>>;

/** LOG_FORMAT's default follows NODE_ENV: readable lines in development, JSON lines elsewhere. */
export function withLogFormat<Env extends { NODE_ENV?: string; LOG_FORMAT?: "json" | "pretty" }>(
  env: Env,
): Env & { LOG_FORMAT: "json" | "pretty" } {
  return { ...env, LOG_FORMAT: env.LOG_FORMAT ?? (env.NODE_ENV === "development" ? "pretty" : "json") };
}
