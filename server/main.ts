/**
 * Starts the admin (`npm run serve`, and `npm start` through scripts/start.mjs): the Remix build in
 * build/ behind server/admin-server.ts.
 *
 *   PORT (3000), HOST (all interfaces)
 *   TRUST_PROXY        proxies whose X-Forwarded-For is believed (e.g. "loopback" or "10.0.0.2,10.0.0.3")
 *   BODY_LIMIT_BYTES   largest request body (default 1048576)
 *   COOKIE_SECURE      served over https (also turns on HSTS)
 *   PUBLIC_ADMIN_URL   the admin's public address(es), comma-separated: forms are accepted only from these
 *                      origins (default: http://localhost:PORT, 127.0.0.1 and [::1])
 *   DRAIN_DELAY_SECONDS (0) after SIGTERM/SIGINT, how long the process still takes connections while
 *                      /readyz answers 503 (the load balancer's time to notice), each answer closing its own
 *   SHUTDOWN_GRACE_SECONDS (30) then how long requests in flight (a long Excel export) may take to
 *                      finish before the process stops anyway (shared/drain.ts)
 *   LOG_LEVEL, LOG_FORMAT, METRICS_TOKEN  the logs, and the token GET /metrics needs
 * and the settings app/services/env.server.ts reads (MARKETPLACE_API_URL, SESSION_SECRET, …): all of
 * them checked at start by one schema (shared/admin-env.ts).
 * GET /healthz and /readyz answer a load balancer (server/health.ts; /readyz asks the API's).
 */
import { existsSync } from "node:fs";
import { getHeapStatistics } from "node:v8";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { createAdminServer, publicOrigins } from "./admin-server";
import { describeAdminEnv, parseAdminEnv } from "~shared/admin-env";
import { createDrain } from "~shared/drain";
import { announce, createLogger } from "~shared/observability/logger";

// every setting is checked before the Remix build is loaded: a wrong one stops the start with one
// line naming it (shared/admin-env.ts), even where there is no build yet
const parsed = parseAdminEnv(process.env);
if (!parsed.ok) {
  for (const line of parsed.lines) console.error(line);
  process.exit(1);
}
const env = parsed.env;
// JSON lines in production, readable ones in development (shared/observability/logger.ts)
const logger = createLogger({ name: "admin", level: env.LOG_LEVEL, format: env.LOG_FORMAT });
for (const line of describeAdminEnv(env, process.env)) logger.info(line);
const { PORT: port, HOST: host, DRAIN_DELAY_SECONDS: delaySeconds, SHUTDOWN_GRACE_SECONDS: graceSeconds } = env;
const origins = publicOrigins(env.PUBLIC_ADMIN_URL, { port, host });

/** Above this heap limit the process was started without a cap (V8's own default here is ~4 GB). */
const UNCAPPED_HEAP_MB = 1024;

// Set by scripts/build-server.mjs: from the compiled server (build/server/) the repository is two folders up.
declare const ROOT_FROM_BUNDLE: string | undefined;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), typeof ROOT_FROM_BUNDLE === "string" ? ROOT_FROM_BUNDLE : "..");
const buildFile = path.join(root, "build/index.js");
if (!existsSync(buildFile)) {
  console.error(
    `[admin] ${path.relative(process.cwd(), buildFile) || buildFile} not found: run \`npm run build\` first (\`npm start\` builds it)`,
  );
  process.exit(1);
}
const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;

const drain = createDrain();
const app = createAdminServer({
  build,
  root,
  trustProxy: env.TRUST_PROXY,
  bodyLimitBytes: env.BODY_LIMIT_BYTES,
  secure: env.COOKIE_SECURE,
  mode: env.NODE_ENV === "development" ? "development" : "production",
  apiUrl: env.MARKETPLACE_API_URL,
  draining: drain.draining,
  publicOrigins: origins,
  logger,
  metricsToken: env.METRICS_TOKEN,
});

const onListen = () =>
  announce(logger, `Admin listening on http://${host ?? "localhost"}:${port} (forms accepted from ${origins.join(", ")})`);
const server = host ? app.listen(port, host, onListen) : app.listen(port, onListen);

// Under load V8 lets the heap grow towards its limit before collecting hard (~4 GB by default on a big
// machine; 10 connections of list views took an uncapped admin to ~450 MB that stayed). `npm start`
// caps it (ADMIN_HEAP_MB, 384 MB); a process started another way is told when it runs without a cap.
const heapLimitMb = Math.round(getHeapStatistics().heap_size_limit / (1024 * 1024));
if (heapLimitMb > UNCAPPED_HEAP_MB)
  logger.warn(
    `the heap may grow to ${heapLimitMb} MB under load: start the admin with node --max-old-space-size=384 (or NODE_OPTIONS=--max-old-space-size=384), as npm start does (docs/operations.md, Sizing)`,
  );

drain.watch(server);

async function shutdown(signal: string) {
  if (drain.draining()) return;
  logger.info(
    `${signal}: draining (${drain.inFlight()} requests in flight; listening ${delaySeconds} s more, then up to ${graceSeconds} s)`,
  );
  const force = setTimeout(
    () => {
      logger.error(`${drain.inFlight()} requests still in flight after ${graceSeconds} s; stopping anyway`);
      process.exit(1);
    },
    (delaySeconds + graceSeconds) * 1000,
  );
  force.unref();
  await drain.stop({ delayMs: delaySeconds * 1000 });
  logger.info("drained; exiting");
  process.exit(0);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void shutdown(signal));
}
