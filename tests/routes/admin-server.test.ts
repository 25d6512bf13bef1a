/**
 * The admin server's own guards (server/admin-server.ts) over real HTTP, each in a small Express
 * app ending in a handler that says what it received (the e2e security spec checks them in front
 * of the real build).
 */
import type { AddressInfo } from "node:net";
import http, { type Server } from "node:http";
import net from "node:net";
import express from "express";
import { afterEach, describe, expect, test } from "vitest";
import { decode } from "turbo-stream";
import {
  formBodiesOnly,
  LEGACY_DATA_MESSAGE,
  loadContextOf,
  noLegacyDataRequests,
  publicOrigins,
  REFUSED_BODY_DRAIN_BYTES,
  sameOriginOnly,
  trustProxySetting,
} from "../../server/admin-server";
import { singleFetchActionBody } from "../../server/single-fetch-answer";
import { DOCUMENT_FORM_MAX_BYTES } from "~contract/provider-documents-labels";
import { BUCKET_MESSAGES } from "~contract/bucket-manager-labels";
import { POST_MESSAGES } from "~contract/post-labels";
import { BUCKET_TOO_LARGE_TOGETHER, UPLOAD_ROUTES, uploadRouteOf } from "../../app/models/upload-limits";

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function serve(configure: (app: express.Express) => void): Promise<string> {
  const app = express();
  configure(app);
  app.all("*", (req, res) => res.json({ reached: true, ...loadContextOf(req, res) }));
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the browser's address", () => {
  test("is the socket's: an X-Forwarded-For the client sends is ignored without TRUST_PROXY", async () => {
    const url = await serve((app) => app.set("trust proxy", trustProxySetting(undefined)));
    const answer = await (await fetch(url, { headers: { "X-Forwarded-For": "203.0.113.9" } })).json();
    expect(answer.clientAddress).toBe("127.0.0.1");
  });

  test("comes from X-Forwarded-For only when the connecting proxy is named in TRUST_PROXY", async () => {
    const trusted = await serve((app) => app.set("trust proxy", trustProxySetting("loopback")));
    expect((await (await fetch(trusted, { headers: { "X-Forwarded-For": "203.0.113.9" } })).json()).clientAddress).toBe("203.0.113.9");
    const otherProxy = await serve((app) => app.set("trust proxy", trustProxySetting("10.0.0.2, 10.0.0.3")));
    expect((await (await fetch(otherProxy, { headers: { "X-Forwarded-For": "203.0.113.9" } })).json()).clientAddress).toBe("127.0.0.1");
  });

  test("TRUST_PROXY=true is refused (it would believe any client)", () => {
    expect(() => trustProxySetting("true")).toThrow(/TRUST_PROXY must name the proxies/);
    expect(trustProxySetting("2")).toBe(2);
    expect(trustProxySetting("")).toBe(false);
  });
});

