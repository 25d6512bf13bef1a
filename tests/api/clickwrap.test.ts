import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { ConflictBody } from "~contract/api";
import { AuditEntry } from "~contract/audit-log";
import { AuditPage } from "../../app/models/audit-log";
import { CLICKWRAP_MESSAGES, ClickwrapList, ClickwrapRecord } from "~contract/clickwrap";
import { providerAgreements } from "../../api/src/db/schema";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed } from "./helpers";

const DataClickwrap = z.object({ data: ClickwrapRecord });
const DataEntry = z.object({ data: AuditEntry });
const PATH = "/clickwrap/clickwraps/";

describeEachDriver("terms and conditions versions (clickwrap)", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver });
  });
  afterAll(() => api?.close());

  const unique = (prefix = "t") => `${prefix}${Math.random().toString(36).slice(2, 8)}`;
  const create = (body: unknown, actingAdmin?: number | null) => call(api, "POST", PATH, { body, actingAdmin });
  const update = (id: number, body: unknown, actingAdmin?: number) => call(api, "PUT", `${PATH}${id}/`, { body, actingAdmin });
  const read = async (id: number) => parsed(DataClickwrap, (await get(api, `${PATH}${id}/`)).body).data;
  const list = async (query: Record<string, string | number> = {}) => parsed(ClickwrapList, (await get(api, PATH, { query })).body);
  const newVersion = async (body: Record<string, unknown> = {}) => {
    const answer = await create({ version: unique("v"), text: "<p>Terms</p>", ...body });
    expect(answer.status, answer.text).toBe(201);
    return parsed(DataClickwrap, answer.body).data;
  };
  const historyOf = async (id: number) =>
    parsed(AuditPage, (await get(api, "/audit-entries", { query: { entity: "clickwrap", entity_id: String(id), page_size: 100 } })).body)
      .data;
  const revert = (id: number) => call(api, "POST", `/audit-entries/${id}/revert`, { actingAdmin: 1 });

  it("lists the seeded versions (those the demo providers accepted) newest first, in results", async () => {
    const page = await list({ page_size: 100 });
    const versions = page.results.map((r) => r.version);
    expect(versions).toEqual(expect.arrayContaining(["v1.0", "v2.0", "v2.1"]));
    const seeded = page.results.filter((r) => ["v1.0", "v2.0", "v2.1"].includes(r.version));
    expect(seeded.map((r) => [r.version, r.status])).toEqual([
      ["v2.1", "draft"],
      ["v2.0", "published"],
      ["v1.0", "published"],
    ]);
    expect(seeded[1].published_at).not.toBeNull();
    expect(seeded[0].published_at).toBeNull();
    expect(seeded[1].text).toMatch(/<h3>3\. Payments<\/h3>/);
    const times = page.results.map((r) => Date.parse(r.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(page).toMatchObject({ total_results: page.results.length, current_page: 1, page_size: 100 });
  });

  it("has a published version for every version the demo providers accepted", async () => {
    const accepted = new Set((await api.db.select({ version: providerAgreements.version }).from(providerAgreements)).map((r) => r.version));
    expect(accepted.size).toBeGreaterThan(0);
    const published = (await list({ status: "published", page_size: 200 })).results.map((r) => r.version);
    for (const version of accepted) expect(published).toContain(version);
  });

  it("adds a version (201) as a draft by default, trimmed, sanitised and audited", async () => {
    const version = unique(" 3.");
    const answer = await create({
      version: `  ${version}  `,
      text: `<h3>Terms</h3><p onclick="alert(1)">Be <b>kind</b></p><script>alert("x")</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>`,
    });
    expect(answer.status, answer.text).toBe(201);
    const created = parsed(DataClickwrap, answer.body).data;
    expect(created).toMatchObject({ version: version.trim(), status: "draft", published_at: null, updated_by: "admin" });
    expect(created.text).toContain("<b>kind</b>");
    expect(created.text).not.toMatch(/script|onclick|onerror|javascript:|<img/i);
    expect(await read(created.id)).toEqual(created);
    const [entry] = await historyOf(created.id);
    expect(entry).toMatchObject({ action: "create", entity: "clickwrap", after: { version: version.trim(), status: "draft" } });
  });

  it("publishes at once when asked, with published_at", async () => {
    const created = await newVersion({ status: "published" });
    expect(created.status).toBe("published");
    expect(created.published_at).toBe(created.created_at);
  });

  it("refuses bad input with a field message and changes nothing", async () => {
    const taken = await newVersion();
    const before = await list({ page_size: 200 });
    const cases: [unknown, string, RegExp | string][] = [
      [{ text: "<p>x</p>" }, "version", CLICKWRAP_MESSAGES.versionRequired],
      [{ version: "   ", text: "<p>x</p>" }, "version", CLICKWRAP_MESSAGES.versionRequired],
      [{ version: 12 }, "version", CLICKWRAP_MESSAGES.versionRequired],
      [{ version: "x".repeat(51) }, "version", /50/],
      [{ version: unique(), status: "live" }, "status", /draft or published/],
      [{ version: unique(), text: "x".repeat(200_001) }, "text", /200000/],
      [
        { version: unique(), status: "published", text: "<script>only a script</script>" },
        "text",
        CLICKWRAP_MESSAGES.textRequiredToPublish,
      ],
      [{ version: taken.version.toUpperCase() }, "version", CLICKWRAP_MESSAGES.exists(taken.version)],
      [{ version: ` ${taken.version} ` }, "version", CLICKWRAP_MESSAGES.exists(taken.version)],
    ];
    for (const [body, field, message] of cases) {
      const answer = await create(body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      if (typeof message === "string") expect(answer.body.errors[field]).toBe(message);
      else expect(answer.body.errors[field]).toMatch(message);
    }
    expect((await create({ version: unique() }, null)).status).toBe(400);
    expect((await call(api, "POST", PATH, { body: { version: unique() }, key: "wrong-secret-value" })).status).toBe(401);
    expect(await list({ page_size: 200 })).toEqual(before);
  });

  it("searches the version in any case, filters by status and pages", async () => {
    const tag = unique("Srch");
    const a = await newVersion({ version: `${tag}-1.0`, status: "published" });
    const b = await newVersion({ version: `${tag}-1.1` });
    const c = await newVersion({ version: `${tag}-1.2` });
    expect((await list({ search: tag.toLowerCase() })).results.map((r) => r.id)).toEqual([c.id, b.id, a.id]);
    expect((await list({ search: tag, status: "draft" })).results.map((r) => r.id)).toEqual([c.id, b.id]);
    expect((await list({ search: tag, status: "published" })).results.map((r) => r.id)).toEqual([a.id]);
    const second = await list({ search: tag, page: 2, page_size: 2 });
    expect(second).toMatchObject({ total_results: 3, current_page: 2, page_size: 2 });
    expect(second.results.map((r) => r.id)).toEqual([a.id]);
    expect((await list({ search: "100%_" })).results).toEqual([]);
    expect((await get(api, PATH, { query: { status: "live" } })).status).toBe(400);
    expect((await get(api, PATH, { query: { page: 0 } })).status).toBe(400);
  });

  it("sorts by version (any case, numbers as numbers), status, dates and published date (drafts last), ties by id", async () => {
    const tag = unique("Sort");
    const a = await newVersion({ version: `${tag}-v1.9`, status: "published" });
    const b = await newVersion({ version: `${tag.toUpperCase()}-V1.10` });
    const c = await newVersion({ version: `${tag}-v2`, status: "published" });
    const d = await newVersion({ version: `${tag}-v0.5` });
    const changed = await update(b.id, { text: "<p>Changed</p>", updated_at: b.updated_at });
    expect(changed.status, changed.text).toBe(200);
    const ids = async (sortField: string, sortOrder: string) =>
      (await list({ search: tag, sortField, sortOrder })).results.map((r) => r.version.slice(tag.length));
    expect(await ids("version", "asc")).toEqual(["-v0.5", "-v1.9", "-V1.10", "-v2"]);
    expect(await ids("version", "desc")).toEqual(["-v2", "-V1.10", "-v1.9", "-v0.5"]);
    expect(await ids("status", "asc")).toEqual(["-V1.10", "-v0.5", "-v1.9", "-v2"]);
    expect(await ids("status", "desc")).toEqual(["-v2", "-v1.9", "-v0.5", "-V1.10"]);
    expect(await ids("published_at", "asc")).toEqual(["-v1.9", "-v2", "-V1.10", "-v0.5"]);
    expect(await ids("published_at", "desc")).toEqual(["-v2", "-v1.9", "-v0.5", "-V1.10"]);
    const all = (await list({ search: tag })).results;
    const by = (key: "created_at" | "updated_at") =>
      [...all].sort((x, y) => Date.parse(x[key]) - Date.parse(y[key]) || x.id - y.id).map((r) => r.version.slice(tag.length));
    expect(by("updated_at").at(-1)).toBe("-V1.10");
    expect(await ids("created_at", "asc")).toEqual(by("created_at"));
    expect(await ids("created_at", "desc")).toEqual(by("created_at").reverse());
    expect(await ids("updated_at", "asc")).toEqual(by("updated_at"));
    expect(await ids("updated_at", "desc")).toEqual(by("updated_at").reverse());
    // no sort: newest first, as before; a page of a sorted list keeps its order
    expect(all.map((r) => r.id)).toEqual([d.id, c.id, b.id, a.id]);
    const second = await list({ search: tag, sortField: "version", sortOrder: "asc", page: 2, page_size: 3 });
    expect(second.results.map((r) => r.id)).toEqual([c.id]);
    for (const query of <Record<string, string>[]>[
      { sortField: "text", sortOrder: "asc" },
      { sortField: "version", sortOrder: "up" },
      { sortField: "version" },
      { sortOrder: "asc" },
    ]) {
      const answer = await get(api, PATH, { query });
      expect(answer.status, JSON.stringify(query)).toBe(400);
    }
  });

  it("changes a draft with a partial body, audits only the changed fields, and answers 409 on a stale one", async () => {
    const draft = await newVersion();
    const renamed = unique("r");
    const first = await update(draft.id, { version: renamed, updated_at: draft.updated_at }, 2);
    expect(first.status, first.text).toBe(200);
    const afterRename = parsed(DataClickwrap, first.body).data;
    expect(afterRename).toMatchObject({ version: renamed, text: draft.text, status: "draft", updated_by: "support" });
    const [entry] = await historyOf(draft.id);
    expect(entry).toMatchObject({ action: "update", before: { version: draft.version }, after: { version: renamed } });
    expect(Object.keys(entry.after as object)).toEqual(["version"]);

    const stale = await update(draft.id, { text: "<p>Mine</p>", updated_at: draft.updated_at });
    expect(stale.status).toBe(409);
    expect(parsed(ConflictBody, stale.body)).toMatchObject({ updated_by: "support", updated_at: afterRename.updated_at });
    expect(stale.body.message).toMatch(/changed by support/);
    expect(await read(draft.id)).toEqual(afterRename);

    // nothing changed: no new entry, same stamp
    const same = await update(draft.id, { text: afterRename.text, updated_at: afterRename.updated_at });
    expect(parsed(DataClickwrap, same.body).data).toEqual(afterRename);
    expect(await historyOf(draft.id)).toHaveLength(2);

    const other = await newVersion();
    const clash = await update(draft.id, { version: other.version.toUpperCase(), updated_at: afterRename.updated_at });
    expect(clash.status).toBe(400);
    expect(clash.body.errors.version).toBe(CLICKWRAP_MESSAGES.exists(other.version));
    expect((await update(draft.id, { updated_at: "yesterday" })).status).toBe(400);
    expect((await update(draft.id, { text: "<p>x</p>" })).body.errors.updated_at).toMatch(/required/);
    expect((await update(999_999, { text: "<p>x</p>", updated_at: draft.updated_at })).status).toBe(404);
    expect((await get(api, `${PATH}abc/`)).status).toBe(400);
    expect(await read(draft.id)).toEqual(afterRename);
  });

  it("locks a published version: its text and version never change and it never goes back to draft", async () => {
    const draft = await newVersion();
    const publishing = await update(draft.id, { status: "published", text: "<p>Final <i>terms</i></p>", updated_at: draft.updated_at });
    expect(publishing.status, publishing.text).toBe(200);
    const published = parsed(DataClickwrap, publishing.body).data;
    expect(published).toMatchObject({ status: "published", text: "<p>Final <i>terms</i></p>" });
    expect(published.published_at).toBe(published.updated_at);
    const [entry] = await historyOf(draft.id);
    expect(entry.after).toEqual({ status: "published", text: "<p>Final <i>terms</i></p>" });

    for (const body of [{ text: "<p>Sneaky</p>" }, { version: unique() }, { status: "draft" }]) {
      const refused = await update(draft.id, { ...body, updated_at: published.updated_at });
      expect(refused.status, JSON.stringify(body)).toBe(409);
      expect(refused.body.message).toBe(CLICKWRAP_MESSAGES.published);
    }
    // sending it back as it is changes nothing
    const unchanged = await update(draft.id, {
      status: "published",
      text: published.text,
      version: published.version,
      updated_at: published.updated_at,
    });
    expect(unchanged.status).toBe(200);
    expect(await read(draft.id)).toEqual(published);

    const empty = await newVersion({ text: "" });
    const refusedEmpty = await update(empty.id, { status: "published", updated_at: empty.updated_at });
    expect(refusedEmpty.status).toBe(400);
    expect(refusedEmpty.body.errors.text).toBe(CLICKWRAP_MESSAGES.textRequiredToPublish);
  });

  it("sanitises an update's hostile HTML", async () => {
    const draft = await newVersion();
    const answer = await update(draft.id, {
      text: `<p>ok</p><iframe src="https://evil.example"></iframe><p style="x" onmouseover="steal()">hi</p>`,
      updated_at: draft.updated_at,
    });
    expect(answer.status).toBe(200);
    expect(parsed(DataClickwrap, answer.body).data.text).toBe("<p>ok</p><p>hi</p>");
  });

  it("reverts a draft's change through the audit log, and refuses once the version is published", async () => {
    const draft = await newVersion({ text: "<p>Old terms</p>" });
    const changed = parsed(DataClickwrap, (await update(draft.id, { text: "<p>New terms</p>", updated_at: draft.updated_at })).body).data;
    const [change] = await historyOf(draft.id);
    const answer = await revert(change.id);
    expect(answer.status, answer.text).toBe(200);
    expect(parsed(DataEntry, answer.body).data).toMatchObject({
      action: "revert",
      reverts_id: change.id,
      before: { text: "<p>New terms</p>" },
      after: { text: "<p>Old terms</p>" },
    });
    const reverted = await read(draft.id);
    expect(reverted.text).toBe("<p>Old terms</p>");
    expect(Date.parse(reverted.updated_at)).toBeGreaterThan(Date.parse(changed.updated_at));

    // change it again, publish it: reverting that change would alter a published text
    const again = parsed(
      DataClickwrap,
      (await update(draft.id, { text: "<p>Newer terms</p>", updated_at: reverted.updated_at })).body,
    ).data;
    const [second] = await historyOf(draft.id);
    await update(draft.id, { status: "published", updated_at: again.updated_at });
    const refused = await revert(second.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(CLICKWRAP_MESSAGES.published);
    expect((await read(draft.id)).text).toBe("<p>Newer terms</p>");
  });

  it("is in the OpenAPI document; delete is for drafts only", async () => {
    const doc = (await get(api, "/openapi.json")).body;
    expect(Object.keys(doc.paths[PATH])).toEqual(expect.arrayContaining(["get", "post"]));
    expect(Object.keys(doc.paths["/clickwrap/clickwraps/{id}/"]).sort()).toEqual(["delete", "get", "put"]);
  });
});
