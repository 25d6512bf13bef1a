import { z } from "zod";
import { ApiErrorBody, ConflictBody } from "../../app/models/api";
import { AdminUser, LoginBody } from "../../app/models/admin-user";
import {
  AdminSessionRecord,
  CreateAdminSessionBody,
  CreatedAdminSession,
  EndOtherSessionsBody,
  ResolvedAdminSession,
  SessionTokenBody,
} from "../../app/models/admin-session";
import { AuditEntry, DashboardStats } from "../../app/models/audit";
import { DASHBOARD_SECTION_NAMES } from "../../app/models/dashboard";
import {
  CategoryDetail,
  CategoryHierarchyAdmin,
  CategoryRecord,
  CategoryTree,
  CreateCategoryBody,
  UpdateCategoryBody,
} from "../../app/models/category";
import { CreateFaqBody, FaqRecord, UpdateFaqBody } from "../../app/models/faq";
import {
  AcceptedAgreement,
  ActivityRecord,
  BankAccount,
  BoosterPointsBody,
  BoostingHistory,
  BoostingPointBody,
  BoostingPointRecord,
  DocumentReviewRow,
  ProviderDetail,
  ProviderListRow,
  ProviderUser,
  RefreshDateBody,
  SendEmailBody,
  UpdateProviderBody,
  UpdateUserBody,
  UserRecord,
} from "../../app/models/service-provider";
import { dashboardOrderProperties, orderPaths, orderSchemas } from "./openapi-orders";

type Json = Record<string, unknown>;

/** Enough of zod → JSON Schema for the shared models (objects, scalars, enums, arrays, lazies). */
export function jsonSchema(schema: z.ZodTypeAny, refs: Map<z.ZodTypeAny, string> = new Map()): Json {
  const ref = refs.get(schema);
  if (ref) return { $ref: `#/components/schemas/${ref}` };
  const def = schema._def;
  switch (def.typeName) {
    case z.ZodFirstPartyTypeKind.ZodObject: {
      const shape = (schema as z.AnyZodObject).shape as Record<string, z.ZodTypeAny>;
      const properties: Json = {};
      const required: string[] = [];
      for (const [key, value] of Object.entries(shape)) {
        properties[key] = jsonSchema(value, refs);
        if (!value.isOptional()) required.push(key);
      }
      const out: Json = { type: "object", properties };
      if (required.length) out.required = required;
      if (def.unknownKeys === "passthrough") out.additionalProperties = true;
      return out;
    }
    case z.ZodFirstPartyTypeKind.ZodString: {
      const out: Json = { type: "string" };
      for (const check of def.checks as { kind: string; value?: number; regex?: RegExp }[]) {
        if (check.kind === "min") out.minLength = check.value;
        if (check.kind === "max") out.maxLength = check.value;
        if (check.kind === "regex") out.pattern = check.regex?.source;
      }
      return out;
    }
    case z.ZodFirstPartyTypeKind.ZodNumber: {
      const out: Json = { type: "number" };
      for (const check of def.checks as { kind: string; value?: number; inclusive?: boolean }[]) {
        if (check.kind === "int") out.type = "integer";
        if (check.kind === "min") out[check.inclusive ? "minimum" : "exclusiveMinimum"] = check.value;
        if (check.kind === "max") out[check.inclusive ? "maximum" : "exclusiveMaximum"] = check.value;
      }
      return out;
    }
    case z.ZodFirstPartyTypeKind.ZodBoolean:
      return { type: "boolean" };
    case z.ZodFirstPartyTypeKind.ZodEnum:
      return { type: "string", enum: def.values };
    case z.ZodFirstPartyTypeKind.ZodArray:
      return { type: "array", items: jsonSchema(def.type, refs) };
    case z.ZodFirstPartyTypeKind.ZodRecord:
      return { type: "object", additionalProperties: jsonSchema(def.valueType, refs) };
    case z.ZodFirstPartyTypeKind.ZodNullable: {
      const inner = jsonSchema(def.innerType, refs);
      return typeof inner.type === "string" ? { ...inner, type: [inner.type, "null"] } : { anyOf: [inner, { type: "null" }] };
    }
    case z.ZodFirstPartyTypeKind.ZodOptional:
      return jsonSchema(def.innerType, refs);
    case z.ZodFirstPartyTypeKind.ZodDefault:
      return { ...jsonSchema(def.innerType, refs), default: def.defaultValue() };
    case z.ZodFirstPartyTypeKind.ZodEffects:
      return jsonSchema(def.schema, refs);
    case z.ZodFirstPartyTypeKind.ZodLazy:
      return jsonSchema(def.getter(), refs);
    default:
      return {};
  }
}

