import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { createApi } from "../../api/src/app";
import { outbox, users } from "../../api/src/db/schema";
import { createOutboxDelivery } from "../../api/src/outbox/delivery";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";

type Arrived = { from: string; to: string[]; raw: string };

/** A local SMTP server on 127.0.0.1, port 0, keeping every message that arrives. */
async function startSmtp() {
  const arrived: Arrived[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        arrived.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, arrived, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A local WhatsApp receiver keeping the JSON bodies it is sent. */
async function startWebhook(status = 200) {
  const received: { template: string; to: string; username: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push(JSON.parse(body));
      res.writeHead(status, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/whatsapp`, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const KEY = "outbox-test-key";
const post = (app: ReturnType<typeof createApi>, body: unknown) =>
  app.request("/send-email", {
    method: "POST",
    headers: { "x-api-key": KEY, "x-acting-admin": "1", "content-type": "application/json" },
    body: JSON.stringify(body),
  });

/** Outbox rows of these users, newest last. */
const rowsOf = (api: TestApi, ids: number[]) => api.db.select().from(outbox).where(inArray(outbox.user_id, ids)).orderBy(outbox.id);

describeEachDriver("outbox delivery", (driver) => {
  let api: TestApi;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let webhook: Awaited<ReturnType<typeof startWebhook>>;
  beforeAll(async () => {
    api = await startTestApi({ driver });
    smtp = await startSmtp();
    webhook = await startWebhook();
  });
  afterAll(async () => {
    await smtp?.close();
    await webhook?.close();
    await api?.close();
  });

  async function user(id: number) {
    const [row] = await api.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  it("delivers email over SMTP right after send-email commits, and marks the rows sent", async () => {
    const app = createApi({ db: api.db, apiKey: KEY, smtpUrl: smtp.url, smtpFrom: "Ops <ops@marketplace.test>" });
    const [a, b] = [await user(1), await user(2)];
    const answer = await post(app, { to: [a.id, b.id], subject: "Bookings are open", body: "<p>Hello <strong>there</strong></p>" });
    expect(answer.status).toBe(201);
    await app.outbox?.idle();
    expect(smtp.arrived).toHaveLength(2);
    const toA = smtp.arrived.find((m) => m.to.includes(a.email))!;
    expect(toA.from).toBe("ops@marketplace.test");
    expect(toA.raw).toMatch(/^Subject: Bookings are open$/m);
    expect(toA.raw).toMatch(/^To: .*$/m);
    expect(toA.raw).toContain(a.email);
    expect(toA.raw).toMatch(/Content-Type: text\/html/);
    expect(toA.raw).toContain("<p>Hello <strong>there</strong></p>");
    expect(smtp.arrived.some((m) => m.to.includes(b.email))).toBe(true);
    const rows = await rowsOf(api, [a.id, b.id]);
    expect(rows.map((r) => r.status)).toEqual(["sent", "sent"]);
    expect(rows.every((r) => r.sent_at instanceof Date && r.error === null)).toBe(true);
  });

  it("posts WhatsApp templates to the webhook with the phone and username", async () => {
    const app = createApi({ db: api.db, apiKey: KEY, whatsappWebhookUrl: webhook.url });
    const c = await user(3);
    expect((await post(app, { to: [c.id], whatsappTemplate: "need_help_partial_profile" })).status).toBe(201);
    await app.outbox?.idle();
    expect(webhook.received).toEqual([{ template: "need_help_partial_profile", to: c.phone, username: c.username }]);
    const [row] = await rowsOf(api, [c.id]);
    expect(row).toMatchObject({ channel: "whatsapp", status: "sent", error: null });
  });

  it("marks rows failed with the reason when the SMTP server is dead or the webhook refuses", async () => {
    // nothing listens on port 9 (privileged, outside the ephemeral range, as the routes tests use): a freed random
    // port could be picked again as the client's own port and connect to itself (then a timeout)
    const deadSmtpUrl = "smtp://127.0.0.1:9";
    const refusing = await startWebhook(500);
    const app = createApi({ db: api.db, apiKey: KEY, smtpUrl: deadSmtpUrl, whatsappWebhookUrl: refusing.url });
    const d = await user(4);
    expect((await post(app, { to: [d.id], subject: "Hi", body: "<p>x</p>", whatsappTemplate: "bookings_now_open" })).status).toBe(201);
    await app.outbox?.idle();
    const rows = await rowsOf(api, [d.id]);
    const email = rows.find((r) => r.channel === "email")!;
    const wa = rows.find((r) => r.channel === "whatsapp")!;
    expect(email.status).toBe("failed");
    expect(email.error).toMatch(/ECONNREFUSED|connect/i);
    expect(wa.status).toBe("failed");
    expect(wa.error).toBe("WhatsApp webhook answered 500");
    expect(refusing.received).toHaveLength(1);
    await refusing.close();
  });

  it("reports each pass", async () => {
    const delivery = createOutboxDelivery(api.db, { smtpUrl: smtp.url });
    expect(await delivery.deliverQueued()).toEqual({ sent: 0, failed: 0 });
    delivery.close();
  });

  it("leaves rows queued when nothing is configured, and retries them at start", async () => {
    const bare = createApi({ db: api.db, apiKey: KEY });
    const e = await user(5);
    expect((await post(bare, { to: [e.id], subject: "Later", body: "<p>Queued</p>" })).status).toBe(201);
    expect((await rowsOf(api, [e.id]))[0].status).toBe("queued");

    // the API starting with SMTP configured delivers what was left queued
    const before = smtp.arrived.length;
    const restarted = createApi({ db: api.db, apiKey: KEY, smtpUrl: smtp.url });
    await restarted.outbox?.idle();
    restarted.outbox?.close();
    expect(smtp.arrived.slice(before).some((m) => m.to.includes(e.email) && /Subject: Later/.test(m.raw))).toBe(true);
    expect((await rowsOf(api, [e.id]))[0].status).toBe("sent");
  });
});
