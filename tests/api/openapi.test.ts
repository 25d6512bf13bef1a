import { compileErrors, validate } from "@readme/openapi-parser";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createApi } from "../../api/src/app";
import type { Database } from "../../api/src/db/client";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { get, type Answer } from "./helpers";

/** Every call the admin uses, as the spec writes it (and our own paths). */
const EXPECTED: [string, string][] = [
  ["get", "/category-hierarchy-admin"],
  ["get", "/category-hierarchy"],
  ["get", "/get-all-category"],
  ["post", "/create-category"],
  ["get", "/get-category-by-id"],
  ["patch", "/update-category"],
  ["delete", "/remove-category"],
  ["get", "/get-faq-by-category-id/{categoryId}"],
  ["post", "/create-faq"],
  ["get", "/faq-detail/{id}"],
  ["put", "/faq-detail/{id}"],
  ["delete", "/faq-detail/{id}"],
  ["post", "/login-admin-user"],
  ["get", "/get-admin-user-by-id"],
  ["get", "/audit-log"],
  ["get", "/dashboard-stats"],
  ["get", "/dashboard-trends"],
  ["get", "/openapi.json"],
  ["get", "/get-all-contacts"],
  ["get", "/search-users"],
  ["delete", "/delete-user"],
  ["get", "/get-general-setting"],
  ["put", "/upsert-setting"],
  ["get", "/s3/list"],
  ["post", "/s3/delete"],
  ["get", "/get-grouped-chats-admin"],
  ["get", "/admin/chats/{providerId}/{userId}"],
  ["delete", "/delete-query-chat/{query_chat_id}"],
  ["get", "/contact-share-attempts"],
  ["delete", "/contact-share-attempts/{id}"],
  ["post", "/create-document"],
  ["put", "/update-document"],
  ["get", "/get-document"],
  // the provider wizard (spec 3 §7), and its plans list and profile submit (ours)
  ["put", "/save-service-provider-form"],
  ["get", "/get-saved-form-data"],
  ["post", "/upsert-service-bulk"],
  ["get", "/provider-plans"],
  ["post", "/submit-service-provider-profile"],
  ["post", "/provider-sessions/sign-in"],
  ["post", "/provider-sessions/resolve"],
  ["post", "/provider-sessions/end"],
  ["post", "/provider-accounts"],
];
const OURS = [
  "/release-requests/{payout_id}/approve",
  "/release-requests/{payout_id}/reject",
  "/healthz",
  "/readyz",
  "/metrics",
  "/get-admin-user-by-id",
  "/admin-sessions",
  "/admin-sessions/resolve",
  "/admin-sessions/end",
  "/admin-sessions/end-others",
  "/admin-sessions/end-all",
  "/admin-sessions/{sessionId}",
  "/audit-log",
  "/audit-log/seen",
  "/audit-log/exports",
  "/saved-views",
  "/saved-views/{id}",
  "/saved-views/default",
  "/bulk-jobs",
  "/bulk-jobs/{id}",
  "/bulk-jobs/{id}/cancel",
  "/bulk-jobs/{id}/failures",
  "/provider-documents/{id}/review",
  "/audit-entries",
  "/audit-entries/{id}",
  "/audit-entries/{id}/revert",
  "/change-admin-password",
  "/update-admin-appearance",
  "/dashboard-stats",
  "/dashboard-trends",
  "/openapi.json",
  "/get-serviceProvider-detail",
  "/update-booster-points",
  "/get-bookings",
  "/get-order-detail",
  "/files/{name}",
  "/accounts/{id}/reveal",
  "/get-contact-by-id",
  "/admin-search",
  "/create-contact",
  "/get-all-ratings",
  "/create-rating",
  // the Users screen's list and status change (spec 2 §7 "path not shown")
  "/users",
  "/update-user-status",
  "/user-open-orders",
  "/users/{user_id}/story",
  // one setting, for the audit log's Revert (spec 2 §7 shows only the list of all)
  "/get-setting",
  // General Settings' logo and favicon uploads (spec 2 §2 shows the uploads, not their call)
  "/upload-setting-file",
  "/blog/article-images/{name}",
  // the public image route's question: is this image in a published post (issue 28)
  "/blog/published-images/{name}",
  // one operation of a path the spec shows (its PUT is the spec's)
  "get /payments/{payment_id}",
  // a provider's payout ledger (issue 34)
  "/payout-ledger",
  // Comment Moderation: one comment for its dialog (the spec shows PUT and DELETE on the path), and the bulk calls
  "get /blog/comments/{id}/",
  "/blog/comments/bulk-approve/",
  "/blog/comments/bulk-delete/",
  // Pending Bookings: one journey for its step dialog
  "/track-booking-journey/{id}/",
  // S3 Bucket Manager: uploads and Fetch S3 Bucket Data (the spec shows the button, not its call)
  "/s3/upload",
  "/s3/sync",
  // the Unused filter's sweep of post images no post uses (issue 28)
  "/s3/sweep-unused-post-images",
  "/s3/files/{id}",
  // Customer Queries: one pair, for the Query Details of a pair not on the page shown
  "/query-chat-groups/{id}",
  // the provider wizard: the plans list and the profile submit (spec 3 §7 "not shown")
  "/provider-plans",
  "/submit-service-provider-profile",
  "/provider-sessions/sign-in",
  "/provider-sessions/resolve",
  "/provider-sessions/end",
  "/provider-accounts",
  // the wizard's Documents & Terms step reads the provider's documents row
  "/get-document",
  // Sent Messages: the outbox's list and its retries (issue 16)
  "/outbox",
  "/outbox/retry",
  "/outbox/retry-failed",
  "/approved-payouts",
  "/bank-files",
  "/bank-files/{id}",
  "/bank-files/{id}/csv",
  "/bank-files/{id}/sent",
  "/bank-files/{id}/paid",
  "/bank-files/{id}/lines/{line_id}/fail",
  // two-factor sign-in (issue 36): the sign-in's second step, one's own setup, the policy, the reset
  "/sign-in-challenges/verify",
  "/sign-in-challenges/enrolment",
  "/sign-in-challenges/enrolment/confirm",
  "/admin-two-factor",
  "/admin-two-factor/enrolment",
  "/admin-two-factor/enrolment/confirm",
  "/admin-two-factor/disable",
  "/admin-two-factor/recovery-codes",
  "/admin-two-factor/reset",
  "/two-factor-policy",
  "/provider-two-factor",
  "/provider-two-factor/enrolment",
  "/provider-two-factor/enrolment/confirm",
  "/provider-two-factor/disable",
  "/provider-two-factor/recovery-codes",
  "/provider-sessions/complete-sign-in",
];

