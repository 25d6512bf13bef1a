/**
 * The admin's HTTP server: Express in front of the Remix build (what remix-serve did, plus what a
 * back-office must refuse before any route code runs).
 *
 * - Every response carries safe headers (helmet): a Content-Security-Policy whose scripts need this
 *   response's nonce, frame-ancestors 'none' and X-Frame-Options DENY (stored files: same origin
 *   only, for their previews), nosniff, Referrer-Policy same-origin, and Cache-Control no-store
 *   unless a route chose its own.
 * - A request that changes something (any method but GET/HEAD/OPTIONS) must come from the admin's
 *   public origins (PUBLIC_ADMIN_URL): its Origin (or, without one, Sec-Fetch-Site) must say so;
 *   otherwise, and when it sends neither, 403 before parsing.
 * - Its body must be a form (urlencoded or multipart) within BODY_LIMIT_BYTES (default 1 MB), or
 *   within its own route's limit for a route that takes uploads (app/models/upload-limits.ts, the
 *   one table of them): otherwise 415 or 413, read from the headers before a byte of the body is.
 *   An upload route's 413 speaks the screen's words: a page leading back to it without JavaScript,
 *   the screen's own action data for Remix's `.data` requests, JSON for a script asking for it.
 * - The browser's address is the socket's; X-Forwarded-For counts only from proxies named in
 *   TRUST_PROXY (Express's "trust proxy": addresses, subnets, or loopback/linklocal/uniquelocal).
 * - A legacy Remix data request (`?_data=<route id>`, which no page of this single-fetch admin
 *   sends) is answered 400 before Remix sees it: Remix would log a stack trace for each and answer
 *   500 on several routes. Nothing is logged for it.
 * - GET /healthz and /readyz, for a load balancer, are answered first (server/health.ts).
 */
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import helmet from "helmet";
import { uploadRouteOf, type UploadRoute } from "../app/models/upload-limits";
import { healthRoutes } from "./health";
import { createAdminMetrics, metricsRoute, observeRequests, routePatterns } from "./observability";
import type { Logger } from "~shared/observability/logger";
import type { RequestObservation } from "~shared/observability/request-id";
import { singleFetchActionBody } from "./single-fetch-answer";

export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

export type AdminServerOptions = {
  build: ServerBuild;
  /** folder holding public/ (the client build under public/build) */
  root: string;
  /** TRUST_PROXY: which proxies' X-Forwarded-For to believe; unset = none */
  trustProxy?: string;
  bodyLimitBytes?: number;
  /** HSTS only when the admin is served over https (COOKIE_SECURE) */
  secure?: boolean;
  mode?: "production" | "development";
  /** MARKETPLACE_API_URL: /readyz asks the API's /readyz */
  apiUrl?: string;
  /** true once the process is stopping (shared/drain.ts): /readyz answers 503 "draining" */
  draining?: () => boolean;
  /** how long /readyz waits for the API (default 2 s) */
  readyTimeoutMs?: number;
  /** the admin's public origins (publicOrigins(PUBLIC_ADMIN_URL)): the only ones a form may come from */
  publicOrigins: readonly string[];
  /** one line per request and the errors Remix reports (shared/observability/logger.ts); unset: none (tests) */
  logger?: Logger;
  /** METRICS_TOKEN: GET /metrics answers Prometheus' text to `Authorization: Bearer <token>`; unset: 404 */
  metricsToken?: string;
};

