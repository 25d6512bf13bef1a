import { afterAll, beforeAll, expect, it } from "vitest";
import { REVERT_MESSAGES } from "~contract/audit-log";
import { CancellationReason } from "~contract/orders";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed } from "./helpers";

/** "Revert this change" on a cancellation reason: its fields go back through PUT; a reorder is never reverted. */
describeEachDriver("cancellation reasons: revert", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver });
  });
  afterAll(() => api?.close());
  const lastAudit = async () => (await get(api, "/audit-log", { query: { limit: 1 } })).body.data[0];
  const read = async (id: number) => parsed(CancellationReason, (await get(api, `/cancellation-reason/${id}/`)).body.data);
  const revert = (id: number) => call(api, "POST", `/audit-entries/${id}/revert`);

  it("puts an edit's old values back, audited as a revert; 409 once it was changed again", async () => {
    const body = {
      status: "PRE",
      service_type: "Service",
      reason: "Booked for the wrong person",
      repercussion: "Full refund",
      user_type: "User",
    };
    const reason = parsed(CancellationReason, (await call(api, "POST", "/cancellation-reason/", { body })).body);
    const edited = await call(api, "PUT", `/cancellation-reason/${reason.reasons_id}/`, {
      body: { reason: "Booked for someone else", status: "POST", updated_at: reason.updated_at },
      actingAdmin: 3,
    });
    expect(edited.status).toBe(200);
    const entry = await lastAudit();
    const answer = await revert(entry.id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({
      action: "revert",
      entity: "cancellation_reason",
      reverts_id: entry.id,
      before: { reason: "Booked for someone else", status: "POST" },
      after: { reason: "Booked for the wrong person", status: "PRE" },
    });
    expect(await read(reason.reasons_id)).toMatchObject({ ...body, order: reason.order, updated_by: "admin" });
    // the original edit no longer describes the reason as it is
    const again = await revert(entry.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toContain("admin");
  });

  it("never reverts a reorder, a creation or a deletion", async () => {
    const users = (await get(api, "/cancellation-reason/", { query: { userType: "User" } })).body.results.map(
      (r: CancellationReason) => r.reasons_id,
    );
    expect((await call(api, "POST", "/update-order-cancellation-reason", { body: { ordered_ids: [...users].reverse() } })).status).toBe(
      200,
    );
    const reorder = await lastAudit();
    expect(reorder).toMatchObject({ entity: "cancellation_reason", entity_id: "User" });
    const refused = await revert(reorder.id);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(REVERT_MESSAGES.notRevertable);
    const created = parsed(
      CancellationReason,
      (
        await call(api, "POST", "/cancellation-reason/", {
          body: { status: "POST", service_type: "Consultation", reason: "Gone", user_type: "User" },
        })
      ).body,
    );
    expect((await revert((await lastAudit()).id)).status).toBe(422);
    expect((await call(api, "DELETE", `/cancellation-reason/${created.reasons_id}/`)).status).toBe(204);
    expect((await revert((await lastAudit()).id)).status).toBe(422);
  });
});
