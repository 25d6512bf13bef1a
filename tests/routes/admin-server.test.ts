/**
 * The admin server's own guards (server/admin-server.ts) over real HTTP, each in a small Express
 * app ending in a handler that says what it received (the e2e security spec checks them in front
 * of the real build).
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterEach, describe, expect, test } from "vitest";
import { formBodiesOnly, loadContextOf, sameOriginOnly, trustProxySetting, UPLOAD_BODY_LIMITS, UPLOAD_BODY_PATTERNS } from "../../server/admin-server";
import { DOCUMENT_FORM_MAX_BYTES } from "../../app/models/provider-documents-labels";

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

describe("state-changing requests from another site", () => {
  const form = { "Content-Type": "application/x-www-form-urlencoded" };

  test("a POST whose Origin is another site is refused with 403 before the route", async () => {
    const url = await serve((app) => app.use(sameOriginOnly()));
    const refused = await fetch(`${url}/admin/logout`, { method: "POST", headers: { ...form, Origin: "http://evil.example" }, body: "" });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Nothing was changed.");
    const nullOrigin = await fetch(`${url}/admin/sidebar`, { method: "POST", headers: { ...form, Origin: "null" }, body: "mini=1" });
    expect(nullOrigin.status).toBe(403);
    const crossSite = await fetch(`${url}/admin/sidebar`, { method: "POST", headers: { ...form, "Sec-Fetch-Site": "cross-site" }, body: "mini=1" });
    expect(crossSite.status).toBe(403);
  });

  test("the admin's own origin, or a client that sends neither header, reaches the route; reads are never checked", async () => {
    const url = await serve((app) => app.use(sameOriginOnly()));
    expect((await fetch(`${url}/admin/logout`, { method: "POST", headers: { ...form, Origin: url }, body: "" })).status).toBe(200);
    expect((await fetch(`${url}/admin/logout`, { method: "POST", headers: { ...form, "Sec-Fetch-Site": "same-origin" }, body: "" })).status).toBe(200);
    expect((await fetch(`${url}/admin/logout`, { method: "POST", headers: form, body: "" })).status).toBe(200);
    expect((await fetch(`${url}/admin`, { headers: { Origin: "http://evil.example" } })).status).toBe(200);
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
    expect(answer.headers.get("connection")).toBe("close");
  });

  test("/admin/settings (General Settings' images) may send up to its own limit; other pages keep theirs", async () => {
    const url = await serve((app) => app.use(formBodiesOnly(1000)));
    const body = "x=" + "a".repeat(2 * 1024 * 1024);
    const headers = { "Content-Type": "application/x-www-form-urlencoded" };
    expect((await fetch(`${url}/admin/settings?tab=general`, { method: "POST", headers, body })).status).toBe(200);
    expect((await fetch(`${url}/admin/profile`, { method: "POST", headers, body })).status).toBe(413);
    const over = await fetch(`${url}/admin/settings`, { method: "POST", headers, body: "x=" + "a".repeat(UPLOAD_BODY_LIMITS["/admin/settings"]) });
    expect(over.status).toBe(413);
  });

  test("the provider wizard (its Documents & Terms form) may send up to the documents form's limit, with or without JS", async () => {
    const url = await serve((app) => app.use(formBodiesOnly(1000)));
    const body = "x=" + "a".repeat(2 * 1024 * 1024);
    const headers = { "Content-Type": "application/x-www-form-urlencoded" };
    expect((await fetch(`${url}/admin/edit-provider-details/12?step=documents`, { method: "POST", headers, body })).status).toBe(200);
    expect((await fetch(`${url}/admin/edit-provider-details/12.data?step=documents`, { method: "POST", headers, body })).status).toBe(200);
    expect((await fetch(`${url}/admin/edit-provider-details/12/other`, { method: "POST", headers, body })).status).toBe(413);
    expect(UPLOAD_BODY_PATTERNS.find(([pattern]) => pattern.test("/provider/complete-profile"))?.[1]).toBe(DOCUMENT_FORM_MAX_BYTES);
  });

  test("not a form: 415; a form within the limit reaches the route", async () => {
    const url = await serve((app) => app.use(formBodiesOnly(1000)));
    const json = await fetch(`${url}/admin/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"a":1}' });
    expect(json.status).toBe(415);
    const text = await fetch(`${url}/admin/login`, { method: "POST", headers: { "Content-Type": "text/plain" }, body: "a=1" });
    expect(text.status).toBe(415);
    const ok = await fetch(`${url}/admin/login`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "a=1" });
    expect(ok.status).toBe(200);
  });
});