/** TRUST_PROXY → Express's "trust proxy" value. Never `true` (that would believe any client). */
export function trustProxySetting(value: string | undefined): string[] | number | false {
  const text = value?.trim() ?? "";
  if (text === "" || text === "false" || text === "0") return false;
  if (text === "true" || text === "*") {
    throw new Error(
      "TRUST_PROXY must name the proxies (addresses, subnets or loopback), or give a hop count; 'true' would trust any client",
    );
  }
  if (/^\d+$/.test(text)) return Number(text);
  return text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Stored-file routes: their images and PDFs are shown inside the admin's own pages. */
const EMBEDDABLE = /^\/admin\/.+\/files\/[^/]+$/;

/** Post images for readers (app/routes/blog.images.$name.tsx): their own caching, shown on other sites' pages. */
const PUBLIC_IMAGE = /^\/blog\/images\/[^/]+$/;

const FAVICONS = new Set(["favicon.ico", "favicon.svg"]);
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * A refused body up to this size is read and dropped after the answer is sent, on a connection kept
 * open: a browser still sending its upload when the answer comes would otherwise see the connection
 * reset instead of the page (and a script, a broken pipe). Beyond it, or with no length, the
 * connection closes once the answer is sent. Nothing of the body is kept.
 */
export const REFUSED_BODY_DRAIN_BYTES = 256 * 1024 * 1024;

function closeOrDrain(req: Request, res: Response) {
  const length = req.get("Content-Length");
  if (length === undefined || !/^\d+$/.test(length) || Number(length) > REFUSED_BODY_DRAIN_BYTES) res.set("Connection", "close");
  // otherwise Node reads the rest to its end and drops it once the answer is finished (the request was not consumed)
}

function refusal(req: Request, res: Response, status: number, title: string, text: string) {
  res.status(status);
  closeOrDrain(req, res);
  res.type("html");
  res.send(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
      `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem">` +
      `<h1>${title}</h1><p>${text}</p><p><a href="/admin">Back to the dashboard</a></p></body></html>`,
  );
}

/**
 * PUBLIC_ADMIN_URL → the admin's public origins (comma-separated URLs; only their origins count).
 * Unset: the addresses `npm start` prints for this port (localhost, 127.0.0.1, [::1], and HOST when it
 * names one), which fit one machine, development and the tests; behind a proxy or a load balancer set
 * it to the address admins open. Throws a one-line reason for a value that is not a list of http(s) URLs.
 */
export function publicOrigins(value: string | undefined, { port, host }: { port: number; host?: string }): string[] {
  const text = value?.trim() ?? "";
  if (text === "") {
    const hosts = ["localhost", "127.0.0.1", "[::1]"];
    const named = host?.trim();
    if (named && !["0.0.0.0", "::", "localhost", "127.0.0.1", "::1"].includes(named))
      hosts.push(named.includes(":") ? `[${named}]` : named);
    return hosts.map((name) => `http://${name}:${port}`);
  }
  return [
    ...new Set(
      text
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean)
        .map((part) => {
          let url: URL | undefined;
          try {
            url = new URL(part);
          } catch {
            url = undefined;
          }
          if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
            throw new Error(
              `PUBLIC_ADMIN_URL must be the admin's public address(es), comma-separated http(s) URLs (got ${JSON.stringify(part)})`,
            );
          }
          return url.origin;
        }),
    ),
  ];
}

const NO_ORIGIN_TEXT =
  "This form was sent without saying which site it came from (no Origin or Sec-Fetch-Site header), so it was refused. Nothing was changed. " +
  "Browsers send these by themselves; please reload the page and send the form again.";
const OTHER_SITE_TEXT = "This form was sent from another site, so it was refused. Nothing was changed.";

/**
 * 403 for a state-changing request another site made the browser send (CSRF, a framed click), or
 * one that does not say where it came from. Its Origin must be one of the admin's public origins
 * (PUBLIC_ADMIN_URL: configured, never read from the request's own Host, which a proxy may rewrite
 * and DNS rebinding may choose); without an Origin, Sec-Fetch-Site must be same-origin (or none: the
 * admin's own typing); with neither, it is refused too.
 */
