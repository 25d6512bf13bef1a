/**
 * The admin process behind a load balancer (server/health.ts, shared/drain.ts), over real HTTP:
 * the real admin server (createAdminServer) in front of a small test Remix build whose one
 * resource route streams slowly, like the Excel export; /readyz asks the real test API, a closed
 * port, or a broken server put in the API's place.
 */
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import { afterEach, describe, expect, test } from "vitest";
import { createAdminServer } from "../../server/admin-server";
import { createDrain, type Drain } from "~shared/drain";
import { probeApi } from "../../server/health";
import { testApi } from "../support/routes";

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

const listen = (server: Server) =>
  new Promise<string>((resolve) => {
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });

/** What the slow route sends: CHUNKS pieces, one every PAUSE_MS (the export streams its rows like this). */
const CHUNKS = 6;
const PAUSE_MS = 150;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A Remix build with one resource route, /slow-export, answering a slowly streamed body. */
function slowBuild(): ServerBuild {
  const slowLoader = () =>
    new Response(
      new ReadableStream<Uint8Array>({
        async start(controller) {
          for (let i = 1; i <= CHUNKS; i++) {
            await pause(PAUSE_MS);
            controller.enqueue(new TextEncoder().encode(`row ${i}\n`));
          }
          controller.close();
        },
      }),
      { headers: { "Content-Type": "text/plain" } },
    );
  return {
    mode: "production",
    basename: undefined,
    publicPath: "/build/",
    assetsBuildDirectory: "/nonexistent-test-build",
    isSpaMode: false,
    future: {},
    assets: { url: "/build/manifest.js", version: "test", entry: { module: "/build/entry.js", imports: [] }, routes: {} },
    entry: { module: { default: () => new Response("no documents in this build", { status: 404 }) } },
    routes: {
      root: { id: "root", path: "", module: {} },
      "routes/slow-export": { id: "routes/slow-export", parentId: "root", path: "slow-export", module: { loader: slowLoader } },
    },
  } as unknown as ServerBuild;
}

/** The admin server (port 0) with a drain watching it, /readyz asking `apiUrl`. */
async function startAdmin(apiUrl: string | undefined, readyTimeoutMs = 2000): Promise<{ url: string; drain: Drain; server: Server }> {
  const drain = createDrain();
  const app = createAdminServer({
    build: slowBuild(),
    root: "/nonexistent-test-root",
    apiUrl,
    draining: drain.draining,
    readyTimeoutMs,
    publicOrigins: [],
  });
  const server = createServer(app);
  drain.watch(server);
  servers.push(server);
  return { url: await listen(server), drain, server };
}

/** A port nothing listens on: one just opened and closed. */
async function closedPort(): Promise<string> {
  const server = createServer();
  const url = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return url;
}

describe("/healthz and /readyz", () => {
  test("/healthz: 200 ok, not stored, without a session or the API", async () => {
    const { url } = await startAdmin(await closedPort());
    const answer = await fetch(`${url}/healthz`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe("ok");
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(answer.headers.get("Set-Cookie")).toBeNull();
  });

  test("/readyz: 200 ready when the marketplace API's /readyz answers", async () => {
    const { url } = await startAdmin(testApi().url);
    const answer = await fetch(`${url}/readyz`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe("ready");
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
  });

  test("/readyz: 503 with the reason when the API is not there", async () => {
    const { url } = await startAdmin(await closedPort());
    const answer = await fetch(`${url}/readyz`);
    expect(answer.status).toBe(503);
    expect(await answer.text()).toBe("marketplace API not ready: ECONNREFUSED");
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
  });

  test("/readyz: 503 with the API's reason when it answers not ready, and when it does not answer in time", async () => {
    // a broken server in the API's place: its readiness fails; another never answers
    const broken = createServer((_req, res) => {
      res.writeHead(503, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ status: "not ready", reason: "The database is not answering" }));
    });
    servers.push(broken);
    const hanging = createServer(() => {});
    servers.push(hanging);
    const notReady = await startAdmin(await listen(broken));
    const slow = await startAdmin(await listen(hanging), 300);

    const answer = await fetch(`${notReady.url}/readyz`);
    expect(answer.status).toBe(503);
    expect(await answer.text()).toBe("marketplace API not ready: status 503 (The database is not answering)");

    const started = Date.now();
    const late = await fetch(`${slow.url}/readyz`);
    expect(late.status).toBe(503);
    expect(await late.text()).toBe("marketplace API not ready: no answer within 300 ms");
    expect(Date.now() - started).toBeLessThan(2000);
  });

  test("probeApi without MARKETPLACE_API_URL says so", async () => {
    expect(await probeApi(undefined)).toEqual({ ready: false, reason: "marketplace API not ready: MARKETPLACE_API_URL is not set" });
  });
});