const OURS = "The specification does not show this call's path; the path is ours.";

export function buildOpenApiDocument({ apiKeyHeader }: { apiKeyHeader: string }) {
  const named: Record<string, z.ZodTypeAny> = {
    ApiErrorBody,
    ConflictBody,
    CategoryRecord,
    CategoryTree,
    CategoryDetail,
    CategoryHierarchyAdmin,
    CreateCategoryBody,
    UpdateCategoryBody,
    FaqRecord,
    CreateFaqBody,
    UpdateFaqBody,
    AdminUser,
    LoginBody,
    AdminSessionRecord,
    CreateAdminSessionBody,
    CreatedAdminSession,
    ResolvedAdminSession,
    SessionTokenBody,
    EndOtherSessionsBody,
    AuditEntry,
    DashboardStats,
    ProviderUser,
    ProviderListRow,
    ProviderDetail,
    UpdateProviderBody,
    RefreshDateBody,
    BoosterPointsBody,
    UserRecord,
    UpdateUserBody,
    SendEmailBody,
    BoostingPointBody,
    BoostingPointRecord,
    BoostingHistory,
    ActivityRecord,
    AcceptedAgreement,
    DocumentReviewRow,
    BankAccount,
    ...orderSchemas,
  };
  const componentRefs = new Map<z.ZodTypeAny, string>();
  for (const [name, schema] of Object.entries(named)) componentRefs.set(schema, name);
  const schemas: Json = {};
  for (const [name, schema] of Object.entries(named)) {
    // a schema refers to others, never to itself (CategoryTree's children are inlined once through the lazy)
    const refs = new Map(componentRefs);
    refs.delete(schema);
    schemas[name] = name === "CategoryTree"
      ? { allOf: [{ $ref: "#/components/schemas/CategoryRecord" }, { type: "object", properties: { SubCategories: { type: "array", items: { $ref: "#/components/schemas/CategoryTree" } } }, required: ["SubCategories"] }] }
      : jsonSchema(schema, refs);
  }

  Object.assign((schemas.DashboardStats as { properties: Json }).properties, dashboardOrderProperties);
  // ?sections= leaves out the keys of the sections not asked for
  delete (schemas.DashboardStats as { required?: string[] }).required;
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const json = (schema: Json, description: string) => ({ description, content: { "application/json": { schema } } });
  const wrap = (schema: Json) => ({ type: "object", properties: { data: schema }, required: ["data"] });
  const error = (description: string) => json(ref("ApiErrorBody"), description);
  const common = {
    "401": error("The secret header is missing or wrong"),
    "500": error("Unexpected failure (no details are given)"),
  };
  const mutating = {
    "400": error("Invalid input, field messages in errors, or x-acting-admin missing"),
    "403": error("x-acting-admin names an admin who is not Active (Blocked or Inactive)"),
  };
  const query = (name: string, schema: Json, description: string, required = false) => ({
    name,
    in: "query",
    required,
    description,
    schema,
  });
  const pathParam = (name: string, description: string) => ({
    name,
    in: "path",
    required: true,
    description,
    schema: { type: "integer", minimum: 1 },
  });
  const actingAdmin = {
    name: "x-acting-admin",
    in: "header",
    required: true,
    description: "adminUserId of the admin making the change (recorded in the audit log); must be an Active admin",
    schema: { type: "integer" },
  };
  const categoryId = query("category_id", { type: "integer", minimum: 1 }, "the category's id", true);
  const body = (name: string) => ({ required: true, content: { "application/json": { schema: ref(name) } } });

  const CHOSEN = "Path chosen by us: the specification does not show this call.";
  const providerId = query("serviceProvider_id", { type: "integer", minimum: 1 }, "the provider's id", true);
  const userId = query("user_id", { type: "integer", minimum: 1 }, "the user's id", true);
  const page = query("page", { type: "integer", minimum: 1, default: 1 }, "1-based page");
  const pageSize = (def?: number, max = 200) =>
    query("page_size", { type: "integer", minimum: 1, maximum: max, ...(def ? { default: def } : {}) }, "rows a page");
  const search = query("search", { type: "string", maxLength: 100 }, "contains, case-insensitive");
  const sortOrder = query("sortOrder", { type: "string", enum: ["asc", "desc", ""] }, "empty = the default order");
  const dateParam = (name: string, what: string) => query(name, { type: "string", format: "date" }, `${what} (YYYY-MM-DD, a calendar day in Asia/Kolkata, inclusive)`);
  const totalHeader = { "x-total-count": { description: "number of matching rows (ours)", schema: { type: "integer" } } };
  const paged = (row: Json) => ({
    type: "object",
    properties: { data: row, total_results: { type: "integer" }, current_page: { type: "integer" }, page_size: { type: "integer" } },
    required: ["data", "total_results", "current_page", "page_size"],
  });
  const notFoundError = (what: string) => error(`Unknown or deleted ${what}`);
  const serviceProviderPaths = (): Json => ({
    "/get-all-serviceProvider": {
      get: {
        summary: "One page of live (not deleted) service providers",
        description:
          "Filtered, sorted and paged in SQL. search matches username, first/last/full name, email and phone. parentCategory matches the category and its sub-categories. Default order: created_at desc. total_results, current_page and page_size sit next to data.",
        parameters: [
          page,
          pageSize(50),
          query("sortField", { type: "string", enum: ["", "username", "created_at", "updated_at", "refresh_at", "last_login"] }, "last_login = the user's lastSeen"),
          sortOrder,
          search,
          dateParam("start_date", "registered from"),
          dateParam("end_date", "registered until"),
          query("plan", { type: "string", enum: ["", "All", "Free", "Basic", "Elite", "Pro"] }, "plan name"),
          query("stage", { type: "string", enum: ["", "All", "Free", "Partial", "Basic", "Pending", "Received"] }, "stage"),
          query("status", { type: "string", enum: ["", "All", "Active", "Inactive", "Hold"] }, "the user's status"),
          query("verification", { type: "string", enum: ["", "All", "Verified", "Unverified"] }, "the user's verified flag"),
          query("parentCategory", { type: "integer", minimum: 1 }, "category id"),
        ],
        responses: { "200": json(paged(wrap({ type: "array", items: ref("ProviderListRow") })), "The page"), "400": error("Bad query"), ...common },
      },
    },
    "/get-serviceProvider-by-id": {
      get: {
        summary: "One provider with details and documents",
        parameters: [providerId],
        responses: { "200": json(wrap(ref("ProviderDetail")), "The provider"), "400": error("Bad id"), "404": notFoundError("provider"), ...common },
      },
    },
    "/get-serviceProvider-detail": {
      get: {
        summary: "The provider details page's fetch: the same record nested as data.data",
        description: CHOSEN,
        "x-path-chosen-by-us": true,
        parameters: [providerId],
        responses: { "200": json(wrap(wrap(ref("ProviderDetail"))), "The provider"), "400": error("Bad id"), "404": notFoundError("provider"), ...common },
      },
    },
    "/update-serviceProvider": {
      put: {
        summary: "Set admin_rating (10–50) or is_pro",
        parameters: [providerId, actingAdmin],
        requestBody: body("UpdateProviderBody"),
        responses: { "200": json(wrap(ref("ProviderDetail")), "The updated provider"), ...mutating, "404": notFoundError("provider"), ...common },
      },
    },
    "/update_service_provider_refresh_date": {
      put: {
        summary: "Set the provider's refresh date to now",
        parameters: [actingAdmin],
        requestBody: body("RefreshDateBody"),
        responses: {
          "200": json(wrap({ type: "object", properties: { serviceProvider_id: { type: "integer" }, refresh_at: { type: "string" } }, required: ["serviceProvider_id", "refresh_at"] }), "The new refresh date"),
          ...mutating,
          "404": notFoundError("provider"),
          ...common,
        },
      },
    },
    "/update-booster-points": {
      put: {
        summary: "Set the provider's booster points (details page)",
        description: CHOSEN,
        "x-path-chosen-by-us": true,
        parameters: [providerId, actingAdmin],
        requestBody: body("BoosterPointsBody"),
        responses: {
          "200": json({ type: "object", properties: { message: { type: "string" }, data: ref("ProviderDetail") }, required: ["message", "data"] }, "Booster Points Updated Successfully"),
          ...mutating,
          "404": notFoundError("provider"),
          ...common,
        },
      },
    },
    "/delete-serviceProvider": {
      delete: {
        summary: "Delete a provider: hidden everywhere, the user cannot sign in and must register again",
        parameters: [providerId, actingAdmin],
        responses: { "200": json({ type: "object", properties: { message: { type: "string" } } }, "Deleted"), ...mutating, "404": notFoundError("provider"), ...common },
      },
    },
    "/get-all-users": {
      get: {
        summary: "Users that are not deleted, by id",
        description: "The spec's call takes no query. page, page_size and search are ours (all optional); the total is in x-total-count.",
        parameters: [page, pageSize(undefined, 1000), search],
        responses: { "200": { ...json(wrap({ type: "array", items: ref("UserRecord") }), "The users"), headers: totalHeader }, "400": error("Bad query"), ...common },
      },
    },
    "/update-user": {
      put: {
        summary: "Set a user's verified flag or status (Active, Inactive, Hold)",
        parameters: [userId, actingAdmin],
        requestBody: body("UpdateUserBody"),
        responses: { "200": json(wrap(ref("UserRecord")), "The updated user"), ...mutating, "404": notFoundError("user"), ...common },
      },
    },
    "/send-email": {
      post: {
        summary: "Queue an email and/or WhatsApp message to users",
        description:
          "to holds user ids (the selected providers' userId.id). One outbox row per recipient and channel: email when subject and body are given, WhatsApp when whatsappTemplate is chosen. Delivery follows in the background: email over SMTP when SMTP_URL is set, WhatsApp to WHATSAPP_WEBHOOK_URL when set; each row is marked sent or failed with the reason, and stays queued while its channel is not configured. Unknown or deleted users: 400 errors.to. The body is stored as safe rich text (the FAQ editor's rules: no script, style, images, event handlers or javascript: links); a body with no text left is 400 errors.body.",
        parameters: [actingAdmin],
        requestBody: body("SendEmailBody"),
        responses: {
          "201": json(wrap({ type: "object", properties: { queued: { type: "integer" } }, required: ["queued"] }), "Rows queued"),
          ...mutating,
          ...common,
        },
      },
    },
    "/points/get-boosting-point-history/{serviceProviderId}": {
      get: {
        summary: "A provider's boosting grants, newest first, and the provider's booster points",
        parameters: [pathParam("serviceProviderId", "the provider's id")],
        responses: { "200": json(ref("BoostingHistory"), "The history"), "400": error("Bad id"), "404": notFoundError("provider"), ...common },
      },
    },
    "/points/create-boosting-point": {
      post: {
        summary: "Grant (or take back) boosting points; the provider's total changes in the same transaction",
        parameters: [actingAdmin],
        requestBody: body("BoostingPointBody"),
        responses: {
          "201": json({ type: "object", properties: { data: ref("BoostingPointRecord"), total_booster_points: { type: "integer" } }, required: ["data", "total_booster_points"] }, "The new grant"),
          ...mutating,
          "404": notFoundError("provider"),
          ...common,
        },
      },
    },
    "/activity_tracker/user-activities/by_user/": {
      get: {
        summary: "A user's profile-edit activities, newest first (details is JSON text, or unparseable legacy text)",
        parameters: [userId],
        responses: {
          "200": json({ type: "object", properties: { results: { type: "array", items: ref("ActivityRecord") } }, required: ["results"] }, "The activities"),
          "400": error("Bad id"),
          "404": notFoundError("user"),
          ...common,
        },
      },
    },
    "/get-all-serviceprovider-documents": {
      get: {
        summary: "One page of live providers' documents for review",
        description: "Default order: updated_at desc. Dates filter updated_at. search matches username, phone and category name.",
        parameters: [
          page,
          pageSize(50),
          query("sortField", { type: "string", enum: ["", "username", "updated_at", "created_at", "category"] }, "column"),
          sortOrder,
          search,
          dateParam("start_date", "updated from"),
          dateParam("end_date", "updated until"),
        ],
        responses: { "200": json(paged({ type: "array", items: ref("DocumentReviewRow") }), "The page"), "400": error("Bad query"), ...common },
      },
    },
    "/accounts/": {
      get: {
        summary: "Providers' bank accounts (an array, by id)",
        description:
          "The spec's call takes no query. page, page_size and search are ours (all optional); the answer stays an array and the total is in x-total-count. account_number is masked (all but the last 4 characters are X): the full number is only given by POST /accounts/{id}/reveal, which is audited. search matches username, holder, bank name and IFSC (not the number).",
        parameters: [page, pageSize(undefined, 1000), search],
        responses: { "200": { ...json({ type: "array", items: ref("BankAccount") }, "The accounts"), headers: totalHeader }, "400": error("Bad query"), ...common },
      },
    },
    "/accounts/{id}/reveal": {
      post: {
        summary: "The full account number of one bank account, recorded in the audit log",
        description:
          CHOSEN +
          " Writes an audit row (action reveal, entity bank_account, entity_id the account id, the acting admin; never the number) and answers the number. Accounts of deleted providers are 404.",
        "x-path-chosen-by-us": true,
        parameters: [{ name: "id", in: "path", required: true, description: "the bank account's id", schema: { type: "integer", minimum: 1 } }, actingAdmin],
        responses: {
          "200": json(
            wrap({ type: "object", properties: { id: { type: "integer" }, account_number: { type: "string" } }, required: ["id", "account_number"] }),
            "The account's full number",
          ),
          "400": error("Bad id, or x-acting-admin missing"),
          "404": error("Unknown bank account, or its provider was deleted"),
          ...common,
        },
      },
    },
    "/files/{name}": {
      get: {
        summary: "A stored file (documents, photos), streamed with its content type and length",
        description: CHOSEN + " The spec's 'storage host plus the file name', behind the secret like every call. Names are plain (no folders, no '..'): anything else is 400.",
        "x-path-chosen-by-us": true,
        parameters: [{ name: "name", in: "path", required: true, description: "the file name, e.g. pan-card-Document.pdf", schema: { type: "string", maxLength: 255 } }],
        responses: {
          "200": { description: "The file's bytes", content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } } },
          "400": error("Not a plain file name"),
          "404": error("No file has this name"),
          ...common,
        },
      },
    },
  });

  const paths: Json = {
    "/category-hierarchy-admin": {
      get: {
        summary: "One page of top-level categories, split into data, Business and WebIt",
        description:
          "The spec's call takes no query; page, page_size, category, start_date and end_date are ours so the list is paginated and filtered in SQL. Dates are calendar days in Asia/Kolkata, both ends inclusive.",
        parameters: [
          query("page", { type: "integer", minimum: 1, default: 1 }, "page number"),
          query("page_size", { type: "integer", minimum: 1, maximum: 200, default: 10 }, "rows per page"),
          query("category", { type: "integer", minimum: 1 }, "only this category"),
          query("start_date", { type: "string", format: "date" }, "created on or after this day (IST)"),
          query("end_date", { type: "string", format: "date" }, "created on or before this day (IST)"),
        ],
        responses: { "200": json(ref("CategoryHierarchyAdmin"), "The page"), "400": error("Bad query"), ...common },
      },
    },
    "/category-hierarchy": {
      get: {
        summary: "Category tree (categories with nested SubCategories)",
        parameters: [
          query("supercat", { type: "string", enum: ["business", "web-it"] }, "only this super category"),
          query("active_only", { type: "string", enum: ["true", "false"] }, "only Active categories"),
        ],
        responses: { "200": json(wrap({ type: "array", items: ref("CategoryTree") }), "The tree"), "400": error("Bad query"), ...common },
      },
    },
    "/get-all-category": {
      get: {
        summary: "All categories ordered by name",
        parameters: [
          query("only_parent_categories", { type: "string", enum: ["true", "false"] }, "only top-level categories"),
          query("fields", { type: "string", enum: ["summary"] }, "summary: only category_id and categoryName (for selects), with an ETag"),
          { name: "If-None-Match", in: "header", required: false, schema: { type: "string" }, description: "with fields=summary: the ETag of the copy the caller holds" },
        ],
        responses: {
          "200": json(wrap({ type: "array", items: ref("CategoryRecord") }), "The categories (with fields=summary: only category_id and categoryName)"),
          "304": { description: "fields=summary and If-None-Match matches: the caller's copy is current" },
          ...common,
        },
      },
    },
    "/create-category": {
      post: {
        summary: "Create a category, or a sub-category when parentCategoryId is given (at most three levels)",
        parameters: [actingAdmin],
        requestBody: body("CreateCategoryBody"),
        responses: { "201": json(wrap(ref("CategoryRecord")), "Created"), ...mutating, ...common },
      },
    },
    "/get-category-by-id": {
      get: {
        summary: "A category with its parent and its SubCategories (each with SubSubCategories)",
        parameters: [categoryId],
        responses: { "200": json(wrap(ref("CategoryDetail")), "The category"), "400": error("Bad id"), "404": error("Unknown category"), ...common },
      },
    },
    "/update-category": {
      patch: {
        summary: "Change some fields of a category",
        description: "Send only the changed fields plus the updated_at that was loaded. 409 when someone changed the category meanwhile.",
        parameters: [categoryId, actingAdmin],
        requestBody: body("UpdateCategoryBody"),
        responses: {
          "201": json(wrap(ref("CategoryRecord")), "Updated (201 as the spec says)"),
          ...mutating,
          "404": error("Unknown category"),
          "409": json(ref("ConflictBody"), "Stale edit: who changed it and when"),
          ...common,
        },
      },
    },
    "/remove-category": {
      delete: {
        summary: "Delete a category (and its FAQs); refused while it has sub-categories",
        parameters: [categoryId, actingAdmin],
        responses: { "200": error("Category Delete Successful"), ...mutating, "404": error("Unknown category"), ...common },
      },
    },
    "/get-faq-by-category-id/{categoryId}": {
      get: {
        summary: "FAQs of a category, ordered by id",
        parameters: [pathParam("categoryId", "the category's id")],
        responses: { "200": json(wrap({ type: "array", items: ref("FaqRecord") }), "The FAQs"), "400": error("Bad id"), "404": error("Unknown category"), ...common },
      },
    },
    "/create-faq": {
      post: {
        summary: "Add an FAQ to a category (the question must be in an h3)",
        parameters: [actingAdmin],
        requestBody: body("CreateFaqBody"),
        responses: { "201": json(wrap(ref("FaqRecord")), "Created"), ...mutating, ...common },
      },
    },
    "/faq-detail/{id}": {
      get: {
        summary: "One FAQ",
        parameters: [pathParam("id", "the FAQ's id")],
        responses: { "200": json(wrap(ref("FaqRecord")), "The FAQ"), "400": error("Bad id"), "404": error("Unknown FAQ"), ...common },
      },
      put: {
        summary: "Replace an FAQ's content (409 when updated_at is given and stale)",
        parameters: [pathParam("id", "the FAQ's id"), actingAdmin],
        requestBody: body("UpdateFaqBody"),
        responses: {
          "200": json(wrap(ref("FaqRecord")), "Updated"),
          ...mutating,
          "404": error("Unknown FAQ"),
          "409": json(ref("ConflictBody"), "Stale edit"),
          ...common,
        },
      },
      delete: {
        summary: "Delete an FAQ",
        parameters: [pathParam("id", "the FAQ's id"), actingAdmin],
        responses: { "204": { description: "Deleted" }, ...mutating, "404": error("Unknown FAQ"), ...common },
      },
    },
    "/login-admin-user": {
      post: {
        summary: "Check an admin's username and password",
        description:
          "Answers the admin user whatever its status (the admin refuses non-Active accounts). Failures are counted in the database per username + x-client-address pair (the 10th consecutive one blocks the pair for 15 minutes; a success clears it) and per address per day (the 100th blocks the address for a day). A blocked attempt is answered 429 with Retry-After and retry_after_seconds, without checking the password; the right password from another address is never refused.",
        parameters: [
          { name: "x-client-address", in: "header", required: false, description: "the browser's address, for throttling", schema: { type: "string" } },
        ],
        requestBody: body("LoginBody"),
        responses: {
          "200": json(wrap(ref("AdminUser")), "The admin user"),
          "400": error("Missing username or password"),
          "401": error("Invalid username or password (or the secret header is wrong)"),
          "429": error("Too many failed sign-in attempts (Retry-After says when to try again)"),
          "500": common["500"],
        },
      },
    },
    "/admin-sessions": {
      post: {
        summary: "Open a signed-in admin session (the admin's sign-in); answers its token, only here",
        description: `${OURS} Only the token's SHA-256 is stored. A session ends when unused for idle_seconds, at expires_at (sign-in + absolute_seconds), at /admin-sessions/end, or when its admin's status, role, access or password changes.`,
        "x-path-chosen-by-us": true,
        requestBody: body("CreateAdminSessionBody"),
        responses: {
          "201": json(wrap(ref("CreatedAdminSession")), "The new session and its token"),
          "400": error("Invalid input"),
          "403": error("The admin is not Active"),
          "404": error("Unknown admin user"),
          ...common,
        },
      },
      get: {
        summary: "An admin's live sessions, most recently used first (never their tokens)",
        description: OURS,
        "x-path-chosen-by-us": true,
        parameters: [query("adminUserId", { type: "integer", minimum: 1 }, "the admin user's id", true)],
        responses: { "200": json(wrap({ type: "array", items: ref("AdminSessionRecord") }), "The sessions"), "400": error("Bad id"), ...common },
      },
    },
    "/admin-sessions/resolve": {
      post: {
        summary: "The live session behind a token, with its admin (keeps it alive)",
        description: `${OURS} The token travels in the body, never in a URL. last_seen_at moves at most once a minute.`,
        "x-path-chosen-by-us": true,
        requestBody: body("SessionTokenBody"),
        responses: {
          "200": json(wrap(ref("ResolvedAdminSession")), "The session and its admin"),
          "400": error("Not a session token"),
          "404": error("The session has ended or never existed"),
          ...common,
        },
      },
    },
    "/admin-sessions/end": {
      post: {
        summary: "Sign-out: end the token's session",
        description: OURS,
        "x-path-chosen-by-us": true,
        requestBody: body("SessionTokenBody"),
        responses: { "204": { description: "Ended (or already over)" }, "400": error("Not a session token"), ...common },
      },
    },
    "/admin-sessions/end-others": {
      post: {
        summary: "Sign out other sessions: end every session of the admin but the one whose token is kept",
        description: OURS,
        "x-path-chosen-by-us": true,
        requestBody: body("EndOtherSessionsBody"),
        responses: { "200": json(wrap({ type: "object", properties: { ended: { type: "integer" } }, required: ["ended"] }), "How many were ended"), "400": error("Invalid input"), ...common },
      },
    },
    "/admin-sessions/{sessionId}": {
      delete: {
        summary: "End one of an admin's sessions",
        description: OURS,
        "x-path-chosen-by-us": true,
        parameters: [pathParam("sessionId", "the session's id"), query("adminUserId", { type: "integer", minimum: 1 }, "whose session it must be", true)],
        responses: { "204": { description: "Ended" }, "400": error("Bad id"), "404": error("Not this admin's, or already ended"), ...common },
      },
    },
    "/get-admin-user-by-id": {
      get: {
        summary: "One admin user (the admin's session re-reads the signed-in admin with it)",
        description: OURS,
        "x-path-chosen-by-us": true,
        parameters: [query("adminUserId", { type: "integer", minimum: 1 }, "the admin user's id", true)],
        responses: { "200": json(wrap(ref("AdminUser")), "The admin user"), "400": error("Bad id"), "404": error("Unknown admin user"), ...common },
      },
    },
    "/audit-log": {
      get: {
        summary: "Latest audit entries, newest first (header notifications)",
        description: OURS,
        "x-path-chosen-by-us": true,
        parameters: [query("limit", { type: "integer", minimum: 1, maximum: 100, default: 10 }, "how many")],
        responses: { "200": json(wrap({ type: "array", items: ref("AuditEntry") }), "The entries"), "400": error("Bad limit"), ...common },
      },
    },
    "/dashboard-stats": {
      get: {
        summary: "Counts for the dashboard",
        description: `${OURS} Only the sections asked for are computed and answered: categories (categories, subCategories, faqs), bookings (bookingsToday), payments (paymentsAwaitingRelease, revenueThisMonth), admin-users (adminUsers, activeAdminUsers).`,
        "x-path-chosen-by-us": true,
        parameters: [
          query(
            "sections",
            { type: "string", example: "categories,bookings" },
            `comma-separated: ${DASHBOARD_SECTION_NAMES.join(", ")}; absent = all; empty = none`,
          ),
        ],
        responses: { "200": json(wrap(ref("DashboardStats")), "The counts"), "400": error("Unknown section"), ...common },
      },
    },
    ...serviceProviderPaths(),
    ...orderPaths({ ref, json, wrap, error, common, mutating, query, actingAdmin, body, page, pageSize, paged, dateParam, notFoundError, CHOSEN }),
    "/openapi.json": {
      get: {
        summary: "This document",
        description: OURS,
        "x-path-chosen-by-us": true,
        responses: { "200": { description: "OpenAPI 3.1 document", content: { "application/json": { schema: { type: "object" } } } }, ...common },
      },
    },
  };

  return {
    openapi: "3.1.0",
    info: {
      title: "Marketplace API",
      version: "1.0.0",
      description:
        "The calls the admin back-office makes (spec 1 §7, spec 2 admin login, spec 3 FAQ rows). Every request carries the secret header. Errors answer {message, errors?}.",
    },
    servers: [{ url: "/" }],
    security: [{ apiKey: [] }],
    components: {
      securitySchemes: { apiKey: { type: "apiKey", in: "header", name: apiKeyHeader } },
      schemas,
    },
    paths,
  };
}
