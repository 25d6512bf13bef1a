import { z } from "zod";
import { PageCursors, TotalKind } from "./list-total";
import { DAY_OUT_OF_RANGE, isDayInRange, noControlCharacters, TEXT_PATTERN } from "./input-rules";

/** 4xx answers of the marketplace API: a message, and per-field messages for bad input. */
export const ApiErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** 409 answer to an edit whose `updated_at` is stale. */
export const ConflictBody = ApiErrorBody.extend({
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type ConflictBody = z.infer<typeof ConflictBody>;

export function paginated<T extends z.ZodTypeAny>(row: T) {
  return z.object({
    data: z.array(row),
    total_results: z.number().int(),
    /** how total_results was counted; absent: exact (contract/list-total.ts) */
    total_kind: TotalKind.optional(),
    current_page: z.number().int(),
    page_size: z.number().int(),
    /** the lists with keyset pages: the previous and next page's cursors (contract/list-query.ts) */
    cursors: PageCursors.optional(),
  });
}

/** Headers the admin sends to the API. The secret's header name is configurable; this is the default. */
export const DEFAULT_API_KEY_HEADER = "x-api-key";
export const ACTING_ADMIN_HEADER = "x-acting-admin";
/** A signed-in provider acting on their own profile (the provider wizard): their serviceProvider_id. */
export const ACTING_PROVIDER_HEADER = "x-acting-provider";
/**
 * One form submission (a key rendered into the form, new at every render): the API answers a repeat
 * of the same key with the first answer instead of doing the work twice (api/src/lib/idempotency.ts).
 */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
/** Set on an answer the API replays for a repeated Idempotency-Key. */
export const IDEMPOTENT_REPLAY_HEADER = "idempotent-replayed";
/** What a key may be: 8–100 letters, digits, `-`, `_`, `:` or `.` (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;
export const CLIENT_ADDRESS_HEADER = "x-client-address";

/** Query-string booleans as the spec sends them ("true"/"false"). */
export const queryBoolean = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use the date format YYYY-MM-DD")
  // a day of the calendar: Date.parse takes "2025-02-30" and rolls it over to 2 March
  .refine((v) => {
    const time = Date.parse(v + "T00:00:00Z");
    return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === v;
  }, "Not a valid date")
  .refine(isDayInRange, DAY_OUT_OF_RANGE);

/**
 * A text field: any string without control characters (./input-rules.ts; tab and line breaks are
 * fine), documented as its pattern. `label` names the field in the message. A ZodString: chain
 * `.trim()`, `.max()` … after it.
 */
export const text = (label: string, params?: Parameters<typeof z.string>[0]) =>
  z.string(params).regex(TEXT_PATTERN, noControlCharacters(label));

/**
 * One admin request, followed through both servers' logs and onto the audit entries it writes: the
 * admin makes it (or keeps a well-formed one from a trusted proxy), sends it with every API call,
 * and the API answers with it (shared/observability/request-id.ts).
 */
export const REQUEST_ID_HEADER = "x-request-id";
