/**
 * Set Instructions/Content (/admin/settings?tab=content&block=…): the loader per block, and the
 * action's save (sanitised by the API), its length message, and a stale save that conflicts only
 * when someone changed the same block meanwhile. Against the real API (DynamicContent is one row:
 * each test writes unique text into its own block).
 */
import { describe, expect, it } from "vitest";
import * as route from "~/routes/admin.settings";
import { DYNAMIC_CONTENT_KEYS, DYNAMIC_CONTENT_MAX_LENGTH, SETTING_MESSAGES as M } from "~contract/setting-labels";
import { type DynamicContentKey } from "../../app/models/setting-labels";
import type { SettingRecord } from "~contract/settings";
import type { ContentPanel } from "~/models/settings-tabs";
import { apiCall, callRoute, expectRedirect, readToast, requestAs, statusOf, type DemoAdminName } from "../support/routes";

const marker = (label: string) => `${label} ${Math.random().toString(36).slice(2, 8)}`;
const tabUrl = (block: string) => `/admin/settings?tab=content&block=${block}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- action payloads read by property
function payload(result: unknown): any {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: unknown }).data;
  return result;
}

async function panelOf(query: string): Promise<ContentPanel> {
  const loaded = payload(await callRoute(route, await requestAs("admin", `/admin/settings${query}`)));
  expect(loaded.tab).toBe("content");
  return loaded.panel.data;
}
const post = async (block: string, form: Record<string, string>) => callRoute(route, await requestAs("admin", tabUrl(block), { form }));
/** The form as the page would post it: the block's frame (version, part) with the typed HTML. */
const formOf = (panel: ContentPanel, content: string) => ({
  intent: "save-content",
  version: panel.frame.version,
  part: panel.frame.part,
  content,
});

const stored = async () => (await apiCall<{ data: SettingRecord }>("/get-setting?setting_name=DynamicContent")).data;
const storedBlock = async (block: DynamicContentKey) => ((await stored()).setting1 as Record<DynamicContentKey, string>)[block];

/** Another admin saves one block straight through the API (re-read on a 409 from a parallel save). */
async function saveAs(who: DemoAdminName, block: DynamicContentKey, html: string) {
  for (let attempt = 0; ; attempt++) {
    const now = await stored();
    try {
      await apiCall("/upsert-setting?setting_name=DynamicContent", {
        method: "PUT",
        actingAdmin: who,
        body: { settingName: "DynamicContent", setting1: { ...(now.setting1 as object), [block]: html }, updated_at: now.updated_at },
      });
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

describe("Set Instructions/Content: the loader", () => {
  it("opens the first block by default, with every block as a link", async () => {
    const panel = await panelOf("?tab=content");
    expect(panel.block).toEqual({ key: "Category", label: "Category" });
    expect(panel.blockMessage).toBeNull();
    expect(panel.blocks.map((b) => [b.label, b.href])).toEqual([
      ["Category", tabUrl("Category")],
      ["Create Service", tabUrl("CreateService")],
      ["Add Service", tabUrl("AddService")],
      ["Documents", tabUrl("Documents")],
      ["Choose Plans", tabUrl("ChoosePlans")],
    ]);
    expect(panel.draft.content).toBe(await storedBlock("Category"));
    expect(panel.frame.version).toBe((await stored()).updated_at);
  });

  it("loads each block's HTML, previewed as saved", async () => {
    const now = (await stored()).setting1 as Record<DynamicContentKey, string>;
    for (const key of DYNAMIC_CONTENT_KEYS) {
      const panel = await panelOf(`?tab=content&block=${key}`);
      expect(panel.block?.key).toBe(key);
      expect(panel.draft.content).toBe(now[key]);
      expect(panel.preview).toBe(now[key]);
    }
    // the demo data has content in every block (the Choose Plans step's emphasis, say)
    expect((await panelOf("?tab=content&block=ChoosePlans")).preview).toContain("<em>booster points</em>");
  });

  it("says so for an unknown block, with no form", async () => {
    const panel = await panelOf("?tab=content&block=Nonsense");
    expect(panel.block).toBeNull();
    expect(panel.blockMessage).toBe(M.unknownContentBlock);
    expect(panel.blocks).toHaveLength(5);
  });
});

describe("Set Instructions/Content: saving a block", () => {
  it("saves the block, says Settings Saved Successfully, and reads it back; the others are kept", async () => {
    const before = (await stored()).setting1 as Record<DynamicContentKey, string>;
    const text = marker("Route saved");
    const html = `<h2>Add a service</h2><p><strong>${text}</strong></p><ul><li>one</li><li>two</li></ul>`;
    const saved = expectRedirect(
      await post("AddService", formOf(await panelOf("?tab=content&block=AddService"), html)),
      tabUrl("AddService"),
    );
    expect(saved.headers.get("Location")).toBe(tabUrl("AddService"));
    expect(await readToast(saved)).toMatchObject({ type: "success", message: M.saved });

    const after = await stored();
    expect(after.updated_by).toBe("admin");
    expect((after.setting1 as Record<DynamicContentKey, string>).AddService).toBe(html);
    const panel = await panelOf("?tab=content&block=AddService");
    expect(panel.draft.content).toBe(html);
    expect(panel.preview).toBe(html);
    expect(panel.frame.lastSaved).toMatch(/ by admin$/);
    // a block this test did not touch is as it was (no other test writes Category)
    expect((after.setting1 as Record<DynamicContentKey, string>).Category).toBe(before.Category);
  });

  it("stores and shows it sanitised: no script, handler or javascript: link comes back", async () => {
    const text = marker("Route sanitised");
    const typed = `<p onclick="steal()">${text} <strong>PAN</strong></p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">link</a>`;
    const saved = await post("Documents", formOf(await panelOf("?tab=content&block=Documents"), typed));
    expectRedirect(saved, tabUrl("Documents"));
    const clean = `<p>${text} <strong>PAN</strong></p><a rel="noopener noreferrer">link</a>`;
    expect(await storedBlock("Documents")).toBe(clean);
    const panel = await panelOf("?tab=content&block=Documents");
    expect(panel.draft.content).toBe(clean);
    expect(panel.preview).toBe(clean);
    for (const shown of [panel.draft.content, panel.preview]) {
      expect(shown).not.toMatch(/<script|onerror|onclick|javascript:/i);
    }
  });

  it("refuses content over the length limit with the message, keeping the text", async () => {
    const before = await storedBlock("CreateService");
    const typed = `<p>${marker("Too long")}</p>` + "x".repeat(DYNAMIC_CONTENT_MAX_LENGTH);
    const panel = await panelOf("?tab=content&block=CreateService");
    const result = await post("CreateService", formOf(panel, typed));
    expect(statusOf(result)).toBe(400);
    const data = payload(result);
    expect(data.intent).toBe("save-content");
    expect(data.fieldErrors).toEqual({ content: M.contentTooLong });
    expect(data.repopulateFields).toEqual({ content: typed, version: panel.frame.version, part: panel.frame.part });
    expect(await storedBlock("CreateService")).toBe(before);
  });

  it("answers a stale save of the same block with who changed it, the typed values kept; Save again replaces theirs", async () => {
    const panel = await panelOf("?tab=content&block=ChoosePlans");
    const theirs = `<p>${marker("Theirs")}</p>`;
    await saveAs("catalog", "ChoosePlans", theirs);
    // and then someone else saves another block: the message still names who changed this one
    await saveAs("support", "Documents", `<p>${marker("Support's documents")}</p>`);
    expect((await stored()).updated_by).toBe("support");

    const mine = `<p>${marker("Mine")}</p>`;
    const result = await post("ChoosePlans", formOf(panel, mine));
    expect(statusOf(result)).toBe(409);
    const data = payload(result);
    expect(data.conflict.updatedBy).toBe("catalog");
    expect(data.formError).toContain("catalog saved these settings at");
    expect(data.formError).toContain("Nothing was saved");
    const now = await stored();
    expect(data.repopulateFields).toMatchObject({ content: mine, version: now.updated_at });
    expect(data.repopulateFields.version).not.toBe(panel.frame.version);
    expect(await storedBlock("ChoosePlans")).toBe(theirs);

    // Save again: the form now carries the newer version and the block as it is now
    const again = expectRedirect(await post("ChoosePlans", { intent: "save-content", ...data.repopulateFields }), tabUrl("ChoosePlans"));
    expect(await readToast(again)).toMatchObject({ type: "success", message: M.saved });
    expect(await storedBlock("ChoosePlans")).toBe(mine);
  });

  it("merges a save of another block made meanwhile, without a conflict", async () => {
    const panel = await panelOf("?tab=content&block=Category");
    const theirs = `<p>${marker("Their create service")}</p>`;
    await saveAs("catalog", "CreateService", theirs);

    const mine = `<h2>Choose your category</h2><p>${marker("Mine, meanwhile")}</p>`;
    const saved = expectRedirect(await post("Category", formOf(panel, mine)), tabUrl("Category"));
    expect(await readToast(saved)).toMatchObject({ type: "success", message: M.saved });
    const content = (await stored()).setting1 as Record<DynamicContentKey, string>;
    expect(content.Category).toBe(mine);
    expect(content.CreateService).toBe(theirs);
  });

  it("refuses a save to an unknown block and an unknown intent", async () => {
    const unknown = await post("Nonsense", { intent: "save-content", version: "", part: "", content: "<p>lost?</p>" });
    expect(statusOf(unknown)).toBe(400);
    expect(payload(unknown).fieldErrors).toEqual({ content: M.unknownContentBlock });
    expect(payload(unknown).repopulateFields.content).toBe("<p>lost?</p>");
    expect(statusOf(await post("Category", { intent: "explode" }))).toBe(400);
  });

  it("is refused without Settings access", async () => {
    const read = await callRoute(route, await requestAs("catalog", tabUrl("Category")));
    expect(statusOf(read)).toBe(403);
    const before = await storedBlock("Category");
    const write = await callRoute(
      route,
      await requestAs("catalog", tabUrl("Category"), { form: { intent: "save-content", version: "", part: "", content: "<p>no</p>" } }),
    );
    expect(statusOf(write)).toBe(403);
    expect(await storedBlock("Category")).toBe(before);
  });
});
