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
 * GET /healthz and /readyz answer a load balancer (server/health.ts; /readyz asks the API's).
 * and the settings app/services/env.server.ts reads (MARKETPLACE_API_URL, SESSION_SECRET, …).
 */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { createAdminServer, DEFAULT_BODY_LIMIT_BYTES, publicOrigins } from "./admin-server";
import { createDrain } from "~shared/drain";

// Set by scripts/build-server.mjs: from the compiled server (build/server/) the repository is two folders up.
declare const ROOT_FROM_BUNDLE: string | undefined;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), typeof ROOT_FROM_BUNDLE === "string" ? ROOT_FROM_BUNDLE : "..");
const build = (await import(pathToFileURL(path.join(root, "build/index.js")).href)) as ServerBuild;

const graceText = process.env.SHUTDOWN_GRACE_SECONDS?.trim() || "30";
const graceSeconds = Number(graceText);
if (!Number.isFinite(graceSeconds) || graceSeconds < 1 || graceSeconds > 3600) {
  console.error(`[admin] SHUTDOWN_GRACE_SECONDS must be a number of seconds from 1 to 3600 (got ${JSON.stringify(graceText)})`);
  process.exit(1);
}

const delayText = process.env.DRAIN_DELAY_SECONDS?.trim() || "0";
const delaySeconds = Number(delayText);
if (!Number.isFinite(delaySeconds) || delaySeconds < 0 || delaySeconds > 600) {
  console.error(`[admin] DRAIN_DELAY_SECONDS must be a number of seconds from 0 to 600 (got ${JSON.stringify(delayText)})`);
  process.exit(1);
}

let origins: string[];
try {
  origins = publicOrigins(process.env.PUBLIC_ADMIN_URL, { port: Number(process.env.PORT ?? 3000), host: process.env.HOST });
} catch (error) {
  console.error(`[admin] ${(error as Error).message}`);
  process.exit(1);
}

const drain = createDrain();
const app = createAdminServer({
  build,
  root,
  trustProxy: process.env.TRUST_PROXY,
  bodyLimitBytes: Number(process.env.BODY_LIMIT_BYTES ?? DEFAULT_BODY_LIMIT_BYTES),
  secure: process.env.COOKIE_SECURE === "true" || process.env.COOKIE_SECURE === "1",
  mode: process.env.NODE_ENV === "development" ? "development" : "production",
  apiUrl: process.env.MARKETPLACE_API_URL,
  draining: drain.draining,
  publicOrigins: origins,
});

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST;
const onListen = () =>
  console.log(`[admin] listening on http://${host ?? "localhost"}:${port} (forms accepted from ${origins.join(", ")})`);
const server = host ? app.listen(port, host, onListen) : app.listen(port, onListen);

drain.watch(server);

async function shutdown(signal: string) {
  if (drain.draining()) return;
  console.log(
    `[admin] ${signal}: draining (${drain.inFlight()} requests in flight; listening ${delaySeconds} s more, then up to ${graceSeconds} s)`,
  );
  const force = setTimeout(
    () => {
      console.error(`[admin] ${drain.inFlight()} requests still in flight after ${graceSeconds} s; stopping anyway`);
      process.exit(1);
    },
    (delaySeconds + graceSeconds) * 1000,
  );
  force.unref();
  await drain.stop({ delayMs: delaySeconds * 1000 });
  console.log("[admin] drained; exiting");
  process.exit(0);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void shutdown(signal));
}
