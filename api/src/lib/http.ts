import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import type { ApiErrorBody } from "~contract/api";
import { fieldErrorsOf } from "~contract/form-result";
import { INT4_MAX } from "~contract/ids";
import { formatIndiaTime, MOMENT_SECONDS_FORMAT } from "~shared/dates";

/** A 4xx answer thrown from a handler; app.onError turns it into JSON. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly body: ApiErrorBody & Record<string, unknown>,
    /** extra answer headers, e.g. Retry-After */
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
    this.name = "HttpError";
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new HttpError(400, errors ? { message, errors } : { message });
export const notFound = (message: string) => new HttpError(404, { message });

export const INVALID_INPUT_MESSAGE = "Please correct the highlighted fields";

/**
 * The last line behind the schemas: the database refused a value (SQLSTATE class 22, "data
 * exception": out of range, a NUL, a date it has not). The call answers 400 with this sentence,
 * never 500; the error is still logged, since it means a schema let the value through (the fuzz
 * test fails on this sentence too).
 */
export const VALUE_REFUSED_BY_DATABASE = "A value is out of range or not valid for its field";

/** Whether `error` (or what it wraps: drizzle wraps the driver's error) is a data exception. */
export function isDataException(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** zod issues → { "field.path": "first message" } (the admin's forms read the same shape) */
export const fieldErrors = (error: z.ZodError): Record<string, string> => fieldErrorsOf(error.issues, "_");

export { INT4_MAX };

/** Reject numbers the shared schemas accept but an int4 column cannot hold. */
export function assertIds(values: Record<string, number | null | undefined>) {
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === "number" && value > INT4_MAX) errors[key] = `${key} is out of range`;
  }
  if (Object.keys(errors).length > 0) throw badRequest(INVALID_INPUT_MESSAGE, errors);
}

/** An `updated_at` sent back by the admin, as an instant. */
export function parseVersion(value: string, field = "updated_at"): number {
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw badRequest(INVALID_INPUT_MESSAGE, { [field]: `${field} is not a valid date-time` });
  return time;
}

/** "05-Jan-2026 14:03:07 IST" — how a conflict message names the time (the admin's one formatter). */
export function formatIst(date: Date): string {
  return formatIndiaTime(date, MOMENT_SECONDS_FORMAT);
}

/** 409 for an edit made on a version that is no longer current. */
export function staleEdit(entity: string, current: { updated_at: Date; updated_by: string | null }) {
  const who = current.updated_by ?? "another admin";
  return new HttpError(409, {
    message: `This ${entity} was changed by ${who} on ${formatIst(current.updated_at)} after you opened it.`,
    updated_at: current.updated_at.toISOString(),
    updated_by: current.updated_by,
  });
}

/** The next version stamp: now, but always after the previous one so every change is detectable. */
export function nextVersion(previous: Date): Date {
  return new Date(Math.max(Date.now(), previous.getTime() + 1));
}
