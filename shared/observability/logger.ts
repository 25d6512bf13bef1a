/**
 * Both servers' logs (pino): JSON lines in production, one per request and one per event worth an
 * operator's eye; readable lines in development. The level is LOG_LEVEL (default info).
 *
 * What a line may carry is decided where it is written: request lines have method, route pattern,
 * path, status, duration, request id and admin id, never a header, a query string or a body, so a
 * password, the API secret, a session cookie or an account number cannot reach the log through
 * them. Errors are logged by message and stack only, with anything shaped like a connection URL's
 * password cut out (`scrub`).
 */
import pino, { type Logger } from "pino";
import pretty from "pino-pretty";

export type LogFormat = "json" | "pretty";
export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
export type { Logger };

export type LoggerOptions = {
  /** "admin" or "api": every line says which server wrote it */
  name: string;
  level?: LogLevel;
  /** default: pretty when NODE_ENV is development, else json */
  format?: LogFormat;
  /** where the lines go (tests read them); default standard output */
  destination?: NodeJS.WritableStream;
};

export function defaultLogFormat(): LogFormat {
  return process.env.NODE_ENV === "development" ? "pretty" : "json";
}

export function createLogger({ name, level = "info", format = defaultLogFormat(), destination }: LoggerOptions): Logger {
  const options = {
    name,
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: errorFields },
  };
  if (format === "pretty") {
    // in-process (no worker thread): the compiled servers are bundles, and development output is small
    return pino(options, pretty({ colorize: !destination, sync: true, destination: destination ?? 1, ignore: "pid,hostname" }));
  }
  return destination ? pino(options, destination) : pino(options);
}

/**
 * A start-up line every operator and supervisor must see whatever LOG_LEVEL says ("… listening on
 * http://…": `npm start`, the test harnesses and the benches wait for it): a log line at info, or
 * plain text when the level hides info.
 */
export function announce(logger: Logger, message: string): void {
  if (logger.isLevelEnabled("info")) logger.info(message);
  else process.stdout.write(`${message}\n`);
}

/** A connection URL's password (postgres://user:secret@host, smtp://…) is replaced before an error is logged. */
export function scrub(text: string): string {
  return text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^:/@\s]*:)[^@\s]*@/gi, "$1***@");
}

/** An error's message and stack (scrubbed), its code and cause's message: nothing of the request that met it. */
export function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: scrub(String(error)) };
  const code = (error as { code?: unknown }).code;
  const cause = error.cause instanceof Error ? scrub(error.cause.message) : undefined;
  return {
    type: error.name,
    message: scrub(error.message),
    ...(typeof code === "string" ? { code } : {}),
    ...(error.stack ? { stack: scrub(error.stack) } : {}),
    ...(cause ? { cause } : {}),
  };
}
