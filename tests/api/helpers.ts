import { appendFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { boostingPoints, serviceProviders } from "../../api/src/db/schema";
import type { z } from "zod";
import { ACTING_ADMIN_HEADER } from "~contract/api";
import { OrderPaymentStatusRow } from "~contract/order-payment-status";
import type { TestApi } from "../support/api-server";
import { conformanceChecker, conformanceProblem, type SeenAnswer } from "../support/openapi-conformance";

export type CallOptions = {
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  /** raw body text (bad JSON tests) */
  rawBody?: string;
  /** adminUserId sent as x-acting-admin; default 1 (the demo "admin") on mutating calls */
  actingAdmin?: number | string | null;
  /** omit the secret, or send this value instead */
  key?: string | null;
  headers?: Record<string, string>;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of every shape, read by property in assertions
export type Answer = { status: number; body: any; text: string };

/** One call to the API over HTTP, the way the admin's client makes it. */
export async function call(api: TestApi, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const url = new URL(path, api.url);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
  const headers = new Headers(options.headers);
  if (options.key !== null) headers.set(api.apiKeyHeader, options.key ?? api.apiKey);
  const mutating = method !== "GET";
  const acting = options.actingAdmin === undefined ? (mutating ? 1 : null) : options.actingAdmin;
  if (acting !== null) headers.set(ACTING_ADMIN_HEADER, String(acting));
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers.set("content-type", "application/json");
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  await checkAgainstDocument(api, {
    method,
    path: url.pathname,
    status: response.status,
    contentType: response.headers.get("content-type"),
    text,
  });
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, body: json, text };
}

/**
 * Every answer `call` sees must agree with /openapi.json (tests/support/openapi-conformance.ts):
 * a documented status and media type, and a body matching the documented schema. The test fails
 * naming the operation and what differs. OPENAPI_CONFORMANCE_REPORT=<file> writes the problems
 * there instead (a survey).
 */
async function checkAgainstDocument(api: TestApi, answer: SeenAnswer) {
  if (answer.path === "/openapi.json") return;
  const checker = await conformanceChecker(api.url, { [api.apiKeyHeader]: api.apiKey });
  const problem = conformanceProblem(checker, answer);
  if (!problem) return;
  const report = process.env.OPENAPI_CONFORMANCE_REPORT;
  if (report) appendFileSync(report, `${problem}\n`);
  else expect.fail(`The answer does not agree with /openapi.json: ${problem}`);
}

/** Parse with the shared schema, failing the test with zod's explanation. */
export function parsed<T extends z.ZodTypeAny>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) expect.fail(`answer does not match the schema: ${result.error.message}\n${JSON.stringify(value)}`);
  return result.data;
}

export const get = (api: TestApi, path: string, options?: CallOptions) => call(api, "GET", path, options);

/** Counts and latest audit id: "nothing changed" means this is the same before and after. */
export async function snapshot(api: TestApi) {
  const stats = await get(api, "/dashboard-stats");
  const audit = await get(api, "/audit-log", { query: { limit: 100 } });
  const categories = await get(api, "/get-all-category");
  return { stats: stats.body.data, audit: audit.body.data, categories: categories.body.data };
}

export const validCategory = (name: string, extra: Record<string, unknown> = {}) => ({
  categoryName: name,
  desc: `${name} description`,
  status: "Active",
  ...extra,
});

/** Providers whose stored booster points total is not the sum of their history (there must be none). */
export async function providersOffTheirHistory(db: TestApi["db"]): Promise<unknown[]> {
  const result = (await db.execute(sql`
    SELECT sp."serviceProvider_id" AS id FROM ${serviceProviders} sp
    LEFT JOIN (SELECT service_provider, SUM(points) AS total FROM ${boostingPoints} GROUP BY service_provider) h ON h.service_provider = sp."serviceProvider_id"
    WHERE sp."boosterPoints" <> COALESCE(h.total, 0)`)) as unknown as { rows: unknown[] };
  return result.rows;
}

/** The order-payment-status report as JSON, and streamed (NDJSON), and a stream's lines parsed. */
export const reportJson = (api: TestApi, query: Record<string, string> = {}) => get(api, "/order-payment-status/", { query });
export const reportStream = (api: TestApi, query: Record<string, string> = {}) =>
  get(api, "/order-payment-status/", { query: { format: "ndjson", ...query } });
export function reportLines(text: string) {
  expect(text.endsWith("\n") || text === "").toBe(true);
  return text
    .split("\n")
    .filter(Boolean)
    .map((l) => parsed(OrderPaymentStatusRow, JSON.parse(l)));
}
