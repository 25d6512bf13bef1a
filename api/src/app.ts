import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { DEFAULT_API_KEY_HEADER } from "~contract/api";
import type { Database } from "./db/client";
import { HttpError, isDataException, VALUE_REFUSED_BY_DATABASE } from "./lib/http";
import { idempotency, type IdempotencyOptions } from "./lib/idempotency";
import { inFlightCounter } from "./lib/in-flight";
import { createApiMetrics, observeRequests } from "./lib/observability";
import { currentRequestId } from "./lib/request-context";
import { errorFields, type Logger } from "~shared/observability/logger";
import { DEFAULT_LOGIN_THROTTLE, LoginThrottle, type LoginThrottleOptions } from "./lib/login-throttle";
import { apiRouter, chosenByUs, common, createRoute, json, jsonBodies, mendDocument, refuseNul, z } from "./lib/openapi";
import { createOutboxDelivery, OUTBOX_DEFAULTS, type OutboxDelivery, type OutboxDeliveryOptions } from "./outbox/delivery";
import { createBulkJobRunner, type BulkJobRunner, type BulkJobRunnerOptions } from "./bulk-jobs/runner";
import { adminSessionsRouter } from "./routes/admin-sessions";
import { bulkJobsRouter } from "./routes/bulk-jobs";
import { adminUsersRouter } from "./routes/admin-users";
import { auditRouter } from "./routes/audit-log";
import { profileRouter } from "./routes/profile";
import { categoriesRouter } from "./routes/categories";
import { dashboardRouter } from "./routes/dashboard";
import { faqsRouter } from "./routes/faqs";
import { bankDetailsRouter } from "./routes/bank-details";
import { bankFilesRouter } from "./routes/bank-files";
import { activityRouter } from "./routes/activity";
import { documentsRouter } from "./routes/documents";
import { emailRouter } from "./routes/email";
import { outboxRouter } from "./routes/outbox";
import { pointsRouter } from "./routes/points";
import { serviceProvidersRouter } from "./routes/service-providers";
import { usersRouter } from "./routes/users";
import { filesRouter } from "./routes/files";
import { storageFromEnv, type FileStorage } from "./storage";
import { bookingsRouter } from "./routes/bookings";
import { cancellationsRouter } from "./routes/cancellations";
import { ordersRouter } from "./routes/orders";
import { paymentsRouter } from "./routes/payments";
import { payoutLedgerRouter } from "./routes/payout-ledger";
import { orderPaymentStatusRouter } from "./routes/order-payment-status";
import { testFixturesRouter } from "../test-support/test-fixtures";
import { contactsRouter } from "./routes/contacts";
import { searchRouter } from "./routes/search";
import { savedViewsRouter } from "./routes/saved-views";
import { notificationTemplatesRouter } from "./routes/notification-templates";
import { commentsRouter } from "./routes/comments";
import { healthRouter } from "./routes/health";
import { twoFactorRouter } from "./routes/two-factor";
import { TwoFactor, TwoFactorKey } from "./lib/two-factor";
import { providerWizardRouter } from "./routes/provider-wizard";
import { providerAuthRouter } from "./routes/provider-auth";
import { customerQueriesRouter } from "./routes/customer-queries";
import { ratingsRouter } from "./routes/ratings";
import { subscriptionsRouter } from "./routes/subscriptions";
import { settingsRouter } from "./routes/settings";
import { SETTING_FILE_BODY_BYTES, SETTING_FILE_PATH, settingFilesRouter } from "./routes/setting-files";
import { POST_IMAGE_BODY_BYTES, POST_IMAGE_UPLOAD_PATH, postsRouter } from "./routes/posts";
import { clickwrapRouter } from "./routes/clickwrap";
import { bookingJourneysRouter } from "./routes/booking-journeys";
import { BUCKET_UPLOAD_BODY_BYTES, BUCKET_UPLOAD_PATH, bucketManagerRouter } from "./routes/bucket-manager";
import { streamingBodyLimit } from "./lib/multipart-stream";
import { CREATE_DOCUMENT_PATH, DOCUMENT_BODY_BYTES, UPDATE_DOCUMENT_PATH, providerDocumentsRouter } from "./routes/provider-documents";
import { cataloguedStorage } from "./storage/catalogue";
import { BUCKET_MESSAGES } from "~contract/bucket-manager-labels";

