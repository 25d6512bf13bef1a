import { z } from "zod";
import type { AdminUser } from "~contract/admin-users";
import { DYNAMIC_CONTENT_KEYS, DynamicContent1, SETTING_MESSAGES, type SettingRecord } from "~contract/settings";
import { DYNAMIC_CONTENT_LABELS, isDynamicContentKey, type DynamicContentKey } from "~/models/setting-labels";
import { settingsTabUrl, type ContentDraft, type ContentPanel } from "~/models/settings-tabs";
import { formFailure } from "~/services/form-result.server";
import { sanitizeRichText } from "~shared/sanitize";
import { settingPartIdOf } from "~/models/setting-parts";
import { partFrameOf, loadSetting, saveSetting } from "./setting-tab.server";

const INTENT = "save-content";

type Content = Record<DynamicContentKey, string>;
/** The stored blocks (all five; '' for one never written, nothing the contract does not know). */
function contentOf(record: SettingRecord): Content {
  const stored = record.setting1 && typeof record.setting1 === "object" ? (record.setting1 as Record<string, unknown>) : {};
  return Object.fromEntries(DYNAMIC_CONTENT_KEYS.map((k) => [k, typeof stored[k] === "string" ? stored[k] : ""])) as Content;
}
/** The part this tab's form edits: one block's HTML. */
const blockOf = (record: SettingRecord, block: DynamicContentKey) => contentOf(record)[block];

/** The block the URL names (?block=…): the first when none is named, null for an unknown one. */
function readContentBlock(url: URL): { block: DynamicContentKey | null; blockMessage: string | null } {
  const param = url.searchParams.get("block");
  if (!param) return { block: DYNAMIC_CONTENT_KEYS[0], blockMessage: null };
  return isDynamicContentKey(param)
    ? { block: param, blockMessage: null }
    : { block: null, blockMessage: SETTING_MESSAGES.unknownContentBlock };
}

const BLOCKS = DYNAMIC_CONTENT_KEYS.map((key) => ({
  key,
  label: DYNAMIC_CONTENT_LABELS[key],
  href: settingsTabUrl("content", { block: key }),
}));

/**
 * Set Instructions/Content (spec 2 §2, DynamicContent): the instructions each onboarding step shows,
 * one block per URL, with a preview of the block as saved.
 */
export async function contentTabLoader(request: Request, admin: AdminUser, url: URL): Promise<ContentPanel> {
  const { block, blockMessage } = readContentBlock(url);
  if (!block)
    return {
      blocks: BLOCKS,
      block: null,
      blockMessage,
      frame: { version: "", lastSaved: null, part: "" },
      draft: { content: "" },
      preview: "",
    };
  const record = await loadSetting("DynamicContent", admin, request);
  const html = blockOf(record, block);
  return {
    blocks: BLOCKS,
    block: { key: block, label: DYNAMIC_CONTENT_LABELS[block] },
    blockMessage: null,
    frame: await partFrameOf(record, (stored) => blockOf(stored, block), settingPartIdOf("DynamicContent", block), admin, request),
    draft: { content: html },
    // the API stores it sanitised; sanitised again here, as it is shown as HTML whatever API answered
    preview: sanitizeRichText(html),
  };
}

export async function contentTabAction(request: Request, admin: AdminUser, url: URL) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (intent !== INTENT) throw new Response(`Unknown intent: ${intent}`, { status: 400, statusText: "Bad Request" });
  const { block, blockMessage } = readContentBlock(url);
  const draft: ContentDraft = { content: String(formData.get("content") ?? "") };
  const version = String(formData.get("version") ?? "");
  const part = String(formData.get("part") ?? "");
  if (!block) return formFailure({ ...draft, version, part }, { intent, fieldErrors: { content: blockMessage ?? "" } }, 400);
  return saveSetting(request, admin, {
    name: "DynamicContent",
    intent,
    draft,
    version,
    part,
    partOf: (stored) => blockOf(stored, block),
    partId: settingPartIdOf("DynamicContent", block),
    // the length is checked as typed; the API sanitises what it stores
    check: { schema: z.object({ content: DynamicContent1.shape[block] }), value: draft },
    parts: (stored, checked) => ({ setting1: { ...contentOf(stored), [block]: checked.content } }),
    rename: { [`setting1.${block}`]: "content" },
    redirectTo: settingsTabUrl("content", { block }),
  });
}
