import { describe, expect, it } from "vitest";
import * as listRoute from "~/routes/admin.clickwrap-agreement._index";
import * as addRoute from "~/routes/admin.clickwrap-agreement.add";
import * as compareRoute from "~/routes/admin.clickwrap-agreement.compare";
import * as auditLogRoute from "~/routes/admin.audit-log";
import type { AuditEntry } from "~contract/audit-log";
import type { AuditLogPageData } from "../../app/models/audit-log";
import { CLICKWRAP_MESSAGES, type ClickwrapRecord } from "~contract/clickwrap";
import {
  CONFIRM_PUBLISH,
  type ClickwrapCompareData,
  type ClickwrapEditorData,
  type ClickwrapListData,
} from "../../app/models/clickwrap-labels";
import { compareTexts, paragraphsOf } from "~/services/clickwrap/compare.server";
import { apiCall, callRoute, expectRedirect, readToast, requestAs, statusOf } from "../support/routes";

const unique = (prefix = "rt") => `${prefix}-${Math.random().toString(36).slice(2, 8)}`;
const ADD = "/admin/clickwrap-agreement/add";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function payload(result: unknown): any {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: unknown }).data;
  return result;
}

async function createVersion(body: { version: string; status?: "draft" | "published"; text?: string }) {
  return (
    await apiCall<{ data: ClickwrapRecord }>("/clickwrap/clickwraps/", {
      method: "POST",
      actingAdmin: "admin",
      body: { text: "<p>Terms</p>", ...body },
    })
  ).data;
}
const read = async (id: number) => (await apiCall<{ data: ClickwrapRecord }>(`/clickwrap/clickwraps/${id}/`)).data;
const search = async (version: string) =>
  (await apiCall<{ results: ClickwrapRecord[] }>(`/clickwrap/clickwraps/?search=${encodeURIComponent(version)}&page_size=100`)).results;

