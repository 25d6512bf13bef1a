import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { createApi } from "../../api/src/app";
import { outbox, users } from "../../api/src/db/schema";
import { createOutboxDelivery } from "../../api/src/outbox/delivery";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { startSmtp } from "../support/smtp";

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
    // one attempt allowed: the first failure is final (retries have their own test)
    const app = createApi({
      db: api.db,
      apiKey: KEY,
      smtpUrl: deadSmtpUrl,
      whatsappWebhookUrl: refusing.url,
      outboxDelivery: { maxAttempts: 1 },
    });
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
    expect(await delivery.deliverQueued()).toEqual({ sent: 0, failed: 0, retrying: 0 });
    await delivery.close();
  });

  it("retries a failed send with growing waits, then marks it failed with the reason", async () => {
    const app = createApi({ db: api.db, apiKey: KEY });
    const f = await user(6);
    expect((await post(app, { to: [f.id], subject: "Retry me", body: "<p>x</p>" })).status).toBe(201);
    const [queued] = await rowsOf(api, [f.id]);
    // the delivery's own clock: the test steps it past each wait instead of sleeping
    let at = Date.now();
    const delivery = createOutboxDelivery(api.db, {
      smtpUrl: "smtp://127.0.0.1:9",
      maxAttempts: 3,
      retryBaseMs: 400,
      retryMaxMs: 10_000,
      now: () => new Date(at),
    });
    try {
      const first = await delivery.deliverQueued();
      expect(first).toMatchObject({ retrying: 1, failed: 0 });
      let [row] = await rowsOf(api, [f.id]);
      expect(row).toMatchObject({ id: queued.id, status: "queued", attempts: 1, claimed_by: null, claimed_until: null });
      expect(row.error).toMatch(/ECONNREFUSED|connect/i);
      // the first wait is 400 ms plus up to 20 %
      const firstWait = row.next_attempt_at!.getTime() - row.last_attempt_at!.getTime();
      expect(firstWait).toBeGreaterThanOrEqual(390);
      expect(firstWait).toBeLessThanOrEqual(500);
      // not due yet: a pass now leaves it alone
      expect(await delivery.deliverQueued()).toMatchObject({ retrying: 0, failed: 0 });
      expect((await rowsOf(api, [f.id]))[0].attempts).toBe(1);

      // due when the wait is over, not 1 ms before
      at += firstWait - 1;
      expect(await delivery.deliverQueued()).toMatchObject({ retrying: 0, failed: 0 });
      at += 1;
      expect(await delivery.deliverQueued()).toMatchObject({ retrying: 1 });
      [row] = await rowsOf(api, [f.id]);
      expect(row.attempts).toBe(2);
      // the second wait doubles
      const secondWait = row.next_attempt_at!.getTime() - row.last_attempt_at!.getTime();
      expect(secondWait).toBeGreaterThanOrEqual(790);
      expect(secondWait).toBeLessThanOrEqual(980);

      at += secondWait - 1;
      expect(await delivery.deliverQueued()).toMatchObject({ failed: 0, retrying: 0 });
      at += 1;
      expect(await delivery.deliverQueued()).toMatchObject({ failed: 1, retrying: 0 });
      [row] = await rowsOf(api, [f.id]);
      expect(row).toMatchObject({ status: "failed", attempts: 3, next_attempt_at: null, sent_at: null });
      expect(row.error).toMatch(/ECONNREFUSED|connect/i);
      // failed is final: no later pass sends it
      at += 60 * 60_000;
      expect(await delivery.deliverQueued()).toMatchObject({ sent: 0, failed: 0, retrying: 0 });
    } finally {
      await delivery.close();
    }
  });

  it("two deliveries on one database send each row once", async () => {
    const app = createApi({ db: api.db, apiKey: KEY });
    const ids = [7, 8, 9, 10, 11, 12];
    const recipients = await Promise.all(ids.map(user));
    // four sends of six rows each: 24 rows, all queued before either delivery starts
    for (let i = 0; i < 4; i++) {
      expect((await post(app, { to: ids, subject: `Twice? ${i}`, body: "<p>once</p>" })).status).toBe(201);
    }
    const rows = (await rowsOf(api, ids)).filter((r) => r.subject?.startsWith("Twice?"));
    expect(rows).toHaveLength(24);
    const before = smtp.arrived.length;
    const one = createOutboxDelivery(api.db, { smtpUrl: smtp.url, batchSize: 5, workerId: "one" });
    const two = createOutboxDelivery(api.db, { smtpUrl: smtp.url, batchSize: 5, workerId: "two" });
    try {
      const [a, b] = await Promise.all([one.deliverQueued(), two.deliverQueued()]);
      expect(a.sent + b.sent).toBe(24);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
    const arrived = smtp.arrived.slice(before).filter((m) => /Subject: Twice\?/.test(m.raw));
    expect(arrived).toHaveLength(24);
    const seen = new Set(arrived.map((m) => `${m.to.join()} ${/Subject: (.*)/.exec(m.raw)![1].trim()}`));
    expect(seen.size).toBe(24);
    for (const r of recipients) expect(arrived.filter((m) => m.to.includes(r.email))).toHaveLength(4);
    const after = (await rowsOf(api, ids)).filter((r) => r.subject?.startsWith("Twice?"));
    expect(after.every((r) => r.status === "sent" && r.attempts === 1 && r.claimed_by === null)).toBe(true);
  });

  it("leaves a live claim alone and takes over one whose process died", async () => {
    const app = createApi({ db: api.db, apiKey: KEY });
    const [g, h] = [await user(13), await user(14)];
    expect((await post(app, { to: [g.id, h.id], subject: "Claimed", body: "<p>x</p>" })).status).toBe(201);
    const [live, dead] = await rowsOf(api, [g.id, h.id]);
    // another process is sending `live` (its claim holds a minute); `dead`'s claimant was killed a while ago
    await api.db
      .update(outbox)
      .set({ claimed_by: "other:live", claimed_until: new Date(Date.now() + 60_000), attempts: 1 })
      .where(eq(outbox.id, live.id));
    await api.db
      .update(outbox)
      .set({ claimed_by: "other:killed", claimed_until: new Date(Date.now() - 1000), attempts: 1 })
      .where(eq(outbox.id, dead.id));
    const before = smtp.arrived.length;
    const delivery = createOutboxDelivery(api.db, { smtpUrl: smtp.url });
    try {
      expect(await delivery.deliverQueued()).toMatchObject({ sent: 1 });
    } finally {
      await delivery.close();
    }
    const arrived = smtp.arrived.slice(before);
    expect(arrived.map((m) => m.to)).toEqual([[h.email]]);
    const [liveAfter, deadAfter] = await rowsOf(api, [g.id, h.id]);
    expect(liveAfter).toMatchObject({ status: "queued", claimed_by: "other:live", attempts: 1 });
    expect(deadAfter).toMatchObject({ status: "sent", claimed_by: null, attempts: 2 });
  });

  it("marks failed a row whose last allowed attempt died with its process", async () => {
    const app = createApi({ db: api.db, apiKey: KEY });
    const k = await user(15);
    expect((await post(app, { to: [k.id], subject: "Died", body: "<p>x</p>" })).status).toBe(201);
    const [row] = await rowsOf(api, [k.id]);
    await api.db
      .update(outbox)
      .set({ claimed_by: "other:killed", claimed_until: new Date(Date.now() - 1000), attempts: 2, error: "Greeting never received" })
      .where(eq(outbox.id, row.id));
    const delivery = createOutboxDelivery(api.db, { smtpUrl: smtp.url, maxAttempts: 2 });
    try {
      expect(await delivery.deliverQueued()).toMatchObject({ sent: 0 });
    } finally {
      await delivery.close();
    }
    const [after] = await rowsOf(api, [k.id]);
    expect(after).toMatchObject({ status: "failed", claimed_by: null, attempts: 2 });
    expect(after.error).toBe("Greeting never received (then the sending process stopped mid-send)");
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
    await restarted.outbox?.close();
    expect(smtp.arrived.slice(before).some((m) => m.to.includes(e.email) && /Subject: Later/.test(m.raw))).toBe(true);
    expect((await rowsOf(api, [e.id]))[0].status).toBe("sent");
  });
});