export type CreateApiOptions = {
  db: Database;
  apiKey: string;
  apiKeyHeader?: string;
  /** failed sign-in limits (lib/login-throttle.ts); tests lower them */
  loginThrottle?: Partial<LoginThrottleOptions>;
  /** where stored files live; default storageFromEnv() (FILES_DIR, ./data/files) */
  files?: FileStorage;
  /** where unexpected errors are reported (never to the caller); default: the logger's error line, else standard error */
  logError?: (error: unknown) => void;
  /** one line per request and the unexpected errors (shared/observability/logger.ts); unset: no request lines (tests) */
  logger?: Logger;
  /** METRICS_TOKEN: GET /metrics answers Prometheus' text to `Authorization: Bearer <token>`; unset: /metrics answers 404 */
  metricsToken?: string;
  /** outbox delivery (api/src/outbox): email rows over SMTP, WhatsApp rows to a webhook; unset = rows stay queued */
  smtpUrl?: string;
  smtpFrom?: string;
  whatsappWebhookUrl?: string;
  /** retries, claims and polling of the outbox (OUTBOX_DEFAULTS in api/src/outbox/delivery.ts) */
  outboxDelivery?: Omit<OutboxDeliveryOptions, "smtpUrl" | "smtpFrom" | "whatsappWebhookUrl" | "logError">;
  /** look for due outbox rows every pollMs (the server does; tests call deliverQueued themselves) */
  pollOutbox?: boolean;
  /** how long answers to a repeated Idempotency-Key are kept and waited for (lib/idempotency.ts); tests shorten them */
  idempotency?: Partial<IdempotencyOptions>;
  /**
   * bulk jobs (api/src/bulk-jobs/runner.ts): this process runs them (a new job at once); false: it
   * runs none (tests drive runners of their own). pollBulkJobs: also look for open jobs every pollMs.
   */
  bulkJobs?: false | Omit<BulkJobRunnerOptions, "onOutboxQueued" | "logError">;
  pollBulkJobs?: boolean;
  /** TEST ONLY: mount POST /test-fixtures/orders (api/test-support/test-fixtures.ts, outside the production routes); the e2e servers turn it on */
  testFixtures?: boolean;
  /** live sessions one admin may hold (ADMIN_MAX_SESSIONS; default MAX_SESSIONS_PER_ADMIN, 10) */
  maxSessionsPerAdmin?: number;
  /**
   * TWO_FACTOR_KEY: encrypts the two-factor secrets and keys the recovery codes' hashes (lib/two-factor.ts).
   * Unset: a key made for this process alone (tests), so secrets enrolled here are unreadable after it ends.
   */
  twoFactorKey?: string;
};

export type MarketplaceApi = ReturnType<typeof apiRouter> & {
  outbox?: OutboxDelivery;
  bulkJobs?: BulkJobRunner;
  startDraining: () => void;
};

export const MAX_BODY_BYTES = 1024 * 1024;

const DOCUMENT_HEAD = {
  openapi: "3.1.0",
  info: {
    title: "Marketplace API",
    version: "1.0.0",
    description:
      "The calls the admin back-office makes (spec 1 §7, spec 2 admin login and orders, spec 3 FAQ rows). Every request carries the secret header. Errors answer {message, errors?}. A mutating call may carry an Idempotency-Key header (8–100 of A-Z a-z 0-9 _ . : -): a repeat with the same key, acting admin, method and path gets the first successful answer again (Idempotent-Replayed: true) and changes nothing; 409 while the first still runs, 422 for the same key on another call. Written from the same zod schemas that validate each call (@hono/zod-openapi).",
  },
  servers: [{ url: "/" }],
  security: [{ apiKey: [] }],
};

const documentRoute = createRoute({
  method: "get",
  path: "/openapi.json",
  summary: "This document",
  ...chosenByUs(),
  responses: {
    200: json(z.record(z.any()).openapi({ type: "object", description: "OpenAPI 3.1 document" }), "OpenAPI 3.1 document"),
    ...common,
  },
});

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