export function sameOriginOnly(allowedOrigins: readonly string[], logger?: Logger): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("Origin");
    const site = req.get("Sec-Fetch-Site");
    if (origin !== undefined) {
      if (allowed.has(origin)) return next();
      // the request's own address, refused: most likely a PUBLIC_ADMIN_URL that misses it (one line, no body)
      if (origin === `${req.protocol}://${req.get("Host")}`) {
        const line = `refused a form from ${origin}, which PUBLIC_ADMIN_URL does not list`;
        if (logger) logger.warn({ reqId: (res.locals.observation as RequestObservation | undefined)?.requestId }, line);
        else console.error(`[admin] ${line}`);
      }
      return refusal(req, res, 403, "Refused", OTHER_SITE_TEXT);
    }
    if (site === "same-origin" || site === "none") return next();
    refusal(req, res, 403, "Refused", site === undefined ? NO_ORIGIN_TEXT : OTHER_SITE_TEXT);
  };
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * A body over an upload route's limit, told in its screen's words: with JavaScript as the screen's
 * own action data (Remix's `.data` request: the page shows it beside the field and keeps what was
 * typed) or as JSON (a script's upload asking for it); without, a page leading back to the screen.
 */
function uploadRefusal(req: Request, res: Response, row: UploadRoute) {
  res.status(413);
  closeOrDrain(req, res);
  if (req.path.endsWith(".data")) {
    res.set("X-Remix-Response", "yes");
    res.type("text/x-script");
    res.send(singleFetchActionBody(row.jsAnswer ?? { formError: row.tooLarge }));
    return;
  }
  if ((req.get("Accept") ?? "").includes("application/json")) {
    res.json({ name: "", ok: false, message: row.tooLarge });
    return;
  }
  const back = row.backTo ?? req.originalUrl;
  res.type("html");
  res.send(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>Admin | ${escapeHtml(row.screen)}</title></head>` +
      `<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5">` +
      `<h1>${escapeHtml(row.screen)}</h1><p role="alert"><strong>${escapeHtml(row.tooLarge)}</strong></p><p>Nothing was uploaded or saved.</p>` +
      `<p><a href="${escapeHtml(back)}">Back to ${escapeHtml(row.screen)}</a></p></body></html>`,
  );
}

/** Whether the URL has the query parameter of Remix's data requests before single fetch (`?_data=routes/…`), read as Remix reads it. */
function isLegacyDataRequest(url: string): boolean {
  const query = url.indexOf("?");
  return query >= 0 && new URLSearchParams(url.slice(query + 1)).has("_data");
}

/**
 * 400 for a legacy `?_data=` request, any method, signed in or not, before the route runs: single
 * fetch (`.data` URLs) replaced them, so only a probe or a stale script sends one. Remix would log a
 * stack trace for each ("Single fetch-enabled apps should not be making ?_data requests") and
 * answer 500 where a loader's answer is not a legacy data response. Nothing is logged here.
 */
export function noLegacyDataRequests(): RequestHandler {
  return (req, res, next) => {
    if (!isLegacyDataRequest(req.originalUrl)) return next();
    res.status(400);
    if ((req.get("Accept") ?? "").includes("application/json")) {
      res.json({ message: LEGACY_DATA_MESSAGE });
      return;
    }
    res.type("text/plain").send(LEGACY_DATA_MESSAGE);
  };
}
export const LEGACY_DATA_MESSAGE = "The _data parameter (Remix's old data requests) is not answered here: open the page itself.";

/** 413 over the limit, 411 without a length, 415 for a body that is not a form. */
export function formBodiesOnly(defaultLimitBytes: number): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const upload = uploadRouteOf(req.path);
    const limitBytes = Math.max(defaultLimitBytes, upload?.maxBodyBytes ?? 0);
    const length = req.get("Content-Length");
    if (length === undefined) {
      if (req.get("Transfer-Encoding")) {
        return refusal(req, res, 411, "Length required", "A request body must say its length. Nothing was changed.");
      }
      return next(); // no body
    }
    if (!/^\d+$/.test(length) || Number(length) > limitBytes) {
      if (upload && /^\d+$/.test(length)) return uploadRefusal(req, res, upload);
      const mb = Math.round((limitBytes / (1024 * 1024)) * 10) / 10;
      return refusal(req, res, 413, "Too large", `What was sent is larger than ${mb} MB, so it was refused. Nothing was changed.`);
    }
    const type = (req.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
    if (Number(length) > 0 && !FORM_TYPES.includes(type)) {
      return refusal(req, res, 415, "Not a form", "Only forms can be sent to the admin. Nothing was changed.");
    }
    next();
  };
}

function headers({
  secure,
  embeddable,
  development,
  crossOrigin = false,
}: {
  secure: boolean;
  embeddable: boolean;
  development: boolean;
  crossOrigin?: boolean;
}) {
  const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce}'`;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", nonce],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        "font-src": ["'self'", "data:"],
        "connect-src": development ? ["'self'", "ws:"] : ["'self'"],
        "object-src": ["'self'"],
        "frame-src": ["'self'"],
        "frame-ancestors": [embeddable ? "'self'" : "'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
      },
    },
    frameguard: { action: embeddable ? "sameorigin" : "deny" },
    referrerPolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
    // a published post's image is shown on the marketplace's pages (another origin)
    crossOriginResourcePolicy: { policy: crossOrigin ? "cross-origin" : "same-origin" },
    strictTransportSecurity: secure ? { maxAge: 15_552_000 } : false,
  });
}

/**
 * Requests this server is answering now, but for long downloads (the Excel export): a long export
 * gives way while other admins wait for a page (app/services/order-payment-status/export.server.ts).
 */
