import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BulkJob, BULK_JOB_MESSAGES } from "~contract/bulk-jobs";
import { adminUsers, auditLog, blogArticles, blogComments, bulkJobs, outbox, serviceProviders, users } from "../../api/src/db/schema";
import { createBulkJobRunner } from "../../api/src/bulk-jobs/runner";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed } from "./helpers";

const tag = () => `bj${randomBytes(4).toString("hex")}`;

describeEachDriver("bulk jobs", (driver) => {
  let api: TestApi;
  const admins: Record<string, number> = {};
  beforeAll(async () => {
    // no runner of its own: each test drives runners it makes
    api = await startTestApi({ driver, bulkJobs: false });
    for (const row of await api.db.select().from(adminUsers)) admins[row.adminUsername] = row.adminUserId;
  });
  afterAll(async () => {
    await api?.close();
  });

  /** `count` providers whose usernames start with `name`; `noEmail`: the indexes with an empty email. */
  async function makeProviders(name: string, count: number, noEmail: number[] = []) {
    const made: { userId: number; providerId: number; username: string }[] = [];
    for (let i = 0; i < count; i++) {
      const username = `${name}p${String(i).padStart(3, "0")}`;
      const [user] = await api.db
        .insert(users)
        .values({ username, email: noEmail.includes(i) ? "" : `${username}@example.test`, phone: `+91900000${String(i).padStart(4, "0")}` })
        .returning({ id: users.id });
      const [sp] = await api.db
        .insert(serviceProviders)
        .values({ user_id: user.id })
        .returning({ id: serviceProviders.serviceProvider_id });
      made.push({ userId: user.id, providerId: sp.id, username });
    }
    return made;
  }
  async function makeUsers(name: string, count: number) {
    const rows = await api.db
      .insert(users)
      .values(
        Array.from({ length: count }, (_, i) => ({ username: `${name}u${String(i).padStart(3, "0")}`, email: `${name}${i}@example.test` })),
      )
      .returning({ id: users.id });
    return rows.map((r) => r.id);
  }
  const create = (body: unknown, actingAdmin: number = admins.admin) => call(api, "POST", "/bulk-jobs", { body, actingAdmin });
  const job = async (id: number) => parsed(BulkJob, (await get(api, `/bulk-jobs/${id}`, { actingAdmin: admins.admin })).body.data);
  const emailsTo = (userIds: number[]) => api.db.select().from(outbox).where(inArray(outbox.user_id, userIds));
  const auditOf = (jobId: number) => api.db.select().from(auditLog).where(eq(auditLog.job_id, jobId)).orderBy(auditLog.id);

  it("emails exactly the providers the list's filter matches, counts them, and lists the ones it could not", async () => {
    const name = tag();
    const providers = await makeProviders(name, 7, [4]);
    const others = await makeProviders(tag(), 2);
    const answer = await create({
      kind: "provider-email",
      // as the list sends it: paging and sort are not the selection
      filter: { search: name, page: "2", page_size: "5", sortField: "username", sortOrder: "asc" },
      subject: "Bookings are open",
      body: "<p>Hello</p><script>alert(1)</script>",
    });
    expect(answer.status).toBe(201);
    const made = parsed(BulkJob, answer.body.data);
    expect(made).toMatchObject({
      kind: "provider-email",
      state: "queued",
      total: 7,
      done: 0,
      failed: 0,
      left: 7,
      filter: { search: name },
    });
    const runner = createBulkJobRunner(api.db, { batchSize: 3, pauseMs: 0 });
    expect(await runner.runOpen()).toBe(3);
    expect(await job(made.id)).toMatchObject({ state: "done", total: 7, done: 6, failed: 1, left: 0 });
    const rows = await emailsTo(providers.map((p) => p.userId));
    expect(rows.map((r) => r.user_id).sort()).toEqual(
      providers
        .filter((_, i) => i !== 4)
        .map((p) => p.userId)
        .sort(),
    );
    expect(rows.every((r) => r.subject === "Bookings are open" && r.body === "<p>Hello</p>" && r.status === "queued")).toBe(true);
    expect(await emailsTo(others.map((p) => p.userId))).toEqual([]);
    const failures = await get(api, `/bulk-jobs/${made.id}/failures`, { actingAdmin: admins.admin });
    expect(failures.body).toEqual({
      data: [{ target_id: providers[4].providerId, target_label: providers[4].username, reason: BULK_JOB_MESSAGES.noEmail }],
      total_results: 1,
    });
    // each batch's queued rows are audited, pointing at the job
    const audit = await auditOf(made.id);
    expect(audit.map((a) => a.entity)).toEqual(["outbox", "outbox", "outbox"]);
    expect(audit.flatMap((a) => (a.after as { to: number[] }).to).sort()).toEqual(rows.map((r) => r.user_id).sort());
    expect(audit.every((a) => a.admin_user_id === admins.admin && (a.after as { jobId: number }).jobId === made.id)).toBe(true);
    await runner.close();
  });

  it("blocks and activates the users the filter matches, each audited with the job; a filter matching nothing is done at once", async () => {
    const name = tag();
    const ids = await makeUsers(name, 5);
    const bystander = (await makeUsers(tag(), 1))[0];
    const block = parsed(BulkJob, (await create({ kind: "user-block", filter: { search: name } })).body.data);
    expect(block.total).toBe(5);
    const runner = createBulkJobRunner(api.db, { batchSize: 2, pauseMs: 0 });
    await runner.runOpen();
    expect(await job(block.id)).toMatchObject({ state: "done", done: 5, failed: 0, left: 0 });
    const states = await api.db
      .select({ id: users.id, is_active: users.is_active })
      .from(users)
      .where(inArray(users.id, [...ids, bystander]));
    expect(
      states
        .filter((s) => !s.is_active)
        .map((s) => s.id)
        .sort(),
    ).toEqual([...ids].sort());
    const audit = await auditOf(block.id);
    expect(audit.map((a) => [a.entity, Number(a.entity_id), a.before, a.after])).toEqual(
      [...ids].sort((a, b) => a - b).map((id) => ["user", id, { is_active: true }, { is_active: false }]),
    );
    // the Users list's status filter is part of the selection: only the blocked ones match
    const activate = parsed(BulkJob, (await create({ kind: "user-activate", filter: { search: name, is_active: "false" } })).body.data);
    expect(activate.total).toBe(5);
    await runner.runOpen();
    expect(await job(activate.id)).toMatchObject({ state: "done", done: 5 });
    expect((await auditOf(activate.id)).length).toBe(5);
    const none = parsed(BulkJob, (await create({ kind: "user-block", filter: { search: `${name}-nobody` } })).body.data);
    expect(none).toMatchObject({ state: "done", total: 0, left: 0 });
    await runner.close();
  });

  it("cancel: a queued job never starts; a running one stops after its batch under way", async () => {
    const name = tag();
    const ids = await makeUsers(name, 10);
    const queued = parsed(BulkJob, (await create({ kind: "user-block", filter: { search: name } })).body.data);
    const cancelled = await call(api, "POST", `/bulk-jobs/${queued.id}/cancel`, { actingAdmin: admins.admin });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ state: "cancelled", left: 0 });
    expect((await call(api, "POST", `/bulk-jobs/${queued.id}/cancel`, { actingAdmin: admins.admin })).status).toBe(409);

    const running = parsed(BulkJob, (await create({ kind: "user-block", filter: { search: name } })).body.data);
    const runner = createBulkJobRunner(api.db, { batchSize: 2, pauseMs: 300 });
    const run = runner.runOpen();
    for (let i = 0; i < 100 && (await job(running.id)).done < 2; i++) await new Promise((r) => setTimeout(r, 20));
    const answer = await call(api, "POST", `/bulk-jobs/${running.id}/cancel`, { actingAdmin: admins.admin });
    expect(["cancelling", "cancelled"]).toContain(answer.body.data.state);
    await run;
    const end = await job(running.id);
    expect(end.state).toBe("cancelled");
    expect(end.done).toBeLessThan(10);
    const blocked = await api.db
      .select()
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.is_active, false)));
    expect(blocked.length).toBe(end.done);
    expect((await auditOf(running.id)).length).toBe(end.done);
    await runner.close();
  });

  it("two runners on one job (one taking over a claim it thinks ran out) never queue a provider twice", async () => {
    const name = tag();
    const providers = await makeProviders(name, 40);
    const made = parsed(
      BulkJob,
      (await create({ kind: "provider-email", filter: { search: name }, subject: "Hi", body: "<p>Hi</p>" })).body.data,
    );
    const first = createBulkJobRunner(api.db, { batchSize: 3, pauseMs: 5, workerId: "first" });
    // its clock is ten minutes ahead: the first runner's claim looks expired to it, so it takes the job mid-run
    const second = createBulkJobRunner(api.db, { batchSize: 3, pauseMs: 5, workerId: "second", now: () => new Date(Date.now() + 600_000) });
    const one = first.runOpen();
    await new Promise((r) => setTimeout(r, 30));
    await Promise.all([one, second.runOpen()]);
    const end = await job(made.id);
    expect(end).toMatchObject({ state: "done", done: 40, failed: 0 });
    const rows = await emailsTo(providers.map((p) => p.userId));
    expect(rows.length).toBe(40);
    expect(new Set(rows.map((r) => r.user_id)).size).toBe(40);
    await first.close();
    await second.close();
  });

  it("a runner that dies mid-batch leaves nothing of that batch; the next claimant resumes after the cursor and repeats nothing", async () => {
    const name = tag();
    const providers = await makeProviders(name, 10);
    const made = parsed(
      BulkJob,
      (await create({ kind: "provider-email", filter: { search: name }, subject: "Hi", body: "<p>Hi</p>" })).body.data,
    );
    let batches = 0;
    const dying = createBulkJobRunner(api.db, {
      batchSize: 4,
      pauseMs: 0,
      beforeCommit: () => {
        // the second batch's rows are written, then the process "dies" before the commit
        if (++batches === 2) throw new Error("killed mid-batch");
      },
    });
    await expect(dying.runOpen()).rejects.toThrow("killed mid-batch");
    const [stuck] = await api.db.select().from(bulkJobs).where(eq(bulkJobs.id, made.id));
    expect(stuck).toMatchObject({ state: "running", done: 4, cursor: providers[3].providerId });
    expect(stuck.claimed_by).not.toBeNull();
    expect((await emailsTo(providers.map((p) => p.userId))).length).toBe(4);
    // a live claim is not taken over
    const next = createBulkJobRunner(api.db, { batchSize: 4, pauseMs: 0 });
    expect(await next.runOpen()).toBe(0);
    // once the claim has run out (a clock past the lease), another runner finishes the job
    const later = createBulkJobRunner(api.db, { batchSize: 4, pauseMs: 0, now: () => new Date(Date.now() + 120_000) });
    expect(await later.runOpen()).toBe(2);
    expect(await job(made.id)).toMatchObject({ state: "done", done: 10, failed: 0, left: 0 });
    const rows = await emailsTo(providers.map((p) => p.userId));
    expect(rows.map((r) => r.user_id).sort()).toEqual(providers.map((p) => p.userId).sort());
    const audit = await auditOf(made.id);
    expect(audit.flatMap((a) => (a.after as { to: number[] }).to).length).toBe(10);
    await Promise.all([dying.close(), next.close(), later.close()]);
  });

  it("approves, then deletes, the comments the moderation filter matches (replies going with their comment)", async () => {
    const name = tag();
    const [article] = await api.db.select({ id: blogArticles.id }).from(blogArticles).limit(1);
    const made = await api.db
      .insert(blogComments)
      .values(
        Array.from({ length: 5 }, (_, i) => ({ article_id: article.id, name: `${name} reader ${i}`, content: `Comment ${i} by ${name}` })),
      )
      .returning({ id: blogComments.id });
    const [reply] = await api.db
      .insert(blogComments)
      .values({ article_id: article.id, parent_id: made[0].id, name: `${name} replier`, content: `A reply by ${name}`, is_approved: true })
      .returning({ id: blogComments.id });
    const approve = parsed(
      BulkJob,
      (await create({ kind: "comment-approve", filter: { search: name, is_approved: "pending" } })).body.data,
    );
    expect(approve.total).toBe(5);
    const runner = createBulkJobRunner(api.db, { batchSize: 2, pauseMs: 0 });
    await runner.runOpen();
    expect(await job(approve.id)).toMatchObject({ state: "done", done: 5 });
    const approved = await api.db
      .select()
      .from(blogComments)
      .where(inArray(blogComments.id, [...made.map((m) => m.id), reply.id]));
    expect(approved.every((c) => c.is_approved)).toBe(true);
    expect((await auditOf(approve.id)).map((a) => Number(a.entity_id)).sort()).toEqual(made.map((m) => m.id).sort());

    const remove = parsed(BulkJob, (await create({ kind: "comment-delete", filter: { search: name } })).body.data);
    expect(remove.total).toBe(6);
    await runner.runOpen();
    const end = await job(remove.id);
    // the reply went with its comment in the first batch: it is not counted again
    expect(end).toMatchObject({ state: "done", done: 5, failed: 0, total: 5, left: 0 });
    expect(
      await api.db
        .select()
        .from(blogComments)
        .where(inArray(blogComments.id, [...made.map((m) => m.id), reply.id])),
    ).toEqual([]);
    const audit = await auditOf(remove.id);
    expect(audit.every((a) => a.action === "delete" && a.entity === "blog_comment")).toBe(true);
    expect(audit.length).toBe(5);
    await runner.close();
  });

  it("starting and cancelling a job are audited (entity bulk_job): who, the kind, the filter and the total", async () => {
    const name = tag();
    await makeUsers(name, 3);
    const made = parsed(BulkJob, (await create({ kind: "user-block", filter: { search: name, page: "3" } })).body.data);
    await call(api, "POST", `/bulk-jobs/${made.id}/cancel`, { actingAdmin: admins.support });
    const entries = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "bulk_job"), eq(auditLog.entity_id, String(made.id))))
      .orderBy(auditLog.id);
    expect(entries.map((e) => [e.action, e.admin_username, e.before, e.after])).toEqual([
      ["create", "admin", null, { kind: "user-block", filter: { search: name }, total: 3, state: "queued" }],
      [
        "update",
        "support",
        { state: "queued", done: 0, failed: 0 },
        { state: "cancelled", kind: "user-block", filter: { search: name }, total: 3 },
      ],
    ]);
    // a refused job leaves no entry
    const before = (await api.db.select().from(auditLog).where(eq(auditLog.entity, "bulk_job"))).length;
    expect((await create({ kind: "user-block", filter: {} }, admins.catalog)).status).toBe(403);
    expect((await api.db.select().from(auditLog).where(eq(auditLog.entity, "bulk_job"))).length).toBe(before);
  });

  describe("refusals", () => {
    it("403 for an admin without the list's access, 400 for a bad action or filter", async () => {
      const refused = await create({ kind: "provider-email", filter: {}, subject: "Hi", body: "<p>Hi</p>" }, admins.catalog);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(BULK_JOB_MESSAGES.noAccess("Service Providers"));
      expect((await create({ kind: "user-block", filter: {} }, admins.catalog)).status).toBe(403);
      const mine = parsed(BulkJob, (await create({ kind: "user-block", filter: { search: `${tag()}-none` } }, admins.support)).body.data);
      expect((await get(api, `/bulk-jobs/${mine.id}`, { actingAdmin: admins.catalog })).status).toBe(403);
      expect((await get(api, `/bulk-jobs/${mine.id}`, { actingAdmin: admins.support })).status).toBe(200);
      expect((await get(api, "/bulk-jobs", { actingAdmin: admins.catalog })).body.data).toEqual([]);
      const listed = await get(api, "/bulk-jobs", { actingAdmin: admins.support, query: { mine: "true" } });
      expect(listed.body.data.map((j: BulkJob) => j.id)).toEqual([mine.id]);
      expect((await get(api, "/bulk-jobs/999999", { actingAdmin: admins.admin })).status).toBe(404);

      const noSubject = await create({ kind: "provider-email", filter: {}, body: "<p>Hi</p>" });
      expect(noSubject.status).toBe(400);
      expect(noSubject.body.errors).toMatchObject({ subject: "Subject is required" });
      const badFilter = await create({ kind: "provider-email", filter: { status: "Sleeping" }, subject: "Hi", body: "<p>Hi</p>" });
      expect(badFilter.status).toBe(400);
      expect(Object.keys(badFilter.body.errors)).toEqual(["filter.status"]);
      expect((await create({ kind: "provider-delete", filter: {} })).status).toBe(400);
      // nothing was made by the refusals
      const jobs = await api.db.select().from(bulkJobs);
      expect(jobs.some((j) => (j.filter as Record<string, string>).status === "Sleeping")).toBe(false);
    });
  });
});