describe("legacy ?_data= requests (issue 29)", () => {
  test("are answered 400 before the route, any method, however the parameter is spelt; other queries pass", async () => {
    const url = await serve((app) => app.use(noLegacyDataRequests()));
    for (const path of ["/admin/login?_data=routes/admin_.login", "/admin?x=1&_data=root", "/admin?_data", "/admin?%5Fdata=root"]) {
      const answer = await fetch(`${url}${path}`);
      expect(answer.status, path).toBe(400);
      expect(await answer.text()).toBe(LEGACY_DATA_MESSAGE);
    }
    const posted = await fetch(`${url}/admin/login?_data=routes/admin_.login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: "a=1",
    });
    expect(posted.status).toBe(400);
    expect(await posted.json()).toEqual({ message: LEGACY_DATA_MESSAGE });
    for (const path of ["/admin/category?search=_data", "/admin/category.data?_routes=routes/admin.category._index", "/admin?my_data=1"]) {
      expect((await fetch(`${url}${path}`)).status, path).toBe(200);
    }
  });
});

describe("state-changing requests from another site", () => {
  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  // the admin's public origins (PUBLIC_ADMIN_URL), as a proxy in front of it would be reached
  const PUBLIC = ["https://admin.example.in", "http://127.0.0.1:3000"];

  test("a POST whose Origin is another site is refused with 403 before the route", async () => {
    const url = await serve((app) => app.use(sameOriginOnly(PUBLIC)));
    const refused = await fetch(`${url}/admin/logout`, { method: "POST", headers: { ...form, Origin: "http://evil.example" }, body: "" });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Nothing was changed.");
    const nullOrigin = await fetch(`${url}/admin/sidebar`, { method: "POST", headers: { ...form, Origin: "null" }, body: "mini=1" });
    expect(nullOrigin.status).toBe(403);
    const crossSite = await fetch(`${url}/admin/sidebar`, {
      method: "POST",
      headers: { ...form, "Sec-Fetch-Site": "cross-site" },
      body: "mini=1",
    });
    expect(crossSite.status).toBe(403);
  });

  test("the admin's public origins, or Sec-Fetch-Site same-origin, reach the route; reads are never checked", async () => {
    const url = await serve((app) => app.use(sameOriginOnly(PUBLIC)));
    for (const origin of PUBLIC) {
      expect((await fetch(`${url}/admin/logout`, { method: "POST", headers: { ...form, Origin: origin }, body: "" })).status).toBe(200);
    }
    expect(
      (await fetch(`${url}/admin/logout`, { method: "POST", headers: { ...form, "Sec-Fetch-Site": "same-origin" }, body: "" })).status,
    ).toBe(200);
    expect((await fetch(`${url}/admin`, { headers: { Origin: "http://evil.example" } })).status).toBe(200);
    expect((await fetch(`${url}/admin`)).status).toBe(200);
  });

  test("issue 29: a POST with neither Origin nor Sec-Fetch-Site is refused with 403 and a page that says why", async () => {
    const url = await serve((app) => app.use(sameOriginOnly(PUBLIC)));
    const refused = await fetch(`${url}/admin/logout`, { method: "POST", headers: form, body: "" });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-type")).toMatch(/^text\/html/);
    const page = await refused.text();
    expect(page).toContain("<h1>Refused</h1>");
    expect(page).toContain("no Origin or Sec-Fetch-Site header");
    expect(page).toContain("Nothing was changed.");
  });

  test("issue 29: the origins are the configured ones, not the request's own Host (a rewritten or rebound Host opens nothing)", async () => {
    const url = await serve((app) => app.use(sameOriginOnly(PUBLIC)));
    // the request's own Host, and an Origin agreeing with it: not an admin's public origin
    const ownHost = await fetch(`${url}/admin/logout`, { method: "POST", headers: { ...form, Origin: url }, body: "" });
    expect(ownHost.status).toBe(403);
  });

  test("PUBLIC_ADMIN_URL: a comma-separated list of URLs (their origins), or the local addresses of the port", () => {
    expect(publicOrigins("https://admin.example.in/admin, http://10.0.0.5:3000/", { port: 3000 })).toEqual([
      "https://admin.example.in",
      "http://10.0.0.5:3000",
    ]);
    expect(publicOrigins(undefined, { port: 3405 })).toEqual(["http://localhost:3405", "http://127.0.0.1:3405", "http://[::1]:3405"]);
    expect(publicOrigins("", { port: 3000, host: "192.168.1.20" })).toContain("http://192.168.1.20:3000");
    expect(() => publicOrigins("admin.example.in", { port: 3000 })).toThrow(/PUBLIC_ADMIN_URL must be/);
    expect(() => publicOrigins("ftp://admin.example.in", { port: 3000 })).toThrow(/PUBLIC_ADMIN_URL must be/);
  });
});

describe("request bodies", () => {
  test("over the limit: 413, from the length alone", async () => {
    const url = await serve((app) => app.use(formBodiesOnly(1000)));
    const answer = await fetch(`${url}/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "x=" + "a".repeat(2000),
    });
    expect(answer.status).toBe(413);
  });

  test("a sender still writing its body when the 413 comes gets the answer, not a reset: the rest is read and dropped", async () => {
    const url = new URL(await serve((app) => app.use(formBodiesOnly(1000))));
    const body = Buffer.alloc(8 * 1024 * 1024, "a"); // 8,000 times the limit
    const sent = await new Promise<{ status?: number; text: string; error?: string; finished: boolean }>((resolve) => {
      const outcome = { text: "", finished: false } as { status?: number; text: string; error?: string; finished: boolean };
      let answered = false;
      let settled = false; // the request's body all written, or failed
      const done = () => answered && settled && resolve(outcome);
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: "/admin/login",
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": body.length },
        },
        (response) => {
          outcome.status = response.statusCode;
          response.setEncoding("utf8");
          response.on("data", (text: string) => (outcome.text += text));
          response.on("end", () => ((answered = true), done()));
        },
      );
      request.on("error", (error) => ((outcome.error = error.message), (answered = settled = true), done()));
      request.on("finish", () => ((outcome.finished = settled = true), done()));
      request.end(body); // all at once, as a browser or Playwright sends a form
    });
    expect(sent.error).toBeUndefined();
    expect(sent.status).toBe(413);
    expect(sent.text).toContain("so it was refused. Nothing was changed.");
    expect(sent.finished).toBe(true);
  });

  test("a body declared over what is worth reading, or with no length, is answered and the connection closed", async () => {
    const url = new URL(await serve((app) => app.use(formBodiesOnly(1000))));
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(url.port), url.hostname, () =>
        socket.write(
          `POST /admin/login HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${REFUSED_BODY_DRAIN_BYTES + 1}\r\n\r\nx=1`,
        ),
      );
      let text = "";
      socket.setEncoding("utf8");
      socket.on("data", (part: string) => (text += part));
      socket.on("close", () => resolve(text));
      socket.on("error", reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    const chunked = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new ReadableStream({ start: (c) => (c.enqueue(new TextEncoder().encode("x=1")), c.close()) }),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(411);
    expect(chunked.headers.get("connection")).toBe("close");
  });

  test("/admin/settings (General Settings' images) may send up to its own limit; other pages keep theirs", async () => {
    const url = await serve((app) => app.use(formBodiesOnly(1000)));
    const body = "x=" + "a".repeat(2 * 1024 * 1024);
    const headers = { "Content-Type": "application/x-www-form-urlencoded" };
    expect((await fetch(`${url}/admin/settings?tab=general`, { method: "POST", headers, body })).status).toBe(200);
    expect((await fetch(`${url}/admin/profile`, { method: "POST", headers, body })).status).toBe(413);
    const over = await fetch(`${url}/admin/settings`, {
      method: "POST",
      headers,
      body: "x=" + "a".repeat(UPLOAD_ROUTES.generalSettings.maxBodyBytes),
    });
    expect(over.status).toBe(413);
  });

  test("the provider wizard (its Documents & Terms form) may send up to the documents form's limit, with or without JS", async () => {
    const url = await serve((app) => app.use(formBodiesOnly(1000)));
    const body = "x=" + "a".repeat(2 * 1024 * 1024);
    const headers = { "Content-Type": "application/x-www-form-urlencoded" };
    expect((await fetch(`${url}/admin/edit-provider-details/12?step=documents`, { method: "POST", headers, body })).status).toBe(200);
    expect((await fetch(`${url}/admin/edit-provider-details/12.data?step=documents`, { method: "POST", headers, body })).status).toBe(200);
    expect((await fetch(`${url}/admin/edit-provider-details/12/other`, { method: "POST", headers, body })).status).toBe(413);
    expect(uploadRouteOf("/provider/complete-profile")?.maxBodyBytes).toBe(DOCUMENT_FORM_MAX_BYTES);
  });

  test("issue 28: the bucket manager's upload (10 MB a file) and the post editor with JS (its .data URL, 5 MB images) take a 2 MB file", async () => {
    const url = await serve((app) => app.use(formBodiesOnly(1024 * 1024)));
    const body = "x=" + "a".repeat(2 * 1024 * 1024);
    const headers = { "Content-Type": "application/x-www-form-urlencoded" };
    expect((await fetch(`${url}/admin/s3-bucket-manager/upload`, { method: "POST", headers, body })).status).toBe(200);
    expect((await fetch(`${url}/admin/s3-bucket-manager`, { method: "POST", headers, body })).status).toBe(200);
    expect((await fetch(`${url}/admin/posts/post.data?post=8`, { method: "POST", headers, body })).status).toBe(200);
    expect((await fetch(`${url}/admin/posts/post?post=8`, { method: "POST", headers, body })).status).toBe(200);
  });

  test("each upload route's limit is its own: the bucket manager's plain form 50 MB, its upload 10 MB, the post editor 5 MB and the post", async () => {
    const url = await serve((app) => app.use(formBodiesOnly(1024 * 1024)));
    const headers = { "Content-Type": "application/x-www-form-urlencoded" };
    const post = (path: string, bytes: number, extra: Record<string, string> = {}) =>
      fetch(`${url}${path}`, { method: "POST", headers: { ...headers, ...extra }, body: "x=" + "a".repeat(bytes) });
    expect((await post("/admin/s3-bucket-manager/upload", 9 * 1024 * 1024)).status).toBe(200);
    expect((await post("/admin/s3-bucket-manager", 45 * 1024 * 1024)).status).toBe(200);
    // over the page's own limits: refused in its words
    const json = await post("/admin/s3-bucket-manager/upload", 11 * 1024 * 1024, { Accept: "application/json" });
    expect(json.status).toBe(413);
    expect(await json.json()).toEqual({ name: "", ok: false, message: BUCKET_MESSAGES.tooLarge });
    const page = await post("/admin/s3-bucket-manager", 51 * 1024 * 1024);
    expect(page.status).toBe(413);
    const html = await page.text();
    expect(html).toContain("<title>Admin | S3 Bucket Manager</title>");
    expect(html).toContain(BUCKET_TOO_LARGE_TOGETHER);
    expect(html).toContain('<a href="/admin/s3-bucket-manager">Back to S3 Bucket Manager</a>');
    // the post editor without JS: back to the very post
    const editor = await post("/admin/posts/post?post=8", 7 * 1024 * 1024);
    expect(editor.status).toBe(413);
    const editorHtml = await editor.text();
    expect(editorHtml).toContain(POST_MESSAGES.imageTooLarge);
    expect(editorHtml).toContain('<a href="/admin/posts/post?post=8">');
  });

  test("with JS (Remix's .data request) a refused upload is the screen's own action data, which the page shows beside the field", async () => {
    const url = await serve((app) => app.use(formBodiesOnly(1024 * 1024)));
    const answer = await fetch(`${url}/admin/posts/post.data?post=8`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "x=" + "a".repeat(7 * 1024 * 1024),
    });
    expect(answer.status).toBe(413);
    expect(answer.headers.get("x-remix-response")).toBe("yes");
    const decoded = await decode(answer.body!);
    expect(decoded.value).toEqual({ data: { intent: "upload", ok: false, error: POST_MESSAGES.imageTooLarge, alt: "" } });
  });

  test("the single-fetch encoding reads back as what was encoded (turbo-stream's own decoder)", async () => {
    const value = {
      uploads: [
        { name: "", ok: false, message: "m" },
        { name: "a", ok: true, message: "m" },
      ],
      n: 3,
      z: null,
      nested: { list: [1, "x", true] },
    };
    const decoded = await decode(new Response(singleFetchActionBody(value)).body!);
    expect(decoded.value).toEqual({ data: value });
  });

  test("not a form: 415; a form within the limit reaches the route", async () => {
    const url = await serve((app) => app.use(formBodiesOnly(1000)));
    const json = await fetch(`${url}/admin/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"a":1}' });
    expect(json.status).toBe(415);
    const text = await fetch(`${url}/admin/login`, { method: "POST", headers: { "Content-Type": "text/plain" }, body: "a=1" });
    expect(text.status).toBe(415);
    const ok = await fetch(`${url}/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    expect(ok.status).toBe(200);
  });
});
