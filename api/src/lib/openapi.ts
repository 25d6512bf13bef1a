/**
 * Schema-first routes (@hono/zod-openapi): each call is declared once with createRoute, and that
 * one declaration validates the request, types the handler and writes /openapi.json.
 * Importing this module first also gives every zod schema its `.openapi()` method.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { ACTING_ADMIN_HEADER, ApiErrorBody, ConflictBody } from "~contract/api";
import { isRecordId, recordId } from "~contract/ids";
import { noControlCharacters } from "~contract/input-rules";
import { TotalKind } from "~contract/list-total";
import { ACTING_ADMIN_REQUIRED } from "./audit";
import { badRequest, fieldErrors, INVALID_INPUT_MESSAGE } from "./http";

export { createRoute, z } from "@hono/zod-openapi";

/** Marker and wording for the calls whose path the specification does not show. */
export const OURS = "Path chosen by us: the specification does not show this call's path.";
export const chosenByUs = (more?: string) => ({
  description: more ? `${OURS} ${more}` : OURS,
  "x-path-chosen-by-us": true,
});

/**
 * A router whose failed validation answers 400 with the field messages, like every call did
 * before; a missing or malformed acting-admin header keeps its own sentence.
 */
export function apiRouter() {
  return new OpenAPIHono({
    defaultHook: (result) => {
      if (result.success) return;
      if (result.target === "header") throw badRequest(ACTING_ADMIN_REQUIRED);
      throw badRequest(INVALID_INPUT_MESSAGE, fieldErrors(result.error));
    },
  });
}
export type ApiRouter = ReturnType<typeof apiRouter>;

/**
 * JSON bodies are read once, here, so that an empty body is `{}`, malformed JSON and non-object
 * bodies get our sentences, and a body sent as anything but JSON is refused (415) rather than
 * silently ignored by the validators.
 */
export const jsonBodies: MiddlewareHandler = async (c, next) => {
  if (c.req.method === "GET" || c.req.method === "HEAD") return next();
  const type = c.req.header("content-type");
  const text = await c.req.text();
  if (!text.trim()) {
    c.req.bodyCache.json = Promise.resolve({});
    return next();
  }
  if (!type || !/^application\/([\w.-]+\+)?json\s*(;|$)/i.test(type)) {
    return c.json({ message: "The request body must be JSON (content-type: application/json)" }, 415);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest("The request body is not valid JSON");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw badRequest("The request body must be a JSON object");
  }
  const field = nulIn(body);
  if (field !== null) throw nulRefused(field);
  c.req.bodyCache.json = Promise.resolve(body);
  return next();
};

/**
 * Where a NUL byte sits in a JSON value: the field's path as the 400s name fields ("items.0.name"),
 * or null. A NUL in a key names the key.
 */
