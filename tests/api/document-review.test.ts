import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BulkJob, BULK_JOB_MESSAGES } from "~contract/bulk-jobs";
import { DocumentReview, DOCUMENT_REVIEW_MESSAGES as M } from "~contract/documents";
import { DocumentReviewRow } from "~contract/service-providers";
import { adminUsers, auditLog, profileDocuments, serviceProviders, users } from "../../api/src/db/schema";
import { createBulkJobRunner } from "../../api/src/bulk-jobs/runner";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed } from "./helpers";

const tag = () => `dr${randomBytes(4).toString("hex")}`;

describeEachDriver("documents review", (driver) => {
  let api: TestApi;
  const admins: Record<string, number> = {};
  beforeAll(async () => {
    api = await startTestApi({ driver, bulkJobs: false });
    for (const row of await api.db.select().from(adminUsers)) admins[row.adminUsername] = row.adminUserId;
  });
  afterAll(async () => {
    await api?.close();
  });

  /** `count` providers named `<name>pNNN`, each with a documents row unless listed in `withoutDocuments`. */
  async function makeProviders(name: string, count: number, withoutDocuments: number[] = []) {
    const made: { providerId: number; documentId: number | null; username: string }[] = [];
    for (let i = 0; i < count; i++) {
      const username = `${name}p${String(i).padStart(3, "0")}`;
      const [user] = await api.db
        .insert(users)
        .values({ username, email: `${username}@example.test` })
        .returning({ id: users.id });
      const [sp] = await api.db
        .insert(serviceProviders)
        .values({ user_id: user.id })
        .returning({ id: serviceProviders.serviceProvider_id });
      let documentId: number | null = null;
      if (!withoutDocuments.includes(i)) {
        const [doc] = await api.db
          .insert(profileDocuments)
          .values({ service_provider_id: sp.id, identityProof: `${username}-id.pdf` })
          .returning({ id: profileDocuments.ProfileDocument_id });
        documentId = doc.id;
      }
      made.push({ providerId: sp.id, documentId, username });
    }
    return made;
  }
  const review = (id: number, body: unknown, actingAdmin: number = admins.admin) =>
    call(api, "POST", `/provider-documents/${id}/review`, { body, actingAdmin });
  const list = async (query: Record<string, string>) => {
    const answer = await get(api, "/get-all-serviceprovider-documents", { query: { page_size: "100", ...query } });
    expect(answer.status).toBe(200);
    return {
      rows: answer.body.data.map((r: unknown) => parsed(DocumentReviewRow, r)) as DocumentReviewRow[],
      total: answer.body.total_results,
    };
  };

  it("approves a provider's documents: the list answers who reviewed them and when, and the change is audited", async () => {
    const name = tag();
    const [p] = await makeProviders(name, 1);
    expect((await list({ search: name })).rows[0]).toMatchObject({
      review_status: "Pending",
      review_reason: null,
      reviewed_by: null,
      reviewed_at: null,
    });
    const answer = await review(p.providerId, { decision: "Approved" }, admins.support);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(M.approved);
    expect(parsed(DocumentReview, answer.body.data)).toMatchObject({
      serviceProvider_id: p.providerId,
      review_status: "Approved",
      review_reason: null,
      reviewed_by: admins.support,
      reviewed_by_username: "support",
    });
    const [row] = (await list({ search: name })).rows;
    expect(row).toMatchObject({ review_status: "Approved", reviewed_by: admins.support, reviewed_by_username: "support" });
    expect(Date.now() - Date.parse(row.reviewed_at!)).toBeLessThan(60_000);
    const audit = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "provider_document"), eq(auditLog.entity_id, String(p.documentId))));
    expect(audit.map((a) => [a.action, a.admin_user_id, a.before, a.after, a.job_id])).toEqual([
      [
        "update",
        admins.support,
        { review_status: "Pending", review_reason: null },
        { serviceProvider_id: p.providerId, review_status: "Approved", review_reason: null },
        null,
      ],
    ]);
  });

  it("rejects only with a reason (at most 500 characters), which the list then shows", async () => {
    const name = tag();
    const [p] = await makeProviders(name, 1);
    const noReason = await review(p.providerId, { decision: "Rejected", reason: "   " });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toMatchObject({ reason: M.reasonRequired });
    const tooLong = await review(p.providerId, { decision: "Rejected", reason: "x".repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toMatchObject({ reason: M.reasonTooLong });
    expect((await review(p.providerId, { decision: "Maybe" })).status).toBe(400);
    // nothing changed by the refusals
    expect((await list({ search: name })).rows[0].review_status).toBe("Pending");
    const answer = await review(p.providerId, { decision: "Rejected", reason: "  The PAN card is blurred  " });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(M.rejected);
    expect((await list({ search: name })).rows[0]).toMatchObject({ review_status: "Rejected", review_reason: "The PAN card is blurred" });
    // approving afterwards clears the reason
    await review(p.providerId, { decision: "Approved", reason: "ignored" });
    expect((await list({ search: name })).rows[0]).toMatchObject({ review_status: "Approved", review_reason: null });
  });

  it("403 without Documents access, 404 for a provider without documents or an unknown one; nothing changes", async () => {
    const name = tag();
    const [p, bare] = await makeProviders(name, 2, [1]);
    const refused = await review(p.providerId, { decision: "Approved" }, admins.catalog);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(M.noAccess);
    expect((await review(bare.providerId, { decision: "Approved" })).body.message).toBe(M.noDocuments);
    expect((await review(bare.providerId, { decision: "Approved" })).status).toBe(404);
    expect((await review(999_999_999, { decision: "Approved" })).status).toBe(404);
    expect((await list({ search: name })).rows.map((r) => r.review_status)).toEqual(["Pending", "Pending"]);
    const audit = await api.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, String(p.documentId)));
    expect(audit.filter((a) => a.entity === "provider_document")).toEqual([]);
  });

  it("filters the list by review status (a provider without documents is Pending)", async () => {
    const name = tag();
    const [a, r, pending, bare] = await makeProviders(name, 4, [3]);
    await review(a.providerId, { decision: "Approved" });
    await review(r.providerId, { decision: "Rejected", reason: "Expired address proof" });
    const ids = async (review_status: string) =>
      (await list({ search: name, review_status })).rows.map((row) => row.serviceProvider_id).sort();
    expect(await ids("Approved")).toEqual([a.providerId]);
    expect(await ids("Rejected")).toEqual([r.providerId]);
    expect(await ids("Pending")).toEqual([pending.providerId, bare.providerId].sort());
    expect(await ids("All")).toEqual([a, r, pending, bare].map((p) => p.providerId).sort());
    expect((await list({ search: name, review_status: "Rejected" })).total).toBe(1);
    const bad = await get(api, "/get-all-serviceprovider-documents", { query: { review_status: "Lost" } });
    expect(bad.status).toBe(400);
  });

  describe("bulk jobs over the Documents list's filter", () => {
    const create = (body: unknown, actingAdmin: number = admins.admin) => call(api, "POST", "/bulk-jobs", { body, actingAdmin });
    const job = async (id: number) => parsed(BulkJob, (await get(api, `/bulk-jobs/${id}`, { actingAdmin: admins.admin })).body.data);
    const auditOf = (jobId: number) => api.db.select().from(auditLog).where(eq(auditLog.job_id, jobId)).orderBy(auditLog.id);

    it("approves exactly the filtered rows, each audited with the job; a provider without documents is a failed row", async () => {
      const name = tag();
      const mine = await makeProviders(name, 6, [5]);
      const others = await makeProviders(tag(), 2);
      // already approved: outside a Pending filter
      await review(mine[0].providerId, { decision: "Approved" });
      const answer = await create(
        { kind: "document-approve", filter: { search: name, review_status: "Pending", page: "2", page_size: "10" } },
        admins.support,
      );
      expect(answer.status).toBe(201);
      const made = parsed(BulkJob, answer.body.data);
      expect(made).toMatchObject({ kind: "document-approve", total: 5, filter: { search: name, review_status: "Pending" } });
      const runner = createBulkJobRunner(api.db, { batchSize: 2, pauseMs: 0 });
      await runner.runOpen();
      expect(await job(made.id)).toMatchObject({ state: "done", done: 4, failed: 1, left: 0 });
      const failures = await get(api, `/bulk-jobs/${made.id}/failures`, { actingAdmin: admins.support });
      expect(failures.body.data).toEqual([
        { target_id: mine[5].providerId, target_label: mine[5].username, reason: BULK_JOB_MESSAGES.noDocuments },
      ]);
      const rows = (await list({ search: name })).rows;
      const status = (id: number) => rows.find((r) => r.serviceProvider_id === id)?.review_status;
      expect(mine.slice(0, 5).map((p) => status(p.providerId))).toEqual(["Approved", "Approved", "Approved", "Approved", "Approved"]);
      // the job's rows are reviewed by the admin who started it
      expect(
        mine.slice(1, 5).every((p) => rows.find((r) => r.serviceProvider_id === p.providerId)?.reviewed_by_username === "support"),
      ).toBe(true);
      expect(status(mine[5].providerId)).toBe("Pending");
      for (const other of others) {
        expect((await list({ search: other.username })).rows[0].review_status).toBe("Pending");
      }
      const audit = await auditOf(made.id);
      expect(audit.map((a) => [a.entity, Number(a.entity_id), a.admin_user_id])).toEqual(
        mine.slice(1, 5).map((p) => ["provider_document", p.documentId, admins.support]),
      );
      expect(audit.every((a) => (a.after as { review_status: string }).review_status === "Approved")).toBe(true);
      await runner.close();
    });

    it("rejects with one reason for all (required); 403 without Documents access", async () => {
      const name = tag();
      const mine = await makeProviders(name, 3);
      const noReason = await create({ kind: "document-reject", filter: { search: name } });
      expect(noReason.status).toBe(400);
      expect(noReason.body.errors).toMatchObject({ reason: M.reasonRequired });
      const refused = await create({ kind: "document-approve", filter: { search: name } }, admins.catalog);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(BULK_JOB_MESSAGES.noAccess("Service Provider Documents"));
      const made = parsed(
        BulkJob,
        (await create({ kind: "document-reject", filter: { search: name }, reason: "Blurred scans" })).body.data,
      );
      expect(made.payload).toEqual({ reason: "Blurred scans" });
      const runner = createBulkJobRunner(api.db, { batchSize: 10, pauseMs: 0 });
      await runner.runOpen();
      expect(await job(made.id)).toMatchObject({ state: "done", done: 3, failed: 0 });
      expect((await list({ search: name })).rows.map((r) => [r.review_status, r.review_reason])).toEqual(
        mine.map(() => ["Rejected", "Blurred scans"]),
      );
      expect((await auditOf(made.id)).length).toBe(3);
      await runner.close();
    });
  });
});