describe("Terms and conditions versions", () => {
  it("lists versions with search, status filter and paging from the URL", async () => {
    const tag = unique("List");
    const draft = await createVersion({ version: `${tag}-1` });
    const published = await createVersion({ version: `${tag}-2`, status: "published" });
    const all = payload(
      await callRoute(listRoute, await requestAs("admin", `/admin/clickwrap-agreement?search=${tag}`)),
    ) as ClickwrapListData;
    expect(all.rows.map((r) => r.version)).toEqual([published.version, draft.version]);
    expect(all.rows[0]).toMatchObject({ status: "published", id: published.id, previousId: draft.id });
    expect(all.rows[1].previousId).toBeNull();
    expect(all.rows[0].published).toMatch(/\d{4}/);
    expect(all.rows[1].published).toBeNull();
    expect(all.total).toBe(2);

    const drafts = payload(
      await callRoute(listRoute, await requestAs("admin", `/admin/clickwrap-agreement?search=${tag}&status=draft`)),
    ) as ClickwrapListData;
    expect(drafts.rows.map((r) => r.id)).toEqual([draft.id]);
    const paged = payload(
      await callRoute(listRoute, await requestAs("admin", `/admin/clickwrap-agreement?search=${tag}&page_size=10&page=1`)),
    ) as ClickwrapListData;
    expect(paged.pageSize).toBe(10);

    const wrong = payload(
      await callRoute(listRoute, await requestAs("admin", `/admin/clickwrap-agreement?search=${tag}&status=live`)),
    ) as ClickwrapListData;
    expect(wrong.errors).toEqual(["Status: choose Draft or Published."]);
    expect(wrong.rows).toHaveLength(2);

    const past = await callRoute(listRoute, await requestAs("admin", `/admin/clickwrap-agreement?search=${tag}&page=9`));
    expectRedirect(past, `/admin/clickwrap-agreement?search=${tag}&page=1`);
  });

  it("sorts by the URL's sortField/sortOrder (with paging) and ignores a bad sort", async () => {
    const tag = unique("Sort");
    const v9 = await createVersion({ version: `${tag}-1.9`, status: "published" });
    const v10 = await createVersion({ version: `${tag}-1.10` });
    const v2 = await createVersion({ version: `${tag}-2.0`, status: "published" });
    const open = async (query: string) =>
      payload(
        await callRoute(listRoute, await requestAs("admin", `/admin/clickwrap-agreement?search=${tag}${query}`)),
      ) as ClickwrapListData;

    const up = await open("&sortField=version&sortOrder=asc");
    expect(up.sort).toEqual({ field: "version", order: "asc" });
    expect(up.rows.map((r) => r.id)).toEqual([v9.id, v10.id, v2.id]);
    // the row below is not the version made before: Compare finds that one itself
    expect(up.rows.map((r) => r.previousId)).toEqual([null, null, null]);
    const down = await open("&sortField=version&sortOrder=desc");
    expect(down.rows.map((r) => r.id)).toEqual([v2.id, v10.id, v9.id]);
    const published = await open("&sortField=published_at&sortOrder=desc");
    expect(published.rows.map((r) => r.id)).toEqual([v2.id, v9.id, v10.id]);
    const second = await open("&sortField=version&sortOrder=asc&page_size=10&page=1");
    expect(second.rows.map((r) => r.id)).toEqual([v9.id, v10.id, v2.id]);

    for (const bad of ["&sortField=text&sortOrder=asc", "&sortField=version&sortOrder=up", "&sortField=version", "&sortOrder=desc"]) {
      const list = await open(bad);
      expect(list.sort, bad).toBeUndefined();
      expect(list.errors, bad).toEqual([]);
      expect(
        list.rows.map((r) => r.id),
        bad,
      ).toEqual([v2.id, v10.id, v9.id]);
      expect(list.rows[0].previousId, bad).toBe(v10.id);
    }
  });

  it("refuses admins without the Agreement access and sends the signed-out to login", async () => {
    for (const who of ["catalog", "viewer", "support"] as const) {
      for (const [route, path] of [
        [listRoute, "/admin/clickwrap-agreement"],
        [addRoute, ADD],
        [compareRoute, "/admin/clickwrap-agreement/compare"],
      ] as const) {
        expect(statusOf(await callRoute(route, await requestAs(who, path))), `${who} ${path}`).toBe(403);
      }
      const posted = await callRoute(
        addRoute,
        await requestAs(who, ADD, { form: { intent: "save", version: unique(), status: "draft", text: "<p>x</p>" } }),
      );
      expect(statusOf(posted)).toBe(403);
    }
    expectRedirect(await callRoute(listRoute, await requestAs(null, "/admin/clickwrap-agreement")), "/admin/login");
  });

  it("adds a draft, then publishes it, and the published one is read-only", async () => {
    const version = unique("Add");
    const loaded = payload(await callRoute(addRoute, await requestAs("admin", ADD))) as ClickwrapEditorData;
    expect(loaded).toMatchObject({ mode: "add", defaults: { version: "", status: "draft", text: "" } });

    const saved = await callRoute(
      addRoute,
      await requestAs("admin", ADD, {
        form: { intent: "save", version: `  ${version} `, status: "draft", text: '<p onclick="x()">First <b>draft</b></p>' },
      }),
    );
    const response = expectRedirect(saved, `${ADD}?terms_id=`);
    expect(await readToast(response)).toMatchObject({ type: "success", message: CLICKWRAP_MESSAGES.created });
    const id = Number(new URL(response.headers.get("Location")!, "http://x").searchParams.get("terms_id"));
    const stored = await read(id);
    expect(stored).toMatchObject({ version, status: "draft", text: "<p>First <b>draft</b></p>" });

    const edit = payload(await callRoute(addRoute, await requestAs("admin", `${ADD}?terms_id=${id}`))) as ClickwrapEditorData;
    expect(edit).toMatchObject({ mode: "edit", id, defaults: { version, status: "draft", updated_at: stored.updated_at } });

    const same = await callRoute(
      addRoute,
      await requestAs("admin", `${ADD}?terms_id=${id}`, {
        form: { intent: "save", version, status: "draft", text: stored.text, updated_at: stored.updated_at },
      }),
    );
    expect(await readToast(expectRedirect(same, `${ADD}?terms_id=${id}`))).toMatchObject({ message: CLICKWRAP_MESSAGES.noChange });

    // publishing asks first: the form comes back as typed with the question, nothing saved
    const publishForm = { intent: "save", version, status: "published", text: "<p>Final</p>", updated_at: stored.updated_at };
    const asked = await callRoute(addRoute, await requestAs("admin", `${ADD}?terms_id=${id}`, { form: publishForm }));
    expect(statusOf(asked)).toBe(200);
    expect(payload(asked)).toMatchObject({
      intent: CONFIRM_PUBLISH,
      fieldErrors: {},
      repopulateFields: { version, status: "published", text: "<p>Final</p>" },
    });
    expect(await read(id)).toMatchObject({ status: "draft", text: stored.text, updated_at: stored.updated_at });

    const published = await callRoute(
      addRoute,
      await requestAs("admin", `${ADD}?terms_id=${id}`, { form: { ...publishForm, confirm: "publish" } }),
    );
    expect(await readToast(expectRedirect(published, `${ADD}?terms_id=${id}`))).toMatchObject({
      type: "success",
      message: CLICKWRAP_MESSAGES.publishedToast,
    });

    const locked = payload(await callRoute(addRoute, await requestAs("admin", `${ADD}?terms_id=${id}`))) as ClickwrapEditorData;
    expect(locked).toMatchObject({ mode: "locked", id, version, html: "<p>Final</p>" });

    // a post anyway (an old tab) is refused with the rule's sentence, nothing changed
    const now = await read(id);
    const refused = await callRoute(
      addRoute,
      await requestAs("admin", `${ADD}?terms_id=${id}`, {
        form: { intent: "save", version, status: "draft", text: "<p>Changed</p>", updated_at: now.updated_at },
      }),
    );
    expect(statusOf(refused)).toBe(409);
    expect(payload(refused).formError).toBe(CLICKWRAP_MESSAGES.published);
    expect(await read(id)).toEqual(now);

    // start a new version from it: the add form holds its text
    const from = payload(await callRoute(addRoute, await requestAs("admin", `${ADD}?from=${id}`))) as ClickwrapEditorData;
    expect(from).toMatchObject({ mode: "add", basedOn: version, defaults: { version: "", text: "<p>Final</p>" } });
  });

  it("keeps the typed values on bad input, a taken version and a stale edit", async () => {
    const taken = await createVersion({ version: unique("Taken") });
    const before = await search(taken.version.slice(0, 6));

    const blank = await callRoute(
      addRoute,
      await requestAs("admin", ADD, { form: { intent: "save", version: " ", status: "draft", text: "<p>Kept</p>" } }),
    );
    expect(statusOf(blank)).toBe(400);
    expect(payload(blank).fieldErrors.version).toBe(CLICKWRAP_MESSAGES.versionRequired);
    expect(payload(blank).repopulateFields.text).toBe("<p>Kept</p>");

    const emptyPublish = await callRoute(
      addRoute,
      await requestAs("admin", ADD, { form: { intent: "save", version: unique(), status: "published", text: "<p> </p>" } }),
    );
    expect(payload(emptyPublish).fieldErrors.text).toBe(CLICKWRAP_MESSAGES.textRequiredToPublish);

    const badStatus = await callRoute(
      addRoute,
      await requestAs("admin", ADD, { form: { intent: "save", version: unique(), status: "live", text: "" } }),
    );
    expect(statusOf(badStatus)).toBe(400);

    const clash = await callRoute(
      addRoute,
      await requestAs("admin", ADD, {
        form: { intent: "save", version: taken.version.toUpperCase(), status: "draft", text: "<p>Mine</p>" },
      }),
    );
    expect(statusOf(clash)).toBe(400);
    expect(payload(clash).fieldErrors.version).toBe(CLICKWRAP_MESSAGES.exists(taken.version));
    expect(payload(clash).repopulateFields).toMatchObject({ version: taken.version.toUpperCase(), text: "<p>Mine</p>" });
    expect(await search(taken.version.slice(0, 6))).toEqual(before);

    // someone saved meanwhile
    await apiCall(`/clickwrap/clickwraps/${taken.id}/`, {
      method: "PUT",
      actingAdmin: "support",
      body: { text: "<p>Theirs</p>", updated_at: taken.updated_at },
    });
    const stale = await callRoute(
      addRoute,
      await requestAs("admin", `${ADD}?terms_id=${taken.id}`, {
        form: { intent: "save", version: taken.version, status: "draft", text: "<p>Mine</p>", updated_at: taken.updated_at },
      }),
    );
    expect(statusOf(stale)).toBe(409);
    expect(payload(stale).formError).toMatch(/support changed this terms version at .+ after you opened it/);
    expect(payload(stale).repopulateFields.text).toBe("<p>Mine</p>");
    expect((await read(taken.id)).text).toBe("<p>Theirs</p>");

    expect(statusOf(await callRoute(addRoute, await requestAs("admin", `${ADD}?terms_id=abc`)))).toBe(404);
    expect(statusOf(await callRoute(addRoute, await requestAs("admin", `${ADD}?terms_id=99999999`)))).toBe(404);
    expect(statusOf(await callRoute(addRoute, await requestAs("admin", ADD, { form: { intent: "delete" } })))).toBe(400);
  });

  it("deletes a draft from the list with a toast; a published one or a bad id is refused with a toast", async () => {
    const draft = await createVersion({ version: unique("Del") });
    const published = await createVersion({ version: unique("Pub"), status: "published" });
    const LIST = "/admin/clickwrap-agreement";
    const deleted = await callRoute(
      listRoute,
      await requestAs("admin", `${LIST}?dialog=delete&terms_id=${draft.id}`, { form: { intent: "delete", terms_id: String(draft.id) } }),
    );
    expect(await readToast(expectRedirect(deleted, LIST))).toMatchObject({ type: "success" });
    expect(await search(draft.version)).toEqual([]);

    const refused = await callRoute(
      listRoute,
      await requestAs("admin", LIST, { form: { intent: "delete", terms_id: String(published.id) } }),
    );
    expect(await readToast(expectRedirect(refused, LIST))).toMatchObject({ type: "error" });
    expect(await read(published.id)).toMatchObject({ status: "published" });

    const bad = await callRoute(listRoute, await requestAs("admin", LIST, { form: { intent: "delete", terms_id: "abc" } }));
    expect(await readToast(expectRedirect(bad, LIST))).toMatchObject({ type: "error", message: CLICKWRAP_MESSAGES.notFound });
  });

  it("compares two versions side by side, word by word, sanitised", async () => {
    const tag = unique("Cmp");
    const a = await createVersion({
      version: `${tag}-a`,
      text: "<h3>Payments</h3><p>Paid within 7 days.</p><p>Old clause.</p><p>Same clause.</p>",
    });
    const b = await createVersion({
      version: `${tag}-b`,
      text: "<h3>Payments</h3><p>Paid within 5 working days.</p><p>Same clause.</p><p>New &amp; clause &lt;script&gt;.</p>",
    });
    const data = payload(
      await callRoute(compareRoute, await requestAs("admin", `/admin/clickwrap-agreement/compare?b=${b.id}`)),
    ) as ClickwrapCompareData;
    expect(data).toMatchObject({ a: a.id, b: b.id, left: { version: a.version }, right: { version: b.version }, message: null });
    const text = (runs: { text: string; change: string }[] | null, change: string) =>
      (runs ?? [])
        .filter((r) => r.change === change)
        .map((r) => r.text.trim())
        .filter(Boolean);
    const changed = data.lines.filter((l) => l.changed);
    expect(text(changed[0].left, "removed")).toEqual(["7"]);
    expect(text(changed[0].right, "added")).toEqual(["5 working"]);
    expect(data.lines.some((l) => l.left?.[0].text === "Old clause." && l.right === null)).toBe(true);
    expect(data.lines.some((l) => l.left === null && l.right?.[0].text === "New & clause <script>.")).toBe(true);
    expect(data.lines[0]).toEqual({
      left: [{ text: "Payments", change: "same" }],
      right: [{ text: "Payments", change: "same" }],
      changed: false,
    });

    const same = payload(
      await callRoute(compareRoute, await requestAs("admin", `/admin/clickwrap-agreement/compare?a=${a.id}&b=${a.id}`)),
    ) as ClickwrapCompareData;
    expect(same.message).toMatch(/same version/);
    expect(
      statusOf(await callRoute(compareRoute, await requestAs("admin", `/admin/clickwrap-agreement/compare?a=99999999&b=${a.id}`))),
    ).toBe(404);
  });

  it("the audit log names a version's change and opens the version", async () => {
    const created = await createVersion({ version: unique("Audit") });
    await apiCall(`/clickwrap/clickwraps/${created.id}/`, {
      method: "PUT",
      actingAdmin: "support",
      body: { text: "<p>Changed</p>", updated_at: created.updated_at },
    });
    const entries = await apiCall<{ data: AuditEntry[] }>(`/audit-entries?entity=clickwrap&entity_id=${created.id}`);
    const update = entries.data.find((e) => e.action === "update")!;
    const page = (await callRoute(
      auditLogRoute,
      await requestAs("admin", `/admin/audit-log?entity=clickwrap&entry=${update.id}`),
    )) as AuditLogPageData;
    expect(page.entry).toMatchObject({
      title: `Updated terms version ${created.version}`,
      admin: "support",
      recordHref: `${ADD}?terms_id=${created.id}`,
    });
  });

  it("turns terms HTML into paragraphs of text, dropping what is not safe", () => {
    expect(paragraphsOf('<h3>T</h3><p>a<br>b</p><ul><li>one</li><li>two</li></ul><script>x</script><p onclick="y">c &amp; d</p>')).toEqual([
      "T",
      "a",
      "b",
      "one",
      "two",
      "c & d",
    ]);
    expect(compareTexts("<p>x</p>", "<p>x</p>").every((l) => !l.changed)).toBe(true);
  });
});
