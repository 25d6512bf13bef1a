import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVALID_INPUT_MESSAGE } from "../../api/src/lib/http";
import { ConflictBody } from "~contract/api";
import { AuditEntry } from "~contract/audit-log";
import { BookingRow } from "~contract/bookings";
import { CANCELLATION_REASON_MESSAGES as M, CancellationReason, OrderDetail, OrderRecord, SERVICE_TYPES } from "~contract/orders";
import { REORDERED_MEANWHILE } from "../../api/src/routes/cancellations";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed, type Answer } from "./helpers";

/** The cancellation reasons API: each party's list, its order, versions (409), audit, and deletion. */
describeEachDriver("cancellation reasons", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver });
  });
  afterAll(() => api?.close());

  const list = async (query: Record<string, string> = {}) =>
    (await get(api, "/cancellation-reason/", { query })).body.results.map((r: unknown) =>
      parsed(CancellationReason, r),
    ) as CancellationReason[];
  const one = async (id: number) => parsed(CancellationReason, (await get(api, `/cancellation-reason/${id}/`)).body.data);
  const ids = (reasons: CancellationReason[]) => reasons.map((r) => r.reasons_id);
  const audits = async (limit = 1) =>
    (await get(api, "/audit-log", { query: { limit } })).body.data.map((e: unknown) => parsed(AuditEntry, e)) as AuditEntry[];
  const lastAudit = async () => (await audits())[0];
  const add = (body: Record<string, unknown>, actingAdmin?: number | null) =>
    call(api, "POST", "/cancellation-reason/", { body, actingAdmin });
  const edit = (id: number, body: Record<string, unknown>, actingAdmin?: number | null) =>
    call(api, "PUT", `/cancellation-reason/${id}/`, { body, actingAdmin });
  const reorder = (body: unknown, actingAdmin?: number | null) =>
    call(api, "POST", "/update-order-cancellation-reason", { body, actingAdmin });
  const created = (answer: Answer) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return parsed(CancellationReason, answer.body);
  };
  const valid = (extra: Record<string, unknown> = {}) => ({
    status: "PRE",
    service_type: "Service",
    reason: "Booked the wrong date",
    repercussion: "Full refund",
    user_type: "User",
    ...extra,
  });

  describe("GET /cancellation-reason/", () => {
    it("gives each party's whole list in its deliberate demo order, and each set in that order", async () => {
      const all = await list();
      expect(all).toHaveLength(2 * 2 * 4 * 3);
      for (const party of ["User", "ServiceProvider"] as const) {
        const reasons = await list({ userType: party });
        expect(reasons).toHaveLength(24);
        expect(reasons.every((r) => r.user_type === party)).toBe(true);
        expect(reasons.map((r) => r.order)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
        // PRE first, then POST; the service types as listed; three reasons each
        const sets = reasons.filter((_, i) => i % 3 === 0).map((r) => `${r.status} ${r.service_type}`);
        expect(sets).toEqual(["PRE", "POST"].flatMap((status) => SERVICE_TYPES.map((type) => `${status} ${type}`)));
        for (const status of ["PRE", "POST"]) {
          for (const serviceType of SERVICE_TYPES) {
            const set = await list({ userType: party, status, serviceType });
            expect(set).toHaveLength(3);
            expect(ids(set)).toEqual(ids(reasons.filter((r) => r.status === status && r.service_type === serviceType)));
          }
        }
      }
      expect(all[0]).toMatchObject({ updated_by: null });
      expect(Date.parse(all[0].updated_at)).not.toBeNaN();
    });

    it("reads one reason with its version; refuses bad queries and ids", async () => {
      const [first] = await list({ userType: "User" });
      expect(await one(first.reasons_id)).toEqual(first);
      expect((await get(api, "/cancellation-reason/999999/")).status).toBe(404);
      expect((await get(api, "/cancellation-reason/999999/")).body.message).toBe("Cancellation reason not found");
      expect((await get(api, "/cancellation-reason/abc/")).status).toBe(400);
      const badQuery = await get(api, "/cancellation-reason/", { query: { userType: "Admin" } });
      expect(badQuery.status).toBe(400);
      expect(badQuery.body.errors.userType).toBeTruthy();
      expect((await get(api, "/cancellation-reason/", { query: { status: "DURING" } })).status).toBe(400);
      expect((await get(api, "/cancellation-reason/", { query: { serviceType: "Webinar" } })).status).toBe(400);
      // empty filters are no filters
      expect(await list({ userType: "", status: "", serviceType: "" })).toHaveLength(48);
    });
  });

  describe("POST /cancellation-reason/", () => {
    it("adds a reason last in its party's list, versioned and audited", async () => {
      const lastUser = (await list({ userType: "User" })).at(-1)!;
      const reason = created(await add(valid({ status: "POST", service_type: "Consultation" }), 3));
      expect(reason).toMatchObject({
        reason: "Booked the wrong date",
        repercussion: "Full refund",
        status: "POST",
        service_type: "Consultation",
        user_type: "User",
        updated_by: "catalog",
      });
      expect(reason.order).toBe(lastUser.order + 1);
      expect(ids(await list({ userType: "User" })).at(-1)).toBe(reason.reasons_id);
      // offered last in its set by the cancel dialog
      expect(ids(await list({ userType: "User", status: "POST", serviceType: "Consultation" })).at(-1)).toBe(reason.reasons_id);
      expect(await lastAudit()).toMatchObject({
        action: "create",
        entity: "cancellation_reason",
        entity_id: String(reason.reasons_id),
        admin_username: "catalog",
        before: null,
        after: {
          reason: "Booked the wrong date",
          repercussion: "Full refund",
          status: "POST",
          service_type: "Consultation",
          user_type: "User",
          order: reason.order,
        },
      });
      // the repercussion may be left out; a position may be given; text is trimmed
      const bare = created(
        await add({ status: "PRE", service_type: "AddOnService", reason: "  Changed my mind  ", user_type: "ServiceProvider", order: 0 }),
      );
      expect(bare).toMatchObject({ reason: "Changed my mind", repercussion: "", order: 0, updated_by: "admin" });
      expect(ids(await list({ userType: "ServiceProvider" }))[0]).toBe(bare.reasons_id);
      expect((await call(api, "DELETE", `/cancellation-reason/${bare.reasons_id}/`)).status).toBe(204);
    });

    it("refuses the same reason for the same party, stage and service type (spaces and case aside), naming the existing one (issue 29)", async () => {
      const first = created(await add(valid({ reason: "Provider did not  reply", status: "POST", service_type: "Retainership" })));
      const before = await audits();
      const count = (await list()).length;
      for (const reason of ["Provider did not reply", "  provider DID not   reply ", "PROVIDER\tDID NOT REPLY"]) {
        const again = await add(valid({ reason, status: "POST", service_type: "Retainership" }));
        expect(again.status, reason).toBe(400);
        expect(again.body.message).toBe(INVALID_INPUT_MESSAGE);
        expect(again.body.errors.reason).toBe(
          `This reason already exists for User, Post-Acceptance, Retainership: "Provider did not  reply" (#${first.reasons_id})`,
        );
      }
      expect(await audits()).toEqual(before);
      expect(await list()).toHaveLength(count);
      // another stage, service type or party is another reason
      const other = [
        created(await add(valid({ reason: "Provider did not reply", status: "PRE", service_type: "Retainership" }))),
        created(await add(valid({ reason: "Provider did not reply", status: "POST", service_type: "Service" }))),
        created(
          await add(
            valid({ reason: "Provider did not reply", status: "POST", service_type: "Retainership", user_type: "ServiceProvider" }),
          ),
        ),
      ];
      // an edit may not make one the same as another either; its own spacing may change
      const moved = await edit(other[0].reasons_id, { status: "POST", updated_at: other[0].updated_at });
      expect(moved.status).toBe(400);
      expect(moved.body.errors.reason).toBe(M.duplicate(first));
      const renamed = await edit(other[1].reasons_id, {
        reason: "provider did not reply",
        service_type: "Retainership",
        updated_at: other[1].updated_at,
      });
      expect(renamed.body.errors.reason).toBe(M.duplicate(first));
      expect((await edit(first.reasons_id, { reason: "Provider did not reply", updated_at: first.updated_at })).status).toBe(200);
      for (const reason of [first, ...other])
        expect((await call(api, "DELETE", `/cancellation-reason/${reason.reasons_id}/`)).status).toBe(204);
    });

    it("names each bad field with its own message and writes nothing", async () => {
      const before = await audits();
      const count = (await list()).length;
      const cases: [Record<string, unknown>, string, string][] = [
        [valid({ reason: undefined }), "reason", M.reasonRequired],
        [valid({ reason: "   " }), "reason", M.reasonRequired],
        [valid({ reason: 12 }), "reason", M.reasonRequired],
        [valid({ reason: "x".repeat(301) }), "reason", M.reasonTooLong],
        [valid({ repercussion: "x".repeat(501) }), "repercussion", M.repercussionTooLong],
        [valid({ repercussion: 5 }), "repercussion", M.repercussionText],
        [valid({ status: "DURING" }), "status", M.status],
        [valid({ status: undefined }), "status", M.status],
        [valid({ service_type: "Webinar" }), "service_type", M.serviceType],
        [valid({ service_type: undefined }), "service_type", M.serviceType],
        [valid({ user_type: "Admin" }), "user_type", M.userType],
        [valid({ user_type: undefined }), "user_type", M.userType],
        [valid({ order: -1 }), "order", M.order],
        [valid({ order: 1.5 }), "order", M.order],
      ];
      for (const [body, field, text] of cases) {
        const answer = await add(body);
        expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(answer.body.message).toBe(INVALID_INPUT_MESSAGE);
        expect(answer.body.errors[field], field).toBe(text);
      }
      expect(M.serviceType).toBe("Please select a service type (Consultation, Service, Retainership, Add-On Service)");
      // every bad field at once
      const all = await add({ reason: "", status: "x", service_type: "y", user_type: "z", repercussion: 1 });
      expect(Object.keys(all.body.errors).sort()).toEqual(["reason", "repercussion", "service_type", "status", "user_type"]);
      // the acting admin and the secret
      expect((await add(valid(), null)).status).toBe(400);
      expect((await call(api, "POST", "/cancellation-reason/", { body: valid(), key: null })).status).toBe(401);
      expect(await audits()).toEqual(before);
      expect(await list()).toHaveLength(count);
    });
  });

  describe("PUT /cancellation-reason/{id}/", () => {
    it("changes only the fields given, from the version loaded; audited with the changed fields", async () => {
      const reason = created(await add(valid({ reason: "Provider asked for more money" })));
      const answer = await edit(reason.reasons_id, { repercussion: "Full refund and an apology", updated_at: reason.updated_at }, 3);
      expect(answer.status).toBe(200);
      const saved = parsed(CancellationReason, answer.body);
      expect(saved).toMatchObject({
        ...reason,
        repercussion: "Full refund and an apology",
        updated_by: "catalog",
        updated_at: expect.any(String),
      });
      expect(Date.parse(saved.updated_at)).toBeGreaterThan(Date.parse(reason.updated_at));
      expect(await one(reason.reasons_id)).toEqual(saved);
      expect(await lastAudit()).toMatchObject({
        action: "update",
        entity: "cancellation_reason",
        entity_id: String(reason.reasons_id),
        admin_username: "catalog",
        before: { repercussion: "Full refund" },
        after: { repercussion: "Full refund and an apology" },
      });

      // several fields; unchanged ones given too are left out of the audit
      const full = await edit(reason.reasons_id, {
        ...valid({ reason: "Provider asked for extra fees", status: "POST", service_type: "Retainership" }),
        repercussion: saved.repercussion,
        updated_at: saved.updated_at,
      });
      expect(full.status).toBe(200);
      expect(parsed(CancellationReason, full.body)).toMatchObject({
        reason: "Provider asked for extra fees",
        status: "POST",
        service_type: "Retainership",
        order: reason.order,
      });
      const entry = await lastAudit();
      expect(entry.before).toEqual({ reason: "Provider asked for more money", status: "PRE", service_type: "Service" });
      expect(entry.after).toEqual({ reason: "Provider asked for extra fees", status: "POST", service_type: "Retainership" });

      // what "Revert this change" sends: the entry's before, with the current version
      const current = await one(reason.reasons_id);
      const replay = await edit(reason.reasons_id, { ...(entry.before as object), updated_at: current.updated_at });
      expect(replay.status).toBe(200);
      expect(parsed(CancellationReason, replay.body)).toMatchObject({
        reason: "Provider asked for more money",
        status: "PRE",
        service_type: "Service",
        repercussion: "Full refund and an apology",
      });
      expect((await lastAudit()).after).toEqual(entry.before);
    });

    it("answers No Change Detected when nothing differs, and validates each field", async () => {
      const reason = created(await add(valid({ reason: "Wrong address given" })));
      const before = await audits();
      const same = await edit(reason.reasons_id, { reason: "Wrong address given", status: "PRE", updated_at: reason.updated_at });
      expect(same.status).toBe(400);
      expect(same.body.message).toBe("No Change Detected");
      expect((await edit(reason.reasons_id, { updated_at: reason.updated_at })).body.message).toBe("No Change Detected");
      const cases: [Record<string, unknown>, string, string][] = [
        [{ reason: "" }, "reason", M.reasonRequired],
        [{ reason: "x".repeat(301) }, "reason", M.reasonTooLong],
        [{ repercussion: "x".repeat(501) }, "repercussion", M.repercussionTooLong],
        [{ status: "pre" }, "status", M.status],
        [{ service_type: "Webinar" }, "service_type", M.serviceType],
        [{ user_type: "Admin" }, "user_type", M.userType],
      ];
      for (const [body, field, text] of cases) {
        const answer = await edit(reason.reasons_id, { ...body, updated_at: reason.updated_at });
        expect(answer.status, field).toBe(400);
        expect(answer.body.errors[field], field).toBe(text);
      }
      expect((await edit(reason.reasons_id, { reason: "Moved house" })).body.errors.updated_at).toBe("updated_at is required");
      expect((await edit(reason.reasons_id, { reason: "Moved house", updated_at: "yesterday" })).body.errors.updated_at).toBeTruthy();
      expect((await edit(999_999, { reason: "Moved house", updated_at: reason.updated_at })).status).toBe(404);
      expect((await edit(999_999, { reason: "Moved house", updated_at: reason.updated_at })).body.message).toBe(
        "Cancellation reason not found",
      );
      expect(
        (await call(api, "PUT", "/cancellation-reason/abc/", { body: { reason: "Moved house", updated_at: reason.updated_at } })).status,
      ).toBe(400);
      expect((await edit(reason.reasons_id, { reason: "Moved house", updated_at: reason.updated_at }, null)).status).toBe(400);
      // the position changes only through the reorder call
      const ignored = await edit(reason.reasons_id, { order: 1, reason: "Moved house", updated_at: reason.updated_at });
      expect(parsed(CancellationReason, ignored.body).order).toBe(reason.order);
      // nothing more was audited than the one edit that changed the reason (entries name the record by its name now)
      const unnamed = (entries: { record_name?: unknown }[]) => entries.map(({ record_name: _name, ...entry }) => entry);
      expect(unnamed((await audits(2)).slice(1))).toEqual(unnamed(before));
    });

    it("answers 409 naming who saved meanwhile, overwriting nothing; the reloaded version saves", async () => {
      const opened = created(await add(valid({ reason: "Double charged" })));
      const first = await edit(opened.reasons_id, { repercussion: "Refund the extra charge", updated_at: opened.updated_at }, 3);
      expect(first.status).toBe(200);
      const auditBefore = await audits();
      const stale = await edit(opened.reasons_id, { reason: "Charged twice", updated_at: opened.updated_at }, 1);
      expect(stale.status).toBe(409);
      const conflict = parsed(ConflictBody, stale.body);
      expect(conflict.updated_by).toBe("catalog");
      expect(conflict.updated_at).toBe(first.body.updated_at);
      expect(conflict.message).toMatch(
        /^This cancellation reason was changed by catalog on \d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}:\d{2} IST after you opened it\.$/,
      );
      expect(await one(opened.reasons_id)).toMatchObject({
        reason: "Double charged",
        repercussion: "Refund the extra charge",
        updated_by: "catalog",
      });
      expect(await audits()).toEqual(auditBefore);
      const retry = await edit(opened.reasons_id, { reason: "Charged twice", updated_at: conflict.updated_at! }, 1);
      expect(retry.status).toBe(200);
      expect(parsed(CancellationReason, retry.body)).toMatchObject({
        reason: "Charged twice",
        repercussion: "Refund the extra charge",
        updated_by: "admin",
      });
    });

    it("moves a reason to the other party's list, last", async () => {
      const reason = created(await add(valid({ reason: "Client asked me to leave" })));
      const lastProvider = (await list({ userType: "ServiceProvider" })).at(-1)!;
      const moved = await edit(reason.reasons_id, { user_type: "ServiceProvider", updated_at: reason.updated_at });
      expect(moved.status).toBe(200);
      expect(parsed(CancellationReason, moved.body)).toMatchObject({ user_type: "ServiceProvider", order: lastProvider.order + 1 });
      expect(ids(await list({ userType: "ServiceProvider" })).at(-1)).toBe(reason.reasons_id);
      expect(ids(await list({ userType: "User" }))).not.toContain(reason.reasons_id);
      expect(await lastAudit()).toMatchObject({ before: { user_type: "User" }, after: { user_type: "ServiceProvider" } });
    });
  });

  describe("POST /update-order-cancellation-reason", () => {
    it("with expected_ids, refuses (409) an order made from a list reordered since, and changes nothing", async () => {
      const read = ids(await list({ userType: "ServiceProvider" }));
      const theirs = [...read.slice(1), read[0]];
      expect((await reorder({ ordered_ids: theirs, expected_ids: read })).status).toBe(200);
      const mine = [read[1], read[0], ...read.slice(2)];
      const stale = await reorder({ ordered_ids: mine, expected_ids: read });
      expect(stale.status).toBe(409);
      expect(stale.body.message).toBe(REORDERED_MEANWHILE);
      expect(ids(await list({ userType: "ServiceProvider" }))).toEqual(theirs);
      expect((await reorder({ ordered_ids: read, expected_ids: theirs })).status).toBe(200);
    });

    it("saves the whole new order of one party's list; the cancel dialog's sets follow it; audited; an open edit stays valid", async () => {
      const current = await list({ userType: "User" });
      const providers = await list({ userType: "ServiceProvider" });
      // the whole list reversed (a middle reason of an odd count keeps its place and its version)
      const wanted = ids(current).reverse();
      const answer = await reorder({ ordered_ids: wanted }, 3);
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBe("Order updated successfully");
      const after = await list({ userType: "User" });
      expect(ids(after)).toEqual(wanted);
      expect(after.map((r) => r.order)).toEqual(wanted.map((_, i) => i + 1));
      const set = await list({ userType: "User", status: "PRE", serviceType: "Service" });
      expect(ids(set)).toEqual(ids(current.filter((r) => r.status === "PRE" && r.service_type === "Service")).reverse());
      // a reason's version covers its fields, not its place: the order has its own check and entry
      for (const reason of after) {
        const old = current.find((r) => r.reasons_id === reason.reasons_id)!;
        expect({ updated_at: reason.updated_at, updated_by: reason.updated_by }).toEqual({
          updated_at: old.updated_at,
          updated_by: old.updated_by,
        });
      }
      expect(await lastAudit()).toMatchObject({
        action: "update",
        entity: "cancellation_reason",
        entity_id: "User",
        admin_username: "catalog",
        before: { ordered_ids: ids(current) },
        after: { ordered_ids: wanted },
      });
      // the other party's list is untouched
      expect(await list({ userType: "ServiceProvider" })).toEqual(providers);
      // saving the same order again changes nothing
      const auditBefore = await audits();
      expect((await reorder({ ordered_ids: wanted })).status).toBe(200);
      expect(await audits()).toEqual(auditBefore);
      expect(await list({ userType: "User" })).toEqual(after);
      // a move up (what the no-JS button sends): two neighbours swap
      const up = [...wanted];
      [up[0], up[1]] = [up[1], up[0]];
      expect((await reorder({ ordered_ids: up })).status).toBe(200);
      const swapped = await list({ userType: "User" });
      expect(ids(swapped)).toEqual(up);
      expect(swapped.slice(2)).toEqual(after.slice(2));
      expect(await lastAudit()).toMatchObject({ before: { ordered_ids: wanted }, after: { ordered_ids: up } });
      // an edit opened before both reorders still saves (it changes fields, not the place), and keeps the place
      const movedReason = current[0];
      const opened = await edit(movedReason.reasons_id, {
        repercussion: `${movedReason.repercussion} (edited)`,
        updated_at: movedReason.updated_at,
      });
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      expect(opened.body.order).toBe(up.indexOf(movedReason.reasons_id) + 1);
      expect(
        (await edit(movedReason.reasons_id, { repercussion: movedReason.repercussion, updated_at: opened.body.updated_at })).status,
      ).toBe(200);
    });

    it("refuses anything but exactly the current set of one party's list, changing nothing", async () => {
      const users = ids(await list({ userType: "User" }));
      const providers = ids(await list({ userType: "ServiceProvider" }));
      const auditBefore = await audits();
      const refused = async (body: unknown, text: string) => {
        const answer = await reorder(body);
        expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(answer.body.errors.ordered_ids).toBe(text);
        return answer;
      };
      // partial: one missing, or only a set's worth
      const partial = await refused({ ordered_ids: users.slice(1) }, M.reorderMissing("User", [users[0]]));
      expect(partial.body.message).toBe(`ordered_ids must list every User reason exactly once; missing reason ${users[0]}`);
      await refused({ ordered_ids: providers.slice(0, 3) }, M.reorderMissing("ServiceProvider", providers.slice(3)));
      // duplicated
      const twice = await refused({ ordered_ids: [...users, users[2]] }, M.reorderDuplicate([users[2]]));
      expect(twice.body.message).toBe(`ordered_ids lists reason ${users[2]} more than once`);
      await refused({ ordered_ids: [users[0], ...users] }, M.reorderDuplicate([users[0]]));
      // foreign: unknown ids, or the other party's
      const unknown = await refused({ ordered_ids: [...users, 999_999] }, M.reorderUnknown([999_999]));
      expect(unknown.body.message).toBe("ordered_ids names unknown reason 999999");
      await refused({ ordered_ids: [...users, providers[0]] }, M.reorderMixed);
      await refused({ ordered_ids: [...users.slice(1), providers[0]] }, M.reorderMixed);
      // not a list of ids
      await refused({ ordered_ids: [] }, M.reorderEmpty);
      await refused({}, M.reorderEmpty);
      await refused({ ordered_ids: "1,2" }, M.reorderEmpty);
      expect((await reorder({ ordered_ids: [...users.slice(1), "x"] })).status).toBe(400);
      expect((await reorder({ ordered_ids: [...users.slice(1), 2_147_483_648] })).status).toBe(400);
      // the acting admin and the secret
      expect((await reorder({ ordered_ids: users }, null)).status).toBe(400);
      expect((await call(api, "POST", "/update-order-cancellation-reason", { body: { ordered_ids: users }, key: null })).status).toBe(401);
      expect(ids(await list({ userType: "User" }))).toEqual(users);
      expect(ids(await list({ userType: "ServiceProvider" }))).toEqual(providers);
      expect(await audits()).toEqual(auditBefore);
    });
  });

  describe("DELETE /cancellation-reason/{id}/", () => {
    let bookings: BookingRow[];
    beforeAll(async () => {
      bookings = (await get(api, "/get-bookings", { query: { page_size: 200 } })).body.data.map((r: unknown) => parsed(BookingRow, r));
    });

    it("deletes (204, audited); orders cancelled with it still show it; the list reorders without it", async () => {
      const reason = created(
        await add({
          status: "PRE",
          service_type: "Consultation",
          reason: "Exam on the same day",
          repercussion: "Full refund",
          user_type: "User",
        }),
      );
      const target = bookings
        .filter((b) => b.serviceType === "Consultation" && b.status === "Pending")
        .sort((a, b) => a.order_id - b.order_id)[0];
      const cancelled = await call(api, "POST", "/cancellation/", {
        body: { comment: "Client has an exam", reason: reason.reasons_id, cancelled_by: "User", order: target.order_id },
      });
      expect(cancelled.status).toBe(201);

      const removed = await call(api, "DELETE", `/cancellation-reason/${reason.reasons_id}/`, { actingAdmin: 3 });
      expect(removed.status).toBe(204);
      expect(removed.text).toBe("");
      expect(await lastAudit()).toMatchObject({
        action: "delete",
        entity: "cancellation_reason",
        entity_id: String(reason.reasons_id),
        admin_username: "catalog",
        before: {
          reason: "Exam on the same day",
          repercussion: "Full refund",
          status: "PRE",
          service_type: "Consultation",
          user_type: "User",
          order: reason.order,
        },
        after: null,
      });
      expect((await get(api, `/cancellation-reason/${reason.reasons_id}/`)).status).toBe(404);
      expect(ids(await list({ userType: "User" }))).not.toContain(reason.reasons_id);

      // the order still reads its reason, on the record and on the detail page's fetch
      const record = parsed(OrderRecord, (await get(api, "/get-order-by-id", { query: { order_id: target.order_id } })).body.data.data);
      expect(record.cancelled_orders).toEqual([
        expect.objectContaining({ cancelled_by: "User", reason: "Exam on the same day", comment: "Client has an exam" }),
      ]);
      const detail = parsed(OrderDetail, (await get(api, "/get-order-detail", { query: { order_id: target.order_id } })).body.data.data);
      expect(detail.status).toBe("Cancelled");
      expect(detail.cancelled_orders[0]).toMatchObject({ reason: "Exam on the same day" });

      // the list's set is now without it
      const users = ids(await list({ userType: "User" }));
      expect((await reorder({ ordered_ids: [...users, reason.reasons_id] })).body.errors.ordered_ids).toBe(
        M.reorderUnknown([reason.reasons_id]),
      );
      expect((await reorder({ ordered_ids: users })).status).toBe(200);

      expect((await call(api, "DELETE", `/cancellation-reason/${reason.reasons_id}/`)).status).toBe(404);
      expect((await call(api, "DELETE", `/cancellation-reason/${reason.reasons_id}/`)).body.message).toBe("Cancellation reason not found");
      expect((await call(api, "DELETE", "/cancellation-reason/abc/")).status).toBe(400);
      expect((await call(api, "DELETE", `/cancellation-reason/${users[0]}/`, { actingAdmin: null })).status).toBe(400);
      expect(ids(await list({ userType: "User" }))[0]).toBe(users[0]);
    });
  });
});
