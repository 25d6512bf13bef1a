import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import { createApi } from "../../api/src/app";
import { auditLog, outbox, users } from "../../api/src/db/schema";
import { OUTBOX_DEFAULTS } from "../../api/src/outbox/delivery";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";

const KEY = "outbox-list-key";
type Row = typeof outbox.$inferInsert;

describeEachDriver("Sent Messages API (GET /outbox, POST /outbox/retry*)", (driver) => {
  let api: TestApi;
  let app: ReturnType<typeof createApi>;
  beforeAll(async () => {
    api = await startTestApi({ driver });
    app = createApi({ db: api.db, apiKey: KEY });
  });
  afterAll(async () => {
    await api?.close();
  });

  const call = (target: ReturnType<typeof createApi>, path: string, init: { body?: unknown } = {}) =>
    target.request(path, {
      method: init.body === undefined ? "GET" : "POST",
      headers: { "x-api-key": KEY, "x-acting-admin": "1", "content-type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  const list = async (query: Record<string, string>, target = app) => {
    const answer = await call(target, `/outbox?${new URLSearchParams(query)}`);
    expect(answer.status).toBe(200);
    return answer.json();
  };

  /** Rows of one test, each recipient carrying `tag` (the test searches by it): queued, sending, retrying, sent, failed. */
  async function makeRows(tag: string) {
    const [user] = await api.db.select().from(users).where(eq(users.is_deleted, false)).limit(1);
    const base = { user_id: user.id, created_by: "admin" } satisfies Partial<Row>;
    const values: Row[] = [
      { ...base, channel: "email", recipient: `queued-${tag}@example.test`, subject: `Hello ${tag}`, body: "<p>x</p>" },
      {
        ...base,
        channel: "email",
        recipient: `sending-${tag}@example.test`,
        subject: "Bookings open",
        attempts: 1,
        claimed_by: "w1",
        claimed_until: new Date(Date.now() + 60_000),
      },
      {
        ...base,
        channel: "whatsapp",
        recipient: `+91-${tag}`,
        template: "bookings_now_open",
        attempts: 2,
        error: "WhatsApp webhook answered 502",
        next_attempt_at: new Date(Date.now() + 120_000),
        last_attempt_at: new Date(),
      },
      {
        ...base,
        channel: "email",
        recipient: `sent-${tag}@example.test`,
        subject: "Welcome",
        status: "sent",
        attempts: 1,
        sent_at: new Date(),
      },
      {
        ...base,
        channel: "email",
        recipient: `failed-${tag}@example.test`,
        subject: "Invoice",
        status: "failed",
        attempts: 5,
        error: "Mailbox unavailable",
      },
    ];
    const rows = [];
    // one at a time, so created_at (and id) order the list
    for (const v of values) rows.push((await api.db.insert(outbox).values(v).returning())[0]);
    return { user, rows };
  }

  it("lists newest first with usernames, the computed status, the delivery's limit and counts per status", async () => {
    const tag = randomBytes(4).toString("hex");
    const { user, rows } = await makeRows(tag);
    const page = await list({ search: tag });
    expect(page.total_results).toBe(5);
    expect(page.data.map((r: { id: number }) => r.id)).toEqual(rows.map((r) => r.id).reverse());
    expect(page.data.map((r: { status: string }) => r.status)).toEqual(["failed", "sent", "retrying", "sending", "queued"]);
    expect(page.counts).toEqual({ all: 5, queued: 1, sending: 1, retrying: 1, sent: 1, failed: 1 });
    const retrying = page.data.find((r: { status: string }) => r.status === "retrying");
    expect(retrying).toMatchObject({
      channel: "whatsapp",
      username: user.username,
      template: "bookings_now_open",
      subject: null,
      attempts: 2,
      max_attempts: OUTBOX_DEFAULTS.maxAttempts,
      error: "WhatsApp webhook answered 502",
      created_by: "admin",
    });
    expect(Date.parse(retrying.next_attempt_at)).toBeGreaterThan(Date.now());
    expect(page.data[1].sent_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(page.data[0]).toMatchObject({ status: "failed", error: "Mailbox unavailable", attempts: 5 });
  });

  it("sorts by Queued At, Channel (then Queued At) and Attempts both ways, ties by id; refuses an unknown sort", async () => {
    const tag = randomBytes(4).toString("hex");
    const { rows } = await makeRows(tag);
    const [queued, sending, retrying, sent, failed] = rows.map((r) => r.id);
    const ids = async (sortField: string, sortOrder: string) =>
      (await list({ search: tag, sortField, sortOrder })).data.map((r: { id: number }) => r.id);
    expect(await ids("created_at", "asc")).toEqual([queued, sending, retrying, sent, failed]);
    expect(await ids("created_at", "desc")).toEqual([failed, sent, retrying, sending, queued]);
    expect(await ids("channel", "asc")).toEqual([queued, sending, sent, failed, retrying]);
    expect(await ids("channel", "desc")).toEqual([retrying, failed, sent, sending, queued]);
    expect(await ids("attempts", "asc")).toEqual([queued, sending, sent, retrying, failed]);
    expect(await ids("attempts", "desc")).toEqual([failed, retrying, sent, sending, queued]);
    // with a status: the sort within it
    expect(
      (await list({ search: tag, status: "sent", sortField: "attempts", sortOrder: "asc" })).data.map((r: { id: number }) => r.id),
    ).toEqual([sent]);

    const unknown = await call(app, "/outbox?sortField=recipient&sortOrder=asc");
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { errors: Record<string, string> }).errors.sortField).toBe(
      "sortField must be one of created_at, channel, attempts",
    );
    expect((await call(app, "/outbox?sortOrder=asc")).status).toBe(400);
  });

  it("searches the WhatsApp template's name too, in any case", async () => {
    const tag = randomBytes(4).toString("hex");
    const [user] = await api.db.select().from(users).where(eq(users.is_deleted, false)).limit(1);
    const [row] = await api.db
      .insert(outbox)
      .values({ user_id: user.id, created_by: "admin", channel: "whatsapp", recipient: "+91 90000 00000", template: `offer_${tag}` })
      .returning();
    const page = await list({ search: `OFFER_${tag.toUpperCase()}` });
    expect(page.data.map((r: { id: number }) => r.id)).toEqual([row.id]);
    expect(page.counts.all).toBe(1);
  });

  it("says which channels this process delivers: none without SMTP_URL or a webhook (the scale suite checks email)", async () => {
    expect((await list({})).delivering).toEqual([]);
  });

  it("filters by status, channel and search (recipient or subject, any case) and pages", async () => {
    const tag = randomBytes(4).toString("hex");
    const { rows } = await makeRows(tag);
    for (const status of ["queued", "sending", "retrying", "sent", "failed"]) {
      const page = await list({ search: tag, status });
      expect(
        page.data.map((r: { status: string }) => r.status),
        status,
      ).toEqual([status]);
      expect(page.total_results).toBe(1);
      // counts stay those of the channel and search, so every tab shows its number
      expect(page.counts.all).toBe(5);
    }
    const whatsapp = await list({ search: tag, channel: "whatsapp" });
    expect(whatsapp.data.map((r: { id: number }) => r.id)).toEqual([rows[2].id]);
    expect(whatsapp.counts).toEqual({ all: 1, queued: 0, sending: 0, retrying: 1, sent: 0, failed: 0 });
    expect((await list({ search: `QUEUED-${tag.toUpperCase()}` })).data.map((r: { id: number }) => r.id)).toEqual([rows[0].id]);
    expect((await list({ search: `hello ${tag}` })).data.map((r: { id: number }) => r.id)).toEqual([rows[0].id]);
    expect((await list({ search: `${tag}%` })).total_results).toBe(0);
    const second = await list({ search: tag, page: "2", page_size: "2" });
    expect(second).toMatchObject({ current_page: 2, page_size: 2, total_results: 5 });
    expect(second.data.map((r: { id: number }) => r.id)).toEqual([rows[2].id, rows[1].id]);
    expect((await call(app, "/outbox?status=lost")).status).toBe(400);
    expect((await call(app, "/outbox?channel=sms")).status).toBe(400);
  });

  it("shows the limit the delivery uses", async () => {
    const tag = randomBytes(4).toString("hex");
    await makeRows(tag);
    const three = createApi({ db: api.db, apiKey: KEY, outboxDelivery: { maxAttempts: 3 } });
    const page = await list({ search: tag }, three);
    expect(page.data.every((r: { max_attempts: number }) => r.max_attempts === 3)).toBe(true);
  });

  it("queues failed rows again (attempts 0, last error kept) and records it in the audit log", async () => {
    const tag = randomBytes(4).toString("hex");
    const { rows } = await makeRows(tag);
    const failed = rows[4];
    const answer = await call(app, "/outbox/retry", { body: { ids: [failed.id] } });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ data: { requeued: 1 } });
    const [row] = await api.db.select().from(outbox).where(eq(outbox.id, failed.id));
    expect(row).toMatchObject({ status: "queued", attempts: 0, next_attempt_at: null, claimed_by: null, error: "Mailbox unavailable" });
    expect((await list({ search: tag, status: "queued" })).data.map((r: { id: number }) => r.id)).toEqual([failed.id, rows[0].id]);
    const [entry] = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "outbox"), eq(auditLog.entity_id, String(failed.id))));
    expect(entry).toMatchObject({ action: "update", admin_user_id: 1, after: { status: "queued", attempts: 0, requeued: 1 } });
  });

  it("refuses ids that are not failed, naming them, and changes nothing", async () => {
    const tag = randomBytes(4).toString("hex");
    const { rows } = await makeRows(tag);
    const ids = [rows[4].id, rows[3].id, rows[2].id];
    const before = await api.db.select().from(outbox).where(inArray(outbox.id, ids)).orderBy(outbox.id);
    const audits = await api.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(auditLog);
    const answer = await call(app, "/outbox/retry", { body: { ids: [...ids, 2_000_000_000] } });
    expect(answer.status).toBe(400);
    const body = await answer.json();
    expect(body.message).toBe(`Only failed messages can be sent again; messages ${rows[2].id}, ${rows[3].id}, 2000000000 are not failed`);
    expect(await api.db.select().from(outbox).where(inArray(outbox.id, ids)).orderBy(outbox.id)).toEqual(before);
    expect(await api.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(auditLog)).toEqual(audits);
    expect((await call(app, "/outbox/retry", { body: { ids: [] } })).status).toBe(400);
    expect((await call(app, "/outbox/retry", { body: { ids: ["x"] } })).status).toBe(400);
    const noActor = await app.request("/outbox/retry", {
      method: "POST",
      headers: { "x-api-key": KEY, "content-type": "application/json" },
      body: JSON.stringify({ ids: [rows[4].id] }),
    });
    expect(noActor.status).toBe(400);
    expect((await api.db.select().from(outbox).where(eq(outbox.id, rows[4].id)))[0].status).toBe("failed");
  });

  describe("retry-failed", () => {
    it("queues every failed row of the channel again, audited", async () => {
      const tag = randomBytes(4).toString("hex");
      const { rows } = await makeRows(tag);
      const [waFailed] = await api.db
        .update(outbox)
        .set({ status: "failed", error: "refused" })
        .where(eq(outbox.id, rows[2].id))
        .returning();
      const answer = await call(app, "/outbox/retry-failed", { body: { channel: "whatsapp" } });
      expect(answer.status).toBe(200);
      const { data } = await answer.json();
      expect(data.requeued).toBeGreaterThanOrEqual(1);
      const [wa] = await api.db.select().from(outbox).where(eq(outbox.id, waFailed.id));
      expect(wa).toMatchObject({ status: "queued", attempts: 0 });
      // the email row of another channel stays failed
      expect((await api.db.select().from(outbox).where(eq(outbox.id, rows[4].id)))[0].status).toBe("failed");
      const all = await call(app, "/outbox/retry-failed", { body: {} });
      expect((await all.json()).data.requeued).toBeGreaterThanOrEqual(1);
      expect((await list({ search: tag })).counts.failed).toBe(0);
      const entries = await api.db.select().from(auditLog).where(eq(auditLog.entity, "outbox"));
      expect(entries.some((e) => (e.before as { channel?: string }).channel === "whatsapp")).toBe(true);
    });
  });
});