export function nulIn(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return value.includes("\0") ? path.join(".") || "body" : null;
  if (typeof value !== "object" || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes("\0")) return [...path, key.replaceAll("\0", "")].join(".");
    const found = nulIn(item, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/** 400 naming the field, in the words of the schemas' `text` ("Username must not contain …") */
const nulRefused = (field: string) => {
  const label = field.split(".").pop() || field;
  return badRequest(INVALID_INPUT_MESSAGE, { [field]: noControlCharacters(label.charAt(0).toUpperCase() + label.slice(1)) });
};

/**
 * Defence in depth for every call, whatever its schema says: no text holds a NUL byte (PostgreSQL
 * cannot store one, and would answer an error). The query string's keys and values and the path
 * are checked here, JSON bodies in `jsonBodies`; the 400 names the field. Each schema's `text`
 * (contract/api.ts) refuses the other control characters too, with the field's own label.
 */
export const refuseNul: MiddlewareHandler = async (c, next) => {
  const url = new URL(c.req.url);
  for (const [key, value] of url.searchParams) {
    if (key.includes("\0") || value.includes("\0")) throw nulRefused(key.replaceAll("\0", "") || "query");
  }
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    path = url.pathname;
  }
  if (path.includes("\0")) throw nulRefused("path");
  return next();
};

/**
 * The written document, mended where the generator says less than the schemas: a nullable enum
 * (`z.enum([...]).nullable()`) comes out as `type: [string, null]` with an `enum` lacking null,
 * which refuses the null the schema allows; null is added to such enums. And every operation
 * documents the 400 `refuseNul` may answer (a NUL in its query or path), where it has no 400.
 */
export function mendDocument<T extends object>(document: T): T {
  type Operation = { responses?: Record<string, unknown> };
  const paths = (document as { paths?: Record<string, Record<string, Operation>> }).paths ?? {};
  for (const operations of Object.values(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!["get", "put", "post", "delete", "patch", "head", "options"].includes(method)) continue;
      if (operation.responses && !operation.responses["400"]) {
        operation.responses["400"] = {
          description: "A NUL byte in the query or the path (errors names the field)",
          content: { "application/json": { schema: { $ref: "#/components/schemas/ApiErrorBody" } } },
        };
      }
    }
  }
  const visit = (node: unknown) => {
    if (!node || typeof node !== "object") return;
    if (Array.isArray(node)) return node.forEach(visit);
    const schema = node as Record<string, unknown>;
    const nullable = Array.isArray(schema.type) ? schema.type.includes("null") : schema.nullable === true;
    if (nullable && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
    Object.values(schema).forEach(visit);
  };
  visit(document);
  return document;
}

// ——— documented pieces shared by the routes ———

export const ErrorBody = ApiErrorBody.openapi("ApiErrorBody");
export const Conflict = ConflictBody.openapi("ConflictBody");

export const json = <T extends z.ZodTypeAny>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
export const error = (description: string) => json(ErrorBody, description);
/**
 * An answer of raw bytes, documented under each media type it is sent with (its Content-Type,
 * parameters such as charset left out), so that the document says what the answer says.
 */
export const bytes = (description: string, mediaTypes: readonly string[]) => ({
  description,
  content: Object.fromEntries(
    [...new Set(mediaTypes.map((type) => type.split(";")[0].trim()))].map((type) => [
      type,
      { schema: z.string().openapi({ format: "binary" }) },
    ]),
  ),
});
/** `{ data: … }`, the envelope of most answers */
export const data = <T extends z.ZodTypeAny>(schema: T) => z.object({ data: schema });
export const message = z.object({ message: z.string() });
/** a page of a list: the rows' envelope, and where the page sits */
export const paged = <T extends z.AnyZodObject>(rows: T) =>
  rows.extend({
    total_results: z.number().int(),
    // how total_results was counted: "exact" when absent (lib/list-total.ts)
    total_kind: TotalKind.optional(),
    current_page: z.number().int(),
    page_size: z.number().int(),
  });
export const body = <T extends z.ZodTypeAny>(schema: T) => ({
  required: true as const,
  content: { "application/json": { schema } },
});

export const common = {
  401: error("The secret header is missing or wrong"),
  500: error("Unexpected failure (no details are given)"),
} as const;
export const mutating = {
  400: error("Invalid input, field messages in errors, or x-acting-admin missing"),
  403: error("x-acting-admin names an admin who is not Active (Blocked or Inactive)"),
  413: error("The request body is too large (over 1 MiB, or the upload's own limit)"),
  415: error("The request body is not JSON (content-type: application/json)"),
  // Idempotency-Key (lib/idempotency.ts): a repeat while the first still runs, or the key used for another request
  409: json(
    z.union([Conflict, ErrorBody]),
    "A stale edit or a state that refuses the change (see conflict); or the same Idempotency-Key while its first request still runs",
  ),
  422: error("This Idempotency-Key was already used for another request (another admin, method or path)"),
} as const;
/** 409: a stale edit (who changed it and when), or a change the record's state refuses (its message says why) */
export const conflict = {
  409: json(
    z.union([Conflict, ErrorBody]),
    "Stale edit: who changed it and when (ConflictBody); or a change the record's state refuses, its message saying why",
  ),
} as const;

/** The admin making a change (recorded in the audit log); requireActor checks it is Active. */
export const ActingAdmin = z.object({
  [ACTING_ADMIN_HEADER]: z
    .string()
    .trim()
    .refine(isRecordId, "x-acting-admin must be an admin's id")
    .openapi({
      param: { name: ACTING_ADMIN_HEADER, in: "header" },
      description: "adminUserId of the admin making the change (recorded in the audit log); must be an Active admin",
      example: "1",
    }),
});

/** A record id in a path or query (contract/ids.ts), documented. */
export const idParam = (name: string, description?: string) => recordId(name).openapi({ description: description ?? name, example: "1" });
