import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { AuditEntry } from "~contract/audit-log";
import { SavedView, VIEWS_PER_LIST_MAX } from "~contract/saved-views";
import { adminUsers } from "../../api/src/db/schema";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, parsed } from "./helpers";

const Views = z.object({ data: z.array(SavedView) });
const OneView = z.object({ data: SavedView });
const Entries = z.object({ data: z.array(AuditEntry) });

describeEachDriver("saved views: private or shared, one default per admin per list, audited", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver });
  });
  afterAll(() => api?.close());

  let made = 0;
  /** An admin of its own, so each test's views are its own. */
  async function newAdmin(status: "Active" | "Block" = "Active") {
    made += 1;
    const [admin] = await api.db
      .insert(adminUsers)
      .values({
        adminUsername: `views_${made}_${Date.now()}`,
        adminEmail: `views${made}${Date.now()}@x.test`,
        adminPassword: "x",
        adminRole: "Support",
        adminStatus: status,
        adminAccessRoleSettings: ["User"],
      })
      .returning();
    return admin.adminUserId;
  }
  /** The list's views as the admin sees them: every shared one (other tests' too) and their own. */
  const viewsOf = async (admin: number, list = "users") =>
    parsed(Views, (await call(api, "GET", "/saved-views", { query: { list }, actingAdmin: admin })).body).data;
  const ownViews = async (admin: number) => (await viewsOf(admin)).filter((v) => v.mine);
  const save = (admin: number, body: Record<string, unknown>) =>
    call(api, "POST", "/saved-views", { body: { list: "users", query: "status=active", ...body }, actingAdmin: admin });

  it("a private view is its owner's alone; a shared one every admin's, and only its owner deletes it", async () => {
    const [alice, bob] = [await newAdmin(), await newAdmin()];
    const mine = await save(alice, { name: "Blocked this month", query: "status=blocked&sortField=createdAt&sortOrder=desc" });
    expect(mine.status, mine.text).toBe(201);
    const shared = await save(alice, { name: "Active users", shared: true });
    expect(shared.status).toBe(201);

    expect((await ownViews(alice)).map((v) => [v.name, v.mine, v.shared])).toEqual([
      ["Active users", true, true],
      ["Blocked this month", true, false],
    ]);
    const owner = (await ownViews(alice))[0].owner;
    const seenByBob = (await viewsOf(bob)).filter((v) => v.owner === owner);
    expect(seenByBob.map((v) => [v.name, v.mine])).toEqual([["Active users", false]]);
    // another list's views are not this list's
    expect((await viewsOf(alice, "contacts")).some((v) => v.name === "Active users")).toBe(false);

    const sharedId = parsed(OneView, shared.body).data.id;
    const refused = await call(api, "DELETE", `/saved-views/${sharedId}`, { actingAdmin: bob });
    expect(refused.status).toBe(403);
    expect((refused.body as { message: string }).message).toBe("Only the admin who saved a view can delete it");
    expect((await call(api, "DELETE", `/saved-views/${sharedId}`, { actingAdmin: alice })).status).toBe(200);
    expect((await viewsOf(bob)).some((v) => v.id === sharedId)).toBe(false);
    expect((await call(api, "DELETE", `/saved-views/${sharedId}`, { actingAdmin: alice })).status).toBe(404);
  });

  it("saving a name again (case aside) replaces that view's filter; the audit log has each change", async () => {
    const admin = await newAdmin();
    const first = parsed(OneView, (await save(admin, { name: "Mine", query: "status=active" })).body).data;
    const again = await save(admin, { name: "MINE", query: "status=blocked", shared: true });
    expect(again.status).toBe(200);
    const replaced = parsed(OneView, again.body).data;
    expect(replaced).toMatchObject({ id: first.id, name: "MINE", query: "status=blocked", shared: true });
    expect(await ownViews(admin)).toHaveLength(1);

    const log = parsed(
      Entries,
      (await call(api, "GET", "/audit-entries", { query: { entity: "saved_view", admin_user_id: admin, page_size: 10 } })).body,
    ).data.filter((e) => e.entity_id === String(first.id));
    expect(log.map((e) => e.action).sort()).toEqual(["create", "update"]);
    // named by the view's name now, and by the name its entry kept once it is deleted
    expect(log.map((e) => e.record_name)).toEqual(["MINE", "MINE"]);
    await call(api, "DELETE", `/saved-views/${first.id}`, { actingAdmin: admin });
    const deleted = parsed(
      Entries,
      (await call(api, "GET", "/audit-entries", { query: { entity: "saved_view", admin_user_id: admin, action: "delete" } })).body,
    ).data.find((e) => e.entity_id === String(first.id));
    expect(deleted?.record_name).toBe("MINE");
    const update = log.find((e) => e.action === "update");
    expect(update?.before).toMatchObject({ query: "status=active", shared: false });
    expect(update?.after).toMatchObject({ query: "status=blocked", shared: true });
  });

  it("one default per admin per list: a new one replaces it, null clears it, a deleted view stops being it", async () => {
    const [admin, other] = [await newAdmin(), await newAdmin()];
    const a = parsed(OneView, (await save(admin, { name: "A", isDefault: true })).body).data;
    expect(a.isDefault).toBe(true);
    const b = parsed(OneView, (await save(admin, { name: "B" })).body).data;
    expect((await call(api, "PUT", "/saved-views/default", { body: { list: "users", viewId: b.id }, actingAdmin: admin })).status).toBe(
      200,
    );
    expect((await ownViews(admin)).map((v) => [v.name, v.isDefault])).toEqual([
      ["A", false],
      ["B", true],
    ]);
    // someone else's private view cannot be one's default; a shared one can
    const theirs = parsed(OneView, (await save(other, { name: "Theirs" })).body).data;
    expect(
      (await call(api, "PUT", "/saved-views/default", { body: { list: "users", viewId: theirs.id }, actingAdmin: admin })).status,
    ).toBe(404);
    // a view of another list is refused beside viewId
    const contacts = parsed(OneView, (await save(admin, { list: "contacts", name: "C" })).body).data;
    const wrongList = await call(api, "PUT", "/saved-views/default", { body: { list: "users", viewId: contacts.id }, actingAdmin: admin });
    expect(wrongList.status).toBe(400);
    expect((wrongList.body as { errors: Record<string, string> }).errors.viewId).toBe("That view belongs to another list");

    expect((await call(api, "DELETE", `/saved-views/${b.id}`, { actingAdmin: admin })).status).toBe(200);
    expect((await viewsOf(admin)).some((v) => v.isDefault)).toBe(false);
    await call(api, "PUT", "/saved-views/default", { body: { list: "users", viewId: a.id }, actingAdmin: admin });
    expect((await call(api, "PUT", "/saved-views/default", { body: { list: "users", viewId: null }, actingAdmin: admin })).status).toBe(
      200,
    );
    expect((await viewsOf(admin)).some((v) => v.isDefault)).toBe(false);
  });

  it("refuses a blank or long name, a long filter, an unknown list, too many views and a blocked admin; nothing is kept", async () => {
    const admin = await newAdmin();
    for (const [wrong, field] of [
      [{ name: "  " }, "name"],
      [{ name: "x".repeat(61) }, "name"],
      [{ name: "Long", query: "q=".padEnd(2_001, "x") }, "query"],
      [{ name: "Secret", list: "secrets" }, "list"],
    ] as const) {
      const answer = await save(admin, wrong);
      expect(answer.status, JSON.stringify(wrong).slice(0, 60)).toBe(400);
      expect(Object.keys((answer.body as { errors: Record<string, string> }).errors)).toContain(field);
    }
    expect(await ownViews(admin)).toEqual([]);
    expect((await call(api, "GET", "/saved-views", { query: { list: "users" }, actingAdmin: null })).status).toBe(400);
    expect((await save(await newAdmin("Block"), { name: "Blocked" })).status).toBe(403);

    for (let i = 0; i < VIEWS_PER_LIST_MAX; i++) expect((await save(admin, { name: `View ${i}` })).status).toBe(201);
    const tooMany = await save(admin, { name: "One more" });
    expect(tooMany.status).toBe(400);
    expect((tooMany.body as { message: string }).message).toMatch(/delete one first/);
    expect(await ownViews(admin)).toHaveLength(VIEWS_PER_LIST_MAX);
  });
});