export function createApi({
  db,
  apiKey,
  apiKeyHeader = DEFAULT_API_KEY_HEADER,
  loginThrottle,
  files: givenFiles = storageFromEnv(),
  logger,
  logError = logger
    ? (error) => logger.error({ reqId: currentRequestId() ?? undefined, err: errorFields(error) }, "unexpected error")
    : (error) => console.error("[marketplace-api]", error instanceof Error ? error.message : error),
  metricsToken,
  smtpUrl,
  smtpFrom,
  whatsappWebhookUrl,
  outboxDelivery,
  pollOutbox = false,
  testFixtures = false,
  maxSessionsPerAdmin,
  twoFactorKey,
  idempotency: idempotencyOptions,
  bulkJobs: bulkJobOptions = {},
  pollBulkJobs = false,
}: CreateApiOptions): MarketplaceApi {
  if (!apiKey) throw new Error("createApi needs an apiKey");
  const expectedKey = digest(apiKey);
  // every file written or deleted through the API is recorded in the catalogue (stored_files)
  const files = cataloguedStorage(db, givenFiles);
  const app = apiRouter();

  // first of all: the request's id, its log line and its metrics, whatever answers it (a refusal too)
  const metrics = metricsToken ? createApiMetrics(db, metricsToken) : undefined;
  app.use("*", observeRequests({ logger, metrics }));

  // a load balancer's probes carry no secret: answered before it is asked for (they read no data)
  let draining = false;
  // while draining, each answer ends its keep-alive connection, so the caller's next request opens
  // a new one, which the balancer sends to another process
  app.use("*", async (c, next) => {
    await next();
    if (draining) c.header("connection", "close");
  });
  // and Prometheus' scrape, which carries a bearer token of its own (shared/observability/metrics.ts)
  app.route(
    "/",
    healthRouter(db, () => draining, metrics?.answer),
  );

  // The secret first, before anything else is read or done. Hashing both sides gives equal
  // lengths, so the comparison takes the same time whatever was sent.
  app.use("*", async (c, next) => {
    const sent = c.req.header(apiKeyHeader);
    if (sent === undefined || !timingSafeEqual(digest(sent), expectedKey)) {
      return c.json({ message: "Unauthorized" }, 401);
    }
    await next();
  });
  // the rest of the body is not read, so the connection cannot be reused
  const tooLarge = (c: Context) => c.json({ message: "The request body is too large" }, 413, { connection: "close" });
  const jsonLimit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
  // the calls that take a form (multipart) rather than JSON, each with a limit of its own
  const uploadLimits: Record<string, MiddlewareHandler> = {
    [SETTING_FILE_PATH]: bodyLimit({ maxSize: SETTING_FILE_BODY_BYTES, onError: tooLarge }),
    [POST_IMAGE_UPLOAD_PATH]: bodyLimit({ maxSize: POST_IMAGE_BODY_BYTES, onError: tooLarge }),
    [BUCKET_UPLOAD_PATH]: bodyLimit({
      maxSize: BUCKET_UPLOAD_BODY_BYTES,
      onError: (c) => c.json({ message: BUCKET_MESSAGES.tooLarge }, 413, { connection: "close" }),
    }),
  };
  // the documents' forms are streamed: counted as they are read, never buffered whole
  const documentLimit = streamingBodyLimit(DOCUMENT_BODY_BYTES, tooLarge);
  uploadLimits[CREATE_DOCUMENT_PATH] = documentLimit;
  // the one upload sent with PUT
  const isUpload = (c: Context) =>
    (c.req.method === "POST" && Object.hasOwn(uploadLimits, c.req.path)) || (c.req.method === "PUT" && c.req.path === UPDATE_DOCUMENT_PATH);
  const limitOf = (c: Context) => (c.req.path === UPDATE_DOCUMENT_PATH ? documentLimit : uploadLimits[c.req.path]);
  app.use("*", (c, next) => (isUpload(c) ? limitOf(c)(c, next) : jsonLimit(c, next)));
  app.use("*", (c, next) => (isUpload(c) ? next() : jsonBodies(c, next)));
  app.use("*", refuseNul);
  const inFlight = inFlightCounter();
  app.use("*", inFlight.middleware);
  // a form posted twice (the same Idempotency-Key) gets the first answer; the work is done once
  app.use("*", idempotency(db, idempotencyOptions));

  // Delivery runs right after a send-email call commits, in the background (outcomes are recorded
  // on the rows), once now for rows left queued by an earlier run, and on a timer for rows queued
  // through another API process and retries whose time has come. Rows are claimed in the database,
  // so any number of processes may deliver from one database.
  const outbox =
    smtpUrl || whatsappWebhookUrl
      ? createOutboxDelivery(db, { ...outboxDelivery, smtpUrl, smtpFrom, whatsappWebhookUrl, logError })
      : undefined;
  // the calls that queue rows (send-email, the outbox's retries) start delivery themselves
  const kickOutbox = outbox ? () => outbox.kick() : undefined;
  if (outbox) {
    outbox.kick();
    if (pollOutbox) outbox.startPolling();
  }

  // Bulk jobs: claimed in the database like the outbox's rows, so any process may run any job; a
  // job made here starts here at once, the poll takes jobs made elsewhere or left by a dead process
  const bulkJobs =
    bulkJobOptions === false ? undefined : createBulkJobRunner(db, { ...bulkJobOptions, logError, onOutboxQueued: kickOutbox });
  if (bulkJobs) {
    bulkJobs.kick();
    if (pollBulkJobs) bulkJobs.startPolling();
  }

  const throttle = new LoginThrottle(db, { ...DEFAULT_LOGIN_THROTTLE, ...loginThrottle }, { events: metrics?.signIns("admin") });
  // providers' failed sign-ins are counted apart from the admins'
  const providerThrottle = new LoginThrottle(
    db,
    { ...DEFAULT_LOGIN_THROTTLE, ...loginThrottle },
    { keyPrefix: "provider_login", events: metrics?.signIns("provider") },
  );
  const twoFactor = new TwoFactor(db, new TwoFactorKey(twoFactorKey ?? randomBytes(32).toString("hex")), {
    admin: throttle,
    provider: providerThrottle,
  });
  app.route("/", categoriesRouter(db));
  app.route("/", faqsRouter(db));
  app.route("/", adminUsersRouter(db, throttle, twoFactor));
  app.route("/", adminSessionsRouter(db, { maxSessions: maxSessionsPerAdmin, twoFactor }));
  app.route("/", twoFactorRouter(db, twoFactor));
  app.route("/", profileRouter(db));
  app.route(
    "/",
    auditRouter(db, async (request) => app.request(request)),
  );
  app.route("/", dashboardRouter(db));
  app.route("/", serviceProvidersRouter(db));
  app.route("/", usersRouter(db));
  app.route("/", emailRouter(db, kickOutbox));
  app.route("/", bulkJobsRouter(db, bulkJobs ? () => bulkJobs.kick() : undefined));
  // Sent Messages shows "attempt n of the delivery's limit"
  app.route(
    "/",
    outboxRouter(
      db,
      outboxDelivery?.maxAttempts ?? OUTBOX_DEFAULTS.maxAttempts,
      [...(smtpUrl ? ["email" as const] : []), ...(whatsappWebhookUrl ? ["whatsapp" as const] : [])],
      kickOutbox,
    ),
  );
  app.route("/", pointsRouter(db));
  app.route("/", activityRouter(db));
  app.route("/", documentsRouter(db));
  app.route("/", bankDetailsRouter(db));
  app.route("/", filesRouter(files));
  app.route("/", paymentsRouter(db));
  app.route("/", payoutLedgerRouter(db));
  app.route("/", bankFilesRouter(db));
  app.route("/", orderPaymentStatusRouter(db, inFlight.othersInFlight));
  app.route("/", ordersRouter(db));
  app.route("/", bookingsRouter(db));
  app.route("/", cancellationsRouter(db));
  app.route("/", contactsRouter(db));
  app.route("/", searchRouter(db));
  app.route("/", savedViewsRouter(db));
  app.route("/", notificationTemplatesRouter(db));
  app.route("/", commentsRouter(db));
  app.route("/", customerQueriesRouter(db));
  app.route("/", ratingsRouter(db));
  app.route("/", subscriptionsRouter(db));
  app.route("/", settingsRouter(db));
  app.route("/", settingFilesRouter(db, files));
  app.route("/", postsRouter(db, files));
  app.route("/", clickwrapRouter(db));
  app.route("/", bookingJourneysRouter(db));
  app.route("/", bucketManagerRouter(db, files));
  app.route("/", providerDocumentsRouter(db, files));
  app.route("/", providerWizardRouter(db));
  app.route("/", providerAuthRouter(db, providerThrottle, twoFactor));
  if (testFixtures) app.route("/", testFixturesRouter(db));
  app.openAPIRegistry.registerComponent("securitySchemes", "apiKey", { type: "apiKey", in: "header", name: apiKeyHeader });
  app.openAPIRegistry.registerComponent("securitySchemes", "metricsToken", { type: "http", scheme: "bearer" });
  // built once, on first request, when every router has registered its calls
  let document: Record<string, unknown> | undefined;
  app.openapi(documentRoute, (c) => {
    document ??= mendDocument({ ...app.getOpenAPI31Document(DOCUMENT_HEAD) });
    return c.json(document, 200);
  });

  app.notFound((c) => c.json({ message: `No such call: ${c.req.method} ${c.req.path}` }, 404));
  app.onError((error, c) => {
    if (error instanceof HttpError) return c.json(error.body, error.status, error.headers);
    logError(error);
    if (isDataException(error)) return c.json({ message: VALUE_REFUSED_BY_DATABASE }, 400);
    return c.json({ message: "Internal error" }, 500);
  });
  return Object.assign(app, {
    outbox,
    bulkJobs,
    /** From now on /readyz answers 503 "draining" (SIGTERM: the balancer sends new requests elsewhere). */
    startDraining: () => {
      draining = true;
    },
  });
}
