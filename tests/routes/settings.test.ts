import { describe, expect, it } from "vitest";
import * as route from "~/routes/admin.settings";
import type { CancellationReason } from "~contract/orders";
import { REASON_DELETED, REASON_DELETE_FAILED, REORDER_FAILED, SETTINGS_SAVED, SETTINGS_TAB_LINKS } from "~/models/settings-tabs";
import { apiCall, callRoute, expectRedirect, readToast, requestAs, statusOf } from "../support/routes";

const TAB = "/admin/settings?tab=cancellation";
const unique = (label: string) => `${label} ${Math.random().toString(36).slice(2, 8)}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- loader/action payloads read by property
function payload(result: unknown): any {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: unknown }).data;
  return result;
}

const load = async (query = "?tab=cancellation", as: "admin" | "catalog" = "admin") =>
  callRoute(route, await requestAs(as, `/admin/settings${query}`));
const post = async (form: Record<string, string | string[]>, query = "?tab=cancellation") =>
  callRoute(route, await requestAs("admin", `/admin/settings${query}`, { form }));

/** A reason of the test's own: User, POST, AddOnService (a set the other tests do not list whole). */
async function makeReason(text = unique("Route reason")): Promise<CancellationReason> {
  return apiCall<CancellationReason>("/cancellation-reason/", {
    method: "POST",
    actingAdmin: "admin",
    body: { reason: text, repercussion: "None", status: "POST", service_type: "AddOnService", user_type: "User" },
  });
}
const readReason = async (id: number) => (await apiCall<{ data: CancellationReason }>(`/cancellation-reason/${id}/`)).data;
const userList = async () => (await apiCall<{ results: CancellationReason[] }>("/cancellation-reason/?userType=User")).results;
const removeReason = (id: number) =>
  apiCall(`/cancellation-reason/${id}/`, { method: "DELETE", actingAdmin: "admin" }).catch(() => undefined);

describe("the settings page shell", () => {
  it("is refused without Settings access, loader and action", async () => {
    expect(statusOf(await load("?tab=cancellation", "catalog"))).toBe(403);
    const posted = await callRoute(route, await requestAs("catalog", TAB, { form: { intent: "delete", id: "1" } }));
    expect(statusOf(posted)).toBe(403);
    expectRedirect(await callRoute(route, await requestAs(null, TAB)), "/admin/login");
  });

  it("opens the first tab; every tab has its URL and its panel", async () => {
    const first = payload(await load(""));
    expect(first.tab).toBe("general");
    expect(first.panel.tab).toBe("general");
    // the page's tab links (built from SETTINGS_TAB_LINKS; the loader says which tab is open)
    expect(SETTINGS_TAB_LINKS.map((t) => t.href)).toEqual([
      "/admin/settings?tab=general",
      "/admin/settings?tab=category",
      "/admin/settings?tab=payment-gateway",
      "/admin/settings?tab=content",
      "/admin/settings?tab=create-service",
      "/admin/settings?tab=cancellation",
    ]);
    expect(payload(await load("?tab=nonsense")).tab).toBe("general");
    for (const t of SETTINGS_TAB_LINKS) expect(payload(await load(`?tab=${t.id}`)).panel.tab).toBe(t.id);
  });
});

describe("Cancellation Settings", () => {
  it("lists both parties' reasons in their stored order", async () => {
    const mine = await makeReason();
    try {
      const data = payload(await load());
      expect(data.tab).toBe("cancellation");
      const api = await userList();
      expect(data.panel.data.tables.User.map((r: { id: number }) => r.id)).toEqual(api.map((r) => r.reasons_id));
      const row = data.panel.data.tables.User.find((r: { id: number }) => r.id === mine.reasons_id);
      expect(row).toMatchObject({ reason: mine.reason, repercussion: "None", status: "POST", serviceType: "AddOnService" });
      expect(data.panel.data.tables.ServiceProvider.length).toBeGreaterThan(0);
      expect(data.panel.data.dialog).toBeNull();
    } finally {
      await removeReason(mine.reasons_id);
    }
  });

  it("opens the add, edit and delete dialogs from the URL", async () => {
    const mine = await makeReason();
    try {
      expect(payload(await load("?tab=cancellation&dialog=add&party=User")).panel.data.dialog).toEqual({
        kind: "add",
        values: { reason: "", repercussion: "", status: "", service_type: "", user_type: "User" },
      });
      const edit = payload(await load(`?tab=cancellation&dialog=edit&id=${mine.reasons_id}`)).panel.data.dialog;
      expect(edit).toMatchObject({
        kind: "edit",
        id: mine.reasons_id,
        values: { reason: mine.reason, status: "POST", updated_at: mine.updated_at },
      });
      expect(payload(await load(`?tab=cancellation&dialog=delete&id=${mine.reasons_id}`)).panel.data.dialog).toEqual({
        kind: "delete",
        id: mine.reasons_id,
        reason: mine.reason,
        party: "User",
      });
      const gone = payload(await load("?tab=cancellation&dialog=edit&id=2147483000")).panel.data;
      expect(gone.dialog).toBeNull();
      expect(gone.dialogError).toBe("This cancellation reason no longer exists.");
    } finally {
      await removeReason(mine.reasons_id);
    }
  });

  it("adds a reason last in its party's list, saying Settings Saved Successfully", async () => {
    const text = unique("Route added");
    const result = await post(
      { intent: "create", reason: text, repercussion: "Fee kept", status: "PRE", service_type: "AddOnService", user_type: "User" },
      "?tab=cancellation&dialog=add&party=User",
    );
    const response = expectRedirect(result, TAB);
    expect(response.headers.get("Location")).toBe(TAB);
    expect(await readToast(response)).toMatchObject({ type: "success", message: SETTINGS_SAVED });
    const list = await userList();
    const added = list.find((r) => r.reason === text);
    expect(added).toMatchObject({ repercussion: "Fee kept", status: "PRE", service_type: "AddOnService" });
    await removeReason(added!.reasons_id);
  });

  it("refuses bad input with the field messages, keeping what was typed", async () => {
    const result = await post(
      { intent: "create", reason: "  ", repercussion: "kept", status: "LATER", service_type: "", user_type: "Nobody" },
      "?tab=cancellation&dialog=add",
    );
    expect(statusOf(result)).toBe(400);
    const data = payload(result);
    expect(data.intent).toBe("create");
    expect(data.fieldErrors).toEqual({
      reason: "Please enter a reason",
      // the labels the dialog shows, never the stored values
      status: "Please choose Pre-Acceptance or Post-Acceptance",
      service_type: "Please select a service type (Consultation, Service, Retainership, Add-On Service)",
      user_type: "Please choose User or Service Provider",
    });
    expect(data.repopulateFields).toMatchObject({ reason: "  ", repercussion: "kept", status: "LATER", user_type: "Nobody" });
  });

  it("refuses a reason the party already has for that stage and service type (spaces and case aside), naming it beside the field (issue 29)", async () => {
    const existing = await makeReason(unique("Route twin"));
    const typed = `  ${existing.reason.toUpperCase().replace(" ", "   ")} `;
    const result = await post(
      { intent: "create", reason: typed, repercussion: "kept", status: "POST", service_type: "AddOnService", user_type: "User" },
      "?tab=cancellation&dialog=add&party=User",
    );
    expect(statusOf(result)).toBe(400);
    const data = payload(result);
    expect(data.fieldErrors).toEqual({
      reason: `This reason already exists for User, Post-Acceptance, Add-On Service: "${existing.reason}" (#${existing.reasons_id})`,
    });
    expect(data.repopulateFields).toMatchObject({ reason: typed, repercussion: "kept" });
    expect(
      (await userList()).filter((r) => r.reason.toLowerCase().replace(/\s+/g, " ").trim() === existing.reason.toLowerCase()),
    ).toHaveLength(1);
    await removeReason(existing.reasons_id);
  });

  it("edits a reason; an unchanged save says No Change Detected", async () => {
    const mine = await makeReason();
    try {
      const text = unique("Route edited");
      const form = {
        intent: "save",
        id: String(mine.reasons_id),
        updated_at: mine.updated_at,
        reason: text,
        repercussion: "Changed",
        status: "PRE",
        service_type: "AddOnService",
        user_type: "User",
      };
      const saved = expectRedirect(await post(form, `?tab=cancellation&dialog=edit&id=${mine.reasons_id}`), TAB);
      expect(await readToast(saved)).toMatchObject({ type: "success", message: SETTINGS_SAVED });
      const after = await readReason(mine.reasons_id);
      expect(after).toMatchObject({ reason: text, repercussion: "Changed", status: "PRE", updated_by: "admin" });

      const same = expectRedirect(await post({ ...form, updated_at: after.updated_at }), TAB);
      expect(await readToast(same)).toMatchObject({ type: "info", message: "No Change Detected" });

      const bad = await post({ ...form, updated_at: after.updated_at, reason: "" });
      expect(statusOf(bad)).toBe(400);
      expect(payload(bad).fieldErrors).toEqual({ reason: "Please enter a reason" });
    } finally {
      await removeReason(mine.reasons_id);
    }
  });

  it("answers a stale edit with 409 naming who saved it, the typed values kept", async () => {
    const mine = await makeReason();
    try {
      await apiCall(`/cancellation-reason/${mine.reasons_id}/`, {
        method: "PUT",
        actingAdmin: "catalog",
        body: { repercussion: "Theirs", updated_at: mine.updated_at },
      });
      const typed = unique("Mine");
      const result = await post({
        intent: "save",
        id: String(mine.reasons_id),
        updated_at: mine.updated_at,
        reason: typed,
        repercussion: "Ours",
        status: "POST",
        service_type: "AddOnService",
        user_type: "User",
      });
      expect(statusOf(result)).toBe(409);
      const data = payload(result);
      expect(data.conflict.updatedBy).toBe("catalog");
      expect(data.formError).toContain("catalog changed this cancellation reason");
      expect(data.repopulateFields).toMatchObject({ reason: typed, repercussion: "Ours", updated_at: mine.updated_at });
      expect((await readReason(mine.reasons_id)).repercussion).toBe("Theirs");
    } finally {
      await removeReason(mine.reasons_id);
    }
  });

  it("deletes after the confirmation; an unknown one is refused with a message", async () => {
    const mine = await makeReason();
    const deleted = expectRedirect(
      await post({ intent: "delete", id: String(mine.reasons_id) }, `?tab=cancellation&dialog=delete&id=${mine.reasons_id}`),
      TAB,
    );
    expect(await readToast(deleted)).toMatchObject({ type: "success", message: REASON_DELETED });
    expect((await userList()).some((r) => r.reasons_id === mine.reasons_id)).toBe(false);

    const again = expectRedirect(await post({ intent: "delete", id: String(mine.reasons_id) }), TAB);
    expect(await readToast(again)).toMatchObject({ type: "error", title: REASON_DELETE_FAILED, message: "Cancellation reason not found" });
  });

  it("reorders with Move up / Move down and with a whole new order; a partial list is refused", async () => {
    const a = await makeReason(unique("Order A"));
    const b = await makeReason(unique("Order B"));
    try {
      const ids = () => userList().then((list) => list.map((r) => r.reasons_id));
      const shown = (await ids()).map(String);
      expect(shown.indexOf(String(b.reasons_id))).toBe(shown.indexOf(String(a.reasons_id)) + 1);

      const up = expectRedirect(await post({ intent: "reorder", party: "User", ids: shown, move: `up:${b.reasons_id}` }), TAB);
      expect(await readToast(up)).toMatchObject({ type: "success", message: SETTINGS_SAVED });
      const afterUp = await ids();
      expect(afterUp.indexOf(b.reasons_id)).toBe(afterUp.indexOf(a.reasons_id) - 1);

      expectRedirect(await post({ intent: "reorder", party: "User", ids: afterUp.map(String), move: `down:${b.reasons_id}` }), TAB);
      const afterDown = await ids();
      expect(afterDown.indexOf(b.reasons_id)).toBe(afterDown.indexOf(a.reasons_id) + 1);

      // a drop posts the whole new order
      const dropped = [...afterDown];
      const [ia, ib] = [dropped.indexOf(a.reasons_id), dropped.indexOf(b.reasons_id)];
      [dropped[ia], dropped[ib]] = [dropped[ib], dropped[ia]];
      expectRedirect(await post({ intent: "reorder", party: "User", ids: dropped.map(String) }), TAB);
      expect(await ids()).toEqual(dropped);

      // a Move or a drag applies to the list as it is now: a page showing an older order (someone
      // else moved reasons meanwhile) does not put their reasons back
      const now = await ids();
      const stale = [...now].reverse().map(String);
      expectRedirect(await post({ intent: "reorder", party: "User", ids: stale, move: `up:${a.reasons_id}` }), TAB);
      const afterStaleMove = await ids();
      const swapped = [...now];
      const ai = swapped.indexOf(a.reasons_id);
      if (ai > 0) [swapped[ai - 1], swapped[ai]] = [swapped[ai], swapped[ai - 1]];
      expect(afterStaleMove).toEqual(swapped);
      expectRedirect(await post({ intent: "reorder", party: "User", ids: stale, move: `to:${b.reasons_id}:${afterStaleMove[0]}` }), TAB);
      expect((await ids())[0]).toBe(b.reasons_id);

      const partial = expectRedirect(await post({ intent: "reorder", party: "User", ids: [String(a.reasons_id)] }), TAB);
      const toast = await readToast(partial);
      expect(toast).toMatchObject({ type: "error", title: REORDER_FAILED });
      expect(toast?.message).toContain("User: ordered_ids must list every User reason exactly once");

      const junk = expectRedirect(await post({ intent: "reorder", party: "User", ids: ["x", "1"] }), TAB);
      expect(await readToast(junk)).toMatchObject({
        type: "error",
        title: REORDER_FAILED,
        message: "ordered_ids must list the reasons in their new order",
      });
    } finally {
      await removeReason(a.reasons_id);
      await removeReason(b.reasons_id);
    }
  });

  it("refuses an unknown intent", async () => {
    expect(statusOf(await post({ intent: "explode" }))).toBe(400);
  });
});