/** The parts of an operation of the document these checks read. */
type Operation = {
  parameters?: { name: string; schema?: unknown }[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  description?: string;
  "x-path-chosen-by-us"?: boolean;
};

describeEachDriver("GET /openapi.json", (driver) => {
  let api: TestApi;
  let doc: Answer["body"];
  beforeAll(async () => {
    api = await startTestApi({ driver, seed: false });
    const answer = await get(api, "/openapi.json");
    expect(answer.status).toBe(200);
    doc = answer.body;
  });
  afterAll(() => api?.close());

  it("is a valid OpenAPI 3.1 document (checked by an OpenAPI parser)", async () => {
    const result = await validate(structuredClone(doc));
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
  });

  it("gives every body, parameter and answer a schema that says something (no empty {})", () => {
    const empty: string[] = [];
    const visit = (schema: unknown, where: string) => {
      if (!schema || typeof schema !== "object") return;
      const node = schema as Record<string, unknown>;
      if (Object.keys(node).length === 0) empty.push(where);
      for (const [key, value] of Object.entries(node)) {
        if (key === "properties" || key === "patternProperties") {
          for (const [name, property] of Object.entries(value as object)) visit(property, `${where}.${name}`);
        } else if (["items", "additionalProperties", "not"].includes(key)) {
          visit(value, `${where}[${key}]`);
        } else if (["anyOf", "oneOf", "allOf", "prefixItems"].includes(key)) {
          (value as unknown[]).forEach((part, i) => visit(part, `${where}[${key}.${i}]`));
        }
      }
    };
    for (const [name, schema] of Object.entries(doc.components.schemas)) visit(schema, `#/components/schemas/${name}`);
    for (const [path, operations] of Object.entries<Record<string, Operation>>(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const at = `${method.toUpperCase()} ${path}`;
        for (const parameter of operation.parameters ?? []) visit(parameter.schema ?? {}, `${at} parameter ${parameter.name}`);
        for (const [type, content] of Object.entries(operation.requestBody?.content ?? {}))
          visit(content.schema ?? {}, `${at} body ${type}`);
        for (const [status, answer] of Object.entries(operation.responses)) {
          for (const [type, content] of Object.entries(answer.content ?? {})) visit(content.schema ?? {}, `${at} ${status} ${type}`);
        }
      }
    }
    expect(empty).toEqual([]);
  });

  it("names the enums of the bodies the hand-written document left empty", () => {
    const { schemas } = doc.components;
    expect(schemas.ReleasePaymentBody.properties.payment_status).toMatchObject({ enum: ["WITHDRAWN"] });
    expect(schemas.UpdateOrderBody.properties.user_mark_as_done).toMatchObject({ enum: [true] });
    expect(schemas.CancelOrderBody.properties.reason.anyOf.map((s: { type: string }) => s.type)).toEqual(["string", "integer"]);
  });

  it("is an OpenAPI 3.1 document with the secret header as its security scheme", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.components.securitySchemes.apiKey).toEqual({ type: "apiKey", in: "header", name: api.apiKeyHeader });
  });

  it("lists every call the spec names, with answers", () => {
    for (const [method, path] of EXPECTED) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method.toUpperCase()} ${path}`).toBeTruthy();
      expect(Object.keys(operation.responses).length).toBeGreaterThan(0);
    }
  });

  it("lists exactly the routes the server implements", () => {
    const app = createApi({ db: {} as Database, apiKey: "x".repeat(16) });
    const implemented = new Set(
      app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:(\w+)/g, "{$1}")}`),
    );
    const documented = new Set(Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops as object).map((m) => `${m} ${path}`)));
    expect([...documented].sort()).toEqual([...implemented].sort());
  });

  it("documents parameters and bodies", () => {
    const names = (path: string, method: string) => doc.paths[path][method].parameters.map((p: { name: string }) => p.name);
    expect(names("/category-hierarchy-admin", "get")).toEqual([
      "page",
      "page_size",
      "category",
      "start_date",
      "end_date",
      "sortField",
      "sortOrder",
    ]);
    expect(names("/update-category", "patch")).toEqual(["category_id", "x-acting-admin"]);
    expect(names("/faq-detail/{id}", "put")).toContain("id");
    expect(doc.paths["/create-category"].post.requestBody.content["application/json"].schema.$ref).toBe(
      "#/components/schemas/CreateCategoryBody",
    );
    const create = doc.components.schemas.CreateCategoryBody;
    expect(create.required).toEqual(expect.arrayContaining(["categoryName", "desc"]));
    expect(create.properties.status.enum).toEqual(["Active", "Hold", "Inactive"]);
    expect(create.properties.categoryName.maxLength).toBe(120);
    expect(doc.components.schemas.UpdateCategoryBody.required).toEqual(["updated_at"]);
  });

  it("marks the paths we chose, saying the spec does not show them", () => {
    for (const [path, ops] of Object.entries<Record<string, Operation>>(doc.paths)) {
      for (const [method, operation] of Object.entries(ops)) {
        const ours = OURS.includes(path) || OURS.includes(`${method} ${path}`);
        expect(Boolean(operation["x-path-chosen-by-us"]), path).toBe(ours);
        if (ours) expect(operation.description).toMatch(/does not show/);
      }
    }
  });
});