/** GET over one kept-alive connection, reading the body as it comes. */
function get(url: string, agent?: import("node:http").Agent) {
  return new Promise<{ status: number; headers: import("node:http").IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = httpRequest(url, { agent }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** "connected", or the error code a new connection to the admin gets (ECONNREFUSED once the listener is closed). */
function connectOutcome(url: string) {
  return new Promise<string>((resolve) => {
    const socket = connect(Number(new URL(url).port), "127.0.0.1");
    socket.on("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
  });
}

describe("draining (SIGTERM)", () => {
  test("a streamed download in flight finishes whole; new connections are refused; kept-alive connections end; the close resolves", async () => {
    const { url, drain, server } = await startAdmin(testApi().url);
    const { Agent } = await import("node:http");
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 2 });
    const expected = Array.from({ length: CHUNKS }, (_, i) => `row ${i + 1}\n`).join("");

    // a kept-alive connection that is idle when the signal comes, and one busy with the download
    const idle = await get(`${url}/healthz`, keepAlive);
    expect(idle.body).toBe("ok");
    const download = get(`${url}/slow-export`, keepAlive);
    await pause(PAUSE_MS * 1.5); // the first rows are on their way

    const stopped = drain.stop();
    let closed = false;
    void stopped.then(() => (closed = true));
    expect(drain.draining()).toBe(true);

    // the listener is closed at once: a new connection is refused (the balancer sends it elsewhere)
    const port = (server.address() as AddressInfo | null)?.port;
    expect(port, "the listening socket is closed at once").toBeUndefined();
    expect(await connectOutcome(url)).toBe("ECONNREFUSED");

    const finished = await download;
    expect(finished.status).toBe(200);
    expect(finished.body).toBe(expected);
    // the connection the download used is ended right after it (not left to its keep-alive
    // timeout), and the idle one was closed at the signal: the close completes
    const downloaded = Date.now();
    await stopped;
    expect(closed).toBe(true);
    expect(Date.now() - downloaded).toBeLessThan(1000);
    expect(drain.inFlight()).toBe(0);
    keepAlive.destroy();
  });

  test("a request that arrives on a kept-alive connection while draining is answered with Connection: close, /readyz says draining", async () => {
    const { url, drain } = await startAdmin(testApi().url);
    // a raw kept-alive connection, opened before the signal, busy with the download
    const socket = connect(Number(new URL(url).port), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (received += chunk));
    const ended = new Promise((resolve) => socket.once("end", resolve));
    // pipelined: the download, then /readyz behind it on the same connection
    socket.write("GET /slow-export HTTP/1.1\r\nHost: admin.test\r\n\r\n");
    await pause(PAUSE_MS * 1.5);
    const stopped = drain.stop();
    socket.write("GET /readyz HTTP/1.1\r\nHost: admin.test\r\n\r\n");
    await ended; // the server ended the connection after answering both
    await stopped;
    const [first, second] = received.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200 /);
    for (let i = 1; i <= CHUNKS; i++) expect(first).toContain(`row ${i}\n`);
    expect(second).toMatch(/^HTTP\/1\.1 503 /);
    expect(second).toMatch(/\r\nConnection: close\r\n/i);
    expect(second.endsWith("draining")).toBe(true);
  });

  test("with a drain delay, new connections are still answered (503 draining, Connection: close) until it ends, then refused", async () => {
    const { url, drain, server } = await startAdmin(testApi().url);
    const stopped = drain.stop({ delayMs: 600 });
    let closed = false;
    void stopped.then(() => (closed = true));
    // a balancer probing now opens a new connection and is told to stop sending here
    const during = await get(`${url}/readyz`);
    expect(during.status).toBe(503);
    expect(during.body).toBe("draining");
    expect(during.headers.connection).toBe("close");
    // a page request in the delay is still served, on a connection that closes after it
    const page = await get(`${url}/healthz`);
    expect(page.status).toBe(200);
    expect(page.headers.connection).toBe("close");
    expect((server.address() as AddressInfo | null)?.port, "still listening within the delay").toBe(Number(new URL(url).port));
    await stopped;
    expect(closed).toBe(true);
    expect(await connectOutcome(url)).toBe("ECONNREFUSED");
  });

  test("an idle kept-alive connection is closed at the signal, and the close resolves at once", async () => {
    const { url, drain } = await startAdmin(testApi().url);
    const socket = connect(Number(new URL(url).port), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    const ended = new Promise((resolve) => socket.once("close", resolve));
    const started = Date.now();
    await drain.stop();
    await ended;
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
