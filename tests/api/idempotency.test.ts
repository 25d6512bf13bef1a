import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { idempotencyKeys } from "../../api/src/db/schema";
import { IDEMPOTENCY_MESSAGES } from "../../api/src/lib/idempotency";
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAY_HEADER } from "~contract/api";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, validCategory } from "./helpers";

/** Issue 29 item 12: a create sent twice with one Idempotency-Key makes one record and answers the same twice. */
describeEachDriver("Idempotency-Key", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver, idempotency: { waitMs: 600, abandonedAfterMs: 60_000, pollMs: 50 } });
  });
  afterAll(() => api?.close());

  const create = (body: unknown, key?: string, actingAdmin = 1) =>
    call(api, "POST", "/create-category", { body, actingAdmin, headers: key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {} });
  const named = async (name: string) =>
    ((await get(api, "/get-all-category")).body.data as { categoryName: string; category_id: number }[]).filter(
      (c) => c.categoryName === name,
    );
  const withReplayHeader = async (key: string, body: unknown) => {
    const response = await fetch(new URL("/create-category", api.url), {
      method: "POST",
      headers: { [api.apiKeyHeader]: api.apiKey, "x-acting-admin": "1", "content-type": "application/json", [IDEMPOTENCY_KEY_HEADER]: key },
      body: JSON.stringify(body),
    });
    return { status: response.status, replayed: response.headers.get(IDEMPOTENT_REPLAY_HEADER), text: await response.text() };
  };

  it("the same key twice: one record, and the second answer is the first one again", async () => {
    const key = randomUUID();
    const first = await create(validCategory("Idempotent Once"), key);
    expect(first.status, first.text).toBe(201);
    const second = await create(validCategory("Idempotent Once"), key);
    expect(second.status).toBe(201);
    expect(second.text).toBe(first.text);
    expect(await named("Idempotent Once")).toHaveLength(1);
    const third = await withReplayHeader(key, validCategory("Idempotent Once"));
    expect(third).toMatchObject({ status: 201, replayed: "true", text: first.text });
  });

  it("the same key sent three times at once: one record, three equal answers", async () => {
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => create(validCategory("Idempotent Together"), key)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(await named("Idempotent Together")).toHaveLength(1);
  });

  const faq = (content: string, key?: string) =>
    call(api, "POST", "/create-faq", { body: { category: 1, content }, headers: key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {} });
  const faqsWith = async (content: string) =>
    ((await get(api, "/get-faq-by-category-id/1")).body.data as { content: string }[]).filter((f) => f.content === content);

  it("without a key, two posts are two records (nothing changes for other callers)", async () => {
    expect((await faq("<h3>Idempotent not asked?</h3><p>A</p>")).status).toBe(201);
    expect((await faq("<h3>Idempotent not asked?</h3><p>A</p>")).status).toBe(201);
    expect(await faqsWith("<h3>Idempotent not asked?</h3><p>A</p>")).toHaveLength(2);
  });

  it("a refused request frees its key: the corrected form, sent with the same key, is saved", async () => {
    const key = randomUUID();
    const refused = await create({ categoryName: "", desc: "x" }, key);
    expect(refused.status).toBe(400);
    const saved = await create(validCategory("Idempotent After Fix"), key);
    expect(saved.status, saved.text).toBe(201);
    expect(await named("Idempotent After Fix")).toHaveLength(1);
  });

  it("the same key from another admin or for another call is refused with 422 and changes nothing", async () => {
    const key = randomUUID();
    expect((await create(validCategory("Idempotent Mine"), key)).status).toBe(201);
    const otherAdmin = await create(validCategory("Idempotent Theirs"), key, 2);
    expect(otherAdmin).toMatchObject({ status: 422, body: { message: IDEMPOTENCY_MESSAGES.otherRequest } });
    const otherCall = await call(api, "POST", "/create-faq", {
      body: { category: 1, content: "<h3>Q?</h3>" },
      headers: { [IDEMPOTENCY_KEY_HEADER]: key },
    });
    expect(otherCall.status).toBe(422);
    expect(await named("Idempotent Theirs")).toHaveLength(0);
  });

  it("a key that is not a key answers 400", async () => {
    const bad = await create(validCategory("Idempotent Bad Key"), "short");
    expect(bad).toMatchObject({ status: 400, body: { message: IDEMPOTENCY_MESSAGES.badKey } });
    expect(await named("Idempotent Bad Key")).toHaveLength(0);
  });

  it("a repeat while the first is still running waits, then answers 409; a claim left by a dead process is taken over", async () => {
    const key = randomUUID();
    await api.db.insert(idempotencyKeys).values({ key, actor: "admin:1", method: "POST", path: "/create-category" });
    const started = Date.now();
    const waiting = await create(validCategory("Idempotent In Flight"), key);
    expect(waiting).toMatchObject({ status: 409, body: { message: IDEMPOTENCY_MESSAGES.stillRunning } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    expect(await named("Idempotent In Flight")).toHaveLength(0);

    const abandoned = randomUUID();
    await api.db
      .insert(idempotencyKeys)
      .values({ key: abandoned, actor: "admin:1", method: "POST", path: "/create-category", createdAt: new Date(Date.now() - 120_000) });
    const taken = await create(validCategory("Idempotent Taken Over"), abandoned);
    expect(taken.status, taken.text).toBe(201);
    expect(await named("Idempotent Taken Over")).toHaveLength(1);
  });

  it("an answer kept for more than a day is forgotten", async () => {
    const key = randomUUID();
    expect((await faq("<h3>Idempotent old?</h3><p>A</p>", key)).status).toBe(201);
    expect((await faq("<h3>Idempotent old?</h3><p>A</p>", key)).status).toBe(201);
    expect(await faqsWith("<h3>Idempotent old?</h3><p>A</p>")).toHaveLength(1);
    await api.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(idempotencyKeys.key, key));
    expect((await faq("<h3>Idempotent old?</h3><p>A</p>", key)).status).toBe(201);
    expect(await faqsWith("<h3>Idempotent old?</h3><p>A</p>")).toHaveLength(2);
  });
});
