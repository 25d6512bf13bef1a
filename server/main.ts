/**
 * Starts the admin (`npm run serve`, and `npm start` through scripts/start.mjs): the Remix build in
 * build/ behind server/admin-server.ts.
 *
 *   PORT (3000), HOST (all interfaces)
 *   TRUST_PROXY        proxies whose X-Forwarded-For is believed (e.g. "loopback" or "10.0.0.2,10.0.0.3")
 *   BODY_LIMIT_BYTES   largest request body (default 1048576)
 *   COOKIE_SECURE      served over https (also turns on HSTS)
 * and the settings app/services/env.server.ts reads (MARKETPLACE_API_URL, SESSION_SECRET, …).
 */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { createAdminServer, DEFAULT_BODY_LIMIT_BYTES } from "./admin-server";

// Set by scripts/build-server.mjs: from the compiled server (build/server/) the repository is two folders up.
declare const ROOT_FROM_BUNDLE: string | undefined;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), typeof ROOT_FROM_BUNDLE === "string" ? ROOT_FROM_BUNDLE : "..");
const build = (await import(pathToFileURL(path.join(root, "build/index.js")).href)) as ServerBuild;

const app = createAdminServer({
  build,
  root,
  trustProxy: process.env.TRUST_PROXY,
  bodyLimitBytes: Number(process.env.BODY_LIMIT_BYTES ?? DEFAULT_BODY_LIMIT_BYTES),
  secure: process.env.COOKIE_SECURE === "true" || process.env.COOKIE_SECURE === "1",
  mode: process.env.NODE_ENV === "development" ? "development" : "production",
});

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST;
const onListen = () => console.log(`[admin] listening on http://${host ?? "localhost"}:${port}`);
const server = host ? app.listen(port, host, onListen) : app.listen(port, onListen);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