let interactiveInFlight = 0;
const LONG_DOWNLOAD = /\/export$/;
function countInFlight(req: Request, res: Response, next: NextFunction) {
  if (LONG_DOWNLOAD.test(req.path)) return next();
  interactiveInFlight++;
  res.once("close", () => interactiveInFlight--);
  next();
}

/** What every loader and action gets in `context` (typed in app/services/auth.server.ts). */
export function loadContextOf(req: Request, res: Response) {
  const observation = res.locals.observation as RequestObservation | undefined;
  const logError = observation?.logError;
  return {
    requestId: observation?.requestId,
    // the errors Remix reports (app/entry.server.tsx handleError): on the request's log, with its id
    logError: logError ? (error: unknown) => logError("unexpected error", error) : undefined,
    clientAddress: req.ip ?? req.socket.remoteAddress ?? "",
    cspNonce: String(res.locals.cspNonce ?? ""),
    othersInFlight: () => interactiveInFlight,
    // Remix's single-fetch data requests end in .data; anything else it answers with a document
    documentRequest: !req.path.endsWith(".data"),
  };
}

export function createAdminServer({
  build,
  root,
  trustProxy,
  bodyLimitBytes = DEFAULT_BODY_LIMIT_BYTES,
  secure = false,
  mode = "production",
  apiUrl,
  draining,
  readyTimeoutMs,
  publicOrigins: origins,
  logger,
  metricsToken,
}: AdminServerOptions) {
  const app = express();
  app.disable("x-powered-by");
  const trusted = trustProxySetting(trustProxy);
  app.set("trust proxy", trusted);
  // first: the request's id, and its log line and metrics once answered, whatever answers it (refusals too)
  const metrics = metricsToken ? createAdminMetrics() : undefined;
  app.use(observeRequests({ logger, metrics, routeOf: routePatterns(build), trustSentId: trusted !== false }));
  // Prometheus' scrape, with a bearer token of its own; then the load balancer's probes: no session, no secret, no Remix
  app.use(metricsRoute(metrics, metricsToken));
  app.use(healthRoutes({ apiUrl, draining, readyTimeoutMs }));
  app.use(compression());

  // Fingerprinted client assets, then the rest of public/.
  app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
  const publicDir = path.join(root, "public");
  const servePublic = express.static(publicDir, {
    maxAge: "1h",
    setHeaders(res, file) {
      // browsers ask for the icon on every page: a month, as its name never changes (no fingerprint)
      if (FAVICONS.has(path.basename(file))) res.set("Cache-Control", `public, max-age=${30 * 24 * 3600}`);
    },
  });
  // only a path under one of public/'s own entries is looked for there: every page view asked the
  // file system for /admin/… first (a stat each, ~2 % of a list view's CPU)
  const publicEntries = new Set(existsSync(publicDir) ? readdirSync(publicDir) : []);
  app.use((req: Request, res: Response, next: NextFunction) =>
    publicEntries.has(req.path.split("/")[1] ?? "") ? servePublic(req, res, next) : next(),
  );

  const development = mode === "development";
  const pageHeaders = headers({ secure, embeddable: false, development });
  const fileHeaders = headers({ secure, embeddable: true, development });
  const publicImageHeaders = headers({ secure, embeddable: false, development, crossOrigin: true });
  app.use((req: Request, res: Response, next: NextFunction) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    const embeddable = EMBEDDABLE.test(req.path);
    const publicImage = PUBLIC_IMAGE.test(req.path);
    // a route that sets its own Cache-Control (file previews, post images) keeps it; every other answer is not stored
    if (!embeddable && !publicImage) res.set("Cache-Control", "no-store");
    (publicImage ? publicImageHeaders : embeddable ? fileHeaders : pageHeaders)(req, res, next);
  });
  app.use(noLegacyDataRequests());
  app.use(sameOriginOnly(origins, logger));
  app.use(formBodiesOnly(bodyLimitBytes));
  app.use(countInFlight);

  const remix = createRequestHandler({
    build,
    mode,
    getLoadContext: loadContextOf,
  });
  // each request in its own scope of API calls (app/entry.server.tsx): an API that hangs costs one
  // timeout per request, and every call carries the request's id
  const inRequestScope = (build.entry.module as { inRequestScope?: <T>(work: () => T, observation?: RequestObservation) => T })
    .inRequestScope;
  app.all(
    "*",
    inRequestScope ? (req, res, next) => inRequestScope(() => remix(req, res, next), res.locals.observation as RequestObservation) : remix,
  );
  return app;
}
